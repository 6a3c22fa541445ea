import type { APIRoute } from 'astro';
import { blogSitemapEntries, blogsEnabled } from '../../domain/blog/service.ts';
import { SITEMAP_ITEMS, sitemapCatalogues, sitemapItemBatches, sitemapItemCount } from '../../domain/catalog/service.ts';
import { atPrimaryAddress, shopOrigin } from '../../lib/server/shop-url.ts';

const XML = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };
const notFound = () => new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const PREFIX = { product: 'productos', service: 'servicios', experience: 'experiencias' } as const;
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const url = (loc: string, lastmod: Date) => `<url><loc>${esc(loc)}</loc><lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod></url>\n`;

// Per shop: home, catalogues, every published item the shop offers and its published blog entries, at the
// shop's primary address; read at another address of the shop it redirects there (a sitemap names its own host).
export const GET: APIRoute = async ({ locals, url: address }) => {
  const shop = locals.shop!;
  const origin = shopOrigin(shop, address);
  if (!atPrimaryAddress(shop, address, locals.basePath)) return new Response(null, { status: 301, headers: { location: `${origin}/sitemap.xml${address.search}` } });
  // A shop with more items than one file holds (<= 50,000 addresses) gets a sitemap index of ?page=1..n.
  const asked = address.searchParams.get('page');
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
  const [batches, catalogues, entries] = await Promise.all([
    sitemapItemBatches(locals.db, shop, page),
    page === 1 ? sitemapCatalogues(locals.db, shop) : Promise.resolve([]),
    page === 1 ? blogSitemapEntries(locals.db, shop) : Promise.resolve([]),
  ]);
  if (!batches) return notFound();
  // Streamed (issue 29): the file's head and its first 2,000 items go out while the rest is read, batch by batch
  // (src/domain/catalog/repo.ts sitemapItemBatches); the page cache keeps the whole file as it passes.
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      let head = HEAD;
      if (page === 1) {
        head += url(`${origin}/`, shop.updated_at) + url(`${origin}/catalogos`, shop.updated_at);
        for (const cat of catalogues) head += url(`${origin}/catalogos/${encodeURIComponent(cat.slug)}`, cat.updated_at);
      }
      c.enqueue(encoder.encode(head));
    },
    async pull(c) {
      // Let the socket and the compressor write what is queued before the next batch: PGlite answers in the same
      // thread without I/O, so without this turn of the event loop nothing went out until the whole file was read.
      await new Promise((resolve) => setImmediate(resolve));
      const next = await batches.next();
      if (!next.done) {
        c.enqueue(encoder.encode(next.value.map((i) => url(`${origin}/${PREFIX[i.type]}/${i.owner}/${i.id}`, i.updated_at)).join('')));
        return;
      }
      let tail = '';
      if (page === 1 && blogsEnabled(shop)) tail += url(`${origin}/blogs`, entries[0]?.updated_at ?? shop.updated_at);
      for (const e of entries) tail += url(`${origin}/blogs/${e.id}`, e.updated_at);
      c.enqueue(encoder.encode(`${tail}</urlset>\n`));
      c.close();
    },
    async cancel() { await batches.return(undefined); },
  });
  return new Response(body, { headers: XML });
};
