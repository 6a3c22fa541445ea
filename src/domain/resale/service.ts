// Resale rules (seed 001 §2 'Catalogues, resale and franchises', §4 product in store and franchises, §5
// invalid_product): what a shop admin may put in the store, and which franchises the shop carries. Every call
// takes the AdminCtx of src/domain/admin/service.ts, so the viewer already administers the shop (the routes
// build it through adminHandle). Adds and removes are idempotent: the modals' undo may repeat a call.
import { AppError } from '../../lib/shared/errors.ts';
import type { AdminCtx } from '../admin/index.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { storeOwners } from '../catalog/index.ts';
import { normalizeSearchText } from '../search/schema.ts';
import * as repo from './repo.ts';
import { resaleEarning } from '../catalog/schema.ts';
import { resaleRate } from '../catalog/index.ts';
import type { FranchiseQuery, ResaleFacets, ResaleFacetsQuery, ResaleItem, ResaleQuery } from './schema.ts';

const ITEM_NOT_FOUND = 'No se encontró el producto, servicio o experiencia';
const collator = new Intl.Collator('es', { sensitivity: 'base' });

/**
 * A franchise store sells one supplier's items (seed 000 §6, seed 001 §5): the owner of the items it already has.
 * null for other stores, and for a franchise store whose items are not one owner's yet (nothing tells its supplier).
 */
export async function franchiseOwner(db: AdminCtx['db'], shop: AdminCtx['shop']): Promise<string | null> {
  if (shop.store_type !== 'franchise') return null;
  const owners = await storeOwners(db, shop.id);
  return owners.length === 1 ? owners[0]! : null;
}

/**
 * GET .../admin/resale: the items the shop may resell (a franchise store: only its supplier's), with whether each
 * is already in its store and what the shop earns per sale at its plan's rate (seed 001 §6: margin x rate).
 */
export async function listResale({ db, shop }: AdminCtx, q: ResaleQuery) {
  const [owner, rate] = await Promise.all([franchiseOwner(db, shop), resaleRate(db, shop)]);
  const page = await repo.listResale(db, shop.id, { ...q, text: normalizeSearchText(q.text) }, { franchiseOwner: owner, shopOwner: shop.owner });
  // The shop's own items that are not dropshipped earn it their whole price, not a share of the margin: no earning.
  const results: ResaleItem[] = page.results.map((r) => ({
    ...r, earning: r.resellable && r.is_dropshipping && rate !== null ? resaleEarning(r.contribution_margin, rate) : null,
  }));
  return { results, matches_estimated: page.matches_estimated };
}

/** The filter dropdowns, sorted the way a Spanish reader expects (accents and case aside). */
export async function resaleFacets({ db, shop }: AdminCtx, q: ResaleFacetsQuery): Promise<ResaleFacets> {
  const f = await repo.resaleFacets(db, shop.id, q, { franchiseOwner: await franchiseOwner(db, shop), shopOwner: shop.owner });
  return {
    suppliers: f.suppliers.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id)),
    categories: f.categories.sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)),
  };
}

/**
 * Puts a resellable item at the end of the store (404 otherwise); the shop owner's own items go in too, dropshipped
 * or not (issue 26: not dropshipped, they stay exclusive to the owner's store). A franchise store sells one
 * supplier's items: another supplier's item is refused with invalid_product, as the storefront's in_store PATCH does.
 */
export async function addToStore({ db, shop }: AdminCtx, productId: string) {
  const p = await repo.findResellable(db, productId, shop.owner);
  if (!p) throw new AppError('not_found', ITEM_NOT_FOUND);
  const owner = await franchiseOwner(db, shop);
  if (owner !== null && owner !== p.owner) {
    throw new AppError('conflict', 'Only the franchise supplier\'s products can be added to a franchise store', { fields: { product_id: ['invalid_product'] }, textKey: 'apiErrors.invalid_product' });
  }
  const { queue_position, restored } = await repo.addToStore(db, shop.id, p.id);
  return { product_id: p.id, in_store: true as const, queue_position, restored_to_catalogues: restored };
}

/** Takes any existing item out of the store and the shop's catalogues (even one no longer resellable). */
export async function removeFromStore({ db, shop }: AdminCtx, productId: string) {
  if (!(await repo.productExists(db, productId))) throw new AppError('not_found', ITEM_NOT_FOUND);
  const removed = await repo.removeFromStore(db, shop.id, productId);
  return { product_id: productId, in_store: false as const, removed_from_catalogues: removed };
}

/** Of the given ids, those in the store, in the order asked (each once). */
export async function checkInStore({ db, shop }: AdminCtx, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await repo.storeIdsAmong(db, shop.id, unique);
  return { in_store: unique.filter((id) => found.has(id)) };
}

/** GET .../admin/franchises: franchise stores the shop may carry (not itself), with in_store. */
export async function listFranchiseChoices({ db, shop }: AdminCtx, q: FranchiseQuery) {
  return repo.listFranchiseChoices(db, shop.id, { ...q, text: normalizeSearchText(q.text) });
}

/** Appends an enabled franchise store to the shop's list; its home's franchises section shows it. */
export async function addFranchise({ db, shop }: AdminCtx, id: string) {
  if (id === shop.id) throw new AppError('conflict', 'A shop cannot carry itself as a franchise', { fields: { shopId: ['self'] } });
  const target = await repo.findFranchiseTarget(db, id);
  if (!target?.carriable) throw new AppError('not_found', 'Franquicia no encontrada');
  await repo.addFranchise(db, shop.id, target.id);
  return { id: target.id, in_store: true };
}

/** Removes a franchise from the shop's list; any existing shop id is accepted (it may have been disabled since). */
export async function removeFranchise({ db, shop }: AdminCtx, id: string) {
  const target = await repo.findFranchiseTarget(db, id);
  if (!target) throw new AppError('not_found', 'Franquicia no encontrada');
  await repo.removeFranchise(db, shop.id, target.id);
  return { id: target.id, in_store: false };
}

/** The store a signed-in person adds items to (theirs, else one they administer), or null. */
export async function adminStoreOf(db: AdminCtx['db'], viewer: Viewer) {
  return viewer.kind === 'user' ? repo.storeOfAdmin(db, viewer.user.profile_id, viewer.user.id) : null;
}
export type AdminStore = NonNullable<Awaited<ReturnType<typeof adminStoreOf>>>;

/**
 * 'Add to my store' on items of other shops (issue 26; seed 001: an 'add to my store' button on items): of the items
 * shown, which the store may still take and which it holds. null without a store, and on the store itself (its
 * items are in it).
 */
export async function addToMyStoreView(db: AdminCtx['db'], store: AdminStore | null, currentShopId: string | null, ids: readonly string[]) {
  if (!store || store.id === currentShopId || !ids.length) return null;
  const [addable, held] = await Promise.all([repo.addableAmong(db, ids, store.owner), repo.storeIdsAmong(db, store.id, ids)]);
  return { store: { slug: store.slug, name: store.name }, addable, held };
}
