/** sitemap.xml for the given paths, with absolute URLs on the shop's public origin. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const base = origin.replace(/\/+$/, '');
  const urls = paths.map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Areas that are private or only make sense inside a visit: robots keep out of them. */
export const disallowedPrefixes = ['/admin', '/account', '/checkout', '/api'];

export function robotsTxt(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPrefixes.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
}
