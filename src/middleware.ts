// Every request: database, cross-origin guard, shop (tenancy), viewer (session or anonymous id).
import { defineMiddleware, sequence } from 'astro:middleware';
import { randomUUID } from 'node:crypto';
import { getDb } from './db/client.ts';
import { startJobs } from './jobs/index.ts';
import { resolveSession, shopsOf, userShopRows } from './domain/accounts/service.ts';
import { heartbeat } from './domain/people/advisor.ts';
import { recordCampaignVisit } from './domain/marketing/admin-service.ts';
import { resolveTracking, rootAffinityInfo, standingWith, storefrontShop } from './domain/shops/service.ts';
import { getT, refererLang, resolveLocale } from './lib/i18n/index.ts';
import { errorResponse } from './lib/server/http.ts';
import { isPassThrough, matchTenancy, preferredPath } from './lib/server/tenancy.ts';
import { requestGuard } from './lib/server/request-guard.ts';
import { AppError } from './lib/shared/errors.ts';
import { COOKIE_TRACKING_MAX_AGE_S } from './lib/shared/constants.ts';
import { abandonPage, cachedPage, pageCacheEnabled, shownProducts, storePage } from './lib/server/page-cache.ts';
import { TRACKING_PARAMS, pageCacheKey } from './lib/server/page-key.ts';
import { ANON_COOKIE, SESSION_COOKIE, secureCookies } from './lib/server/cookies.ts';
import { clientAddress, notePeer } from './lib/server/proxy.ts';
import { withSecurityHeaders } from './lib/server/security-headers.ts';
import { isDatabaseUnavailable, logDatabaseUnavailable } from './lib/server/db-errors.ts';
import { databaseUnavailableResponse } from './lib/server/unavailable.ts';
import { forgetAfterWrite } from './lib/server/shop-cache.ts';
import { hoistIslandStyle } from './lib/server/island-style.ts';
import { SQL_COUNT_HEADER, SQL_STATEMENTS_HEADER, countStatements, statementCounting } from './db/statement-count.ts';
import { config } from './lib/server/config.ts';

const BASE_DOMAIN = config().BASE_DOMAIN;
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
const securityHeaders = defineMiddleware(async (ctx, next) => {
  // The socket's peer decides whether forwarded headers are a trusted proxy's (TRUST_PROXY, src/lib/server/proxy.ts).
  try { notePeer(ctx.request, ctx.clientAddress); } catch { /* no socket address (never under the Node adapter) */ }
  return withSecurityHeaders(await next(), ctx.url, ctx.request);
});

const route = defineMiddleware(async (ctx, next) => {
  const { url, request, locals, cookies } = ctx;
  // The language first: early refusals answer in it too, and so does the 404 page of a missing asset.
  // An API call answers in the language of the page that made it (refererLang says why).
  const query = url.searchParams.get('lang') ?? (url.pathname.startsWith('/api/') ? refererLang(request.headers.get('referer'), url.host) : null);
  locals.locale = resolveLocale({ query, cookie: cookies.get('lang')?.value, acceptLanguage: request.headers.get('accept-language') });
  locals.t = getT(locals.locale);
  if (url.pathname.startsWith('/_astro/')) return next();
  const refused = await refuseBadRequest(ctx);
  if (refused) return refused;

  if (crossOrigin(request, url)) {
    return errorResponse(new AppError('cross_origin', 'Requests from another site are not accepted'), locals.t);
  }

  // One address per page: the other form answers 301, before the page cache (which keys on the exact path).
  const match = matchTenancy(url.hostname, url.pathname, BASE_DOMAIN);
  const preferred = SAFE.has(request.method) ? preferredPath(match, url.pathname) : null;
  if (preferred) return new Response(null, { status: 301, headers: { location: `${preferred}${url.search}` } });

  const db = await getDb();
  locals.db = db;
  // Background jobs start with the server (scripts/serve.mjs); under `astro dev`, which does not run it, here.
  if (import.meta.env.DEV) startJobs(db);
  // Images are public and immutable: no session, no cookie, no shop lookup. Health checks need none either (the
  // readiness probe has its own database connection, liveness none).
  if (url.pathname.startsWith('/media/') || url.pathname === '/api/health' || url.pathname.startsWith('/api/health/')) return next();
  locals.shop = null;
  locals.tenancy = null;
  locals.basePath = '';
  locals.clientIp = clientAddress(request, ctx.clientAddress);

  locals.pagePath = match.kind === 'platform' ? url.pathname : match.rest;
  // Anonymous shoppers (no session cookie) get the shared rendering of a storefront page when there is one
  // (src/lib/server/page-cache.ts), before any session or database work. The key names the host and path, so it
  // is the shop's.
  const storefront = match.kind !== 'platform' && !(isPassThrough(url.pathname) && match.kind !== 'path');
  const cacheKey = storefront ? cacheableKey(ctx) : null;
  if (cacheKey) {
    const hit = await cachedPage(cacheKey, { acceptEncoding: request.headers.get('accept-encoding'), ifNoneMatch: request.headers.get('if-none-match') });
    if (hit) return hit;
    // From here this request renders the page for everyone waiting on it: it must store or abandon it.
    try { return await routeStorefront(ctx, next, match as ShopMatch, cacheKey); } finally { abandonPage(cacheKey); }
  }
  return routeStorefront(ctx, next, match, null);
});

type Ctx = Parameters<Parameters<typeof defineMiddleware>[0]>[0];
type Next = Parameters<Parameters<typeof defineMiddleware>[0]>[1];
type ShopMatch = Exclude<ReturnType<typeof matchTenancy>, { kind: 'platform' }>;

async function routeStorefront(ctx: Ctx, next: Next, match: ReturnType<typeof matchTenancy>, cacheKey: string | null): Promise<Response> {
  const { url, locals, cookies } = ctx;
  const db = locals.db;
  // Viewer: a signed-in session, or an anonymous visitor with a stable anonymous id. A page every anonymous
  // visitor shares sets no cookie (a shared cache may keep it): the id is handed out by the first personal answer.
  let anonymousId = cookies.get(ANON_COOKIE)?.value;
  if (!anonymousId || !/^[0-9a-f-]{36}$/.test(anonymousId)) {
    anonymousId = randomUUID();
    if (!cacheKey) cookies.set(ANON_COOKIE, anonymousId, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax', httpOnly: true, secure: secureCookies(ctx) });
  }
  const session = cacheKey ? null : await resolveSession(db, cookies.get(SESSION_COOKIE)?.value);
  locals.viewer = session ? { kind: 'user', anonymousId, user: session.user, sessionId: session.sessionId } : { kind: 'anonymous', anonymousId };
  // Presence for the advisor's online dot: throttled, not awaited, failures ignored (src/domain/people/advisor.ts).
  if (session) void heartbeat(db, session.user.id);

  if (match.kind === 'platform') {
    // /s/... is where shop pages live internally; it is never a public address on the bare domain.
    if (url.pathname === '/s' || url.pathname.startsWith('/s/')) return ctx.rewrite('/404');
    // A platform page's island styles go into its head too (src/lib/server/island-style.ts; issue 27).
    return whole(await next());
  }
  // Kept per process for anonymous renders (src/lib/server/shop-cache.ts); a signed-in viewer reads it fresh.
  const fresh = session !== null;
  const shop = await storefrontShop(db, match.kind === 'domain' ? { domain: match.host } : { slug: match.slug }, fresh);
  if (!shop) {
    if (isPassThrough(url.pathname) && match.kind !== 'path') return next();
    return ctx.rewrite('/errors/tienda-no-encontrada');
  }
  locals.shop = shop;
  locals.tenancy = match.kind;
  locals.basePath = match.kind === 'path' ? `/${shop.slug}` : '';
  if (isPassThrough(url.pathname) && match.kind !== 'path') return next();
  const target = `/s${match.rest === '/' ? '' : match.rest}${url.search}`;
  // Storefront page: what the header needs about the viewer and the network, fetched together. The viewer's standing
  // on this shop comes from their shops' rows (one statement for both).
  const [mine, rootStore] = await Promise.all([
    locals.viewer.kind === 'user' ? userShopRows(db, locals.viewer.user.id, locals.viewer.user.profile_id) : Promise.resolve([]),
    rootAffinityInfo(db, shop, { fresh }),
  ]);
  const standing = standingWith(shop, locals.viewer, mine.find((s) => s.id === shop.id)?.granted ?? []);
  Object.assign(locals, { standing, userShops: shopsOf(mine), rootStore });
  await rememberTracking(ctx);
  if (cacheKey) locals.shownProducts = shownProducts();
  const res = await next(target);
  return cacheKey ? storePage(cacheKey, shop.id, await whole(res), locals.shownProducts) : whole(res);
}

/**
 * A storefront or platform page goes out in one piece, as the page cache sends it: rendered pages arrive as hundreds of small
 * chunks, and writing each to the socket cost more than rendering them (issue 16, tests/bench/render.ts). Astro's
 * island style goes into the head on the way (src/lib/server/island-style.ts).
 */
async function whole(res: Response): Promise<Response> {
  if (!res.body || !(res.headers.get('content-type') ?? '').startsWith('text/html')) return res;
  // Bytes in, bytes out: a string body would be scanned for lone surrogates and encoded again by Response.
  const out = new Response(hoistIslandStyle(Buffer.from(await res.arrayBuffer())), { status: res.status, statusText: res.statusText, headers: res.headers });
  // The cookies the page set travel with its response object (Astro reads them from there).
  const cookies = Symbol.for('astro.cookies');
  Reflect.set(out, cookies, Reflect.get(res, cookies));
  return out;
}

/**
 * With SQL_COUNT set (benches, the statement-budget test), a request carrying x-sql-count gets the number of SQL
 * statements its answer cost in x-sql-statements (the body is read whole first: components query while it streams).
 */
const sqlCount = defineMiddleware(async (ctx, next) => {
  if (!statementCounting() || !ctx.request.headers.has(SQL_COUNT_HEADER)) return next();
  const { result, statements } = await countStatements(async () => {
    const res = await next();
    return { res, body: await res.arrayBuffer() };
  });
  const headers = new Headers(result.res.headers);
  headers.set(SQL_STATEMENTS_HEADER, String(statements));
  return new Response(result.body, { status: result.res.status, headers });
});

/** A signed-in write shows on the next page of this process at once (src/lib/server/shop-cache.ts). */
const writesShowAtOnce = defineMiddleware(async (ctx, next) => {
  const res = await next();
  if (SAFE.has(ctx.request.method) || res.status >= 400 || !ctx.cookies.get(SESSION_COOKIE)) return res;
  const { shop, pagePath } = ctx.locals;
  // A shop's admin pages ({shop}/admin/...) post their forms to themselves.
  forgetAfterWrite(ctx.url.pathname, shop && pagePath?.startsWith('/admin') ? shop.id : null);
  return res;
});

/**
 * The database unreachable (stopped, restarting, connections refused or cut, no pooled connection in time) is a 503
 * with Retry-After, not a 500: a short page in the visitor's language, or the JSON error shape under /api
 * (src/lib/server/unavailable.ts). Endpoints answer it themselves (src/lib/server/http.ts errorResponse); this
 * catches it from the middleware's own queries and from pages.
 */
const answerOutage = defineMiddleware(async (ctx, next) => {
  try {
    return await next();
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    logDatabaseUnavailable(err);
    const locale = ctx.locals.locale ?? 'es';
    return databaseUnavailableResponse(ctx.url.pathname, ctx.locals.t ?? getT(locale), locale);
  }
});

export const onRequest = sequence(sqlCount, securityHeaders, answerOutage, writesShowAtOnce, route);

/**
 * Referral, campaign and click id become 1-day cookies on the shop's host when the shop answers them back
 * (seed 000 §4), and are cleared when a visit carries tracking parameters the shop does not answer.
 * A visit without any tracking parameter leaves earlier ones in place, so attribution survives navigation.
 */
async function rememberTracking(ctx: Ctx) {
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
  // A campaign of ours (a uuid answered back only for an active campaign of this shop) counts the visit. Tracked
  // addresses are never served from the page cache, so cached pages pay nothing for this.
  if (answered.campaign && /^[0-9a-f-]{36}$/.test(answered.campaign)) {
    await recordCampaignVisit(ctx.locals.db, answered.campaign, answered.click_id, ctx.locals.viewer.anonymousId);
  }
}

/** The page cache's key for this request (src/lib/server/page-key.ts), or null when the answer is personal. */
function cacheableKey(ctx: Ctx): string | null {
  if (!pageCacheEnabled()) return null;
  return pageCacheKey({ method: ctx.request.method, url: ctx.url, locale: ctx.locals.locale, cookie: (name) => ctx.cookies.get(name)?.value });
}
