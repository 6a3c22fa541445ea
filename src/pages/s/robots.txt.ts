import type { APIRoute } from 'astro';
import { shopOrigin } from '../../lib/server/shop-url.ts';

// Per shop: everything public may be crawled except account and admin pages; the sitemap at the shop's primary
// address is announced (also when this copy is read at another address of the shop).
export const GET: APIRoute = ({ locals, url }) => {
  const origin = shopOrigin(locals.shop!, url);
  const base = locals.basePath;
  const body = [
    'User-agent: *',
    `Disallow: ${base}/admin`,
    `Disallow: ${base}/mis-compras`,
    `Disallow: ${base}/carrito`,
    `Disallow: ${base}/preferencias`,
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
