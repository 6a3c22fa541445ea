// The page cache's key, in one place for the app's middleware and the server's fast path (src/lib/server/fast-page.ts):
// a storefront GET without a session, keyed by host, path and query, language and the preference cookies that
// change the page. Tracking parameters make an answer personal (they set cookies), so such a visit is not cached.
import { SESSION_COOKIE } from './cookies.ts';

export const TRACKING_PARAMS = ['referral', 'referral_slug', 'campaign', 'click_id', 'gclid', 'fbclid'] as const;
const KEYED_COOKIES = ['theme', 'showResaleInfo'];

export interface KeyInput { method: string; url: URL; locale: string; cookie: (name: string) => string | undefined }

/** The cache key of a storefront page anyone anonymous would see the same way, or null when it is personal. */
export function pageCacheKey({ method, url, locale, cookie }: KeyInput): string | null {
  if (method !== 'GET' || cookie(SESSION_COOKIE) !== undefined) return null;
  if (TRACKING_PARAMS.some((p) => url.searchParams.has(p))) return null;
  const prefs = KEYED_COOKIES.map((c) => cookie(c) ?? '').join(',');
  return `${url.host}|${url.pathname}${url.search}|${locale}|${prefs}`;
}
