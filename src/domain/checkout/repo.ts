// The only place checkout SQL lives: checkouts, stock reservations and the stock statements, saved addresses,
// supplier branches. Stock is changed only here, always with one conditional statement per product.
import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, shops, suppliers } from '../../db/schema/index.ts';
import { addresses, checkouts, stockReservations, supplierBranches, type AddressFields } from '../../db/schema/commerce.ts';
import type { Holder } from './rules.ts';

export type CheckoutRow = typeof checkouts.$inferSelect;
export type CheckoutInsert = typeof checkouts.$inferInsert;

export async function insertCheckout(db: Db, values: CheckoutInsert): Promise<CheckoutRow> {
  const [row] = await db.insert(checkouts).values(values).returning();
  return row!;
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
  return row ?? null;
}

/** First lock of every purchase transaction (see the lock order in src/db/schema/commerce.ts). */
export async function lockCheckout(db: Db, id: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateCheckout(db: Db, id: string, patch: Partial<CheckoutInsert>): Promise<CheckoutRow> {
  const [row] = await db.update(checkouts).set({ ...patch, updated_at: sql`now()` }).where(eq(checkouts.id, id)).returning();
  return row!;
}

/** Open cart checkouts of the same buyer for the same supplier order: a new start replaces them. */
export async function openCartCheckouts(db: Db, by: { user_id: string | null; anonymous_id: string | null; shop_id: string; supplier_id: string; currency: string }) {
  const who = by.user_id ? eq(checkouts.user_id, by.user_id) : eq(checkouts.anonymous_id, by.anonymous_id ?? '');
  return db.select({ id: checkouts.id }).from(checkouts).where(and(who, eq(checkouts.shop_id, by.shop_id), eq(checkouts.supplier_id, by.supplier_id),
    eq(checkouts.currency, by.currency), eq(checkouts.status, 'open'), eq(checkouts.source, 'cart'))).orderBy(asc(checkouts.id));
}

// ---------- stock held per shopper (reservation hoarding caps, src/domain/checkout/rules.ts) ----------

/**
 * Serialises the purchase transactions of one shopper: one transaction-scoped advisory lock per identity key, in the
 * order given (sorted by holderLockKeys). Taken before any row lock (see the lock order in src/db/schema/commerce.ts).
 */
export async function lockHolder(db: Db, keys: string[]) {
  for (const k of keys) await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${k}, 0))`);
}

/** Checkouts still holding stock right now: open or placed, not expired, with an active reservation. */
const holding = sql`${checkouts.status} in ('open','placed') and ${checkouts.expires_at} > now()
  and exists (select 1 from ${stockReservations} r where r.checkout_id = ${checkouts.id} and r.status = 'active')`;

function shopperMatch(h: Holder) {
  const any = [
    h.user_id && sql`${checkouts.user_id} = ${h.user_id}`,
    h.anonymous_id && sql`${checkouts.anonymous_id} = ${h.anonymous_id}`,
    h.guest_email && sql`${checkouts.guest_email} = ${h.guest_email}`,
  ].filter((x): x is SQL => !!x);
  return any.length ? or(...any)! : sql`false`;
}

/** How many checkouts holding stock the shopper (user id, anonymous id or guest e-mail) and the address have. */
export async function countHolding(db: Db, h: Holder, exceptId: string | null): Promise<{ shopper: number; address: number }> {
  const except = exceptId ? sql`${checkouts.id} <> ${exceptId}` : sql`true`;
  const byAddress = h.client_address ? sql`${checkouts.client_address} = ${h.client_address}` : sql`false`;
  const [row] = await db.select({
    shopper: sql<number>`count(*) filter (where ${shopperMatch(h)})::int`,
    address: sql<number>`count(*) filter (where ${byAddress})::int`,
  }).from(checkouts).where(and(holding, except, or(shopperMatch(h), byAddress)));
  return { shopper: row?.shopper ?? 0, address: row?.address ?? 0 };
}

/** Units of each product held right now by the shopper's or the address's checkouts. */
export async function heldUnits(db: Db, h: Holder, productIds: string[], exceptId: string | null): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const except = exceptId ? sql`${checkouts.id} <> ${exceptId}` : sql`true`;
  const byAddress = h.client_address ? sql`${checkouts.client_address} = ${h.client_address}` : sql`false`;
  const rows = await db.select({ product_id: stockReservations.product_id, units: sql<number>`sum(${stockReservations.quantity})::int` })
    .from(stockReservations).innerJoin(checkouts, eq(checkouts.id, stockReservations.checkout_id))
    .where(and(eq(stockReservations.status, 'active'), inArray(stockReservations.product_id, productIds),
      sql`${checkouts.status} in ('open','placed') and ${checkouts.expires_at} > now()`, except, or(shopperMatch(h), byAddress)))
    .groupBy(stockReservations.product_id);
  return new Map(rows.map((r) => [r.product_id, r.units]));
}

export async function expiredCheckoutIds(db: Db, limit: number, now = new Date()): Promise<string[]> {
  const rows = await db.select({ id: checkouts.id }).from(checkouts)
    .where(and(sql`${checkouts.status} in ('open','placed')`, lte(checkouts.expires_at, now))).orderBy(asc(checkouts.expires_at)).limit(limit);
  return rows.map((r) => r.id);
}

export async function findByToken(db: Db, token: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.payment_token, token)).limit(1);
  return row ?? null;
}

// ---------- stock: one conditional statement per product ----------

/** Holds `q` units when that many are free: the statement that makes overselling impossible. */
export async function reserveUnits(db: Db, productId: string, q: number): Promise<boolean> {
  const rows = await db.update(products).set({ stock_reserved: sql`${products.stock_reserved} + ${q}` })
    .where(and(eq(products.id, productId), eq(products.stock_type, 'onstock'), sql`${products.stock_on_hand} - ${products.stock_reserved} >= ${q}`))
    .returning({ id: products.id });
  return rows.length === 1;
}

export async function releaseUnits(db: Db, productId: string, q: number) {
  await db.update(products).set({ stock_reserved: sql`greatest(${products.stock_reserved} - ${q}, 0)` })
    .where(and(eq(products.id, productId), eq(products.stock_type, 'onstock')));
}

/** Reserved units become sold: on hand and reserved both drop. */
export async function allocateUnits(db: Db, productId: string, q: number) {
  await db.update(products).set({
    stock_on_hand: sql`greatest(${products.stock_on_hand} - ${q}, 0)`,
    stock_reserved: sql`greatest(${products.stock_reserved} - ${q}, 0)`,
  }).where(and(eq(products.id, productId), eq(products.stock_type, 'onstock')));
}

/** Sells `q` free units without a reservation (a payment that arrived after its reservation lapsed). */
export async function allocateFreeUnits(db: Db, productId: string, q: number): Promise<boolean> {
  const rows = await db.update(products).set({ stock_on_hand: sql`${products.stock_on_hand} - ${q}` })
    .where(and(eq(products.id, productId), eq(products.stock_type, 'onstock'), sql`${products.stock_on_hand} - ${products.stock_reserved} >= ${q}`))
    .returning({ id: products.id });
  return rows.length === 1;
}

/** Units of a canceled, already allocated order go back on the shelf. */
export async function restockUnits(db: Db, productId: string, q: number) {
  await db.update(products).set({ stock_on_hand: sql`${products.stock_on_hand} + ${q}` })
    .where(and(eq(products.id, productId), eq(products.stock_type, 'onstock')));
}

export async function stockOf(db: Db, productId: string) {
  const [row] = await db.select({ stock_type: products.stock_type, stock_on_hand: products.stock_on_hand, stock_reserved: products.stock_reserved })
    .from(products).where(eq(products.id, productId)).limit(1);
  return row ?? null;
}

/** Sets the units on hand of an onstock product; never below what is reserved right now. */
export async function setStockOnHand(db: Db, productId: string, onHand: number) {
  const rows = await db.update(products).set({ stock_on_hand: onHand, stock_type: 'onstock', sold_out: onHand === 0 ? sql`${products.sold_out}` : false, updated_at: sql`now()` })
    .where(and(eq(products.id, productId), sql`${products.stock_reserved} <= ${onHand}`))
    .returning({ stock_on_hand: products.stock_on_hand, stock_reserved: products.stock_reserved });
  return rows[0] ?? null;
}

export async function productOwner(db: Db, productId: string) {
  const [row] = await db.select({ id: products.id, supplier_id: products.supplier_id, owner: products.owner, supplier_profile: suppliers.profile_id })
    .from(products).leftJoin(suppliers, eq(suppliers.id, products.supplier_id)).where(eq(products.id, productId)).limit(1);
  return row ?? null;
}

// ---------- reservations ----------

export async function insertReservations(db: Db, rows: { checkout_id: string; product_id: string; quantity: number; expires_at: Date }[]) {
  if (rows.length) await db.insert(stockReservations).values(rows);
}

/** Settles the checkout's active reservations (allocated or released) and answers what they held, by product id. */
export async function settleReservations(db: Db, checkoutId: string, to: 'allocated' | 'released'): Promise<{ product_id: string; quantity: number }[]> {
  const rows = await db.update(stockReservations).set({ status: to, settled_at: sql`now()` })
    .where(and(eq(stockReservations.checkout_id, checkoutId), eq(stockReservations.status, 'active')))
    .returning({ product_id: stockReservations.product_id, quantity: stockReservations.quantity });
  return rows.sort((a, b) => a.product_id.localeCompare(b.product_id));
}

/** Allocated units of a canceled order go back: the rows flip to released once, so stock returns once. */
export async function unallocateReservations(db: Db, checkoutId: string): Promise<{ product_id: string; quantity: number }[]> {
  const rows = await db.update(stockReservations).set({ status: 'released', settled_at: sql`now()` })
    .where(and(eq(stockReservations.checkout_id, checkoutId), eq(stockReservations.status, 'allocated')))
    .returning({ product_id: stockReservations.product_id, quantity: stockReservations.quantity });
  return rows.sort((a, b) => a.product_id.localeCompare(b.product_id));
}

export async function extendReservations(db: Db, checkoutId: string, expiresAt: Date) {
  await db.update(stockReservations).set({ expires_at: expiresAt })
    .where(and(eq(stockReservations.checkout_id, checkoutId), eq(stockReservations.status, 'active')));
}

export async function reservationsOf(db: Db, checkoutId: string) {
  return db.select().from(stockReservations).where(eq(stockReservations.checkout_id, checkoutId)).orderBy(asc(stockReservations.product_id));
}

// ---------- addresses ----------

export type AddressRow = typeof addresses.$inferSelect;

export function listAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.user_id, userId)).orderBy(desc(addresses.created_at)).limit(50);
}

export async function findAddress(db: Db, userId: string, id: string): Promise<AddressRow | null> {
  const [row] = await db.select().from(addresses).where(and(eq(addresses.user_id, userId), eq(addresses.id, id))).limit(1);
  return row ?? null;
}

export async function insertAddress(db: Db, userId: string, a: AddressFields): Promise<AddressRow> {
  const [row] = await db.insert(addresses).values({ ...a, user_id: userId }).returning();
  return row!;
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(addresses).where(and(eq(addresses.user_id, userId), eq(addresses.id, id))).returning({ id: addresses.id });
  return rows.length > 0;
}

// ---------- supplier branches ----------

export type BranchRow = typeof supplierBranches.$inferSelect;

export function listBranches(db: Db, supplierId: string, onlyEnabled = true): Promise<BranchRow[]> {
  const where = onlyEnabled ? and(eq(supplierBranches.supplier_id, supplierId), eq(supplierBranches.enabled, true)) : eq(supplierBranches.supplier_id, supplierId);
  return db.select().from(supplierBranches).where(where).orderBy(asc(supplierBranches.created_at));
}

export async function insertBranch(db: Db, supplierId: string, b: { name: string; phone: string | null; hours: string | null; address: AddressFields }) {
  const [row] = await db.insert(supplierBranches).values({ ...b, supplier_id: supplierId }).returning();
  return row!;
}

export async function deleteBranch(db: Db, supplierId: string, id: string): Promise<boolean> {
  const rows = await db.delete(supplierBranches).where(and(eq(supplierBranches.supplier_id, supplierId), eq(supplierBranches.id, id))).returning({ id: supplierBranches.id });
  return rows.length > 0;
}

// ---------- suppliers ----------

export type SupplierRow = typeof suppliers.$inferSelect;

export async function findSupplier(db: Db, id: string): Promise<SupplierRow | null> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  return row ?? null;
}

export async function suppliersOfProfile(db: Db, profileId: string): Promise<SupplierRow[]> {
  return db.select().from(suppliers).where(eq(suppliers.profile_id, profileId));
}

export async function suppliersByIds(db: Db, ids: string[]): Promise<SupplierRow[]> {
  return ids.length ? db.select().from(suppliers).where(inArray(suppliers.id, ids)) : [];
}

export async function shopsByIds(db: Db, ids: string[]): Promise<Map<string, { id: string; slug: string; name: string; time_zone: string }>> {
  const rows = ids.length ? await db.select({ id: shops.id, slug: shops.slug, name: shops.name, time_zone: shops.time_zone }).from(shops).where(inArray(shops.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, r]));
}
