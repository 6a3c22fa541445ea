// The only SQL of the suppliers area: who acts for which supplier, the supplier's settings and what decides whether it
// can sell, and the franchise packing lists.
import { and, asc, count, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/tx.ts';
import {
  orderItems, orderPacking, orders, products, shops, supplierBranches, supplierMembers, suppliers,
} from '../../db/schema/index.ts';

export type SupplierRow = typeof suppliers.$inferSelect;

/**
 * The suppliers a user acts for: the one owned by their own profile (every permission) and those that made them a
 * member (their permissions). Owned first.
 */
export async function suppliersOfUser(db: Db, userId: string, profileId: string): Promise<{ supplier: SupplierRow; permissions: string[] | 'owner' }[]> {
  const rows = await db.select({ supplier: suppliers, permissions: supplierMembers.permissions })
    .from(suppliers)
    .leftJoin(supplierMembers, eq(supplierMembers.supplier_id, suppliers.id))
    .where(or(eq(suppliers.profile_id, profileId), eq(supplierMembers.user_id, userId)));
  const out = new Map<string, { supplier: SupplierRow; permissions: string[] | 'owner' }>();
  for (const r of rows) {
    if (r.supplier.profile_id === profileId) out.set(r.supplier.id, { supplier: r.supplier, permissions: 'owner' });
    else if (!out.has(r.supplier.id)) out.set(r.supplier.id, { supplier: r.supplier, permissions: r.permissions ?? [] });
  }
  return [...out.values()].sort((a, b) => (a.permissions === 'owner' ? -1 : 0) - (b.permissions === 'owner' ? -1 : 0));
}

// ---------- the supplier and its settings ----------

export type SupplierInsert = typeof suppliers.$inferInsert;

export async function findSupplier(db: Db, id: string): Promise<SupplierRow | null> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  return row ?? null;
}

/** The supplier's row locked for this transaction: settings and branch changes recompute is_configured one at a time. */
export async function lockSupplier(db: Db, id: string): Promise<SupplierRow | null> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).for('update').limit(1);
  return row ?? null;
}

/** A new supplier on `profile_id`; null when that profile already has one (unique profile_id). */
export async function insertSupplier(db: Db, row: SupplierInsert): Promise<SupplierRow | null> {
  const [created] = await db.insert(suppliers).values(row).onConflictDoNothing({ target: suppliers.profile_id }).returning();
  return created ?? null;
}

export async function updateSupplier(db: Db, id: string, patch: Partial<SupplierInsert>): Promise<SupplierRow> {
  const [row] = await db.update(suppliers).set({ ...patch, updated_at: new Date() }).where(eq(suppliers.id, id)).returning();
  return row!;
}

export async function setConfigured(db: Db, id: string, isConfigured: boolean): Promise<void> {
  await db.update(suppliers).set({ is_configured: isConfigured }).where(and(eq(suppliers.id, id), sql`${suppliers.is_configured} is distinct from ${isConfigured}`));
}

/** What else decides whether the supplier can sell: enabled branches, and its physical products (or none at all). */
export async function configurationCounts(db: Db, supplierId: string): Promise<{ branches: number; physical: number; items: number }> {
  const [[b], [p]] = await Promise.all([
    db.select({ n: count() }).from(supplierBranches).where(and(eq(supplierBranches.supplier_id, supplierId), eq(supplierBranches.enabled, true))),
    db.select({ items: count(), physical: sql<number>`count(*) filter (where ${products.type} = 'product')` }).from(products).where(eq(products.supplier_id, supplierId)),
  ]);
  return { branches: Number(b?.n ?? 0), physical: Number(p?.physical ?? 0), items: Number(p?.items ?? 0) };
}

// ---------- franchise packing lists ----------

export type PackingRow = typeof orderPacking.$inferSelect;
const OPEN_STATUSES = ['delivered', 'canceled'] as const;
const DISPATCHED = ['shipped', 'delivered', 'canceled'] as const;

const franchiseOrderColumns = {
  id: orders.id, number: orders.number, status: orders.status, payment_status: orders.payment_status,
  fulfillment_status: orders.fulfillment_status, delivery_type: orders.delivery_type, placed_at: orders.placed_at,
  contact: orders.contact, address: orders.address, delivery: orders.delivery, shop_name: shops.name, shop_slug: shops.slug, shop_time_zone: shops.time_zone,
};
const hasPhysical = sql`exists (select 1 from ${orderItems} where ${orderItems.order_id} = ${orders.id} and ${orderItems.type} = 'product')`;

/** The supplier's orders sold by a franchise-type shop, not dispatched yet and with physical items, oldest first. */
export async function franchiseOrdersAwaiting(db: Db, supplierId: string, limit: number) {
  return db.select(franchiseOrderColumns).from(orders).innerJoin(shops, eq(shops.id, orders.shop_id))
    .where(and(eq(orders.supplier_id, supplierId), eq(shops.store_type, 'franchise'), notInArray(orders.status, [...OPEN_STATUSES]),
      notInArray(orders.fulfillment_status, [...DISPATCHED]), hasPhysical))
    .orderBy(asc(orders.placed_at), asc(orders.number)).limit(limit);
}
export type FranchiseOrderRow = Awaited<ReturnType<typeof franchiseOrdersAwaiting>>[number];

/** One of the supplier's franchise orders (any state), or null: another supplier's order or a non-franchise sale. */
export async function franchiseOrder(db: Db, supplierId: string, orderId: string, lock = false): Promise<FranchiseOrderRow | null> {
  const q = db.select(franchiseOrderColumns).from(orders).innerJoin(shops, eq(shops.id, orders.shop_id))
    .where(and(eq(orders.id, orderId), eq(orders.supplier_id, supplierId), eq(shops.store_type, 'franchise'))).limit(1);
  const [row] = await (lock ? q.for('update', { of: orders }) : q);
  return row ?? null;
}

/** The order's physical lines with the product's weight and size today (for planning). */
export function physicalItems(db: Db, orderId: string) {
  return db.select({
    item_id: orderItems.id, product_id: orderItems.product_id, name: orderItems.name, photo: orderItems.photo, variant: orderItems.variant,
    units: orderItems.amount, weight_g: products.weight_g, length_cm: products.length_cm, width_cm: products.width_cm, height_cm: products.height_cm,
  }).from(orderItems).innerJoin(products, eq(products.id, orderItems.product_id))
    .where(and(eq(orderItems.order_id, orderId), eq(orderItems.type, 'product'))).orderBy(asc(orderItems.name), asc(orderItems.id));
}

export function packingRows(db: Db, orderIds: string[]): Promise<PackingRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db.select().from(orderPacking).where(inArray(orderPacking.order_id, orderIds)).orderBy(asc(orderPacking.box), asc(orderPacking.order_item_id));
}

export async function insertPacking(db: Db, rows: (typeof orderPacking.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(orderPacking).values(rows).onConflictDoNothing();
}

/** Marks the units of one line in one box (or, without `box`, in every box) packed or not; how many rows it touched. */
export async function markPacked(db: Db, orderId: string, itemId: string, box: number | null, packed: boolean, userId: string): Promise<number> {
  const where = and(eq(orderPacking.order_id, orderId), eq(orderPacking.order_item_id, itemId), box === null ? undefined : eq(orderPacking.box, box),
    packed ? isNull(orderPacking.packed_at) : sql`${orderPacking.packed_at} is not null`);
  const touched = await db.update(orderPacking).set(packed ? { packed_at: new Date(), packed_by: userId } : { packed_at: null, packed_by: null })
    .where(where).returning({ box: orderPacking.box });
  return touched.length;
}

export async function packingRowExists(db: Db, orderId: string, itemId: string, box: number | null): Promise<boolean> {
  const [row] = await db.select({ box: orderPacking.box }).from(orderPacking)
    .where(and(eq(orderPacking.order_id, orderId), eq(orderPacking.order_item_id, itemId), box === null ? undefined : eq(orderPacking.box, box))).limit(1);
  return !!row;
}

/**
 * Which shop's address shows a supplier's wallet (the wallet page lives on a shop, {shop}/monedero, and shows the
 * signed-in person's wallets): the profile's own enabled shop, else the enabled shop offering most of its items.
 */
export async function walletShopSlug(db: Db, profileId: string): Promise<string | null> {
  const own = await db.execute(sql`select ${shops.slug}::text as slug from ${shops}
    where ${shops.owner} = ${profileId} and not ${shops.disabled} and not ${shops.is_proxy} order by ${shops.slug} limit 1`);
  const mine = rowsOf<{ slug: string }>(own)[0];
  if (mine) return mine.slug;
  const res = await db.execute(sql`select s.slug::text as slug from ${shops} s
    join shop_products sp on sp.shop_id = s.id join ${products} p on p.id = sp.product_id
    where p.owner = ${profileId} and not s.disabled and not s.is_proxy group by s.slug order by count(*) desc, s.slug limit 1`);
  return rowsOf<{ slug: string }>(res)[0]?.slug ?? null;
}
