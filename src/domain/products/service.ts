// A supplier's own products, services and experiences (issue 11): list, create, read, change, delete and bulk state
// changes. Every call asks requireSupplier first (401 signed out, 403 not a supplier); another supplier's item is 404.
// New items belong to the supplier's profile (owner) and supplier, start unpublished, and get a slug from the name,
// unique per owner (-2, -3 ... on collision). The rich description is sanitised on save as blog entries are (and
// again when a page renders it). Per-variant stock rows keep products.stock_on_hand equal to their sum; no on-hand
// figure (product or variant) goes below the units reserved right now (409).
import type { PlatformCurrency } from '../../lib/shared/money.ts';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../lib/server/http.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { sanitizeBlogHtml } from '../blog/index.ts';
import { inTx, pgCode } from '../../db/tx.ts';
import { recomputeConfigured } from '../suppliers/index.ts';
import { requireSupplier, type SupplierActor } from '../suppliers/index.ts';
import * as repo from './repo.ts';
import { freeSlug, planVariantStock, slugify, type VariantStockRow } from './rules.ts';
import {
  productInput, type ProductFields, type ProductInput, type ProductListQuery, type ProductPatch, type SupplierProductView, bulkInput,
} from './schema.ts';
import type { z } from 'zod';

const NOT_FOUND = 'Product, service or experience not found';

/** Who may read the catalogue: admins, or members who only read (accountants). */
export async function reader(db: Db, viewer: Viewer): Promise<SupplierActor> {
  try {
    return await requireSupplier(db, viewer, 'admin');
  } catch (err) {
    if (err instanceof AppError && err.code === 'forbidden') return requireSupplier(db, viewer, 'accountant');
    throw err;
  }
}

// ---------- rows <-> fields ----------

/** The stored item as the fields a supplier edits. */
export function fieldsOf(p: repo.ProductRow, variants: VariantStockRow[]): ProductFields {
  return {
    type: p.type, name: p.name, slug: p.slug, photos: p.photos, plain_description: p.plain_description, description: p.description,
    list_price: p.list_price, crossout_price: p.crossout_price, hide_price: p.hide_price, is_free: p.is_free,
    // A stored code outside PLATFORM_CURRENCIES (older items) is checked again on save: a field error then.
    currency: p.currency as PlatformCurrency,
    is_dropshipping: p.is_dropshipping, contribution_margin: p.contribution_margin, variants: p.variants,
    variant_stock: variants.map((v) => ({ variant: v.variant, stock_on_hand: v.stock_on_hand })), tags: p.tags,
    stock_type: p.stock_type, stock_on_hand: p.stock_on_hand, max_purchase_amount: p.max_purchase_amount, weight_g: p.weight_g,
    length_cm: p.length_cm, width_cm: p.width_cm, height_cm: p.height_cm, list_state: p.list_state, hiden: p.hiden,
    experience_date: p.experience_date?.toISOString() ?? null, experience_place: p.experience_place,
    experience_capacity: p.experience_capacity, attendee_fields: p.attendee_fields as ProductFields['attendee_fields'],
  };
}

/** The columns the fields write (stock and slug apart). */
function columnsOf(p: ProductFields): Partial<repo.ProductInsert> {
  return {
    type: p.type, name: p.name, photos: p.photos, plain_description: p.plain_description, description: sanitizeBlogHtml(p.description),
    list_price: p.list_price, crossout_price: p.crossout_price, hide_price: p.hide_price, is_free: p.is_free,
    // A stored code outside PLATFORM_CURRENCIES (older items) is checked again on save: a field error then.
    currency: p.currency as PlatformCurrency,
    is_dropshipping: p.is_dropshipping, contribution_margin: p.contribution_margin, variants: p.variants, tags: p.tags,
    stock_type: p.stock_type, max_purchase_amount: p.max_purchase_amount, weight_g: p.weight_g, length_cm: p.length_cm,
    width_cm: p.width_cm, height_cm: p.height_cm, list_state: p.list_state, hiden: p.hiden,
    experience_date: p.experience_date ? new Date(p.experience_date) : null, experience_place: p.experience_place,
    experience_capacity: p.experience_capacity, attendee_fields: p.attendee_fields,
  };
}

export function toView(p: repo.ProductRow, variants: VariantStockRow[], inStores: number): SupplierProductView {
  return {
    ...fieldsOf(p, variants), id: p.id, slug: p.slug, owner: p.owner, supplier_id: p.supplier_id, stock_reserved: p.stock_reserved,
    available: p.stock_type === 'ondemand' ? 0 : Math.max(0, p.stock_on_hand - p.stock_reserved), sold_out: p.sold_out,
    in_stores: inStores, url: `/productos/${p.owner}/${p.id}`, created_at: p.created_at.toISOString(), updated_at: p.updated_at.toISOString(),
    variant_stock: variants.map((v) => ({ variant: v.variant, variant_key: v.variant_key, stock_on_hand: v.stock_on_hand, stock_reserved: v.stock_reserved })),
  };
}

async function viewsOf(db: Db, rows: repo.ProductRow[]): Promise<SupplierProductView[]> {
  const ids = rows.map((r) => r.id);
  const [variants, stores] = await Promise.all([repo.variantStock(db, ids), repo.storeCounts(db, ids)]);
  return rows.map((r) => toView(r, variants.get(r.id) ?? [], stores.get(r.id) ?? 0));
}

// ---------- writing (inside a transaction that holds the product row) ----------

const belowReserved = (field: string, reserved: number) => new AppError('conflict', `${reserved} units are reserved right now: stock cannot go below that`, {
  textKey: 'apiErrors.stock_below_reserved', vars: { reserved, min: reserved }, fields: { [field]: ['validation.atLeast'] }, fieldVars: { [field]: { min: reserved } },
});

/** Writes the stock of an item whose row the transaction holds: per-variant rows and their sum, or one figure. */
export async function saveStock(tx: Db, p: repo.ProductRow, f: ProductFields, stored: VariantStockRow[]) {
  const wanted = f.stock_type === 'onstock' ? f.variant_stock : [];
  const plan = planVariantStock(stored, wanted);
  const first = plan.below[0];
  if (first) throw belowReserved(first.index >= 0 ? `variant_stock.${first.index}.stock_on_hand` : 'variant_stock', first.reserved);
  if (plan.upsert.length || plan.remove.length) await repo.writeVariantStock(tx, p.id, plan.upsert, plan.remove);
  const onHand = wanted.length ? plan.total : f.stock_on_hand;
  if (onHand === p.stock_on_hand) return;
  if (f.stock_type === 'onstock' && !(await repo.setOnHand(tx, p.id, onHand))) {
    throw belowReserved(wanted.length ? 'variant_stock' : 'stock_on_hand', p.stock_reserved);
  }
  if (f.stock_type === 'ondemand') await repo.updateProduct(tx, p.id, { stock_on_hand: onHand });
  if (onHand > 0 && p.sold_out) await repo.updateProduct(tx, p.id, { sold_out: false });
}

/** A slug for the owner: the one asked for (400 when another item has it) or a free one made from the name. */
export async function pickSlug(tx: Db, owner: string, asked: string | undefined, name: string, exceptId: string | null, alsoTaken: ReadonlySet<string> = new Set()): Promise<string> {
  if (asked) {
    if (alsoTaken.has(asked) || await repo.slugTaken(tx, owner, asked, exceptId)) {
      throw new AppError('validation_error', 'Another of your items has this slug', { fields: { slug: ['validation.noRepeats'] } });
    }
    return asked;
  }
  const base = slugify(name);
  const taken = new Set([...await repo.slugsLike(tx, owner, base), ...alsoTaken]);
  return freeSlug(base, taken);
}

/** Inserts a new item of the supplier (inside the caller's transaction). */
export async function insertItem(tx: Db, a: SupplierActor, input: ProductInput, alsoTaken?: ReadonlySet<string>): Promise<repo.ProductRow> {
  const owner = a.supplier.profile_id;
  const slug = await pickSlug(tx, owner, input.slug || undefined, input.name, null, alsoTaken);
  const row = await repo.insertProduct(tx, { ...columnsOf(input), owner, supplier_id: a.supplier.id, slug, stock_on_hand: 0 } as repo.ProductInsert);
  await saveStock(tx, row, input, []);
  return row;
}

/** Rewrites a stored item of the supplier with checked fields (inside the caller's transaction, row held). */
export async function rewriteItem(tx: Db, row: repo.ProductRow, f: ProductInput, stored: VariantStockRow[]): Promise<void> {
  const slug = f.slug && f.slug !== row.slug ? await pickSlug(tx, row.owner, f.slug, f.name, row.id) : row.slug;
  await repo.updateProduct(tx, row.id, { ...columnsOf(f), slug });
  await saveStock(tx, row, f, stored);
}

/** A unique-slug race lost to another request: tried again with a fresh look at the taken slugs. */
async function retryingSlug<T>(fn: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= 3 || pgCode(err) !== '23505') throw err;
    }
  }
}

// ---------- the calls ----------

export async function listProducts(db: Db, viewer: Viewer, q: ProductListQuery): Promise<{ results: SupplierProductView[]; matches_estimated: number }> {
  const a = await reader(db, viewer);
  const { rows, total } = await repo.listProducts(db, a.supplier.id, q);
  return { results: await viewsOf(db, rows), matches_estimated: total };
}

export async function getProduct(db: Db, viewer: Viewer, id: string): Promise<SupplierProductView> {
  const a = await reader(db, viewer);
  const row = await repo.findProduct(db, a.supplier.id, id);
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return (await viewsOf(db, [row]))[0]!;
}

export async function createProduct(db: Db, viewer: Viewer, input: ProductInput): Promise<SupplierProductView> {
  const a = await requireSupplier(db, viewer);
  const row = await retryingSlug(() => inTx(db, (tx) => insertItem(tx, a, input)));
  // A first physical item may need a delivery way the supplier has not set up yet.
  await recomputeConfigured(db, a.supplier.id);
  return getProduct(db, viewer, row.id);
}

/** PATCH: the fields given over the stored item, the whole checked again (productProblems); the slug stays unless given. */
export async function patchProduct(db: Db, viewer: Viewer, id: string, patch: ProductPatch): Promise<SupplierProductView> {
  const a = await requireSupplier(db, viewer);
  await inTx(db, async (tx) => {
    // Lock order: the product row first, then its variant rows (as every reservation takes them).
    const row = await repo.findProduct(tx, a.supplier.id, id, true);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    const stored = (await repo.variantStock(tx, [id], true)).get(id) ?? [];
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = productInput.safeParse({ ...fieldsOf(row, stored), ...given });
    if (!merged.success) throw validationError(merged.error, 'Some fields are not valid');
    await rewriteItem(tx, row, merged.data, stored);
  });
  if (patch.type !== undefined) await recomputeConfigured(db, a.supplier.id);
  return getProduct(db, viewer, id);
}

/** DELETE: only items no order names (409 product_has_orders: unpublish or hide those instead). */
export async function deleteProduct(db: Db, viewer: Viewer, id: string): Promise<{ deleted: true }> {
  const a = await requireSupplier(db, viewer);
  const hasOrders = () => new AppError('product_has_orders', 'Orders name this item: unpublish or hide it instead', { textKey: 'supplierApi.productHasOrders' });
  try {
    await inTx(db, async (tx) => {
      const row = await repo.findProduct(tx, a.supplier.id, id, true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      if (await repo.hasOrders(tx, id)) throw hasOrders();
      await repo.deleteProduct(tx, id);
    });
  } catch (err) {
    // A checkout's reservation (or a ticket) still names it: the foreign key refuses.
    if (pgCode(err) === '23503') throw hasOrders();
    throw err;
  }
  await recomputeConfigured(db, a.supplier.id);
  return { deleted: true };
}

const BULK: Record<z.infer<typeof bulkInput>['action'], { list_state?: 'published' | 'unpublished'; hiden?: boolean }> = {
  publish: { list_state: 'published' }, unpublish: { list_state: 'unpublished' }, hide: { hiden: true }, show: { hiden: false },
};

/** Publish, unpublish, hide or show several items; ids of other suppliers' items are left alone (not counted). */
export async function bulkUpdate(db: Db, viewer: Viewer, input: z.infer<typeof bulkInput>): Promise<{ updated: number }> {
  const a = await requireSupplier(db, viewer);
  const ids = [...new Set(input.ids.map((i) => i.toLowerCase()))].sort();
  return { updated: await inTx(db, (tx) => repo.bulkSet(tx, a.supplier.id, ids, BULK[input.action])) };
}
