import { describe, expect, it } from 'vitest';
import { sitemapXml } from './sitemap.ts';

describe('sitemapXml', () => {
  it('lists each path once as an absolute URL, escaped', () => {
    const xml = sitemapXml('https://a.com.au', ['/', '/cars/x', '/cars/x', '/p?a=1&b=2'], new Date('2026-11-21T00:00:00Z'));
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(xml).toContain('<loc>https://a.com.au/cars/x</loc><lastmod>2026-11-21</lastmod>');
    expect(xml).toContain('a=1&amp;b=2');
  });
});
