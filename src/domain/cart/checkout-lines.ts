// The cart's steps of starting a checkout (src/flows/checkout.ts): which lines are asked for, whether each can be
// bought as asked, the per-order limits, and the price each line is charged. Pure, or reading the cart area only.
import type { Db } from '../../db/client.ts';
import type { LineSnapshot } from '../../db/schema/commerce.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import type { ShopRow } from '../shops/index.ts';
import * as repo from './repo.ts';
import type { OfferedProduct } from './repo.ts';
import { forVariant, QUANTITY_FIELD_KEYS, QUANTITY_MESSAGES, refusal, variantFieldKey, variantKey, variantProblems } from './rules.ts';
import { unitPrice } from './service.ts';
import { buyByRate, requireBuyBy } from './buy-by.ts';

/** A line as asked for: from the request, or from the signed-in buyer's cart. */
export interface RequestedLine { product_id: string; variant: Record<string, string>; amount: number; buy_by?: boolean }
export type Offer = Map<string, OfferedProduct>;

function refuse(code: 'unavailable_for_sale' | 'out_of_stock' | 'insufficient_stock' | 'max_purchase_amount_exceeded', message: string, fields: Record<string, string[]>, vars?: Record<string, number>): never {
  throw new AppError(code, message, { fields, vars });
}

/** The lines sent with the request ('buy now', or a guest's browser cart). */
export function linesOfRequest(items: { product_id: string; variant?: Record<string, string>; amount: number; buy_by?: boolean }[]): RequestedLine[] {
  return items.map((i) => ({ product_id: i.product_id, variant: i.variant ?? {}, amount: i.amount, buy_by: i.buy_by === true }));
}

/** The signed-in buyer's cart lines of one supplier order (supplier and currency); refuses when there are none. */
export async function linesOfCart(db: Db, shop: Pick<ShopRow, 'id'>, viewer: Viewer, supplierId: string | undefined, currency: string | undefined): Promise<RequestedLine[]> {
  const cart = viewer.kind === 'user' ? await repo.findCart(db, shop.id, viewer.user.id) : null;
  const items = cart ? await repo.listItems(db, cart.id) : [];
  const f = await repo.offeredProducts(db, shop.id, items.map((i) => i.product_id));
  const lines = items.filter((i) => {
    const p = f.get(i.product_id);
    return p?.supplier_id === supplierId && p?.currency === currency;
  }).map((i) => ({ product_id: i.product_id, variant: i.variant, amount: i.amount, buy_by: i.buy_by }));
  if (!lines.length) throw new AppError('conflict', 'Your cart holds nothing of this supplier order');
  return lines;
}

/** The same item and variant twice is one line ('buy by' when either asks for it; priceLines prices it). */
export function mergeLines(requested: RequestedLine[]): RequestedLine[] {
  const merged = new Map<string, RequestedLine>();
  for (const r of requested) {
    const k = `${r.product_id}|${variantKey(r.variant)}`;
    const m = merged.get(k);
    if (m) { m.amount += r.amount; m.buy_by = m.buy_by || r.buy_by; } else merged.set(k, { ...r });
  }
  return [...merged.values()];
}

/** What the shop offers of these lines' items, as the checkout sees it. */
export const offerOf = (db: Db, shop: Pick<ShopRow, 'id'>, lines: RequestedLine[]): Promise<Offer> =>
  repo.offeredProducts(db, shop.id, lines.map((l) => l.product_id));

/**
 * Refuses a line that cannot be bought (not offered, out of stock, a variant missing or sold out) and lines of more
 * than one supplier order; answers the supplier and currency of the order.
 */
export function checkLines(lines: RequestedLine[], facts: Offer, askedSupplierId: string | undefined, now: Date): { supplierId: string; currency: string } {
  const fields: Record<string, string[]> = {};
  const fieldVars: Record<string, { axis: string }> = {};
  let supplierId: string | null = null;
  let currency: string | null = null;
  for (const l of lines) {
    const p = facts.get(l.product_id);
    const key = `items.${l.product_id}`;
    if (!p || !p.offered || !p.supplier) refuse('unavailable_for_sale', QUANTITY_MESSAGES.unavailable_for_sale, { [key]: [QUANTITY_FIELD_KEYS.unavailable_for_sale] });
    const why = refusal(p, now);
    if (why) refuse(why, QUANTITY_MESSAGES[why], { [key]: [QUANTITY_FIELD_KEYS[why]] });
    const vp = variantProblems(p.variants, l.variant);
    if (vp) {
      for (const axis of Object.keys(vp)) {
        (fields[`${key}.variant.${axis}`] ??= []).push(variantFieldKey(p.variants, axis));
        fieldVars[`${key}.variant.${axis}`] = { axis };
      }
    } else {
      // An item sold per variant: the chosen variant may be out of stock while others are not.
      const variantWhy = refusal(forVariant(p, l.variant), now);
      if (variantWhy) refuse(variantWhy, QUANTITY_MESSAGES[variantWhy], { [key]: [QUANTITY_FIELD_KEYS[variantWhy]] });
    }
    supplierId ??= p.supplier_id;
    currency ??= p.currency;
    if (p.supplier_id !== supplierId || p.currency !== currency) {
      throw new AppError('validation_error', 'One checkout is one supplier order: items of one supplier and currency', { fields: { items: ['validation.oneSupplier'] } });
    }
  }
  if (Object.keys(fields).length) throw new AppError('validation_error', 'Choose the options of each item', { fields, fieldVars });
  if (askedSupplierId && supplierId !== askedSupplierId) throw new AppError('validation_error', 'These items are not of that supplier', { fields: { supplier_id: ['validation.invalidOption'] } });
  return { supplierId: supplierId!, currency: currency! };
}

/** Quantities summed per product; refuses more than an item's max_purchase_amount. */
export function checkPurchaseLimits(lines: RequestedLine[], facts: Offer): Map<string, number> {
  const perProduct = new Map<string, number>();
  for (const l of lines) perProduct.set(l.product_id, (perProduct.get(l.product_id) ?? 0) + l.amount);
  for (const [id, q] of perProduct) {
    const p = facts.get(id)!;
    if (p.max_purchase_amount !== null && q > p.max_purchase_amount) {
      const m = QUANTITY_MESSAGES.max_purchase_amount_exceeded(p.max_purchase_amount);
      refuse('max_purchase_amount_exceeded', m, { [`items.${id}`]: [QUANTITY_FIELD_KEYS.max_purchase_amount_exceeded] }, { max: p.max_purchase_amount });
    }
  }
  return perProduct;
}

/** Each line as the order keeps it, priced here: 'buy by' lines from the viewer's level and the stored item, never from the request. */
export async function priceLines(db: Db, shop: Pick<ShopRow, 'id' | 'signup_plan'>, viewer: Viewer, lines: RequestedLine[], facts: Offer): Promise<LineSnapshot[]> {
  const level = viewer.kind === 'user' ? viewer.user.user_level : null;
  const rate = lines.some((l) => l.buy_by) ? await buyByRate(db, shop, level) : null;
  return lines.map((l) => {
    const p = facts.get(l.product_id)!;
    const net = l.buy_by ? requireBuyBy(p, rate, level) : null;
    const price = net ? net.unit_price : unitPrice(p);
    return {
      product_id: p.id, variant: l.variant, amount: l.amount, name: p.name, photo: p.photos[0] ?? null, type: p.type,
      unit_price: price, crossout_price: p.crossout_price, currency: p.currency, stock_type: p.stock_type,
      is_dropshipping: p.is_dropshipping, owner: p.owner, experience_date: p.experience_date ? new Date(p.experience_date).toISOString() : null,
      // The margin of the price actually charged (never above it: a free item gives nothing up); a 'buy by' line keeps
      // what is left after the earning the buyer took as a discount.
      contribution_margin: net ? net.contribution_margin : Math.min(p.contribution_margin, unitPrice(p)),
      ...(net ? { buy_by: true } : {}),
    };
  });
}
