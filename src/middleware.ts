// Every request: database, cross-origin guard, shop (tenancy), viewer (session or anonymous id).
import { defineMiddleware, sequence } from 'astro:middleware';
import { randomUUID } from 'node:crypto';
import { getDb } from './db/client.ts';
import { ensureSweeper } from './domain/checkout/sweeper.ts';
import { resolveSession, shopsOfUser } from './domain/accounts/service.ts';
import { findShopByDomain, findShopBySlug, resolveTracking, rootAffinityInfo, standingOf } from './domain/shops/service.ts';
import { getT, resolveLocale } from './lib/i18n/index.ts';
import { errorResponse } from './lib/server/http.ts';
import { isPassThrough, matchTenancy } from './lib/server/tenancy.ts';
import { requestGuard } from './lib/server/request-guard.ts';
import { AppError } from './lib/shared/errors.ts';
import { COOKIE_TRACKING_MAX_AGE_S } from './lib/shared/constants.ts';
import { cachedPage, pageCacheEnabled, storePage } from './lib/server/page-cache.ts';
import { ANON_COOKIE, SESSION_COOKIE, secureCookies } from './lib/server/cookies.ts';
import { clientAddress } from './lib/server/proxy.ts';
import { withSecurityHeaders } from './lib/server/security-headers.ts';

const BASE_DOMAIN = process.env.BASE_DOMAIN ?? 'localhost';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function crossOrigin(request: Request, url: URL): boolean {
  if (SAFE.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') {
    try { return new URL(origin).host !== url.host; } catch { return true; }
  }
  if (origin === 'null') return true;
  return request.headers.get('sec-fetch-site') === 'cross-site';
}

// Bad paths, queries and methods are refused before anything else (src/lib/server/request-guard.ts).
const refuseBadRequest = requestGuard(import.meta.glob('./pages/api/**/*.ts'));

/** Security headers on every answer, cached pages and early refusals included. */
const securityHeaders = defineMiddleware(async (ctx, next) => withSecurityHeaders(await next(), ctx.url, ctx.request));

const route = defineMiddleware(async (ctx, next) => {
  const { url, request, locals, cookies } = ctx;
  if (url.pathname.startsWith('/_astro/')) return next();
  // The language first: early refusals answer in it too.
  locals.locale = resolveLocale({ cookie: cookies.get('lang')?.value, acceptLanguage: request.headers.get('accept-language') });
  locals.t = getT(locals.locale);
  const refused = await refuseBadRequest(ctx);
  if (refused) return refused;

  if (crossOrigin(request, url)) {
    return errorResponse(new AppError('cross_origin', 'Requests from another site are not accepted'), locals.t);
  }

  const db = await getDb();
  locals.db = db;
  // The background sweeper (reservations, escrow release, payouts) runs in every process from its first request.
  ensureSweeper(db);
  // Images are public and immutable: no session, no cookie, no shop lookup.
  if (url.pathname.startsWith('/media/')) return next();
  locals.shop = null;
  locals.tenancy = null;
  locals.basePath = '';
  locals.clientIp = clientAddress(request, ctx.clientAddress);

  // Viewer: a signed-in session, or an anonymous visitor with a stable anonymous id.
  let anonymousId = cookies.get(ANON_COOKIE)?.value;
  if (!anonymousId || !/^[0-9a-f-]{36}$/.test(anonymousId)) {
    anonymousId = randomUUID();
    cookies.set(ANON_COOKIE, anonymousId, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax', httpOnly: true, secure: secureCookies(ctx) });
  }
  const session = await resolveSession(db, cookies.get(SESSION_COOKIE)?.value);
  locals.viewer = session ? { kind: 'user', anonymousId, user: session.user, sessionId: session.sessionId } : { kind: 'anonymous', anonymousId };

  // Tenancy.
  const match = matchTenancy(url.hostname, url.pathname, BASE_DOMAIN);
  if (match.kind === 'platform') {
    // /s/... is where shop pages live internally; it is never a public address on the bare domain.
    if (url.pathname === '/s' || url.pathname.startsWith('/s/')) return ctx.rewrite('/404');
    return next();
  }
  // Anonymous shoppers get the shared rendering of a storefront page when one is fresh (src/lib/server/page-cache.ts),
  // before any database work. The key names the host and path, so it is the shop's.
  const storefront = !(isPassThrough(url.pathname) && match.kind !== 'path');
  const cacheKey = storefront ? cacheableKey(ctx) : null;
  if (cacheKey) {
    const hit = await cachedPage(cacheKey);
    if (hit) return hit;
  }
  const shop = match.kind === 'domain' ? await findShopByDomain(db, match.host) : await findShopBySlug(db, match.slug);
  if (!shop) {
    if (isPassThrough(url.pathname) && match.kind !== 'path') return next();
    return ctx.rewrite('/errors/tienda-no-encontrada');
  }
  locals.shop = shop;
  locals.tenancy = match.kind;
  locals.basePath = match.kind === 'path' ? `/${shop.slug}` : '';
  if (isPassThrough(url.pathname) && match.kind !== 'path') return next();
  const target = `/s${match.rest === '/' ? '' : match.rest}${url.search}`;
  // Storefront page: what the header needs about the viewer and the network, fetched together.
  const [standing, userShops, rootStore] = await Promise.all([
    standingOf(db, shop, locals.viewer),
    locals.viewer.kind === 'user' ? shopsOfUser(db, locals.viewer.user.id, locals.viewer.user.profile_id) : Promise.resolve([]),
    rootAffinityInfo(db, shop),
  ]);
  Object.assign(locals, { standing, userShops, rootStore });
  await rememberTracking(ctx);
  const res = await next(target);
  return cacheKey ? storePage(cacheKey, shop.id, res) : res;
});

export const onRequest = sequence(securityHeaders, route);

const TRACKING_PARAMS = ['referral', 'referral_slug', 'campaign', 'click_id', 'gclid', 'fbclid'] as const;

/**
 * Referral, campaign and click id become 1-day cookies on the shop's host when the shop answers them back
 * (seed 000 §4), and are cleared when a visit carries tracking parameters the shop does not answer.
 * A visit without any tracking parameter leaves earlier ones in place, so attribution survives navigation.
 */
async function rememberTracking(ctx: Parameters<Parameters<typeof defineMiddleware>[0]>[0]) {
  const q = ctx.url.searchParams;
  if (!TRACKING_PARAMS.some((p) => q.has(p))) return;
  const get = (k: string) => q.get(k) ?? undefined;
  const answered = await resolveTracking(ctx.locals.db, {
    referral: get('referral'), referral_slug: get('referral_slug'), campaign: get('campaign'),
    click_id: get('click_id'), gclid: get('gclid'), fbclid: get('fbclid'),
  }, ctx.locals.shop?.id);
  for (const [name, value] of Object.entries(answered)) {
    if (value) ctx.cookies.set(name, value, { path: '/', maxAge: COOKIE_TRACKING_MAX_AGE_S, sameSite: 'lax', httpOnly: true, secure: secureCookies(ctx) });
    else ctx.cookies.delete(name, { path: '/' });
  }
}

/** The cache key of a storefront page anyone anonymous would see the same way, or null when it is personal. */
function cacheableKey(ctx: Parameters<Parameters<typeof defineMiddleware>[0]>[0]): string | null {
  const { request, url, locals, cookies } = ctx;
  if (!pageCacheEnabled() || request.method !== 'GET' || locals.viewer.kind !== 'anonymous') return null;
  if (TRACKING_PARAMS.some((p) => url.searchParams.has(p))) return null;
  const prefs = ['theme', 'showResaleInfo'].map((c) => cookies.get(c)?.value ?? '').join(',');
  return `${url.host}|${url.pathname}${url.search}|${locals.locale}|${prefs}`;
}
