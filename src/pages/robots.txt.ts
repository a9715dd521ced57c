/**
 * `/robots.txt` (RFC 9309): every crawler may read the whole site; the sitemap index written by
 * @astrojs/sitemap is named with the absolute `site` URL (astro.config.mjs). Pages that must stay out of search
 * results say so themselves (robots noindex meta, NOINDEX_PATHS).
 */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site, url }) => {
  const text = ['User-agent: *', 'Allow: /', '', `Sitemap: ${new URL('/sitemap-index.xml', site ?? url).href}`, ''];
  return new Response(text.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
