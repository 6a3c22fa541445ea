// Cart rules: a server cart per signed-in user and shop, shown as one cart order per supplier (and currency),
// with the quantity rules of seed 001 §5 applied on every change. Anonymous carts live in the browser and are
// merged here at login (`merge`): amounts add up, then the rules adjust; nothing is dropped silently.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { CART_MAX_AMOUNT, CART_MAX_LINES } from '../../lib/shared/constants.ts';
import { stockState } from '../../lib/shared/stock.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { getShopBySlug, type ShopRow } from '../shops/index.ts';
import * as repo from './repo.ts';
import type { OfferedProduct } from './repo.ts';
import { availableMethods, methodAvailable } from '../payments/index.ts';
import { sellsHere } from '../suppliers/index.ts';
import { applyQuantityRules, availableUnits, forVariant, QUANTITY_FIELD_KEYS, QUANTITY_MESSAGES, refusal, unitSaving, variantFieldKey, variantKey, variantProblems } from './rules.ts';
import type { CartLine, CartOrder, CartView, Notice } from './schema.ts';
import { buyByPrice, buyByRate, requireBuyBy } from './buy-by.ts';

export const SUPPLIER_MISSING_CONFIGURATION = 'Purchase cannot be made at the moment (supplier configuration missing)';
export const NOT_FOUND_ITEM = 'Product, service or experience not found';

type SignedIn = Extract<Viewer, { kind: 'user' }>;

export function requireUser(viewer: Viewer): SignedIn {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  return viewer;
}

/** The shop a cart call is for: the `shop` slug when given, else the shop of the request's host/path. */
export async function resolveShop(db: Db, requestShop: ShopRow | null, slug?: string | null): Promise<ShopRow> {
  if (slug) return getShopBySlug(db, slug);
  if (requestShop) return requestShop;
  throw new AppError('validation_error', 'Say which shop', { fields: { shop: ['validation.required'] } });
}

export function assertShopSells(shop: ShopRow) {
  if (shop.disabled) throw new AppError('unavailable_for_sale', 'This shop is not selling at the moment');
}

/** Why a line cannot be bought as it is, or null. */
export function lineProblem(p: OfferedProduct, amount: number, variant: Record<string, string>, now = new Date()): Notice | null {
  if (!p.offered) return { code: 'unavailable_for_sale', message: QUANTITY_MESSAGES.unavailable_for_sale, product_id: p.id };
  const why = refusal(p, now);
  if (why) return { code: why, message: QUANTITY_MESSAGES[why], product_id: p.id };
  const vp = variantProblems(p.variants, variant);
  if (vp) return { code: 'variant_required', message: Object.values(vp).join('; '), product_id: p.id };
  // An item sold per variant: the chosen variant's units.
  const avail = availableUnits(forVariant(p, variant));
  if (p.max_purchase_amount !== null && amount > p.max_purchase_amount && (avail === null || p.max_purchase_amount <= avail)) {
    return { code: 'max_purchase_amount_exceeded', message: QUANTITY_MESSAGES.max_purchase_amount_exceeded(p.max_purchase_amount), product_id: p.id, max: p.max_purchase_amount, amount };
  }
  if (avail !== null && amount > avail) {
    return { code: 'quantity_exceeded', message: QUANTITY_MESSAGES.quantity_exceeded(avail), product_id: p.id, available: avail, amount };
  }
  return null;
}

export function unitPrice(p: Pick<OfferedProduct, 'list_price' | 'is_free'>): number {
  return p.is_free ? 0 : p.list_price;
}

function toLine(item: repo.CartItemRow, p: OfferedProduct, now: Date, buyByRate: string | null = null): CartLine {
  // A 'buy by' line is priced by the server (src/domain/cart/buy-by.ts); a line that no longer qualifies pays the list price.
  const net = item.buy_by ? buyByPrice(p, buyByRate) : null;
  const price = net ? net.unit_price : unitPrice(p);
  const available = availableUnits(variantProblems(p.variants, item.variant) ? p : forVariant(p, item.variant));
  return {
    item_id: item.id, product_id: p.id, name: p.name, photo: p.photos[0] ?? null, type: p.type, variant: item.variant,
    amount: item.amount, unit_price: price, crossout_price: p.crossout_price, saving: unitSaving(price, p.crossout_price),
    line_total: price * item.amount, currency: p.currency, stock_type: p.stock_type, available,
    max_purchase_amount: p.max_purchase_amount,
    stock_state: stockState({ stock_type: p.stock_type, available: available ?? 0, sold_out: p.sold_out, disabled: p.disabled || !p.offered, experience_available: p.experience_available }),
    problem: lineProblem(p, item.amount, item.variant, now),
    ...(net ? { buy_by: true } : {}),
  };
}

/** Groups lines into cart orders: one per supplier and currency (money of different currencies never adds up). */
export function groupOrders(lines: { line: CartLine; p: OfferedProduct }[]): CartOrder[] {
  const groups = new Map<string, CartOrder>();
  for (const { line, p } of lines) {
    const s = p.supplier!;
    const key = line.currency === s.currency ? s.id : `${s.id}:${line.currency}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        key, supplier: { id: s.id, name: s.name, image: s.image }, dssupplier: s.profile_id, products: [], total: 0, savings: 0,
        currency: line.currency, amount: 0, is_configured: sellsHere(s, methodAvailable), blocked: null,
        supplier_info: { enabled_payment_types: availableMethods(s.enabled_payment_types) },
        dssupplier_info: { fixed_shipping_cost: s.fixed_shipping_cost, fixed_shipping_days: s.fixed_shipping_days },
      };
      groups.set(key, g);
    }
    g.products.push(line);
    g.total += line.line_total;
    g.savings += line.saving * line.amount;
    g.amount += line.amount;
  }
  for (const g of groups.values()) {
    if (!g.is_configured) g.blocked = { code: 'supplier_not_configured', message: SUPPLIER_MISSING_CONFIGURATION };
    else g.blocked = g.products.find((l) => l.problem)?.problem ?? null;
  }
  return [...groups.values()].sort((a, b) => a.supplier.name.localeCompare(b.supplier.name) || a.currency.localeCompare(b.currency));
}

async function view(db: Db, shop: ShopRow, cart: { id: string; user_id: string; share_slug: string | null } | null, notices: Notice[] = []): Promise<CartView> {
  const items = cart ? await repo.listItems(db, cart.id) : [];
  const facts = await repo.offeredProducts(db, shop.id, items.map((i) => i.product_id));
  const now = new Date();
  const rate = cart && items.some((i) => i.buy_by) ? await buyByRate(db, shop, await repo.userLevel(db, cart.user_id)) : null;
  const lines = items.flatMap((item) => {
    const p = facts.get(item.product_id);
    return p && p.supplier ? [{ line: toLine(item, p, now, rate), p }] : [];
  });
  const orders = groupOrders(lines);
  const totals = new Map<string, { currency: string; total: number; savings: number; amount: number }>();
  for (const o of orders) {
    const t = totals.get(o.currency) ?? { currency: o.currency, total: 0, savings: 0, amount: 0 };
    t.total += o.total; t.savings += o.savings; t.amount += o.amount;
    totals.set(o.currency, t);
  }
  return {
    shop: shop.slug, cart_id: cart?.id ?? null, share_slug: cart?.share_slug ?? null, orders, totals: [...totals.values()],
    amount: orders.reduce((n, o) => n + o.amount, 0), notices,
  };
}

export async function getCart(db: Db, shop: ShopRow, viewer: Viewer): Promise<CartView> {
  const v = requireUser(viewer);
  return view(db, shop, await repo.findCart(db, shop.id, v.user.id));
}

async function productFor(db: Db, shop: ShopRow, productId: string): Promise<OfferedProduct> {
  const p = (await repo.offeredProducts(db, shop.id, [productId])).get(productId);
  if (!p || !p.offered || !p.supplier) throw new AppError('not_found', NOT_FOUND_ITEM);
  return p;
}

function checkVariant(p: OfferedProduct, variant: Record<string, string> | undefined) {
  const problems = variantProblems(p.variants, variant);
  if (problems) {
    throw new AppError('validation_error', 'Choose the options of this item', {
      fields: Object.fromEntries(Object.keys(problems).map((k) => [`variant.${k}`, [variantFieldKey(p.variants, k)]])),
      fieldVars: Object.fromEntries(Object.keys(problems).map((k) => [`variant.${k}`, { axis: k }])),
    });
  }
}

/** Adds `amount` units of an item (with its variant) to the cart; the rules may adjust the line down. */
export async function addItem(db: Db, shop: ShopRow, viewer: Viewer, input: { product_id: string; variant?: Record<string, string>; amount: number; buy_by?: boolean }): Promise<CartView> {
  const v = requireUser(viewer);
  assertShopSells(shop);
  const p = await productFor(db, shop, input.product_id);
  if (input.buy_by) requireBuyBy(p, await buyByRate(db, shop, v.user.user_level), v.user.user_level);
  const why = refusal(p);
  if (why) throw new AppError(why, QUANTITY_MESSAGES[why], { fields: { product_id: [QUANTITY_FIELD_KEYS[why]] } });
  checkVariant(p, input.variant);
  if (input.amount === 0) return view(db, shop, await repo.findCart(db, shop.id, v.user.id), [{ code: 'ignored', message: 'Zero or empty is ignored' }]);
  const cart = await repo.ensureCart(db, shop.id, v.user.id);
  const key = variantKey(input.variant);
  const items = await repo.listItems(db, cart.id);
  if (items.length >= CART_MAX_LINES && !items.some((i) => i.product_id === p.id && i.variant_key === key)) {
    throw new AppError('conflict', `A cart holds at most ${CART_MAX_LINES} lines`, { textKey: 'apiErrors.cart_full', vars: { max: CART_MAX_LINES } });
  }
  const current = items.find((i) => i.product_id === p.id && i.variant_key === key)?.amount ?? 0;
  const outcome = applyQuantityRules(current + input.amount, forVariant(p, input.variant));
  if (outcome.kind === 'refused') throw new AppError(outcome.code, outcome.message, { fields: { product_id: [QUANTITY_FIELD_KEYS[outcome.code]] } });
  if (outcome.kind !== 'ok') throw new AppError('validation_error', 'Enter a whole number from 1', { fields: { amount: [QUANTITY_FIELD_KEYS.invalid_amount] } });
  await repo.putItem(db, cart.id, { product_id: p.id, variant: input.variant ?? {}, variant_key: key, amount: outcome.amount, buy_by: input.buy_by === true });
  const notices = outcome.notice ? [{ ...outcome.notice, product_id: p.id }] : [];
  return view(db, shop, cart, notices);
}

/** Sets a line's amount; zero or empty is ignored (no change). */
export async function setQuantity(db: Db, shop: ShopRow, viewer: Viewer, itemId: string, amount: number): Promise<CartView> {
  const v = requireUser(viewer);
  const cart = await repo.findCart(db, shop.id, v.user.id);
  const item = cart ? await repo.findItem(db, cart.id, itemId) : null;
  if (!cart || !item) throw new AppError('not_found', 'This line is not in your cart');
  if (amount === 0) return view(db, shop, cart, [{ code: 'ignored', message: 'Zero or empty is ignored' }]);
  const p = await productFor(db, shop, item.product_id);
  const outcome = applyQuantityRules(amount, forVariant(p, item.variant));
  if (outcome.kind === 'refused') throw new AppError(outcome.code, outcome.message, { fields: { amount: [QUANTITY_FIELD_KEYS[outcome.code]] } });
  if (outcome.kind !== 'ok') throw new AppError('validation_error', 'Enter a whole number from 1', { fields: { amount: [QUANTITY_FIELD_KEYS.invalid_amount] } });
  await repo.setItemAmount(db, cart.id, item.id, outcome.amount);
  return view(db, shop, cart, outcome.notice ? [{ ...outcome.notice, product_id: p.id }] : []);
}

export async function removeItem(db: Db, shop: ShopRow, viewer: Viewer, itemId: string): Promise<CartView> {
  const v = requireUser(viewer);
  const cart = await repo.findCart(db, shop.id, v.user.id);
  if (!cart || !(await repo.deleteItem(db, cart.id, itemId))) throw new AppError('not_found', 'This line is not in your cart');
  return view(db, shop, cart);
}

/**
 * Merges the browser's anonymous cart at login. Amounts of the same item and variant add up (with what the
 * server cart already holds), then the rules adjust them. An item that cannot be bought now (out of stock,
 * unavailable, options missing) is still kept, flagged in the answer and on its line, so nothing is lost.
 * Only items that no longer exist (or that this shop does not offer) are left out, with a notice each.
 */
export async function merge(db: Db, shop: ShopRow, viewer: Viewer, incoming: { product_id: string; variant?: Record<string, string>; amount: number }[]): Promise<CartView> {
  const v = requireUser(viewer);
  const cart = await repo.ensureCart(db, shop.id, v.user.id);
  const existing = await repo.listItems(db, cart.id);
  const wanted = new Map<string, { product_id: string; variant: Record<string, string>; key: string; add: number }>();
  for (const it of incoming) {
    if (!it.amount) continue; // zero or empty is ignored
    const key = variantKey(it.variant);
    const k = `${it.product_id}|${key}`;
    const w = wanted.get(k) ?? { product_id: it.product_id, variant: it.variant ?? {}, key, add: 0 };
    w.add += it.amount;
    wanted.set(k, w);
  }
  const facts = await repo.offeredProducts(db, shop.id, [...wanted.values()].map((w) => w.product_id));
  const notices: Notice[] = [];
  let lines = existing.length;
  for (const w of wanted.values()) {
    const p = facts.get(w.product_id);
    if (!p || !p.offered || !p.supplier) { notices.push({ code: 'not_found', message: NOT_FOUND_ITEM, product_id: w.product_id }); continue; }
    const current = existing.find((i) => i.product_id === w.product_id && i.variant_key === w.key)?.amount ?? 0;
    if (!current && lines >= CART_MAX_LINES) { notices.push({ code: 'conflict', message: `A cart holds at most ${CART_MAX_LINES} lines`, product_id: p.id }); continue; }
    const total = Math.min(current + w.add, CART_MAX_AMOUNT);
    const vp = variantProblems(p.variants, w.variant);
    const outcome = applyQuantityRules(total, vp ? p : forVariant(p, w.variant));
    let amount = total;
    if (outcome.kind === 'ok') {
      amount = outcome.amount;
      if (outcome.notice) notices.push({ ...outcome.notice, product_id: p.id });
    } else if (outcome.kind === 'refused') {
      notices.push({ code: outcome.code, message: outcome.message, product_id: p.id, amount });
    }
    if (vp) notices.push({ code: 'variant_required', message: Object.values(vp).join('; '), product_id: p.id });
    if (amount > 0) {
      await repo.putItem(db, cart.id, { product_id: p.id, variant: w.variant, variant_key: w.key, amount });
      if (!current) lines++;
    }
  }
  return view(db, shop, cart, notices);
}

/** A public link that opens the same items. A cart keeps its first link (slug_public_was_alrready_generated). */
export async function share(db: Db, shop: ShopRow, viewer: Viewer): Promise<{ slug: string; path: string; already_generated: boolean }> {
  const v = requireUser(viewer);
  const cart = await repo.ensureCart(db, shop.id, v.user.id);
  if (cart.share_slug) return { slug: cart.share_slug, path: `/carrito/compartido/${cart.share_slug}`, already_generated: true };
  const slug = randomBytes(9).toString('base64url');
  const set = await repo.setShareSlug(db, cart.id, slug);
  const final = set ?? (await repo.findCart(db, shop.id, v.user.id))!.share_slug!;
  return { slug: final, path: `/carrito/compartido/${final}`, already_generated: set === null };
}

export async function sharedCart(db: Db, slug: string) {
  const cart = await repo.findCartBySlug(db, slug);
  if (!cart) throw new AppError('not_found', 'This shared cart does not exist');
  const shop = await repo.shopById(db, cart.shop_id);
  if (!shop) throw new AppError('not_found', 'This shared cart does not exist');
  const items = await repo.listItems(db, cart.id);
  const facts = await repo.offeredProducts(db, shop.id, items.map((i) => i.product_id));
  return {
    shop: shop.slug, slug,
    items: items.flatMap((i) => {
      const p = facts.get(i.product_id);
      if (!p) return [];
      return [{
        product_id: p.id, name: p.name, photo: p.photos[0] ?? null, variant: i.variant, amount: i.amount, unit_price: unitPrice(p),
        currency: p.currency, available: lineProblem(p, 1, i.variant) === null,
      }];
    }),
  };
}

/** After an order is placed from the cart, its lines leave the cart. */
export async function removeOrderedLines(db: Db, shopId: string, userId: string, lines: { product_id: string; variant: Record<string, string> }[]) {
  const cart = await repo.findCart(db, shopId, userId);
  if (!cart) return;
  await repo.deleteLines(db, cart.id, lines.map((l) => ({ product_id: l.product_id, variant_key: variantKey(l.variant) })));
}

export const offeredProducts = repo.offeredProducts;
