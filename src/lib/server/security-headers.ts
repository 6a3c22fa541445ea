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
  const h = res.headers;
  h.set('x-content-type-options', 'nosniff');
  if (!h.has('referrer-policy')) h.set('referrer-policy', 'strict-origin-when-cross-origin');
  // Older browsers ignore CSP frame-ancestors: X-Frame-Options says the same (only this site may frame a page;
  // the builder previews the storefront in a frame).
  if (!h.has('x-frame-options')) h.set('x-frame-options', 'SAMEORIGIN');
  const type = h.get('content-type') ?? '';
  if (!h.has('content-security-policy') && !type.includes('text/html')) h.set('content-security-policy', NON_PAGE_CSP);
  if (isHttps(url, request)) h.set('strict-transport-security', HSTS);
  return res;
}
