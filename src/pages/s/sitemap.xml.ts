import type { APIRoute } from 'astro';
import { blogSitemapEntries, blogsEnabled } from '../../domain/blog/service.ts';
import { SITEMAP_ITEMS, sitemapEntries, sitemapItemCount } from '../../domain/catalog/service.ts';
import { atPrimaryAddress, shopOrigin } from '../../lib/server/shop-url.ts';

const XML = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };
const notFound = () => new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

// Per shop: home, catalogues, every published item the shop offers and its published blog entries, at the
// shop's primary address; read at another address of the shop it redirects there (a sitemap names its own host).
export const GET: APIRoute = async ({ locals, url }) => {
  const shop = locals.shop!;
  const origin = shopOrigin(shop, url);
  if (!atPrimaryAddress(shop, url, locals.basePath)) return new Response(null, { status: 301, headers: { location: `${origin}/sitemap.xml${url.search}` } });
  // A shop with more items than one file holds (<= 50,000 addresses) gets a sitemap index of ?page=1..n.
  const asked = url.searchParams.get('page');
  const page = asked === null ? 1 : Number(asked);
  if (!Number.isInteger(page) || page < 1 || page > 1000) return notFound();
  // The root is an index when the items do not fit one file: told by the shop's kept item count (one row per type),
  // before reading any item. Every answer is kept by the page cache (src/lib/server/page-cache.ts) until the shop's
  // items change.
  const total = asked === null ? await sitemapItemCount(locals.db, shop) : 0;
  if (total > SITEMAP_ITEMS) {
    const pages = Math.ceil(total / SITEMAP_ITEMS);
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from({ length: pages }, (_, i) =>
      `<sitemap><loc>${esc(`${origin}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
    return new Response(index, { headers: XML });
  }
  const [{ catalogues, items: rows }, entries] = await Promise.all([sitemapEntries(locals.db, shop, page), page === 1 ? blogSitemapEntries(locals.db, shop) : Promise.resolve([])]);
  if (page > 1 && rows.length === 0) return notFound();
  const items = rows.slice(0, SITEMAP_ITEMS);
  const PREFIX = { product: 'productos', service: 'servicios', experience: 'experiencias' } as const;
  const urls = [
    ...(page === 1 ? [{ loc: `${origin}/`, lastmod: shop.updated_at }, { loc: `${origin}/catalogos`, lastmod: shop.updated_at }] : []),
    ...catalogues.map((c) => ({ loc: `${origin}/catalogos/${encodeURIComponent(c.slug)}`, lastmod: c.updated_at })),
    ...items.map((i) => ({ loc: `${origin}/${PREFIX[i.type]}/${i.owner}/${i.id}`, lastmod: i.updated_at })),
    ...(page === 1 && blogsEnabled(shop) ? [{ loc: `${origin}/blogs`, lastmod: entries[0]?.updated_at ?? shop.updated_at }] : []),
    ...entries.map((e) => ({ loc: `${origin}/blogs/${e.id}`, lastmod: e.updated_at })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<url><loc>${esc(u.loc)}</loc><lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod></url>`).join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: XML });
};
