// Catalogue and item listing rules for a shop; catalogue pages, item detail (with the reseller's earning) and
// the shop admin's assortment changes.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { shopOrigin } from '../../lib/server/shop-url.ts';
import { shopCached } from '../../lib/server/shop-cache.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import type { ShopRow } from '../shops/index.ts';
import { requireShopAdmin } from '../shops/index.ts';
import { normalizeSearchText } from '../search/schema.ts';
import * as repo from './repo.ts';
import { resaleEarning, type Catalogue, type ItemDetail, type ListItem } from './schema.ts';
import { config } from '../../lib/server/config.ts';

export function listShopItems(db: Db, shop: ShopRow, opts: { type: 'product' | 'service' | 'experience'; offset: number; limit: number; sort?: string }) {
  return repo.listShopItems(db, shop.id, { ...opts, sort: opts.sort ?? 'queue_position' });
}

export function listShopCatalogues(db: Db, shop: ShopRow, offset: number, limit: number) {
  return repo.listCatalogues(db, shop.id, offset, limit);
}

/**
 * The first `limit` catalogues a storefront section shows (search bar, strip, slider), kept per process
 * (src/lib/server/shop-cache.ts: dropped by a change of the shop's catalogues or of products); `fresh`: a signed-in viewer.
 */
export function storefrontCatalogues(db: Db, shop: ShopRow, limit: number, fresh: boolean) {
  return shopCached(`catalogues:${shop.id}:${limit}`, () => repo.listCatalogues(db, shop.id, 0, limit), { tags: () => [shop.id], products: true, fresh });
}

/** A page-1 sitemap's catalogues. */
export function sitemapCatalogues(db: Db, shop: ShopRow) {
  return repo.sitemapCatalogues(db, shop.id);
}

/** The items of sitemap page `page`, in batches as they are read (null: the page is past the last item). */
export function sitemapItemBatches(db: Db, shop: ShopRow, page = 1) {
  return repo.sitemapItemBatches(db, shop.id, page);
}

export const SITEMAP_ITEMS = repo.SITEMAP_ITEMS;

export function sitemapItemCount(db: Db, shop: ShopRow) {
  return repo.sitemapItemCount(db, shop.id);
}

// ---------- catalogues ----------

/** The catalogue list page: a name search (accents and case ignored) or every catalogue, by name. */
export function searchShopCatalogues(db: Db, shop: ShopRow, opts: { name?: string | null; offset: number; limit: number }) {
  const name = normalizeSearchText(opts.name);
  return name ? repo.searchCatalogues(db, shop.id, name, opts.offset, opts.limit) : repo.listCatalogues(db, shop.id, opts.offset, opts.limit);
}

/** A shop's catalogue by slug; not_found when the shop has none by that slug. */
export async function getShopCatalogue(db: Db, shop: ShopRow, slug: string): Promise<Catalogue> {
  const found = /^[a-z0-9][a-z0-9-]{0,120}$/i.test(slug) ? await repo.findCatalogueBySlug(db, shop.id, slug) : null;
  if (!found) throw new AppError('not_found', 'Catálogo no encontrado');
  const { shop_id: _s, ...catalogue } = found;
  return catalogue;
}

/** A shop's catalogue by id (what the builder's catalogue setting stores) or slug; null when the shop has none. */
export async function findShopCatalogue(db: Db, shop: ShopRow, ref: string): Promise<Catalogue | null> {
  const by = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref) ? 'id' : /^[a-z0-9][a-z0-9-]{0,120}$/i.test(ref) ? 'slug' : null;
  const found = by ? await repo.findCatalogueBySlug(db, shop.id, by === 'id' ? ref.toLowerCase() : ref, by) : null;
  if (!found) return null;
  const { shop_id: _s, ...catalogue } = found;
  return catalogue;
}

/** A catalogue's items in its order (zero-based queue_position), optionally those matching a text. */
export function listCatalogueItems(db: Db, shop: ShopRow, catalogue: Pick<Catalogue, 'id'>, opts: { text?: string | null; offset: number; limit: number }) {
  return repo.listCatalogueItems(db, shop.id, catalogue.id, { text: normalizeSearchText(opts.text), offset: opts.offset, limit: opts.limit });
}

/** The shop's primary address (src/lib/server/shop-url.ts): own domain > subdomain > path. */
export function shopPublicOrigin(shop: Pick<ShopRow, 'slug' | 'canonical_url'>, requestUrl: URL, baseDomain = config().BASE_DOMAIN): string {
  return shopOrigin(shop, requestUrl, baseDomain);
}

/** The anonymous share address of a catalogue (seed 000 §7): {protocol}://{domain}/catalogos/{slug}. */
export function catalogueShareUrl(shop: Pick<ShopRow, 'slug' | 'canonical_url'>, slug: string, requestUrl: URL): string {
  return `${shopPublicOrigin(shop, requestUrl)}/catalogos/${encodeURIComponent(slug)}`;
}

// ---------- item detail ----------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9][a-z0-9-]{0,200}$/i;
const RESALE_LEVELS = new Set(['ul1', 'ul2']);
/** The plan whose commission rate applies when the shop names none (every plan's default rate is 0.5). */
export { DEFAULT_RESALE_PLAN } from '../../lib/shared/constants.ts';

/** Levels one and two (entrepreneurs) see resale information; others never do. */
export function viewerSeesResale(viewer: Viewer): boolean {
  return viewer.kind === 'user' && viewer.user.user_level !== null && RESALE_LEVELS.has(viewer.user.user_level);
}

/** Finds a product by owner (profile id or slug; null: any owner) and id (or slug, with an owner); null when a part does not fit. */
async function findByOwnerAndId(db: Db, owner: string | null, id: string) {
  let ownerId: string | null = null;
  if (owner !== null) {
    ownerId = UUID.test(owner) ? owner.toLowerCase() : SLUG.test(owner) ? await repo.findProfileIdBySlug(db, owner) : null;
    if (!ownerId) return null;
  }
  const found = UUID.test(id) ? await repo.findProduct(db, { id: id.toLowerCase() })
    : ownerId && SLUG.test(id) ? await repo.findProduct(db, { owner: ownerId, slug: id }) : null;
  if (!found || (ownerId !== null && found.product.owner !== ownerId)) return null;
  return found;
}

/** What resale information the viewer gets for a product (seed 001 §6): the earning, or null. */
async function resaleFor(db: Db, shop: ShopRow | null, viewer: Viewer, product: repo.ProductRow, showResaleInfo: boolean): Promise<number | null> {
  if (!showResaleInfo || !viewerSeesResale(viewer)) return null;
  if (!product.is_dropshipping || product.list_state !== 'published' || product.hiden) return null;
  const rate = await resaleRate(db, shop);
  return rate === null ? null : resaleEarning(product.contribution_margin, rate);
}

function toDetail(found: NonNullable<Awaited<ReturnType<typeof findByOwnerAndId>>>, offer: { in_store: boolean; queue_position: number | null }, resale: number | null): ItemDetail {
  const p = found.product;
  return {
    id: p.id, owner: p.owner, name: p.name, slug: p.slug, type: p.type, main_type: p.main_type, currency: p.currency,
    in_store: offer.in_store, list_price: p.list_price, crossout_price: p.crossout_price, hide_price: p.hide_price, is_free: p.is_free,
    queue_position: offer.queue_position ?? 0, photo: p.photos[0] ?? null, photos: p.photos, stock_type: p.stock_type,
    available: p.stock_on_hand - p.stock_reserved, sold_out: p.sold_out, experience_date: p.experience_date?.toISOString() ?? null,
    is_dropshipping: p.is_dropshipping, list_state: p.list_state, hiden: p.hiden, disabled: p.disabled,
    experience_available: p.experience_available, variants: p.variants, plain_description: p.plain_description, tags: p.tags,
    description: p.description, experience_place: p.experience_place, experience_capacity: p.experience_capacity,
    max_purchase_amount: p.max_purchase_amount, dssupplier: found.supplier, resale_earning: resale, rating: found.rating,
  };
}

export interface DetailOptions {
  /** The visitor's showResaleInfo preference (cookie, default true). */
  showResaleInfo: boolean;
}

/**
 * An item a shop offers (in its store or in one of its catalogues), by owner and id. Unpublished and hidden
 * items, a wrong owner, or an item the shop does not offer are not_found. Disabled items are shown (as
 * temporarily unavailable) so old links keep working, except those of a suspended supplier (issue 25: they leave
 * every store; not_found until the operator re-enables the supplier).
 */
export async function getShopItem(db: Db, shop: ShopRow, viewer: Viewer, ref: { owner: string | null; id: string }, opts: DetailOptions): Promise<ItemDetail> {
  const found = await findByOwnerAndId(db, ref.owner, ref.id);
  if (!found || found.product.list_state !== 'published' || found.product.hiden || found.product.supplier_suspended) throw new AppError('not_found', 'No se encontró el producto, servicio o experiencia');
  const offer = await repo.shopOffer(db, shop.id, found.product.id);
  if (!offer.in_store && !offer.in_catalogue) throw new AppError('not_found', 'No se encontró el producto, servicio o experiencia');
  return toDetail(found, offer, await resaleFor(db, shop, viewer, found.product, opts.showResaleInfo));
}

/** A supplier's item without a shop (the platform route /productos/{supplier}/{product}). */
export async function getSupplierItem(db: Db, viewer: Viewer, ref: { owner: string; id: string }, opts: DetailOptions): Promise<ItemDetail> {
  const found = await findByOwnerAndId(db, ref.owner, ref.id);
  if (!found || found.product.list_state !== 'published' || found.product.hiden || found.product.supplier_suspended) throw new AppError('not_found', 'No se encontró el producto, servicio o experiencia');
  return toDetail(found, { in_store: false, queue_position: null }, await resaleFor(db, null, viewer, found.product, opts.showResaleInfo));
}

/** A public item by id alone (GET /api/products/{id}). */
export async function getPublicItem(db: Db, viewer: Viewer, id: string, opts: DetailOptions): Promise<ItemDetail> {
  const found = UUID.test(id) ? await repo.findProduct(db, { id: id.toLowerCase() }) : null;
  if (!found || found.product.list_state !== 'published' || found.product.hiden || found.product.supplier_suspended) throw new AppError('not_found', 'No se encontró el producto, servicio o experiencia');
  return toDetail(found, { in_store: false, queue_position: null }, await resaleFor(db, null, viewer, found.product, opts.showResaleInfo));
}

/** The plan commission rate used for a shop's resale figures, or null. */
export function resaleRate(db: Db, shop: Pick<ShopRow, 'id' | 'signup_plan'> | null): Promise<string | null> {
  return repo.shopPlanRate(db, shop);
}

/** Items like this one in the same shop (shared tags), for the product page. */
export function relatedShopItems(db: Db, shop: ShopRow, item: Pick<ItemDetail, 'id' | 'type' | 'tags'>, limit: number): Promise<ListItem[]> {
  return repo.relatedItems(db, shop.id, { productId: item.id, type: item.type, tags: item.tags, limit });
}

/**
 * One card as a grid shows it (the live-update fragment): a visible item the shop offers in its store, or,
 * with `catalogueSlug`, one in that catalogue (with the catalogue's position). null when not shown there.
 */
export async function shopItemCard(db: Db, shop: ShopRow, id: string, opts: { catalogueSlug?: string | null } = {}): Promise<ListItem | null> {
  if (!UUID.test(id)) return null;
  const found = await repo.findProduct(db, { id: id.toLowerCase() });
  const p = found?.product;
  if (!p || p.list_state !== 'published' || p.hiden || p.disabled) return null;
  const offer = await repo.shopOffer(db, shop.id, p.id);
  let position = offer.queue_position;
  if (opts.catalogueSlug) {
    const catalogue = SLUG.test(opts.catalogueSlug) ? await repo.findCatalogueBySlug(db, shop.id, opts.catalogueSlug) : null;
    position = catalogue ? await repo.cataloguePosition(db, catalogue.id, p.id) : null;
  }
  if (position === null) return null;
  return {
    id: p.id, owner: p.owner, name: p.name, slug: p.slug, type: p.type, currency: p.currency, in_store: offer.in_store,
    list_price: p.list_price, crossout_price: p.crossout_price, hide_price: p.hide_price, is_free: p.is_free, queue_position: position,
    photo: p.photos[0] ?? null, stock_type: p.stock_type, available: p.stock_on_hand - p.stock_reserved, sold_out: p.sold_out,
    experience_date: p.experience_date?.toISOString() ?? null, rating: found!.rating,
  };
}

// ---------- the shop admin's assortment ----------

/**
 * PATCH an item of the shop (admins only): put it in or take it out of the store (in_store), or move it to a
 * zero-based position (queue_position; the items in between shift). Franchise stores take only their
 * supplier's items (invalid_product). Every change is announced as a live product event by the database.
 */
export async function updateShopItem(db: Db, shop: ShopRow, viewer: Viewer, productId: string, patch: { in_store?: boolean; queue_position?: number }) {
  await requireShopAdmin(db, shop, viewer);
  const found = UUID.test(productId) ? await repo.findProduct(db, { id: productId.toLowerCase() }) : null;
  if (!found) throw new AppError('not_found', 'No se encontró el producto, servicio o experiencia');
  const p = found.product;
  if (patch.in_store === true) {
    if (p.list_state !== 'published' || p.hiden || p.disabled) throw new AppError('conflict', 'This item is not available for resale');
    if (shop.store_type === 'franchise') {
      // A franchise store sells one supplier's items: the owner of the items it already has.
      const owners = await repo.storeOwners(db, shop.id);
      if (owners.length === 1 && owners[0] !== p.owner) {
        throw new AppError('conflict', 'Solo puedes agregar productos de la franquicia', { fields: { product_id: ['invalid_product'] } });
      }
    }
    await repo.setInStore(db, shop.id, p.id, true);
  } else if (patch.in_store === false) {
    await repo.setInStore(db, shop.id, p.id, false);
  }
  if (patch.queue_position !== undefined && patch.in_store !== false) {
    const moved = await repo.moveInStore(db, shop.id, p.id, patch.queue_position);
    if (moved === null) throw new AppError('not_found', 'This item is not in the store');
  }
  const offer = await repo.shopOffer(db, shop.id, p.id);
  return { product_id: p.id, in_store: offer.in_store, queue_position: offer.queue_position };
}

/**
 * The item a product card's link names (seed 000 §2: /negocios/{slug or owner}/products/{id}, /profiles/{owner}/...,
 * services alike): one the shop offers, or on the platform any published item. not_found otherwise.
 */
export function cardLinkItem(db: Db, viewer: Viewer, shop: ShopRow | null, ref: { owner: string; id: string }): Promise<ItemDetail> {
  return shop ? getShopItem(db, shop, viewer, ref, { showResaleInfo: false }) : getSupplierItem(db, viewer, ref, { showResaleInfo: false });
}
