// Links that never die (issue 26): every campaign and share link is built here, by ONE function (trackedLink), from
// the shop's primary address (src/lib/server/shop-url.ts: own domain > subdomain > /{slug} on the bare domain) and a
// path inside that shop. What an admin types ('/productos', the field's own example), the bare-domain form the demo
// stores ('/demo-03/productos') and an absolute address on one of the shop's hosts all become that path; another
// site's or another shop's page, or a page the shop does not have, is a field error on `url`. A stored page that no
// longer reads as one of the shop's (rows saved before this rule) is read as the shop's home, so its link still opens.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { config } from '../../lib/server/config.ts';
import { shopOrigin } from '../../lib/server/shop-url.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { httpOrigin } from '../../lib/shared/safe-url.ts';
import { blogsEnabled, getAboutEntry, getBlogEntry } from '../blog/index.ts';
import { getShopCatalogue, getShopItem, itemHref, typeOfRoute } from '../catalog/index.ts';
import type { ShopRow } from '../shops/index.ts';

type ShopAddress = Pick<ShopRow, 'slug' | 'canonical_url'>;

/** Query parameters a shared page never keeps: the tracked link adds its own. */
export const TRACKING_QUERY = ['referral', 'referral_slug', 'campaign', 'click_id', 'gclid', 'fbclid'] as const;
/** A stored page address is bounded (the column is text; what is typed is bounded by the URL schema too). */
const PATH_MAX = 2000;
const PLACEHOLDER = 'http://shop.invalid';

/**
 * The page `raw` names inside `shop`, as a path plus query ('/', '/productos', '/catalogos/verano?x=1'), or null
 * when it is not one of the shop's addresses (another site, another shop's host or /{other-slug}/ on the bare
 * domain, a script: address). Fragments and tracking parameters are dropped; '/productos/' reads as '/productos'.
 */
export function shopPagePath(shop: ShopAddress, raw: string, requestUrl: URL, baseDomain = config().BASE_DOMAIN): string | null {
  const text = raw.trim();
  if (!text || text.length > PATH_MAX || text.includes('\0')) return null;
  let u: URL;
  try { u = new URL(text, PLACEHOLDER); } catch { return null; }
  if (!/^https?:$/.test(u.protocol)) return null;
  const segments = u.pathname.split('/');
  const prefixed = segments[1] === shop.slug;
  const typedPath = u.origin === PLACEHOLDER && text.startsWith('/') && !text.startsWith('//');
  if (!typedPath) {
    const host = u.hostname.toLowerCase();
    const base = baseDomain.toLowerCase();
    const own = new Set([`${shop.slug}.${base}`]);
    const canonical = httpOrigin(shop.canonical_url);
    if (canonical) own.add(new URL(canonical).hostname.toLowerCase());
    // The bare domain (and the host the request came by, when it is not some shop's) serves shops under /{slug}.
    const reqHost = requestUrl.hostname.toLowerCase();
    const bare = new Set([base, `www.${base}`]);
    if (!reqHost.endsWith(`.${base}`) && !own.has(reqHost)) bare.add(reqHost);
    if (own.has(host)) { /* the path is already inside the shop */ } else if (!bare.has(host) || !prefixed) return null;
  }
  const inside = prefixed ? `/${segments.slice(2).join('/')}` : u.pathname;
  const path = inside.replace(/\/+$/, '') || '/';
  for (const p of TRACKING_QUERY) u.searchParams.delete(p);
  const query = u.searchParams.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

const decode = (s: string) => { try { return decodeURIComponent(s); } catch { return null; } };

/** Public pages a campaign may point at, by shape: the first segment and how many follow. */
function pageShape(path: string): { kind: 'home' | 'list' | 'item' | 'catalogues' | 'catalogue' | 'blogs' | 'blog' | 'about'; parts: string[] } | null {
  const parts = path.split('?')[0]!.split('/').filter(Boolean).map(decode);
  if (parts.some((p) => p === null)) return null;
  const [first, ...rest] = parts as string[];
  if (first === undefined) return { kind: 'home', parts: [] };
  if (typeOfRoute(first)) return rest.length === 0 ? { kind: 'list', parts: [first] } : rest.length === 2 ? { kind: 'item', parts: parts as string[] } : null;
  if (first === 'catalogos') return rest.length === 0 ? { kind: 'catalogues', parts: [] } : rest.length === 1 ? { kind: 'catalogue', parts: rest } : null;
  if (first === 'blogs') return rest.length === 0 ? { kind: 'blogs', parts: [] } : rest.length === 1 ? { kind: 'blog', parts: rest } : null;
  if (first === 'acerca' && rest.length === 0) return { kind: 'about', parts: [] };
  return null;
}

const SOMEONE = { kind: 'anonymous', anonymousId: 'campaign-page-check' } as const;
const missing = (e: unknown) => e instanceof AppError && e.code === 'not_found';

/**
 * The page as a shopper would open it: its canonical path inside the shop (an item addressed by slug reads as its
 * id address), or null when the shop has no such public page (an unknown product, catalogue or blog entry, a blog
 * the shop does not show, an admin or cart page).
 */
export async function shareablePage(db: Db, shop: ShopRow, path: string): Promise<string | null> {
  const shape = pageShape(path);
  if (!shape) return null;
  const query = path.includes('?') ? path.slice(path.indexOf('?')) : '';
  try {
    switch (shape.kind) {
      case 'home': case 'list': case 'catalogues': return path;
      case 'item': {
        const [, owner, id] = shape.parts as [string, string, string];
        const item = await getShopItem(db, shop, SOMEONE, { owner, id }, { showResaleInfo: false });
        return `${itemHref('', item)}${query}`;
      }
      case 'catalogue': return `/catalogos/${encodeURIComponent((await getShopCatalogue(db, shop, shape.parts[0]!)).slug)}${query}`;
      case 'blogs': return blogsEnabled(shop) ? path : null;
      case 'blog': return `/blogs/${(await getBlogEntry(db, shop, SOMEONE, shape.parts[0]!)).entry.id}${query}`;
      case 'about': return (await getAboutEntry(db, shop)) ? path : null;
    }
  } catch (e) {
    if (missing(e)) return null;
    throw e;
  }
}

const fieldError = (key: string, message: string) => new AppError('validation_error', message, { fields: { url: [key] }, textKey: key });

/**
 * What a campaign stores for the page an admin gave: the page's path inside the shop. Another site's or shop's
 * address is `validation.foreignPage`, a page the shop does not have `validation.pageMissing` (both on the field `url`).
 */
export async function campaignPage(db: Db, shop: ShopRow, raw: string, requestUrl: URL): Promise<string> {
  const path = shopPagePath(shop, raw, requestUrl);
  if (path === null) throw fieldError('validation.foreignPage', 'Only this shop\'s pages can be shared');
  const page = await shareablePage(db, shop, path);
  if (page === null) throw fieldError('validation.pageMissing', 'This shop has no page at that address');
  return page;
}

/**
 * A stored page read back (no query to the database): the path inside the shop, or the shop's home when the row
 * names another shop's page or no public page (rows saved before issue 26 stored what was typed).
 */
export function storedPage(shop: ShopAddress, stored: string, requestUrl: URL): string {
  const path = shopPagePath(shop, stored, requestUrl);
  return path !== null && pageShape(path) ? path : '/';
}

/** The page's address at the shop's primary address ('/' is the shop's home: `{origin}/`). */
export function shopPageUrl(shop: ShopAddress, path: string, requestUrl: URL): URL {
  return new URL(`${shopOrigin(shop, requestUrl)}${path.startsWith('/') ? path : `/${path}`}`);
}

/**
 * THE tracked link of a campaign and of a share: the page at the shop's primary address plus `referral` (the
 * sharer's profile slug), `campaign` (the campaign id) and a fresh `click_id`.
 */
export function trackedLink(shop: ShopAddress, path: string, requestUrl: URL, referral: string, campaignId: string): string {
  const u = shopPageUrl(shop, path, requestUrl);
  u.searchParams.set('referral', referral);
  u.searchParams.set('campaign', campaignId);
  u.searchParams.set('click_id', randomBytes(12).toString('base64url'));
  return u.href;
}
