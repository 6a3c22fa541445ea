// Pure rules of the supplier's side: when a supplier can sell (is_configured), and how a franchise order's units are
// packed into boxes. No I/O: which payment methods this server takes is passed in.
import { ITEM_WEIGHT_G } from '../checkout/rates.ts';
import type { ConfigurationGap } from './schema.ts';

/** The built-in couriers (src/domain/checkout/rates.ts) quote in pesos only. */
export const COURIER_CURRENCY = 'MXN';

export interface ConfigurationFacts {
  enabled_payment_types: readonly string[];
  fixed_shipping_cost: number | null;
  fixed_shipping_days: number | null;
  courier_shipping: boolean;
  currency: string;
  /** Enabled collection branches. */
  branches: number;
  /**
   * Whether buyers need delivery: the supplier has a physical product, or nothing yet (a new supplier is asked for a
   * delivery way). A catalogue of services and experiences only needs none: checkout asks no delivery for them.
   */
  needs_delivery: boolean;
}

/** The ways a buyer of this supplier can receive physical goods (checkout's delivery options, by kind). */
export function deliveryWays(f: Pick<ConfigurationFacts, 'fixed_shipping_cost' | 'fixed_shipping_days' | 'courier_shipping' | 'currency' | 'branches'>) {
  return {
    fixed: f.fixed_shipping_cost !== null && f.fixed_shipping_days !== null,
    courier: f.courier_shipping && f.currency === COURIER_CURRENCY,
    collection: f.branches > 0,
  };
}

/**
 * What keeps the supplier from selling (empty: configured): at least one enabled payment method this server can take,
 * and, when buyers need delivery, at least one way to deliver (fixed shipping, the couriers, or a branch to collect at).
 */
export function configurationGaps(f: ConfigurationFacts, takes: (method: string) => boolean): ConfigurationGap[] {
  const gaps: ConfigurationGap[] = [];
  if (!f.enabled_payment_types.some(takes)) gaps.push('payment_method');
  const ways = deliveryWays(f);
  if (f.needs_delivery && !ways.fixed && !ways.courier && !ways.collection) gaps.push('delivery');
  return gaps;
}

/**
 * The stored flag, read where a purchase starts (cart, checkout): it was computed on this server's methods when the
 * settings last changed; a server started later without the sandbox providers may take none of them, so the methods
 * are checked again here.
 */
export function sellsHere(s: { is_configured: boolean; enabled_payment_types: readonly string[] }, takes: (method: string) => boolean): boolean {
  return s.is_configured && s.enabled_payment_types.some(takes);
}

// ---------- packing (seed 001 §7 franchise binpacked / notpacked) ----------

/**
 * The standard shipping box: 40 x 30 x 30 cm (36,000 cm³), at most 10 kg (the courier table's 10 kg band). A unit
 * without weight counts as the couriers' 1 kg; without all three sides, as 20 x 15 x 10 cm.
 */
export const PACKING_BOX = { length_cm: 40, width_cm: 30, height_cm: 30, max_weight_g: 10_000 } as const;
export const DEFAULT_UNIT_SIDES_CM = [20, 15, 10] as const;
export const boxVolume = (b: { length_cm: number; width_cm: number; height_cm: number } = PACKING_BOX) => b.length_cm * b.width_cm * b.height_cm;

export interface PackItem {
  /** The order line. */
  item_id: string;
  units: number;
  weight_g: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
}

export interface PlannedBox {
  box: number;
  oversize: boolean;
  weight_g: number;
  volume_cm3: number;
  items: { item_id: string; units: number; weight_g: number; volume_cm3: number }[];
}

function unitOf(i: PackItem) {
  const sides = i.length_cm && i.width_cm && i.height_cm ? [i.length_cm, i.width_cm, i.height_cm] : [...DEFAULT_UNIT_SIDES_CM];
  sides.sort((a, b) => b - a);
  return { item_id: i.item_id, weight_g: i.weight_g ?? ITEM_WEIGHT_G, sides, volume: sides[0]! * sides[1]! * sides[2]! };
}

/**
 * First-fit decreasing over volume and weight: units sorted largest first (then heaviest, then by line for a stable
 * plan), each into the first open box whose remaining volume and weight take it, else into a new box. A unit whose
 * sides (sorted) exceed the box's, or heavier than the box's limit, travels alone in a box marked oversize. Volume is
 * a bound, not a geometric fit: the dispatcher may still need a second box, which the list then shows as planned.
 */
export function packUnits(items: readonly PackItem[], box: typeof PACKING_BOX = PACKING_BOX): PlannedBox[] {
  const boxSides = [box.length_cm, box.width_cm, box.height_cm].sort((a, b) => b - a);
  const capacity = boxVolume(box);
  const units = items.flatMap((i) => Array.from({ length: Math.max(0, i.units) }, () => unitOf(i)));
  units.sort((a, b) => b.volume - a.volume || b.weight_g - a.weight_g || a.item_id.localeCompare(b.item_id));
  const open: { oversize: boolean; weight: number; volume: number; units: typeof units }[] = [];
  for (const u of units) {
    const fits = u.sides.every((s, k) => s <= boxSides[k]!) && u.weight_g <= box.max_weight_g;
    if (!fits) { open.push({ oversize: true, weight: u.weight_g, volume: u.volume, units: [u] }); continue; }
    const target = open.find((b) => !b.oversize && b.volume + u.volume <= capacity && b.weight + u.weight_g <= box.max_weight_g);
    if (target) { target.units.push(u); target.volume += u.volume; target.weight += u.weight_g; }
    else open.push({ oversize: false, weight: u.weight_g, volume: u.volume, units: [u] });
  }
  return open.map((b, n) => {
    const per = new Map<string, { item_id: string; units: number; weight_g: number; volume_cm3: number }>();
    for (const u of b.units) {
      const e = per.get(u.item_id) ?? { item_id: u.item_id, units: 0, weight_g: 0, volume_cm3: 0 };
      e.units += 1; e.weight_g += u.weight_g; e.volume_cm3 += u.volume;
      per.set(u.item_id, e);
    }
    return { box: n + 1, oversize: b.oversize, weight_g: b.weight, volume_cm3: b.volume, items: [...per.values()] };
  });
}
