import type { APIRoute } from 'astro';
import { blogSitemapEntries, blogsEnabled } from '../../domain/blog/service.ts';
import { sitemapEntries } from '../../domain/catalog/service.ts';
import { shopOrigin } from '../../lib/server/shop-url.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

// Per shop: home, catalogues, every published item the shop offers and its published blog entries.
export const GET: APIRoute = async ({ locals, url }) => {
  const shop = locals.shop!;
  const origin = shopOrigin(shop, url, locals.basePath);
  const [{ catalogues, items }, entries] = await Promise.all([sitemapEntries(locals.db, shop), blogSitemapEntries(locals.db, shop)]);
  const PREFIX = { product: 'productos', service: 'servicios', experience: 'experiencias' } as const;
  const urls = [
    { loc: `${origin}/`, lastmod: shop.updated_at },
    { loc: `${origin}/catalogos`, lastmod: shop.updated_at },
    ...catalogues.map((c) => ({ loc: `${origin}/catalogos/${encodeURIComponent(c.slug)}`, lastmod: c.updated_at })),
    ...items.map((i) => ({ loc: `${origin}/${PREFIX[i.type]}/${i.owner}/${i.id}`, lastmod: i.updated_at })),
    ...(blogsEnabled(shop) ? [{ loc: `${origin}/blogs`, lastmod: entries[0]?.updated_at ?? shop.updated_at }] : []),
    ...entries.map((e) => ({ loc: `${origin}/blogs/${e.id}`, lastmod: e.updated_at })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<url><loc>${esc(u.loc)}</loc><lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod></url>`).join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
