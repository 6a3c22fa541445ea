// Starting a checkout (a flow: it spans the cart, which knows what the shop offers and at what price; suppliers and
// payments, which say whether the supplier can sell; and checkout, which holds the stock for the countdown). Pages and
// endpoints call it; no domain area does. Each step is one call into an area's public index.ts.
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/shared/errors.ts';
import type { Viewer } from '../lib/shared/viewer.ts';
import {
  assertShopSells, checkLines, checkPurchaseLimits, linesOfCart, linesOfRequest, mergeLines, offerOf, priceLines, SUPPLIER_MISSING_CONFIGURATION, type Offer,
} from '../domain/cart/index.ts';
import { checkoutSupplier, holdAndOpen, ownHolds, requireBuyer, type CheckoutView, type StartInput } from '../domain/checkout/index.ts';
import { methodAvailable } from '../domain/payments/index.ts';
import type { ShopRow } from '../domain/shops/index.ts';
import { sellsHere } from '../domain/suppliers/index.ts';

export type { StartInput } from '../domain/checkout/index.ts';

/**
 * Starts the checkout of one supplier order and reserves its stock. A cart checkout replaces the same buyer's
 * earlier open checkout of that supplier order (its units are released in the same transaction), so a double
 * click never holds stock twice.
 */
export async function startCheckout(db: Db, shop: ShopRow, viewer: Viewer, input: StartInput): Promise<CheckoutView> {
  assertShopSells(shop);
  requireBuyer(viewer, input);
  const asked = input.items?.length ? undefined : await askedCurrency(db, input);
  const lines = mergeLines(input.items?.length ? linesOfRequest(input.items) : await linesOfCart(db, shop, viewer, input.supplier_id, asked));
  const facts = await offerOf(db, shop, lines);
  if (!input.buy_now && input.supplier_id) await countOwnHoldsFree(db, shop, viewer, facts, input.supplier_id, asked);
  const { supplierId, currency } = checkLines(lines, facts, input.supplier_id, new Date());
  const supplier = await requireSellingSupplier(db, supplierId);
  const perProduct = checkPurchaseLimits(lines, facts);
  const snapshot = await priceLines(db, shop, viewer, lines, facts);
  return holdAndOpen(db, shop, viewer, input, { supplier, currency, lines, facts, perProduct, snapshot });
}

/**
 * A cart start replaces the shopper's earlier open checkout of the same cart order and gives its units back in the
 * same transaction (holdAndOpen): those units are the shopper's to take again, not 'out of stock' to them. The
 * reservation itself stays conditional, so nothing is ever sold twice.
 */
async function countOwnHoldsFree(db: Db, shop: ShopRow, viewer: Viewer, facts: Offer, supplierId: string, currency: string | undefined) {
  const mine = (await ownHolds(db, viewer, shop.id)).filter((h) => h.source === 'cart' && h.supplier_id === supplierId && (!currency || h.currency === currency));
  for (const h of mine) {
    for (const [k, q] of h.units) {
      const at = k.indexOf(' ');
      const productId = k.slice(0, at);
      const variantKey = k.slice(at + 1);
      const p = facts.get(productId);
      if (!p) continue;
      // A variant's units are held on the product's row and on the variant's.
      const variants = variantKey && p.variant_available ? { ...p.variant_available, [variantKey]: (p.variant_available[variantKey] ?? 0) + q } : p.variant_available;
      facts.set(productId, { ...p, stock_reserved: Math.max(0, p.stock_reserved - q), variant_available: variants });
    }
  }
}

/** The currency of the cart order asked for: the request's, else its supplier's. */
async function askedCurrency(db: Db, input: StartInput): Promise<string | undefined> {
  const supplier = input.supplier_id ? await checkoutSupplier(db, input.supplier_id) : null;
  return input.currency ?? supplier?.currency;
}

/** The order's supplier, refused when it cannot take any payment method here (its configuration is missing). */
async function requireSellingSupplier(db: Db, supplierId: string) {
  const supplier = (await checkoutSupplier(db, supplierId))!;
  if (!sellsHere(supplier, methodAvailable)) throw new AppError('supplier_not_configured', SUPPLIER_MISSING_CONFIGURATION);
  return supplier;
}
