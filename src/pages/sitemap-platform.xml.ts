import type { APIRoute } from 'astro';
import { platformSitemap } from '../lib/server/platform-pages.ts';

// The platform's own pages as a sitemap (issue 27); /sitemap.xml names it in its index with path addressing.

export const GET: APIRoute = ({ url }) =>
  new Response(platformSitemap(url.origin), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
