// Where a request's shop comes from: {slug}.{BASE_DOMAIN}, /{slug}/... on the bare domain, or a shop's own domain.
import { RESERVED_SLUGS, SLUG_PATTERN } from '../shared/reserved-slugs.ts';

export type TenancyMatch =
  | { kind: 'platform' }
  | { kind: 'subdomain'; slug: string; rest: string }
  | { kind: 'path'; slug: string; rest: string }
  | { kind: 'domain'; host: string; rest: string };

/** Platform paths that stay platform paths even on a shop's host (sign-in, API, media, assets). */
const PASS_THROUGH = new Set(['api', 'login', 'signup', 'logout', 'media', '_astro', '_image', 'ayuda', 'dev', 'errors', 'sandbox']);

const isIp = (h: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(h) || h.startsWith('[');

export function matchTenancy(hostname: string, pathname: string, baseDomain: string): TenancyMatch {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const base = baseDomain.toLowerCase();
  const first = pathname.split('/')[1] ?? '';
  if (host === base || host === `www.${base}` || isIp(host) || host === 'localhost') {
    if (!first || RESERVED_SLUGS.has(first) || !SLUG_PATTERN.test(first)) return { kind: 'platform' };
    return { kind: 'path', slug: first, rest: pathname.slice(first.length + 1) || '/' };
  }
  if (PASS_THROUGH.has(first)) {
    // The shop is still resolved (API answers use it) but the route is the platform's.
    const sub = host.endsWith(`.${base}`) ? host.slice(0, -base.length - 1) : null;
    return sub ? { kind: 'subdomain', slug: sub, rest: pathname } : { kind: 'domain', host, rest: pathname };
  }
  if (host.endsWith(`.${base}`)) return { kind: 'subdomain', slug: host.slice(0, -base.length - 1), rest: pathname };
  return { kind: 'domain', host, rest: pathname };
}

export function isPassThrough(pathname: string) {
  return PASS_THROUGH.has(pathname.split('/')[1] ?? '');
}

/**
 * One address per page (issue 16): a shop's home is `/{slug}/` on the bare domain and `/` on a shop's host (so
 * `{shop origin}/` is always the home), every other page has no trailing slash. Returns the path to redirect to
 * (301), or null when `pathname` is already in that form. API, assets and media are left as they are.
 */
export function preferredPath(match: TenancyMatch, pathname: string): string | null {
  const first = pathname.split('/')[1] ?? '';
  if (first === 'api' || first === '_astro' || first === '_image' || first === 'media') return null;
  if (match.kind === 'platform' && first === 's') return null; // internal shop routes: a 404 either way
  if (match.kind === 'path' && match.rest === '/') return pathname === `/${match.slug}/` ? null : `/${match.slug}/`;
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return null;
}
