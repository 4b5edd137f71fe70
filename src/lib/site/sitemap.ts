/** sitemap.xml generation (pure). */

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A sitemap of unique paths on the site URL, with one lastmod date. */
export function sitemapXml(siteUrl: string, paths: readonly string[], lastModified: Date): string {
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  const date = lastModified.toISOString().slice(0, 10);
  const urls = [...new Set(paths)].map((path) => `<url><loc>${escapeXml(new URL(path, base).href)}</loc><lastmod>${date}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
