// Pure money rules of the ledger: who gets what of a paid order, how a refund is shared out, when the next
// cut-off is. Integer minor units only; every split adds up to its input exactly (largest remainder).
import { resaleEarning } from '../catalog/schema.ts';

export type Role = 'supplier' | 'reseller' | 'promoter' | 'platform';

/**
 * What a referral promoter earns when the buyer came through their referral cookie: this share of the contribution
 * margin, taken from the platform's part (the reseller's commission never shrinks because a promoter brought the
 * buyer). Decision recorded in docs/architecture-notes.md (issue 12).
 */
export const PROMOTER_RATE = '0.1';

export interface SplitLine {
  unit_price: number; amount: number; contribution_margin: number;
  /** Bought 'buy by' (issue 13): the buyer took the resale earning as a discount, so no reseller part is paid on it. */
  buy_by?: boolean;
}
export interface Party { role: Role; holder: string | null; amount: number }

/**
 * The parts of a paid order (items and shipping), seed 001 §1, §9:
 * - reseller (the shop's owner): per unit, margin x plan rate (rounded half up to the minor unit, as the product
 *   card shows 'Ganas $X por venta');
 * - promoter (when there is one): per unit, margin x PROMOTER_RATE, never more than what is left of the margin;
 * - platform: the rest of the margin;
 * - supplier: everything else (price less margin, plus shipping). The parts sum to `paid` exactly.
 * A holder that is missing (no reseller) leaves its part to the platform.
 */
export function splitOrder(input: {
  paid: number; lines: SplitLine[]; rate: string; supplier: string; reseller: string | null; promoter: string | null;
}): Party[] {
  let margin = 0;
  let reseller = 0;
  let promoter = 0;
  for (const l of input.lines) {
    const unitMargin = Math.max(0, Math.min(l.contribution_margin, l.unit_price));
    margin += unitMargin * l.amount;
    const r = input.reseller && !l.buy_by ? Math.min(resaleEarning(unitMargin, input.rate), unitMargin) : 0;
    const p = input.promoter ? Math.min(resaleEarning(unitMargin, PROMOTER_RATE), unitMargin - r) : 0;
    reseller += r * l.amount;
    promoter += p * l.amount;
  }
  margin = Math.min(margin, input.paid);
  reseller = Math.min(reseller, margin);
  promoter = Math.min(promoter, margin - reseller);
  const platform = margin - reseller - promoter;
  const supplier = input.paid - margin;
  const parts: Party[] = [
    { role: 'supplier', holder: input.supplier, amount: supplier },
    { role: 'reseller', holder: input.reseller, amount: reseller },
    { role: 'promoter', holder: input.promoter, amount: promoter },
    { role: 'platform', holder: null, amount: platform },
  ];
  return parts.filter((p) => p.amount !== 0);
}

/**
 * Shares `total` out in proportion to `weights` (all >= 0), to the minor unit: floors first, then the units left
 * go to the largest remainders (ties: the earlier weight). Sum of the result === total whenever some weight > 0.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const big = weights.map((w) => BigInt(w) * BigInt(total));
  const base = big.map((b) => Number(b / BigInt(sum)));
  const rest = big.map((b, i) => ({ i, r: Number(b % BigInt(sum)) }));
  let left = total - base.reduce((a, b) => a + b, 0);
  rest.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of rest) {
    if (left <= 0) break;
    base[i]! += 1;
    left -= 1;
  }
  return base;
}

/** The next cut-off date (YYYY-MM-DD, UTC) on `weekday` (ISO 1..7) strictly after `now`'s day. */
export function nextCutoffDate(now: Date, weekday: number): string {
  const day = now.getUTCDay() === 0 ? 7 : now.getUTCDay();
  const ahead = ((weekday - day + 7) % 7) || 7;
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ahead));
  return d.toISOString().slice(0, 10);
}

/** Sandbox payout provider: pays any 18-digit CLABE except those ending in 0000 (the failure case to try). */
export function sandboxPayoutOutcome(destination: string): { ok: true } | { ok: false; message: string } {
  if (!/^\d{18}$/.test(destination)) return { ok: false, message: 'Invalid CLABE' };
  return destination.endsWith('0000') ? { ok: false, message: 'The bank rejected the transfer (sandbox account ending in 0000)' } : { ok: true };
}
