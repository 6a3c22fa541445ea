// The anonymous shopper's cart on the cart page's server render (issue 27: it was empty for 1-2 s until the island
// ran): the lines the browser's cart mirrors in its cookie (src/lib/shared/cart-cookie.ts), shown with the server's
// names, photos, prices and stock; the island starts from the same lines, so nothing moves when it hydrates.
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { offeredProducts } from '../../domain/cart/service.ts';
import { availableUnits, forVariant } from '../../domain/cart/rules.ts';
import type { ShopRow } from '../../domain/shops/index.ts';
import { CART_MAX_AMOUNT, CART_MAX_LINES } from '../../lib/shared/constants.ts';
import { CART_COOKIE_MAX, EMPTY_CART_COOKIE, type CookieLine } from '../../lib/shared/cart-cookie.ts';
import type { LocalItem } from '../../../islands/stores/cart.ts';

/** [product_id, amount] or [product_id, amount, variant]. */
const line = z.union([
  z.tuple([z.uuid(), z.number().int().min(1).max(CART_MAX_AMOUNT)]),
  z.tuple([z.uuid(), z.number().int().min(1).max(CART_MAX_AMOUNT), z.record(z.string().min(1).max(60), z.string().min(1).max(60))]),
]);
const lines = z.array(line).max(CART_MAX_LINES);

/** The lines a cookie value (already URI-decoded) names: [] for '0', null when absent or not a valid list. */
export function readCartCookie(raw: string | undefined): CookieLine[] | null {
  if (raw === undefined || raw === '') return null;
  if (raw === EMPTY_CART_COOKIE) return [];
  if (raw.length > CART_COOKIE_MAX || raw.includes('\0')) return null;
  try {
    const parsed = lines.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.map(([product_id, amount, variant]) => ({ product_id, amount, variant: variant ?? {} })) : null;
  } catch { return null; }
}

/** The guest's cart lines as the island shows them, or null when the cookie says nothing (the island reads the browser). */
export async function guestCartLines(db: Db, shop: ShopRow, raw: string | undefined): Promise<LocalItem[] | null> {
  const wanted = readCartCookie(raw);
  if (!wanted) return null;
  if (!wanted.length) return [];
  const facts = await offeredProducts(db, shop.id, [...new Set(wanted.map((l) => l.product_id))]);
  return wanted.flatMap((l) => {
    const p = facts.get(l.product_id);
    if (!p || !p.offered || !p.supplier) return [];
    return [{
      product_id: p.id, variant: l.variant, amount: l.amount, name: p.name, photo: p.photos[0] ?? null, unit_price: p.is_free ? 0 : p.list_price,
      crossout_price: p.crossout_price, currency: p.currency, supplier: p.supplier.name, max_purchase_amount: p.max_purchase_amount,
      available: availableUnits(forVariant(p, l.variant)), stock_type: p.stock_type,
    }];
  });
}
