// Pure rules of the plans tab (issue 26; seed 001 §3 plan record, §9 'Resale earning = contribution margin times
// plan commission rate'): what the shop's current plan gives, and what changing to another plan would change.
import { applyRate } from '../../lib/shared/money.ts';

export interface PlanFigures { id: string; price: number; currency: string; rate: string; contribution_margin: number }

/**
 * What a plan gives per sale: the contribution margin times its commission rate (minor units), rounded by the money
 * module as a sale's earning is (catalog's resaleEarning is the same call).
 */
export const earningPerSale = (p: PlanFigures) => applyRate(p.contribution_margin, p.rate);

export type Direction = 'same' | 'up' | 'down';
const direction = (from: number, to: number): Direction => (to === from ? 'same' : to > from ? 'up' : 'down');

export interface PlanChange {
  price: { direction: Direction; difference: number };
  rate: { direction: Direction };
  earning: { direction: Direction; difference: number; perSale: number };
  /** Prices in another currency are not compared (every plan of the spec is in MXN). */
  comparable: boolean;
}

/** What moving from `current` to `other` changes: the price per period, the commission rate and the earning per sale. */
export function planChange(current: PlanFigures, other: PlanFigures): PlanChange {
  const comparable = current.currency === other.currency;
  const now = earningPerSale(current);
  const then = earningPerSale(other);
  return {
    price: { direction: comparable ? direction(current.price, other.price) : 'same', difference: comparable ? Math.abs(other.price - current.price) : 0 },
    rate: { direction: direction(Number(current.rate), Number(other.rate)) },
    earning: { direction: comparable ? direction(now, then) : 'same', difference: comparable ? Math.abs(then - now) : 0, perSale: then },
    comparable,
  };
}
