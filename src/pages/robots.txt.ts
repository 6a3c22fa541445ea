import type { APIRoute } from 'astro';

// The platform's host: account and admin pages of path-addressed shops stay out. /sitemap.xml is the platform's
// own pages, and with path addressing (SHOP_SUBDOMAINS=0) an index of them and the shops' sitemaps.
export const GET: APIRoute = ({ url }) => {
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /*/admin',
    'Disallow: /*/mis-compras',
    'Disallow: /*/carrito',
    'Disallow: /*/preferencias',
    `Sitemap: ${url.origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
