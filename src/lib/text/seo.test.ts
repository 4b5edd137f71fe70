import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, canonicalUrl, jsonLdText, pageTitle } from './seo.ts';

describe('pageTitle', () => {
  it('joins the page and dealer names', () => expect(pageTitle('About Us', 'Acme Cars')).toBe('About Us | Acme Cars'));
  it('uses the dealer name alone for the home page', () => expect(pageTitle('Acme Cars', 'Acme Cars')).toBe('Acme Cars'));
});

describe('canonicalUrl', () => {
  it.each([
    ['/', 'https://acme.com.au/'],
    ['/about-us/', 'https://acme.com.au/about-us'],
    ['/cars/x?ref=1#top', 'https://acme.com.au/cars/x'],
  ])('%s -> %s', (path, expected) => expect(canonicalUrl('https://acme.com.au', path)).toBe(expected));

  it('writes what URL writes of the cleaned path, for plain paths and for those URL changes', () => {
    const bases = ['https://acme.com.au', 'https://acme.com.au/', 'https://Acme.COM.au:443/dealer/', 'http://acme.com.au:8080', 'https://user@acme.com.au/x'];
    const paths = ['', '/', '/cars/2019-toyota-hilux-sr5_ab12', '/search/mercedes-benz/', '/a.b/c~d_e', '/cars/x/index.html', '/./x', '/a/../b', '//evil.com/x', '/caf\u00e9', '/a%20b', '/a b', 'relative', '/A/B', '/x/.hidden', '/a?b#c', '/a#b?c', '/x/?q=1', '/index.html', '/x/index.html?y', '//', '/a\n/', '/a\u2028/', '?x', '#', '/a/b//'];
    for (const base of bases) {
      for (const path of paths) {
        const clean = path.split(/[?#]/)[0].replace(/\/index\.html$/, '/').replace(/(.)\/$/, '$1');
        expect(canonicalUrl(base, path), `${base} ${path}`).toBe(new URL(clean || '/', base.endsWith('/') ? base : `${base}/`).href);
      }
    }
  });
});

describe('jsonLdText', () => {
  it('cannot close the script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('writes <, >, &, U+2028 and U+2029 as JSON escapes, each where it stands, and leaves the rest as JSON.stringify writes it', () => {
    const data = { a: '<!-- x & y -->', b: ['\u2028', '\u2029<>', 'é "q" \\'], n: 1 };
    expect(jsonLdText(data)).toBe(String.raw`{"a":"\u003c!-- x \u0026 y --\u003e","b":["\u2028","\u2029\u003c\u003e","é \"q\" \\"],"n":1}`);
    expect(JSON.parse(jsonLdText(data))).toEqual(data);
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the crumbs from 1 with absolute URLs', () => {
    const data = breadcrumbJsonLd([{ label: 'Home', href: '/' }, { label: 'Car' }], 'https://a.com.au', '/cars/x') as { itemListElement: { position: number; item: string }[] };
    expect(data.itemListElement.map((item) => [item.position, item.item])).toEqual([
      [1, 'https://a.com.au/'],
      [2, 'https://a.com.au/cars/x'],
    ]);
  });
});
