// The cart paths of seed 000 §2 that today's pages replaced (files starting with _ are not routes):
// {shop}/comprar-articulo (buy item) is the checkout, {shop}/comprar/{id}; {shop}/pagado (paid) is the purchases,
// {shop}/mis-compras. With an id the old address names the same page: 301 (moved for good, links and bookmarks follow).
// Without one it names no page of its own: 302 to the nearest (the cart; the purchases list), which may change.
import type { APIRoute } from 'astro';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function specPathRoute(segment: 'comprar-articulo' | 'pagado'): APIRoute {
  return (ctx) => {
    const base = ctx.locals.basePath;
    // Read from the address itself: an endpoint reached through the middleware's rewrite to /s/... gets no params.
    const at = ctx.url.pathname.indexOf(`/${segment}`);
    const rest = ctx.url.pathname.slice(at + segment.length + 1).replace(/^\/+|\/+$/g, '');
    const id = rest || ctx.url.searchParams.get('id') || '';
    if (id && !UUID.test(id)) return ctx.rewrite(`${base}/404/not-found`);
    const to = segment === 'comprar-articulo' ? (id ? `${base}/comprar/${id.toLowerCase()}` : `${base}/carrito`) : (id ? `${base}/mis-compras/${id.toLowerCase()}` : `${base}/mis-compras`);
    return ctx.redirect(to, id ? 301 : 302);
  };
}
