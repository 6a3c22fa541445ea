// First path segments that belong to the platform and can never be shop slugs (seed 000 §2).
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'api', 'login', 'signup', 'logout', 'red-comercial', 'ayuda', 'apps', 'admin', 'productos', 'servicios',
  'experiencias', 'blogs', 'mis-compras', 'preferencias', 'carrito', 'catalogos', 'products', 'negocios', 'profiles',
  'marketplace', 'shopping-cart', 'media', 'dev', 's', 'static', 'assets', '_astro', '_image', 'favicon.ico',
  'robots.txt', 'sitemap.xml', 'tiendaenlinea', 'negociodigital', 'mkt', 'asistentes', 'proveedores',
  'emprendedores', 'home', 'me', 'password', 'www', 'franquicias', 'info', 'acerca', 'contacto', 'comprar-articulo',
  'pagado', 'terminos', 'privacidad', 'errors', '404', '500', 'sandbox',
]);

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;

export function isValidShopSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug) && !RESERVED_SLUGS.has(slug);
}
