// The cart as the shopper reads it (a flow: the cart area prices the lines, the checkout area knows which of the
// shopper's own open checkouts hold units). Units held by the shopper's own checkout are not 'out of stock' to them:
// - held by this very cart order's open checkout: starting it again ('Pagar pedido') replaces that checkout and frees
//   its units in the same transaction, so the line is fine and the order links to the checkout in course;
// - held by another of their checkouts (a 'buy now'): the line says so and links to it.
import type { Db } from '../db/client.ts';
import type { Viewer } from '../lib/shared/viewer.ts';
import { getCart, type CartView } from '../domain/cart/index.ts';
import { ownHolds, type OwnHold } from '../domain/checkout/index.ts';
import type { ShopRow } from '../domain/shops/index.ts';
import { stockState } from '../lib/shared/stock.ts';

export const HELD_IN_CHECKOUT = 'Held in your open checkout';

/** The signed-in shopper's cart with their own held units accounted for. */
export async function cartWithHolds(db: Db, shop: ShopRow, viewer: Viewer): Promise<CartView> {
  return ownHoldsIn(db, shop, viewer, await getCart(db, shop, viewer));
}

/** A cart view the cart area answered (after a change too), with the shopper's own held units accounted for. */
export async function ownHoldsIn(db: Db, shop: ShopRow, viewer: Viewer, cart: CartView): Promise<CartView> {
  if (!cart.orders.length) return cart;
  return withHolds(cart, await ownHolds(db, viewer, shop.id));
}

const SHORT = new Set(['out_of_stock', 'quantity_exceeded']);

function heldOf(h: OwnHold, productId: string, variant: Record<string, string>): number {
  const key = Object.keys(variant).sort().map((k) => `${k}=${variant[k]}`).join('|');
  return (h.units.get(`${productId} ${key}`) ?? 0) + (key ? h.units.get(`${productId} `) ?? 0 : 0);
}

/** Pure: the cart view given the shopper's holds (see the file's head). */
export function withHolds(cart: CartView, holds: OwnHold[]): CartView {
  if (!holds.length) return cart;
  const orders = cart.orders.map((o) => {
    const same = holds.find((h) => h.source === 'cart' && h.supplier_id === o.supplier.id && h.currency === o.currency) ?? null;
    const products = o.products.map((l) => {
      if (!l.problem || !SHORT.has(l.problem.code) || l.available === null || l.available >= l.amount) return l;
      const mine = same ? heldOf(same, l.product_id, l.variant) : 0;
      if (mine > 0 && l.available + mine >= l.amount) {
        const available = l.available + mine;
        return { ...l, available, problem: null, stock_state: stockState({ stock_type: l.stock_type, available }) };
      }
      const other = holds.find((h) => heldOf(h, l.product_id, l.variant) > 0);
      return other ? { ...l, problem: { code: 'held_in_checkout', message: HELD_IN_CHECKOUT, product_id: l.product_id, checkout_id: other.id } } : l;
    });
    const blocked = !o.is_configured ? o.blocked : products.find((l) => l.problem)?.problem ?? null;
    return { ...o, products, blocked, held_checkout: same ? { id: same.id, expires_at: same.expires_at } : null };
  });
  return { ...cart, orders };
}
