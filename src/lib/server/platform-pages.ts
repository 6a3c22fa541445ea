import { SUPPORTED_LOCALES } from '../i18n/index.ts';

// The platform's own public pages (issue 27): the ones search engines index. One list for the canonical, hreflang
// and og links the platform layout writes (src/layouts/Platform.astro) and for the platform's sitemap
// (src/pages/sitemap-platform.xml.ts), so the two always agree. Account, admin and sandbox pages are left out.

export const PLATFORM_PUBLIC_PAGES = [
  '/', '/emprendedores', '/negociodigital', '/tiendaenlinea', '/mkt/facturacion', '/proveedores', '/red-comercial',
  '/ayuda/terminos', '/ayuda/privacidad', '/ayuda/proveedores/deshabilitado', '/login', '/login/pin', '/signup',
] as const;

const PUBLIC = new Set<string>(PLATFORM_PUBLIC_PAGES);

/** Whether `pathname` is one of the platform's indexed pages. */
export const isPlatformPublicPage = (pathname: string): boolean => PUBLIC.has(pathname);

/** The platform's social card (public/og-platform.jpg): a 1200 x 630 JPEG. */
export const PLATFORM_OG_IMAGE = { path: '/og-platform.jpg', type: 'image/jpeg', width: 1200, height: 630 } as const;

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

