import type { APIRoute } from 'astro';
import { listNetworkShops } from '../domain/shops/service.ts';
import { shopOrigin, shopSubdomains } from '../lib/server/shop-url.ts';
import { platformSitemap } from '../lib/server/platform-pages.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** sitemaps.org: an index names at most 50,000 sitemaps; further ones are on ?page=2, 3 ... */
const PER_INDEX = 50_000;

// With subdomains each shop announces its own sitemap (its robots.txt): this host's is the platform's own pages
// (issue 27: it answered 404). With path addressing (SHOP_SUBDOMAINS=0) every shop without its own domain lives on
// this host too: a sitemap index of the platform's pages (/sitemap-platform.xml) and the shops' sitemaps.
export const GET: APIRoute = async ({ locals, url }) => {
  if (shopSubdomains()) return new Response(platformSitemap(url.origin), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
  const page = Math.max(1, Math.min(1000, Number(url.searchParams.get('page')) || 1));
  const { results } = await listNetworkShops(locals.db, (page - 1) * PER_INDEX, PER_INDEX);
  if (page > 1 && results.length === 0) return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const locs = [...(page === 1 ? [`${url.origin}/sitemap-platform.xml`] : []), ...results.filter((s) => !s.canonical_url).map((s) => `${shopOrigin(s, url)}/sitemap.xml`)];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
    .map((l) => `<sitemap><loc>${esc(l)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
