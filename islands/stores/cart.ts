// Cart nanostores (seed 001 §2, §5): the anonymous shopper's cart per shop persisted in localStorage (with
// amounts and a snapshot of name/price/supplier for display), the drawer's open flag and the header badge count.
import { atom } from 'nanostores';
import type { CartView } from '../../src/domain/cart/schema.ts';
import { CART_MAX_AMOUNT, CART_MAX_LINES } from '../../src/lib/shared/constants.ts';
import { cartCookieName, cartCookieValue } from '../../src/lib/shared/cart-cookie.ts';

export interface LocalItem {
  product_id: string;
  variant: Record<string, string>;
  amount: number;
  name: string;
  photo: string | null;
  unit_price: number;
  crossout_price: number | null;
  currency: string;
  supplier: string;
  max_purchase_amount: number | null;
  available: number | null;
  stock_type: string;
}
/** `limit`: the number the notice is about (the most allowed), for the island to say it in the shopper's language. */
export interface LocalNotice { code: string; message: string; limit?: number }

export const storageKey = (shop: string) => `cart:${shop}`;
export const $cartOpen = atom(false);
export const $cartCount = atom(0);

const stores = new Map<string, ReturnType<typeof atom<LocalItem[]>>>();

function read(shop: string): LocalItem[] {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey(shop));
    const v = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? v.filter((x) => x && typeof x.product_id === 'string' && Number.isInteger(x.amount) && x.amount > 0) : [];
  } catch { return []; }
}

/**
 * The cart's lines mirrored in a cookie (cartCookieName), so the cart page is rendered with them on the server
 * instead of empty until the island runs (src/components/store/guest-cart.ts reads it): product, variant and amount
 * only (names and prices are the server's). '0' is an empty cart; no cookie (or one too long) is "not known".
 */
function mirror(shop: string, items: readonly LocalItem[]) {
  const value = cartCookieValue(items);
  try {
    if (globalThis.document) document.cookie = `${cartCookieName(shop)}=${value ?? ''}; path=/; samesite=lax; max-age=${value ? 31_536_000 : 0}`;
  } catch { /* cookies blocked: the page renders the cart once the island runs */ }
}

/** The persisted local cart of one shop (one atom per shop; every change is written back). */
export function localCart(shop: string) {
  let s = stores.get(shop);
  if (!s) {
    s = atom<LocalItem[]>(read(shop));
    mirror(shop, s.get());
    s.listen((items) => {
      try {
        if (items.length) globalThis.localStorage?.setItem(storageKey(shop), JSON.stringify(items));
        else globalThis.localStorage?.removeItem(storageKey(shop));
      } catch { /* storage full or blocked: keep the in-memory cart */ }
      mirror(shop, items);
    });
    stores.set(shop, s);
  }
  return s;
}

export const localCount = (items: LocalItem[]) => items.reduce((n, i) => n + i.amount, 0);
const sameLine = (a: Pick<LocalItem, 'product_id' | 'variant'>, b: Pick<LocalItem, 'product_id' | 'variant'>) =>
  a.product_id === b.product_id && JSON.stringify(Object.entries(a.variant).sort()) === JSON.stringify(Object.entries(b.variant).sort());

/** Adjust an amount to stock (unless on demand) and max_purchase_amount (seed 001 §5); the notice says why. */
export function clampAmount(item: Pick<LocalItem, 'max_purchase_amount' | 'available' | 'stock_type'>, amount: number): { amount: number; notice: LocalNotice | null } {
  let n = Math.min(Math.max(1, Math.trunc(amount)), CART_MAX_AMOUNT);
  let notice: LocalNotice | null = null;
  if (item.max_purchase_amount !== null && n > item.max_purchase_amount) {
    n = item.max_purchase_amount;
    notice = { code: 'max_purchase_amount_exceeded', limit: item.max_purchase_amount, message: `Purchase amount exceeded: at most ${item.max_purchase_amount} per order` };
  }
  if (item.stock_type !== 'ondemand' && item.available !== null && n > item.available) {
    n = Math.max(1, item.available);
    notice = { code: 'quantity_exceeded', limit: item.available, message: `Quantity exceeded: only ${item.available} available` };
  }
  return { amount: n, notice };
}

export function addLocal(shop: string, item: LocalItem): LocalNotice | null {
  const s = localCart(shop);
  const items = s.get();
  const i = items.findIndex((x) => sameLine(x, item));
  if (i < 0 && items.length >= CART_MAX_LINES) return { code: 'conflict', limit: CART_MAX_LINES, message: `A cart holds at most ${CART_MAX_LINES} lines` };
  const want = (i >= 0 ? items[i]!.amount : 0) + item.amount;
  const { amount, notice } = clampAmount(item, want);
  const next = i >= 0 ? items.map((x, j) => (j === i ? { ...item, amount } : x)) : [...items, { ...item, amount }];
  s.set(next);
  $cartCount.set(localCount(next));
  return notice;
}

export function setLocalAmount(shop: string, index: number, amount: number): LocalNotice | null {
  const s = localCart(shop);
  const items = s.get();
  const it = items[index];
  if (!it || !Number.isInteger(amount) || amount < 1) return null; // zero or empty is ignored
  const r = clampAmount(it, amount);
  const next = items.map((x, j) => (j === index ? { ...x, amount: r.amount } : x));
  s.set(next);
  $cartCount.set(localCount(next));
  return r.notice;
}

/** The server's names, photos, prices and stock for the lines it knows (the cart page's render), amounts kept. */
export function refreshLocal(shop: string, fresh: readonly LocalItem[]) {
  const s = localCart(shop);
  const items = s.get();
  const next = items.map((x) => {
    const f = fresh.find((y) => sameLine(x, y));
    return f ? { ...f, amount: x.amount } : x;
  });
  if (JSON.stringify(next) !== JSON.stringify(items)) s.set(next);
}

export function removeLocal(shop: string, index: number) {
  const s = localCart(shop);
  const next = s.get().filter((_, j) => j !== index);
  s.set(next);
  $cartCount.set(localCount(next));
}

export function clearLocal(shop: string) {
  localCart(shop).set([]);
}

/**
 * At login (first page view signed in): send the local cart to POST /api/cart/merge; amounts add up on the server.
 * The local cart is cleared only when the server answered, so nothing is lost on a failure.
 */
export async function mergeLocalCart(shop: string, fetcher: typeof fetch = fetch): Promise<CartView | null> {
  const items = localCart(shop).get();
  if (!items.length) return null;
  const res = await fetcher('/api/cart/merge', {
    method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin',
    body: JSON.stringify({ shop, items: items.map((i) => ({ product_id: i.product_id, variant: i.variant, amount: i.amount })) }),
  });
  if (!res.ok) return null;
  const view = (await res.json()) as CartView;
  clearLocal(shop);
  $cartCount.set(view.amount);
  return view;
}
