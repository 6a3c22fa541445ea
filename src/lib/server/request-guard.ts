// The first check of every request (called by the middleware): bad input is answered here, before any database work. A path or query
// that decodes to a NUL byte or an unpaired surrogate is a 400 (the JSON error shape under /api, the 400 page
// elsewhere), and a method an existing API route does not export is a 405 with `Allow` (Astro would answer its
// HTML 404 page). Malformed %-escapes never reach the app: see malformed-url.ts.
import type { APIContext } from 'astro';
import { AppError } from '../shared/errors.ts';
import { errorResponse } from './http.ts';
import { checkRequestUrl, unsafeCookies } from './input-guard.ts';
import { BAD_REQUEST_PAGE } from './malformed-url.ts';

/** Route files as import.meta.glob gives them ('./pages/api/shops/[slug]/index.ts' -> a loader of its module). */
export type RouteModules = Record<string, () => Promise<unknown>>;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** '/api/shops/[slug]' from './pages/api/shops/[slug]/index.ts' (Astro's file-based routing); null for non-routes. */
export function routePatternOf(file: string): string | null {
  const m = /^(?:\.\/)?(?:src\/)?pages(\/api\/.*)\.ts$/.exec(file) ?? /^\/src\/pages(\/api\/.*)\.ts$/.exec(file);
  if (!m || /\/_/.test(m[1]!)) return null; // files and folders starting with _ are not routes
  return m[1]!.replace(/\/index$/, '') || '/';
}

/** The methods a route module answers, as an Allow header lists them (HEAD with GET, as Astro serves it); null for ALL. */
export function allowedMethods(mod: Record<string, unknown>): string[] | null {
  if (typeof mod.ALL === 'function') return null;
  const own = METHODS.filter((m) => typeof mod[m] === 'function');
  return own.includes('GET') ? ['GET', 'HEAD', ...own.filter((m) => m !== 'GET')] : [...own];
}

/**
 * The guard the middleware calls first: a Response for a request refused here, null for one that goes on.
 * `apiModules` is import.meta.glob of the API route files (the middleware's, so src/lib imports no pages).
 */
export function requestGuard(apiModules: RouteModules): (ctx: APIContext) => Promise<Response | null> {
  const routes = new Map<string, () => Promise<unknown>>();
  for (const [file, load] of Object.entries(apiModules)) {
    const pattern = routePatternOf(file);
    if (pattern) routes.set(pattern, load);
  }

  async function methodNotAllowed(ctx: APIContext): Promise<AppError | null> {
    const load = routes.get(ctx.routePattern);
    if (!load) return null;
    const allowed = allowedMethods((await load()) as Record<string, unknown>);
    if (!allowed || allowed.includes(ctx.request.method)) return null;
    return new AppError('method_not_allowed', `${ctx.request.method} is not supported here; use ${allowed.join(', ')}`, { headers: { allow: allowed.join(', ') } });
  }

  return async (ctx) => {
    if (ctx.url.pathname === BAD_REQUEST_PAGE) return null; // the answer itself (a rewrite runs the middleware again)
    const api = isApi(ctx.url.pathname);
    const badCookies = unsafeCookies(ctx.request.headers.get('cookie'));
    const refused = checkRequestUrl(ctx.url)
      ?? (badCookies.length ? new AppError('invalid_characters', 'A cookie contains characters that are not accepted', { fields: { cookie: badCookies } }) : null)
      ?? (api ? await methodNotAllowed(ctx) : null);
    if (!refused) return null;
    // A page: the 400 page, rendered as the shop's or the platform's like any page (its address is clean).
    // Forged cookies are cleared by the answer, so the browser's next request is a clean one.
    const res = api ? errorResponse(refused, ctx.locals.t) : await ctx.rewrite(BAD_REQUEST_PAGE);
    const out = new Response(res.body, { status: refused.status, headers: res.headers });
    for (const name of badCookies) out.headers.append('set-cookie', `${name}=; Path=/; Max-Age=0`);
    return out;
  };
}
