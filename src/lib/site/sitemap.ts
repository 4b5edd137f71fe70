/**
 * sitemap.xml generation (pure). A page's `<lastmod>` says when it last changed in substance,
 * which a build knows only for car pages (the stock record's updated_at, else created_at); the
 * other pages have none, so that the sitemap neither claims that every page changed at every
 * build nor changes itself with the build's date.
 */

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** One page of the sitemap: its path on the site and, where known, the date (YYYY-MM-DD) it last changed. */
export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** A sitemap of unique paths (the first entry of a path wins) on the site URL. */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const { path, lastModified } of entries) {
    if (seen.has(path)) continue;
    seen.add(path);
    urls.push(`<url><loc>${escapeXml(new URL(path, base).href)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ''}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A car page's lastmod: the record's updated_at, else its created_at, as a UTC date; none without a date or with one after the build. */
export function carLastModified(car: { updated_at?: string | null; created_at?: string | null }, buildTime: number): string | undefined {
  const at = Date.parse(car.updated_at ?? car.created_at ?? '');
  return Number.isNaN(at) || at > buildTime ? undefined : new Date(at).toISOString().slice(0, 10);
}
