// Shop rules: tenancy lookups, who may administer a shop, the public view of a shop.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { findProfileBySlug, membershipPermissions } from '../accounts/repo.ts';
import { resolveCampaign } from '../marketing/repo.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { shopCached } from '../../lib/server/shop-cache.ts';
import * as repo from './repo.ts';
import type { ShopRow } from './repo.ts';
import { storeThemeInfoSchema, type PublicShop } from './schema.ts';

export type { ShopRow };
export type VisitorRole = 'franchise' | 'affinity' | 'affiliate';

export const findShopBySlug = repo.findBySlug;
export const findShopByDomain = repo.findByDomain;
export const listNetworkShops = repo.listEnabled;
/** A shop's franchise list, kept per process (src/lib/server/shop-cache.ts): it changes with the shop or a franchise. */
export const listShopFranchises = (db: Db, shop: ShopRow, limit: number, fresh = false) => shopCached(
  `franchises:${shop.id}:${limit}`, () => repo.listFranchises(db, shop.id, limit), { tags: (list) => [shop.id, ...list.map((f) => f.id)], fresh },
);

/**
 * The shop a storefront request is for, by slug or by its own domain, kept per process (src/lib/server/shop-cache.ts):
 * every request of a shop reads it. `fresh` (a signed-in viewer) reads the database and refills the entry.
 */
export function storefrontShop(db: Db, by: { slug: string } | { domain: string }, fresh = false): Promise<ShopRow | null> {
  const tags = (row: ShopRow | null) => (row ? [row.id] : null);
  return 'slug' in by
    ? shopCached(`slug:${by.slug}`, () => repo.findBySlug(db, by.slug), { tags, fresh })
    : shopCached(`domain:${by.domain}`, () => repo.findByDomain(db, by.domain), { tags, fresh });
}

export async function getShopBySlug(db: Db, slug: string): Promise<ShopRow> {
  const shop = await repo.findBySlug(db, slug);
  if (!shop) throw new AppError('not_found', 'Tienda no encontrada');
  return shop;
}

export interface ShopStanding {
  isOwner: boolean;
  /** Owner, or holder of the admin permission (seed 000 §6). */
  isAdmin: boolean;
  permissions: string[];
}

export async function standingOf(db: Db, shop: ShopRow, viewer: Viewer): Promise<ShopStanding> {
  if (viewer.kind !== 'user') return standingWith(shop, viewer, []);
  return standingWith(shop, viewer, await membershipPermissions(db, shop.id, viewer.user.id));
}

/** The standing of a viewer whose membership on `shop` grants `granted` (read already, e.g. with all their shops). */
export function standingWith(shop: ShopRow, viewer: Viewer, granted: string[]): ShopStanding {
  if (viewer.kind !== 'user') return { isOwner: false, isAdmin: false, permissions: [] };
  const isOwner = shop.owner !== null && shop.owner === viewer.user.profile_id;
  const permissions = isOwner ? [...new Set(['admin', ...granted])] : granted;
  return { isOwner, isAdmin: isOwner || granted.includes('admin'), permissions };
}

export async function requireShopAdmin(db: Db, shop: ShopRow, viewer: Viewer): Promise<ShopStanding> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const standing = await standingOf(db, shop, viewer);
  if (!standing.isAdmin) throw new AppError('forbidden', 'Only this shop\'s admins can do that');
  return standing;
}

/** The viewer holds one of these permissions on the shop (the owner holds them all): 401 anonymous, 403 others. */
export async function requireShopPermission(db: Db, shop: ShopRow, viewer: Viewer, any: readonly string[]): Promise<ShopStanding> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const standing = await standingOf(db, shop, viewer);
  if (!standing.isAdmin && !standing.permissions.some((p) => any.includes(p))) throw new AppError('forbidden', 'Not allowed on this shop');
  return standing;
}

/**
 * The visitor's derived role on a shop (seed 000 §6): franchise stores sell their supplier's items,
 * affinity stores sit in (or are) an affinity network, everything else is an affiliate store.
 */
export function visitorRole(shop: Pick<ShopRow, 'store_type' | 'root_affinity_store_id'>): VisitorRole {
  if (shop.store_type === 'franchise') return 'franchise';
  if (shop.store_type === 'affinity' || shop.root_affinity_store_id) return 'affinity';
  return 'affiliate';
}

export interface TrackingQuery { gclid?: string; fbclid?: string; click_id?: string; referral?: string; campaign?: string; referral_slug?: string }

/**
 * Referral, campaign and click id the shop answers back (they become 1-day cookies on the storefront). A campaign is
 * answered only when it is an active campaign of this shop (src/domain/marketing): unknown ids are never echoed.
 */
export async function resolveTracking(db: Db, q: TrackingQuery, shopId?: string | null) {
  const referralSlug = (q.referral ?? q.referral_slug)?.trim().toLowerCase();
  const referral = referralSlug ? (await findProfileBySlug(db, referralSlug))?.slug ?? null : null;
  const clean = (s?: string) => (s && /^[\w.:~-]{1,100}$/.test(s) ? s : null);
  return { referral, campaign: await resolveCampaign(db, shopId, q.campaign), click_id: clean(q.click_id ?? q.gclid ?? q.fbclid) };
}

export async function rootAffinityInfo(db: Db, shop: ShopRow, cache: { fresh: boolean } | null = null): Promise<PublicShop['root_affinity_store_info']> {
  const rootId = shop.root_affinity_store_id;
  if (!rootId) return null;
  // Storefront renders keep the root's row per process (src/lib/server/shop-cache.ts); the API reads it.
  const root = cache
    ? await shopCached(`id:${rootId}`, () => repo.findById(db, rootId), { tags: (r) => (r ? [r.id] : null), fresh: cache.fresh })
    : await repo.findById(db, rootId);
  if (!root) return null;
  const theme = storeThemeInfoSchema.parse(root.store_theme_info);
  return {
    id: root.id, slug: root.slug, name: root.name, owner: root.owner, photo: root.photo, about_entry_id: root.about_entry_id,
    canonical_url: root.canonical_url, color1: theme.color1, color2: theme.color2, users_support_url: root.users_support_url,
  };
}

export async function publicShop(db: Db, shop: ShopRow, viewer: Viewer, tracking: TrackingQuery = {}): Promise<PublicShop> {
  const [standing, root, track] = await Promise.all([standingOf(db, shop, viewer), rootAffinityInfo(db, shop), resolveTracking(db, tracking, shop.id)]);
  const { domain: _d, root_affinity_store_id: _r, created_at: _c, updated_at: _u, franchise_support_url: _f, affiliate_support_url: _a, ...fields } = shop;
  return {
    ...fields,
    photo_display: shop.photo_display as PublicShop['photo_display'],
    store_type: shop.store_type as PublicShop['store_type'],
    store_theme_info: storeThemeInfoSchema.parse(shop.store_theme_info),
    root_affinity_store_info: root,
    permissions: standing.permissions,
    user_info: { user_level: viewer.kind === 'user' ? viewer.user.user_level : null },
    visitor_role: visitorRole(shop),
    ...track,
  };
}

/** Switches the shop's theme pack (admins only). Section types do not depend on packs, so content carries over. */
export async function setThemePack(db: Db, shop: ShopRow, viewer: Viewer, packId: string, knownPacks: ReadonlySet<string>) {
  await requireShopAdmin(db, shop, viewer);
  if (!knownPacks.has(packId)) throw new AppError('validation_error', 'Unknown theme pack', { fields: { theme_pack: ['validation.themePack'] } });
  return repo.updateThemePack(db, shop.id, packId);
}
