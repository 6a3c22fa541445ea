// Starting a checkout (a flow: it spans the cart, which knows what the shop offers and at what price; suppliers and
// payments, which say whether the supplier can sell; and checkout, which holds the stock for the countdown). Pages and
// endpoints call it; no domain area does. Each step is one call into an area's public index.ts.
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/shared/errors.ts';
import type { Viewer } from '../lib/shared/viewer.ts';
import {
  assertShopSells, checkLines, checkPurchaseLimits, linesOfCart, linesOfRequest, mergeLines, offerOf, priceLines, SUPPLIER_MISSING_CONFIGURATION,
} from '../domain/cart/index.ts';
import { checkoutSupplier, holdAndOpen, requireBuyer, type CheckoutView, type StartInput } from '../domain/checkout/index.ts';
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
  const lines = mergeLines(input.items?.length ? linesOfRequest(input.items) : await linesOfCart(db, shop, viewer, input.supplier_id, await askedCurrency(db, input)));
  const facts = await offerOf(db, shop, lines);
  const { supplierId, currency } = checkLines(lines, facts, input.supplier_id, new Date());
  const supplier = await requireSellingSupplier(db, supplierId);
  const perProduct = checkPurchaseLimits(lines, facts);
  const snapshot = await priceLines(db, shop, viewer, lines, facts);
  return holdAndOpen(db, shop, viewer, input, { supplier, currency, lines, facts, perProduct, snapshot });
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
