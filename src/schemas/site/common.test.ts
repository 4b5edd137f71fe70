/** The site.json value helpers: a CSS colour is one a browser draws, in a form the message names. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cssColour, isSitePathOrHttpUrl, link } from './common.ts';

const problem = (text: string) => {
  const result = v.safeParse(cssColour, text);
  return result.success ? undefined : result.issues[0].message;
};

describe('cssColour', () => {
  it.each([
    '#fff',
    '#FFFA',
    '#c8102e',
    '#c8102e80',
    'navy',
    'RebeccaPurple',
    'transparent',
    'rgb(200, 16, 46)',
    'rgba(200,16,46,0.5)',
    'rgb(200 16 46 / 50%)',
    'rgb(100%, 0%, 0%)',
    'hsl(350, 84%, 42%)',
    'hsla(350deg, 84%, 42%, .8)',
    'hsl(350 84% 42% / 0.8)',
  ])('takes %s', (colour) => {
    expect(problem(colour)).toBeUndefined();
  });

  it.each([
    'blurple',
    '#12345',
    '#ggg',
    'rgb(999,999,999,9,9)',
    'rgb(256, 0, 0)',
    'rgb(1, 2)',
    'rgba(1, 2, 3, 2)',
    'hsl(400, 50%, 50%)',
    'hsl(10, 150%, 50%)',
    'red;}</style><script>',
    '',
  ])('refuses %j, saying which forms it takes', (colour) => {
    expect(problem(colour)).toMatch(/^expected a CSS colour: #rgb or #rrggbb .*rgb\(\).*hsl\(\).*name/);
  });
});

describe('link and isSitePathOrHttpUrl', () => {
  it.each(['/about-us', '/files/r.pdf?x=1', 'https://reports.example.com/r.pdf', 'http://example.com'])('take %s', (href) => {
    expect(isSitePathOrHttpUrl(href)).toBe(true);
    expect(v.is(link, href)).toBe(true);
  });

  // A protocol-relative path ("//host", or "/\host", which browsers read the same) leaves the site.
  it.each(['//evil.example/report', '/\\evil.example/report', 'javascript:alert(1)', 'about-us', '/a b'])('refuse %s', (href) => {
    expect(isSitePathOrHttpUrl(href)).toBe(false);
    expect(v.is(link, href)).toBe(false);
  });

  it('links (not report addresses) may also be mailto: and tel:', () => {
    expect(v.is(link, 'mailto:sales@example.com.au')).toBe(true);
    expect(v.is(link, 'tel:0712345678')).toBe(true);
    expect(isSitePathOrHttpUrl('mailto:sales@example.com.au')).toBe(false);
  });
});
