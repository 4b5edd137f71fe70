import { describe, expect, it } from 'vitest';
import { carLastModified, sitemapXml } from './sitemap.ts';

describe('sitemapXml', () => {
  it('lists each path once as an absolute URL, escaped', () => {
    const xml = sitemapXml('https://a.com.au', [{ path: '/' }, { path: '/cars/x', lastModified: '2026-11-21' }, { path: '/cars/x' }, { path: '/p?a=1&b=2' }]);
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(xml).toContain('<loc>https://a.com.au/cars/x</loc><lastmod>2026-11-21</lastmod>');
    expect(xml).toContain('a=1&amp;b=2');
  });

  it('gives a lastmod only where the page says when it last changed, never the build date', () => {
    const xml = sitemapXml('https://a.com.au', [{ path: '/' }, { path: '/search/used-cars' }]);
    expect(xml).toContain('<url><loc>https://a.com.au/</loc></url>');
    expect(xml).not.toContain('<lastmod>');
  });
});

describe("a car page's lastmod", () => {
  const now = Date.parse('2026-11-21T10:00:00+10:00');
  it("is the record's updated_at, else its created_at, as a UTC date", () => {
    expect(carLastModified({ updated_at: '2026-11-20T23:30:00+10:00', created_at: '2026-10-01T00:00:00Z' }, now)).toBe('2026-11-20');
    expect(carLastModified({ created_at: '2026-10-01T00:00:00Z' }, now)).toBe('2026-10-01');
  });
  it('is left out without a date, or with one after the build', () => {
    expect(carLastModified({}, now)).toBeUndefined();
    expect(carLastModified({ updated_at: '2027-01-01T00:00:00Z' }, now)).toBeUndefined();
  });
});
