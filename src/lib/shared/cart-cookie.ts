// The anonymous shopper's cart mirrored in a cookie (browser-safe): the browser's cart store writes it on every change
// (islands/stores/cart.ts) and the cart page reads it to render the lines on the server, so the page is not empty
// until the island runs. Only product, variant and amount travel; names, photos and prices are the server's. No zod
// here (the store ships to the browser): the server reads it with src/components/store/guest-cart.ts.

/** Cookie values stay under the common 4 KB per-cookie limit with their name and attributes. */
export const CART_COOKIE_MAX = 3600;
export const EMPTY_CART_COOKIE = '0';

export const cartCookieName = (shop: string) => `cart_${shop.replace(/[^a-z0-9_-]/gi, '_')}`;

export interface CookieLine { product_id: string; amount: number; variant: Record<string, string> }

/** The cookie's value for these lines (URI-encoded JSON), '0' for none, null when too long to mirror. */
export function cartCookieValue(items: readonly CookieLine[]): string | null {
  if (!items.length) return EMPTY_CART_COOKIE;
  const v = encodeURIComponent(JSON.stringify(items.map((i) => (Object.keys(i.variant).length ? [i.product_id, i.amount, i.variant] : [i.product_id, i.amount]))));
  return v.length <= CART_COOKIE_MAX ? v : null;
}
