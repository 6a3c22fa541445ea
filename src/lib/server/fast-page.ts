// The server's fast path (scripts/serve.mjs): a fresh cached storefront page for an anonymous GET is written
// straight to the socket, before the app builds a Request, runs its middleware and routes. It computes the same
// key as the middleware (src/lib/server/page-key.ts) and adds the same security headers; anything it cannot answer
// with certainty (no such page, stale, being rendered, a session cookie, the cache not yet listening for changes)
// goes to the app unchanged, which answers it as before.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { parseCookie } from 'cookie';
import { resolveLocale } from '../i18n/index.ts';
import { freshPage, pageCacheEnabled } from './page-cache-store.ts';
import { pageCacheKey } from './page-key.ts';
import { forwardedHttps } from './proxy.ts';
import { applySecurityHeaders } from './security-headers.ts';
import { isPassThrough, matchTenancy, preferredPath } from './tenancy.ts';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function requestIsHttps(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  return forwardedHttps(header(req.headers['x-forwarded-for']), header(req.headers['x-forwarded-proto']), req.socket.remoteAddress);
}

/** Answers `req` from the page cache and returns true, or returns false having written nothing. */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse, baseDomain: string): boolean {
  if (req.method !== 'GET' || !pageCacheEnabled() || !req.headers.host || !req.url?.startsWith('/')) return false;
  if (req.url.startsWith('/_astro/') || req.url.startsWith('/media/') || req.url.startsWith('/api/')) return false;
  let url: URL;
  try { url = new URL(req.url, `${requestIsHttps(req) ? 'https' : 'http'}://${req.headers.host}`); } catch { return false; }
  const match = matchTenancy(url.hostname, url.pathname, baseDomain);
  if (match.kind === 'platform' || (isPassThrough(url.pathname) && match.kind !== 'path')) return false;
  // The other form of an address is redirected by the app, never answered from the cache.
  if (preferredPath(match, url.pathname)) return false;
  const cookies = req.headers.cookie ? parseCookie(req.headers.cookie) : {};
  const locale = resolveLocale({ query: url.searchParams.get('lang'), cookie: cookies.lang, acceptLanguage: header(req.headers['accept-language']) });
  const key = pageCacheKey({ method: 'GET', url, locale, cookie: (name) => cookies[name] });
  if (!key) return false;
  const hit = freshPage(key, { acceptEncoding: header(req.headers['accept-encoding']), ifNoneMatch: header(req.headers['if-none-match']) });
  if (!hit) return false;
  applySecurityHeaders(hit.headers, requestIsHttps(req));
  res.writeHead(hit.status, Object.fromEntries(hit.headers));
  res.end(hit.body ?? undefined);
  return true;
}
