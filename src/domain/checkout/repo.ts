// The only place checkout SQL lives: checkouts, stock reservations and the stock statements, saved addresses,
// supplier branches. Stock is changed only here, always with one conditional statement per product.
import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, productVariantStock, shops, suppliers } from '../../db/schema/index.ts';
import { addresses, checkouts, stockReservations, supplierBranches, type AddressFields } from '../../db/schema/commerce.ts';
import type { Holder } from './rules.ts';
import { CHECKOUT_ADDRESS_WINDOW_MS } from '../../lib/shared/constants.ts';

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

/**
 * The shopper's own checkouts in a shop that hold stock right now (open, in time, with active reservations), with
 * the units each holds per product and variant key: the cart says where its units are and links there.
 */
export async function ownHoldingCheckouts(db: Db, by: { user_id: string | null; anonymous_id: string | null; shop_id: string }) {
  if (!by.user_id && !by.anonymous_id) return [];
  const who = by.user_id ? eq(checkouts.user_id, by.user_id) : eq(checkouts.anonymous_id, by.anonymous_id!);
  return db.select({
    id: checkouts.id, supplier_id: checkouts.supplier_id, currency: checkouts.currency, source: checkouts.source, expires_at: checkouts.expires_at,
    product_id: stockReservations.product_id, variant_key: stockReservations.variant_key, quantity: stockReservations.quantity,
  }).from(checkouts).innerJoin(stockReservations, eq(stockReservations.checkout_id, checkouts.id))
    .where(and(who, eq(checkouts.shop_id, by.shop_id), eq(checkouts.status, 'open'), sql`${checkouts.expires_at} > now()`, eq(stockReservations.status, 'active')))
    .orderBy(desc(checkouts.expires_at), asc(checkouts.id)).limit(500);
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

/**
 * The address's recent checkouts: only those started within CHECKOUT_ADDRESS_WINDOW_MS count against an address
 * (src/lib/shared/constants.ts says why); the shopper's own count whatever their age.
 */
function addressMatch(h: Holder) {
  if (!h.client_address) return sql`false`;
  return sql`(${checkouts.client_address} = ${h.client_address}
    and ${checkouts.created_at} > now() - make_interval(secs => ${CHECKOUT_ADDRESS_WINDOW_MS / 1000}))`;
}

/** How many checkouts holding stock the shopper (user id, anonymous id or guest e-mail) and the address have. */
export async function countHolding(db: Db, h: Holder, exceptId: string | null): Promise<{ shopper: number; address: number }> {
  const except = exceptId ? sql`${checkouts.id} <> ${exceptId}` : sql`true`;
  const byAddress = addressMatch(h);
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
  const byAddress = addressMatch(h);
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

// ---------- stock: one conditional statement per product (and per variant row) ----------
//
// An item with per-variant stock (product_variant_stock rows) sells per variant: every change holds units of the
// variant row AND of the product row, in that transaction, the product row first (the lock order of every stock
// change), so products.stock_on_hand stays the sum of its variants and no variant is oversold. variantKey '' means
// the item has no variant rows: only the product row changes, as before.

const variantRow = (productId: string, variantKey: string) => and(eq(productVariantStock.product_id, productId), eq(productVariantStock.variant_key, variantKey));

/** Holds `q` units when that many are free (of the variant too): the statements that make overselling impossible. */
export async function reserveUnits(db: Db, productId: string, q: number, variantKey = ''): Promise<boolean> {
  const rows = await db.update(products).set({ stock_reserved: sql`${products.stock_reserved} + ${q}` })
    .where(and(eq(products.id, productId), eq(products.stock_type, 'onstock'), sql`${products.stock_on_hand} - ${products.stock_reserved} >= ${q}`))
    .returning({ id: products.id });
  if (rows.length !== 1) return false;
  if (!variantKey) return true;
  const held = await db.update(productVariantStock).set({ stock_reserved: sql`${productVariantStock.stock_reserved} + ${q}` })
    .where(and(variantRow(productId, variantKey), sql`${productVariantStock.stock_on_hand} - ${productVariantStock.stock_reserved} >= ${q}`))
    .returning({ key: productVariantStock.variant_key });
  // The caller throws when any line is short, which rolls the product row's units back with the rest.
  return held.length === 1;
}

export async function releaseUnits(db: Db, productId: string, q: number, variantKey = '') {
  await db.update(products).set({ stock_reserved: sql`greatest(${products.stock_reserved} - ${q}, 0)` })
    .where(and(eq(products.id, productId), eq(products.stock_type, 'onstock')));
  if (variantKey) {
    await db.update(productVariantStock).set({ stock_reserved: sql`greatest(${productVariantStock.stock_reserved} - ${q}, 0)` }).where(variantRow(productId, variantKey));
  }
}

/** Reserved units become sold: on hand and reserved both drop (the variant row's too). */
export async function allocateUnits(db: Db, productId: string, q: number, variantKey = '') {
  await db.update(products).set({
    stock_on_hand: sql`greatest(${products.stock_on_hand} - ${q}, 0)`,
    stock_reserved: sql`greatest(${products.stock_reserved} - ${q}, 0)`,
  }).where(and(eq(products.id, productId), eq(products.stock_type, 'onstock')));
  if (variantKey) {
    await db.update(productVariantStock).set({
      stock_on_hand: sql`greatest(${productVariantStock.stock_on_hand} - ${q}, 0)`,
      stock_reserved: sql`greatest(${productVariantStock.stock_reserved} - ${q}, 0)`,
    }).where(variantRow(productId, variantKey));
  }
}

/** Sells `q` free units without a reservation (a payment that arrived after its reservation lapsed). */
export async function allocateFreeUnits(db: Db, productId: string, q: number, variantKey = ''): Promise<boolean> {
  const rows = await db.update(products).set({ stock_on_hand: sql`${products.stock_on_hand} - ${q}` })
    .where(and(eq(products.id, productId), eq(products.stock_type, 'onstock'), sql`${products.stock_on_hand} - ${products.stock_reserved} >= ${q}`))
    .returning({ id: products.id });
  if (rows.length !== 1) return false;
  if (!variantKey) return true;
  const sold = await db.update(productVariantStock).set({ stock_on_hand: sql`${productVariantStock.stock_on_hand} - ${q}` })
    .where(and(variantRow(productId, variantKey), sql`${productVariantStock.stock_on_hand} - ${productVariantStock.stock_reserved} >= ${q}`))
    .returning({ key: productVariantStock.variant_key });
  return sold.length === 1;
}

/**
 * Units of a canceled, already allocated order go back on the shelf. A variant the supplier has removed since
 * takes nothing back (nor does the product row, whose on-hand is the sum of the variants it still has).
 */
export async function restockUnits(db: Db, productId: string, q: number, variantKey = '') {
  const keep = variantKey
    ? sql`(not exists (select 1 from ${productVariantStock} v where v.product_id = ${productId})
        or exists (select 1 from ${productVariantStock} v where v.product_id = ${productId} and v.variant_key = ${variantKey}))`
    : sql`true`;
  await db.update(products).set({ stock_on_hand: sql`${products.stock_on_hand} + ${q}` })
    .where(and(eq(products.id, productId), eq(products.stock_type, 'onstock'), keep));
  if (variantKey) {
    await db.update(productVariantStock).set({ stock_on_hand: sql`${productVariantStock.stock_on_hand} + ${q}` }).where(variantRow(productId, variantKey));
  }
}

/** Which of these items sell per variant (have variant rows). */
export async function perVariantProducts(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectDistinct({ id: productVariantStock.product_id }).from(productVariantStock).where(inArray(productVariantStock.product_id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Units of one variant free right now (0 when the item has no such variant row). */
export async function variantAvailable(db: Db, productId: string, variantKey: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`(${productVariantStock.stock_on_hand} - ${productVariantStock.stock_reserved})::int` })
    .from(productVariantStock).where(variantRow(productId, variantKey)).limit(1);
  return Math.max(0, row?.n ?? 0);
}

/** Unit weight and box of items (courier rates). */
export async function shippingSizes(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { weight_g: number | null; length_cm: number | null; width_cm: number | null; height_cm: number | null }>();
  const rows = await db.select({ id: products.id, weight_g: products.weight_g, length_cm: products.length_cm, width_cm: products.width_cm, height_cm: products.height_cm })
    .from(products).where(inArray(products.id, ids));
  return new Map(rows.map(({ id, ...size }) => [id, size]));
}

export async function stockOf(db: Db, productId: string) {
  const [row] = await db.select({ stock_type: products.stock_type, stock_on_hand: products.stock_on_hand, stock_reserved: products.stock_reserved })
    .from(products).where(eq(products.id, productId)).limit(1);
  return row ?? null;
}

/** Sets the units on hand of an onstock product; never below what is reserved right now, never for one sold per variant. */
export async function setStockOnHand(db: Db, productId: string, onHand: number) {
  const rows = await db.update(products).set({ stock_on_hand: onHand, stock_type: 'onstock', sold_out: onHand === 0 ? sql`${products.sold_out}` : false, updated_at: sql`now()` })
    .where(and(eq(products.id, productId), sql`${products.stock_reserved} <= ${onHand}`,
      sql`not exists (select 1 from ${productVariantStock} v where v.product_id = ${products.id})`))
    .returning({ stock_on_hand: products.stock_on_hand, stock_reserved: products.stock_reserved });
  return rows[0] ?? null;
}

export async function productOwner(db: Db, productId: string) {
  const [row] = await db.select({ id: products.id, supplier_id: products.supplier_id, owner: products.owner, supplier_profile: suppliers.profile_id })
    .from(products).leftJoin(suppliers, eq(suppliers.id, products.supplier_id)).where(eq(products.id, productId)).limit(1);
  return row ?? null;
}

// ---------- reservations ----------

export interface HeldUnits { product_id: string; variant_key: string; quantity: number }

export async function insertReservations(db: Db, rows: (HeldUnits & { checkout_id: string; expires_at: Date })[]) {
  if (rows.length) await db.insert(stockReservations).values(rows);
}

/** Product id, then variant key: the order stock rows are locked in. */
const lockOrder = (a: HeldUnits, b: HeldUnits) => a.product_id.localeCompare(b.product_id) || a.variant_key.localeCompare(b.variant_key);

/** Settles the checkout's active reservations (allocated or released) and answers what they held, in lock order. */
export async function settleReservations(db: Db, checkoutId: string, to: 'allocated' | 'released'): Promise<HeldUnits[]> {
  const rows = await db.update(stockReservations).set({ status: to, settled_at: sql`now()` })
    .where(and(eq(stockReservations.checkout_id, checkoutId), eq(stockReservations.status, 'active')))
    .returning({ product_id: stockReservations.product_id, variant_key: stockReservations.variant_key, quantity: stockReservations.quantity });
  return rows.sort(lockOrder);
}

/** Allocated units of a canceled order go back: the rows flip to released once, so stock returns once. */
export async function unallocateReservations(db: Db, checkoutId: string): Promise<HeldUnits[]> {
  const rows = await db.update(stockReservations).set({ status: 'released', settled_at: sql`now()` })
    .where(and(eq(stockReservations.checkout_id, checkoutId), eq(stockReservations.status, 'allocated')))
    .returning({ product_id: stockReservations.product_id, variant_key: stockReservations.variant_key, quantity: stockReservations.quantity });
  return rows.sort(lockOrder);
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
