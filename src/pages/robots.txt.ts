import type { APIRoute } from 'astro';
import { shopSubdomains } from '../lib/server/shop-url.ts';

// The platform's host: account and admin pages of path-addressed shops stay out; with path addressing
// (SHOP_SUBDOMAINS=0) the shops' sitemaps are announced through the sitemap index at /sitemap.xml.
export const GET: APIRoute = ({ url }) => {
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /*/admin',
    'Disallow: /*/mis-compras',
    'Disallow: /*/carrito',
    'Disallow: /*/preferencias',
    ...(shopSubdomains() ? [] : [`Sitemap: ${url.origin}/sitemap.xml`]),
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
