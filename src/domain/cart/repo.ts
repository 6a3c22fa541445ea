// The only place cart SQL lives: carts, their lines, and the product facts the quantity rules need.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProducts, catalogues, products, productVariantStock, shopProducts, shops, suppliers } from '../../db/schema/index.ts';
import { cartItems, carts } from '../../db/schema/commerce.ts';
import { users } from '../../db/schema/accounts.ts';
import type { UserLevel } from '../../lib/shared/constants.ts';

export const productColumns = {
  id: products.id, owner: products.owner, supplier_id: products.supplier_id, type: products.type, slug: products.slug,
  name: products.name, photos: products.photos, list_price: products.list_price, crossout_price: products.crossout_price,
  hide_price: products.hide_price, is_free: products.is_free, currency: products.currency, is_dropshipping: products.is_dropshipping,
  list_state: products.list_state, hiden: products.hiden, sold_out: products.sold_out, disabled: products.disabled,
  experience_date: products.experience_date, experience_available: products.experience_available, variants: products.variants,
  stock_type: products.stock_type, stock_on_hand: products.stock_on_hand, stock_reserved: products.stock_reserved,
  max_purchase_amount: products.max_purchase_amount, contribution_margin: products.contribution_margin,
};

export const supplierColumns = {
  id: suppliers.id, profile_id: suppliers.profile_id, name: suppliers.name, image: suppliers.image,
  is_configured: suppliers.is_configured, enabled_payment_types: suppliers.enabled_payment_types,
  fixed_shipping_cost: suppliers.fixed_shipping_cost, fixed_shipping_days: suppliers.fixed_shipping_days, currency: suppliers.currency,
};

export type ProductFacts = { [K in keyof typeof productColumns]: (typeof products.$inferSelect)[K] };
export type SupplierFacts = typeof suppliers.$inferSelect;
export type OfferedProduct = ProductFacts & {
  supplier: Pick<SupplierFacts, keyof typeof supplierColumns> | null;
  offered: boolean;
  /** Units free per variant key when the item sells per variant (product_variant_stock rows); null otherwise. */
  variant_available: Record<string, number> | null;
};

/** Products with their supplier, and whether the shop offers them (in its store or one of its catalogues). */
export async function offeredProducts(db: Db, shopId: string, ids: string[]): Promise<Map<string, OfferedProduct>> {
  const out = new Map<string, OfferedProduct>();
  if (!ids.length) return out;
  const rows = await db.select({
    ...productColumns,
    s: supplierColumns,
    offered: sql<boolean>`(exists (select 1 from ${shopProducts} where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} = ${products.id})
      or exists (select 1 from ${catalogueProducts} join ${catalogues} on ${catalogues.id} = ${catalogueProducts.catalogue_id}
        where ${catalogues.shop_id} = ${shopId} and ${catalogueProducts.product_id} = ${products.id}))`,
    variant_available: sql<Record<string, number> | null>`(select jsonb_object_agg(v.variant_key, v.stock_on_hand - v.stock_reserved)
      from ${productVariantStock} v where v.product_id = ${products.id})`,
  }).from(products).leftJoin(suppliers, eq(suppliers.id, products.supplier_id)).where(inArray(products.id, [...new Set(ids)]));
  for (const r of rows) {
    const { s, offered, variant_available, ...p } = r;
    const perVariant = typeof variant_available === 'string' ? JSON.parse(variant_available) as Record<string, number> : variant_available;
    out.set(p.id, { ...(p as ProductFacts), supplier: s?.id ? s : null, offered: Boolean(offered), variant_available: perVariant ?? null });
  }
  return out;
}

export async function findCart(db: Db, shopId: string, userId: string) {
  const [row] = await db.select().from(carts).where(and(eq(carts.shop_id, shopId), eq(carts.user_id, userId))).limit(1);
  return row ?? null;
}

export async function ensureCart(db: Db, shopId: string, userId: string) {
  await db.insert(carts).values({ shop_id: shopId, user_id: userId }).onConflictDoNothing({ target: [carts.shop_id, carts.user_id] });
  return (await findCart(db, shopId, userId))!;
}

export async function findCartBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(carts).where(eq(carts.share_slug, slug)).limit(1);
  return row ?? null;
}

export type CartItemRow = typeof cartItems.$inferSelect;

export function listItems(db: Db, cartId: string): Promise<CartItemRow[]> {
  return db.select().from(cartItems).where(eq(cartItems.cart_id, cartId)).orderBy(asc(cartItems.created_at), asc(cartItems.id));
}

export async function findItem(db: Db, cartId: string, itemId: string) {
  const [row] = await db.select().from(cartItems).where(and(eq(cartItems.cart_id, cartId), eq(cartItems.id, itemId))).limit(1);
  return row ?? null;
}

/** Sets a line's amount (creating the line when it is new). */
export async function putItem(db: Db, cartId: string, line: { product_id: string; variant: Record<string, string>; variant_key: string; amount: number; buy_by?: boolean }) {
  // buy_by: the latest add decides the line's price; callers that do not say (a merge) keep it as it is.
  const [row] = await db.insert(cartItems).values({ cart_id: cartId, ...line, buy_by: line.buy_by ?? false })
    .onConflictDoUpdate({
      target: [cartItems.cart_id, cartItems.product_id, cartItems.variant_key],
      set: { amount: line.amount, ...(line.buy_by === undefined ? {} : { buy_by: line.buy_by }), updated_at: sql`now()` },
    })
    .returning();
  await touch(db, cartId);
  return row!;
}

export async function setItemAmount(db: Db, cartId: string, itemId: string, amount: number) {
  await db.update(cartItems).set({ amount, updated_at: sql`now()` }).where(and(eq(cartItems.cart_id, cartId), eq(cartItems.id, itemId)));
  await touch(db, cartId);
}

export async function deleteItem(db: Db, cartId: string, itemId: string): Promise<boolean> {
  const rows = await db.delete(cartItems).where(and(eq(cartItems.cart_id, cartId), eq(cartItems.id, itemId))).returning({ id: cartItems.id });
  await touch(db, cartId);
  return rows.length > 0;
}

/** Removes the lines a placed order took from the cart. */
export async function deleteLines(db: Db, cartId: string, lines: { product_id: string; variant_key: string }[]) {
  for (const l of lines) {
    await db.delete(cartItems).where(and(eq(cartItems.cart_id, cartId), eq(cartItems.product_id, l.product_id), eq(cartItems.variant_key, l.variant_key)));
  }
  await touch(db, cartId);
}

export async function setShareSlug(db: Db, cartId: string, slug: string): Promise<string | null> {
  const rows = await db.update(carts).set({ share_slug: slug }).where(and(eq(carts.id, cartId), sql`${carts.share_slug} is null`)).returning({ s: carts.share_slug });
  return rows[0]?.s ?? null;
}

async function touch(db: Db, cartId: string) {
  await db.update(carts).set({ updated_at: sql`now()` }).where(eq(carts.id, cartId));
}

/** The level of a cart's owner ('buy by' lines are priced by it). */
export async function userLevel(db: Db, userId: string): Promise<UserLevel | null> {
  const [row] = await db.select({ level: users.user_level }).from(users).where(eq(users.id, userId)).limit(1);
  return (row?.level as UserLevel | null | undefined) ?? null;
}

export async function shopById(db: Db, id: string) {
  const [row] = await db.select({ id: shops.id, slug: shops.slug, disabled: shops.disabled }).from(shops).where(eq(shops.id, id)).limit(1);
  return row ?? null;
}
