import type { APIRoute } from 'astro';
import { SUPPORTED_LOCALES } from '../lib/i18n/index.ts';
import { PLATFORM_PUBLIC_PAGES } from '../lib/server/platform-pages.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The platform's own pages as a sitemap (issue 27): the canonical addresses its pages link, with their languages. */
export function platformSitemap(origin: string): string {
  const urls = PLATFORM_PUBLIC_PAGES.map((p) => {
    const loc = `${origin}${p}`;
    const alternates = [...SUPPORTED_LOCALES.map((l) => [l, `${loc}?lang=${l}`]), ['x-default', loc]]
      .map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(href!)}"/>`).join('');
    return `<url><loc>${esc(loc)}</loc>${alternates}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export const GET: APIRoute = ({ url }) =>
  new Response(platformSitemap(url.origin), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
