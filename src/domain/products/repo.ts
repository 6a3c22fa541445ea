// The only place the supplier catalogue's SQL lives: a supplier's products (list with filters, one, insert, update,
// delete, bulk state changes), their per-variant stock rows, and how many shops offer each. Stock held by checkouts
// is changed only by src/domain/checkout/repo.ts; here on-hand figures are set, never below what is reserved.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems } from '../../db/schema/commerce.ts';
import { products, productVariantStock, shopProducts } from '../../db/schema/index.ts';
import { escapeLike } from '../search/schema.ts';
import type { VariantStockRow } from './rules.ts';
import { LOW_STOCK_MAX, type ProductListQuery } from './schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductInsert = typeof products.$inferInsert;

const available = sql`(${products.stock_on_hand} - ${products.stock_reserved})`;

/** The stock states a supplier filters by (src/domain/products/schema.ts STOCK_FILTERS). */
function stockCondition(state: ProductListQuery['stock']): SQL | undefined {
  switch (state) {
    case 'ondemand': return eq(products.stock_type, 'ondemand');
    case 'available': return sql`${products.stock_type} = 'onstock' and not ${products.sold_out} and ${available} > 0`;
    case 'low': return sql`${products.stock_type} = 'onstock' and not ${products.sold_out} and ${available} between 1 and ${LOW_STOCK_MAX}`;
    case 'out': return sql`${products.stock_type} = 'onstock' and (${products.sold_out} or ${available} <= 0)`;
    default: return undefined;
  }
}

function listWhere(supplierId: string, q: Omit<ProductListQuery, 'offset' | 'limit' | 'sort'>): SQL {
  const text = q.text?.trim();
  return and(
    eq(products.supplier_id, supplierId),
    q.type ? eq(products.type, q.type) : undefined,
    q.list_state ? eq(products.list_state, q.list_state) : undefined,
    q.hiden !== undefined ? eq(products.hiden, q.hiden) : undefined,
    stockCondition(q.stock),
    q.tag ? sql`exists (select 1 from unnest(${products.tags}) as t(tag) where lower(t.tag) = lower(${q.tag}))` : undefined,
    // The folded name (generated column of migration 0007) holds the text, or a tag is the text.
    text ? sql`("products"."search_name" like '%' || public.f_search_name(${escapeLike(text)}) || '%'
      or exists (select 1 from unnest(${products.tags}) as t(tag) where lower(t.tag) = lower(${text})))` : undefined,
  )!;
}

const ORDER: Record<ProductListQuery['sort'], SQL[]> = {
  '-updated_at': [desc(products.updated_at), desc(products.id)],
  updated_at: [asc(products.updated_at), asc(products.id)],
  name: [asc(products.name), asc(products.id)],
  '-name': [desc(products.name), desc(products.id)],
  list_price: [asc(products.list_price), asc(products.id)],
  '-list_price': [desc(products.list_price), desc(products.id)],
  '-contribution_margin': [desc(products.contribution_margin), desc(products.id)],
  stock: [sql`case when ${products.stock_type} = 'ondemand' then 1 else 0 end`, asc(available), asc(products.id)],
};

/** One page of the supplier's items and how many match in all. */
export async function listProducts(db: Db, supplierId: string, q: ProductListQuery): Promise<{ rows: ProductRow[]; total: number }> {
  const where = listWhere(supplierId, q);
  const [rows, [total]] = await Promise.all([
    db.select().from(products).where(where).orderBy(...ORDER[q.sort]).offset(q.offset).limit(q.limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every item of the supplier matching the filters, in the list's order (CSV export), at most `max`. */
export function allProducts(db: Db, supplierId: string, q: Omit<ProductListQuery, 'offset' | 'limit'>, max: number): Promise<ProductRow[]> {
  return db.select().from(products).where(listWhere(supplierId, q)).orderBy(...ORDER[q.sort]).limit(max);
}

/** The supplier's item by id; null when it does not exist or is another supplier's. */
export async function findProduct(db: Db, supplierId: string, id: string, lock = false): Promise<ProductRow | null> {
  const q = db.select().from(products).where(and(eq(products.id, id), eq(products.supplier_id, supplierId))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Several of the supplier's items by id (the others are left out), held FOR UPDATE in id order. */
export async function lockProducts(db: Db, supplierId: string, ids: string[]): Promise<ProductRow[]> {
  if (!ids.length) return [];
  return db.select().from(products).where(and(inArray(products.id, ids), eq(products.supplier_id, supplierId))).orderBy(asc(products.id)).for('update');
}

/** Slugs of the owner's items that start with `base` (to pick a free one). */
export async function slugsLike(db: Db, owner: string, base: string): Promise<Set<string>> {
  const rows = await db.select({ slug: products.slug }).from(products)
    .where(and(eq(products.owner, owner), sql`${products.slug} like ${escapeLike(base) + '%'}`));
  return new Set(rows.map((r) => r.slug));
}

export async function slugTaken(db: Db, owner: string, slug: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products)
    .where(and(eq(products.owner, owner), eq(products.slug, slug), exceptId ? sql`${products.id} <> ${exceptId}` : undefined)).limit(1);
  return !!row;
}

export async function insertProduct(db: Db, values: ProductInsert): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function updateProduct(db: Db, id: string, patch: Partial<ProductInsert>): Promise<ProductRow> {
  const [row] = await db.update(products).set({ ...patch, updated_at: sql`now()` }).where(eq(products.id, id)).returning();
  return row!;
}

/** Sets the units on hand of an item without variant rows; null when that is below what is reserved now. */
export async function setOnHand(db: Db, id: string, onHand: number): Promise<boolean> {
  const rows = await db.update(products).set({ stock_on_hand: onHand })
    .where(and(eq(products.id, id), sql`${products.stock_reserved} <= ${onHand}`)).returning({ id: products.id });
  return rows.length === 1;
}

/** Whether any order line names the item (such an item is unpublished or hidden, never deleted). */
export async function hasOrders(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.product_id, id)).limit(1);
  return !!row;
}

export async function deleteProduct(db: Db, id: string): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}

/** Publish, unpublish, hide or show several of the supplier's items at once; answers how many changed. */
export async function bulkSet(db: Db, supplierId: string, ids: string[], set: Partial<Pick<ProductInsert, 'list_state' | 'hiden'>>): Promise<number> {
  const rows = await db.update(products).set({ ...set, updated_at: sql`now()` })
    .where(and(inArray(products.id, ids), eq(products.supplier_id, supplierId))).returning({ id: products.id });
  return rows.length;
}

// ---------- per-variant stock ----------

/** The variant rows of items, by product id, in key order; `lock` takes them FOR UPDATE (after the product row). */
export async function variantStock(db: Db, ids: string[], lock = false): Promise<Map<string, VariantStockRow[]>> {
  const out = new Map<string, VariantStockRow[]>();
  if (!ids.length) return out;
  const q = db.select().from(productVariantStock).where(inArray(productVariantStock.product_id, ids))
    .orderBy(asc(productVariantStock.product_id), asc(productVariantStock.variant_key));
  const rows = lock ? await q.for('update') : await q;
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({ variant_key: r.variant_key, variant: r.variant, stock_on_hand: r.stock_on_hand, stock_reserved: r.stock_reserved });
    out.set(r.product_id, list);
  }
  return out;
}

/** Writes an item's variant rows (the caller holds the product row and checked reservations) and removes others. */
export async function writeVariantStock(db: Db, productId: string, upsert: { variant_key: string; variant: Record<string, string>; stock_on_hand: number }[], remove: string[]) {
  if (remove.length) {
    await db.delete(productVariantStock).where(and(eq(productVariantStock.product_id, productId), inArray(productVariantStock.variant_key, remove)));
  }
  for (const u of upsert) {
    await db.insert(productVariantStock).values({ product_id: productId, ...u })
      .onConflictDoUpdate({ target: [productVariantStock.product_id, productVariantStock.variant_key], set: { variant: u.variant, stock_on_hand: u.stock_on_hand } });
  }
}

/** Shops that offer each item in their store. */
export async function storeCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: shopProducts.product_id, n: count() }).from(shopProducts)
    .where(inArray(shopProducts.product_id, ids)).groupBy(shopProducts.product_id);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * Dashboards (issue 25): the supplier's stocked items running low or out (the product list's 'low' and 'out'
 * filters together: on hand less reserved at most LOW_STOCK_MAX, or sold out), fewest first, and how many there are.
 */
export async function lowStockItems(db: Db, supplierId: string, limit = 8) {
  const cond = and(eq(products.supplier_id, supplierId), sql`${products.stock_type} = 'onstock' and (${products.sold_out} or ${available} <= ${LOW_STOCK_MAX})`);
  const [rows, total] = await Promise.all([
    db.select({ id: products.id, name: products.name, available: sql<number>`greatest(${available}, 0)::int`, sold_out: products.sold_out })
      .from(products).where(cond).orderBy(sql`greatest(${available}, 0)`, asc(products.name)).limit(limit),
    db.select({ n: count() }).from(products).where(cond),
  ]);
  return { rows: rows.map((r) => ({ ...r, available: Number(r.available) })), total: Number(total[0]?.n ?? 0), max: LOW_STOCK_MAX };
}
