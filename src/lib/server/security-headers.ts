// Browser security headers on every answer. HTML pages get their Content-Security-Policy from Astro
// (astro.config.mjs `security.csp`: script hashes of what the framework emits, plus the directives there);
// here go the headers Astro does not set, and a deny-all policy for answers that are not pages (JSON, files).
import { isHttps } from './proxy.ts';

/** Not-a-page answers (JSON, downloads) run nothing and embed nothing. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";
export const HSTS = 'max-age=15552000';

function mutable(res: Response): Response {
  try { res.headers.set('x-content-type-options', 'nosniff'); return res; } catch {
    // Response.redirect() and fetch answers have immutable headers: copy them into a new Response.
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
  }
}

export function withSecurityHeaders(response: Response, url: URL, request: Request): Response {
  const res = mutable(response);
  applySecurityHeaders(res.headers, isHttps(url, request));
  return res;
}

/** The headers above on a header set (the server's fast path writes cached pages without a Response). */
export function applySecurityHeaders(h: Headers, https: boolean): void {
  h.set('x-content-type-options', 'nosniff');
  if (!h.has('referrer-policy')) h.set('referrer-policy', 'strict-origin-when-cross-origin');
  // Older browsers ignore CSP frame-ancestors: X-Frame-Options says the same (only this site may frame a page;
  // the builder previews the storefront in a frame).
  if (!h.has('x-frame-options')) h.set('x-frame-options', 'SAMEORIGIN');
  const type = h.get('content-type') ?? '';
  if (!h.has('content-security-policy') && !type.includes('text/html')) h.set('content-security-policy', NON_PAGE_CSP);
  if (https) h.set('strict-transport-security', HSTS);
  // A page's language comes from the lang cookie or Accept-Language, its theme from a cookie: one URL, several
  // answers, so shared caches must key them apart (the page cache does: src/middleware.ts cacheableKey).
  if (type.includes('text/html')) {
    const vary = (h.get('vary') ?? '').toLowerCase();
    for (const v of ['Accept-Language', 'Cookie']) if (!vary.includes(v.toLowerCase())) h.append('vary', v);
  }
}
