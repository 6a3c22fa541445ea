// Shop administration: catalogues. Every call takes the admin context (context.ts).
import type { Db } from '../../db/client.ts';
import { listCatalogues } from '../catalog/index.ts';
import { inTx, pgCode } from '../../db/tx.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { slugify } from '../../lib/shared/slug.ts';
import type { ShopRow } from '../shops/index.ts';
import * as repo from './repo.ts';
import { trashCatalogue } from './catalogue-trash.ts';
import { mediaIdOf } from './schema.ts';
import { UUID, notFound, shopImage, offeredProduct, dropUnusedImages, type AdminCtx } from './context.ts';

/** A catalogue slug from its name: lower case, accents folded, words joined by '-'. */
export function catalogueSlug(name: string): string {
  return slugify(name, 60, 'catalogo');
}

export async function listAdminCatalogues({ db, shop }: AdminCtx, page: { offset: number; limit: number }) {
  return listCatalogues(db, shop.id, page.offset, page.limit);
}

async function catalogueView(db: Db, shop: ShopRow, id: string) {
  const row = await repo.findCatalogue(db, shop.id, id);
  if (!row) throw notFound('Catalogue');
  return { ...row, updated_at: row.updated_at.toISOString() };
}

/** Refuses a name another catalogue of the shop has (case and spaces ignored): a field error on `name`. */
async function refuseTakenName(tx: Db, shopId: string, name: string, exceptId: string | null) {
  await repo.lockCatalogueNames(tx, shopId);
  if (await repo.catalogueNamed(tx, shopId, name, exceptId)) {
    throw new AppError('validation_error', 'Another catalogue of this shop has this name', { fields: { name: ['validation.catalogueNameTaken'] } });
  }
}

/**
 * Creates a catalogue; its slug comes from the name and is unique in the shop (-2, -3 ... when taken). Two
 * catalogues of a shop never share a name (case and spaces ignored): the shop's lists would not tell them apart.
 */
export async function createCatalogue({ db, shop }: AdminCtx, input: { name: string; photo: string | null }) {
  const photo = input.photo ? await shopImage(db, shop, input.photo, 'photo') : null;
  const base = catalogueSlug(input.name);
  const id = await inTx(db, async (tx) => {
    await refuseTakenName(tx, shop.id, input.name, null);
    for (let attempt = 0; attempt < 5; attempt++) {
      const taken = await repo.catalogueSlugsLike(tx, shop.id, base);
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      const made = await repo.insertCatalogue(tx, { shop_id: shop.id, owner: shop.owner, name: input.name, slug, photo: photo?.url ?? null });
      if (made) return made;
    }
    return null;
  });
  if (id) return catalogueView(db, shop, id);
  throw new AppError('conflict', 'Could not give the catalogue a unique address; try again', { fields: { name: ['conflict'] } });
}

/** Renames a catalogue and/or changes its photo. The slug stays, so shared links keep working. */
export async function updateCatalogue({ db, shop }: AdminCtx, id: string, patch: { name?: string; photo?: string | null }) {
  const before = UUID.test(id) ? await repo.findCatalogue(db, shop.id, id.toLowerCase()) : null;
  if (!before) throw notFound('Catalogue');
  const set: { name?: string; photo?: string | null } = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.photo !== undefined) set.photo = patch.photo ? (await shopImage(db, shop, patch.photo, 'photo')).url : null;
  await inTx(db, async (tx) => {
    if (set.name !== undefined) await refuseTakenName(tx, shop.id, set.name, before.id);
    await repo.updateCatalogue(tx, shop.id, before.id, set);
  });
  if (set.photo !== undefined && before.photo !== set.photo) await dropUnusedImages(db, shop, [mediaIdOf(before.photo)]);
  return catalogueView(db, shop, before.id);
}

/**
 * Removes a catalogue from the store (seed 000 §4). With the current schema a catalogue belongs to one shop, so
 * both of the spec's outcomes (delete it; remove it from the store when it has products) are the same: the
 * catalogue and its product list go. The products themselves stay in the shop's store (shop_products is not
 * touched) and stay sellable. It goes to the trash for a day first (catalogue-trash.ts: the builder's Undo
 * restores it); its photo is deleted with the purge unless something else uses it.
 */
export const deleteCatalogue = (a: AdminCtx, id: string) => trashCatalogue(a, id);

async function ownCatalogue(db: Db, shop: ShopRow, id: string) {
  const c = UUID.test(id) ? await repo.findCatalogue(db, shop.id, id.toLowerCase()) : null;
  if (!c) throw notFound('Catalogue');
  return c;
}

export async function listCatalogueProducts({ db, shop }: AdminCtx, id: string) {
  const c = await ownCatalogue(db, shop, id);
  const rows = await repo.catalogueProductIds(db, c.id);
  const names = await repo.productNames(db, rows.map((r) => r.product_id));
  return { results: rows.map((r) => ({ ...r, name: names.get(r.product_id) ?? null })), matches_estimated: rows.length };
}

/** Adds a product the shop offers (in its store or one of its catalogues) at the end, or at a zero-based place. */
export async function addCatalogueProduct({ db, shop }: AdminCtx, id: string, input: { product_id: string; queue_position?: number }) {
  const c = await ownCatalogue(db, shop, id);
  const p = await offeredProduct(db, shop, input.product_id, 'product_id');
  const position = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await repo.lockCatalogueOrder(tx, c.id);
    const added = await repo.appendCatalogueProduct(tx, c.id, p.id);
    if (!added && input.queue_position === undefined) throw new AppError('conflict', 'The product is already in this catalogue', { fields: { product_id: ['already_in_catalogue'] } });
    if (input.queue_position !== undefined) await repo.placeCatalogueProduct(tx, c.id, p.id, input.queue_position);
    return repo.cataloguePosition(tx, c.id, p.id);
  });
  await repo.updateCatalogue(db, shop.id, c.id, {});
  return { catalogue_id: c.id, product_id: p.id, queue_position: position! };
}

export async function removeCatalogueProduct({ db, shop }: AdminCtx, id: string, productId: string) {
  const c = await ownCatalogue(db, shop, id);
  if (!UUID.test(productId)) throw notFound('Product');
  const removed = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await repo.lockCatalogueOrder(tx, c.id);
    const ok = await repo.removeCatalogueProduct(tx, c.id, productId.toLowerCase());
    if (ok) await repo.placeCatalogueProduct(tx, c.id, null, 0);
    return ok;
  });
  if (!removed) throw notFound('Product in this catalogue');
  await repo.updateCatalogue(db, shop.id, c.id, {});
  return { catalogue_id: c.id, product_id: productId.toLowerCase(), removed: true as const };
}

/** How long a move waits for another change of the same catalogue's order before answering updating_position_error. */
export const POSITION_LOCK_TIMEOUT_MS = 3000;

/** Moves a product to a zero-based queue_position; the others are renumbered 0..n-1 in one statement. */
export async function moveCatalogueProduct({ db, shop }: AdminCtx, id: string, input: { product_id: string; queue_position: number }) {
  const c = await ownCatalogue(db, shop, id);
  let position: number | null;
  try {
    position = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Another change of this catalogue's order holding the lock longer than this: seed 001 §8 'try later'.
      await repo.setLockTimeout(tx, POSITION_LOCK_TIMEOUT_MS);
      await repo.lockCatalogueOrder(tx, c.id);
      if (await repo.cataloguePosition(tx, c.id, input.product_id) === null) throw notFound('Product in this catalogue');
      await repo.placeCatalogueProduct(tx, c.id, input.product_id, input.queue_position);
      return repo.cataloguePosition(tx, c.id, input.product_id);
    });
  } catch (err) {
    if (pgCode(err) === '55P03') throw new AppError('updating_position_error', 'The catalogue\'s order is being changed; try again later');
    throw err;
  }
  return { catalogue_id: c.id, product_id: input.product_id, queue_position: position! };
}
