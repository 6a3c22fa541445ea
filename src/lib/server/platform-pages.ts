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
