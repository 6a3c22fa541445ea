// Reservation hoarding caps (pure rules; the counts come from repo.ts inside the purchase transaction, after the
// shopper's advisory locks, so concurrent requests of one shopper are decided one after the other).
// The numbers and why: src/lib/shared/constants.ts (CHECKOUT_MAX_RESTARTS ... CHECKOUT_HOLD_MIN_UNITS).
import {
  CHECKOUT_HOLD_MAX_SHARE, CHECKOUT_HOLD_MIN_UNITS, CHECKOUT_MAX_AGE_MS, CHECKOUT_MAX_RESTARTS, CHECKOUT_OPEN_PER_ADDRESS,
  CHECKOUT_OPEN_PER_SHOPPER,
} from '../../lib/shared/constants.ts';
import { variantKey } from '../cart/rules.ts';
import { config } from '../../lib/server/config.ts';

export const HOLD_MESSAGES = {
  restart_limit_reached: 'This purchase cannot be restarted again: start again from the cart',
  too_many_open_checkouts: 'You already have purchases in progress holding stock: finish or cancel one of them first',
  hold_limit_exceeded: (max: number, left: number) =>
    `At most ${max} units of this item can be held by one buyer at a time${left < max ? ` (${left} more for you now)` : ''}`,
} as const;

/** Who holds stock: a checkout counts as the shopper's when any of these match (nulls match nothing). */
export interface Holder {
  user_id: string | null;
  anonymous_id: string | null;
  guest_email: string | null;
  client_address: string | null;
}

/** The client address to count by, or undefined when the server could not tell it (the middleware's 'unknown'). */
export const knownAddress = (ip: string | undefined): string | undefined => (ip && ip !== 'unknown' ? ip : undefined);

/** Advisory lock keys of a holder, sorted (every transaction takes them in this order: no deadlock between them). */
export function holderLockKeys(h: Holder): string[] {
  const keys = [
    h.user_id && `hold:user:${h.user_id}`,
    h.anonymous_id && `hold:anon:${h.anonymous_id}`,
    h.guest_email && `hold:email:${h.guest_email.toLowerCase()}`,
    h.client_address && `hold:addr:${h.client_address}`,
  ].filter((k): k is string => !!k);
  return [...new Set(keys)].sort();
}

/** Why a checkout may not be restarted again (null: it may). Every restart counts, extension or new reservation. */
export function restartRefusal(c: { restarts: number; created_at: Date }, now = new Date()): 'restart_limit_reached' | null {
  if (c.restarts >= CHECKOUT_MAX_RESTARTS) return 'restart_limit_reached';
  if (now.getTime() - c.created_at.getTime() >= CHECKOUT_MAX_AGE_MS) return 'restart_limit_reached';
  return null;
}

/** Open checkouts holding stock allowed per client address (LOGIN_LIMIT_PER_ADDRESS's twin for offices behind one NAT). */
export const openPerAddress = () => config().CHECKOUT_LIMIT_PER_ADDRESS ?? CHECKOUT_OPEN_PER_ADDRESS;

/** Open checkouts holding stock allowed per shopper (CHECKOUT_LIMIT_PER_SHOPPER raises it: the browser suite buys many
 * times over as one demo customer). */
export const openPerShopper = () => config().CHECKOUT_LIMIT_PER_SHOPPER ?? CHECKOUT_OPEN_PER_SHOPPER;

/** Whether one more checkout holding stock is allowed, given what the shopper and the address already hold. */
export function mayOpenAnother(open: { shopper: number; address: number }): boolean {
  return open.shopper < openPerShopper() && open.address < openPerAddress();
}

/** Units of one product one shopper (or address) may hold at once: a share of the units on hand, never below the floor. */
export function holdCap(stockOnHand: number): number {
  return Math.max(CHECKOUT_HOLD_MIN_UNITS, Math.floor(Math.max(0, stockOnHand) * CHECKOUT_HOLD_MAX_SHARE));
}

/**
 * Field errors for products whose units (what the shopper already holds plus what this checkout asks) pass the cap,
 * keyed `items.<product id>`; null when every product is within it.
 */
export function holdProblems(wanted: Map<string, number>, held: Map<string, number>, onHand: Map<string, number>): Record<string, string[]> | null {
  const fields: Record<string, string[]> = {};
  for (const [id, q] of wanted) {
    const cap = holdCap(onHand.get(id) ?? 0);
    const mine = held.get(id) ?? 0;
    if (mine + q > cap) fields[`items.${id}`] = [HOLD_MESSAGES.hold_limit_exceeded(cap, Math.max(0, cap - mine))];
  }
  return Object.keys(fields).length ? fields : null;
}

/** Units one checkout holds of one stock row: the product's, or also one variant row's (variant_key '' for none). */
export interface ReservedUnits { product_id: string; variant_key: string; quantity: number }

/**
 * What a checkout's onstock lines reserve: summed per product and, for items sold per variant, per variant key
 * (the cart's canonical "Color=Negro|Talla=M"); sorted product id first, then key, which is the lock order.
 */
export function reservationUnits(lines: readonly { product_id: string; variant: Record<string, string>; amount: number }[], perVariant: (productId: string) => boolean): ReservedUnits[] {
  const units = new Map<string, ReservedUnits>();
  for (const l of lines) {
    const key = perVariant(l.product_id) ? variantKey(l.variant) : '';
    const k = `${l.product_id}|${key}`;
    const u = units.get(k);
    if (u) u.quantity += l.amount; else units.set(k, { product_id: l.product_id, variant_key: key, quantity: l.amount });
  }
  return [...units.values()].sort((a, b) => a.product_id.localeCompare(b.product_id) || a.variant_key.localeCompare(b.variant_key));
}
