// Pure rules of packages: the paid period, what the sandbox card answers, and the ledger lines of a paid period.
// Integer minor units only; the lines of a payment always sum to zero.
import { resaleEarning } from '../catalog/schema.ts';
import type { EntryInput } from '../wallet/index.ts';

/** The same day of the next month (the 31st of January renews on the last day of February), same time. */
export function addMonth(d: Date): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
}

/**
 * The sandbox card's answer for a package (src/domain/payments/cards.ts test numbers). A package is charged at
 * once, so cards that would need the shopper on a 3-D Secure page are refused as needing authentication.
 */
export function packageCharge(behaviour: string): { ok: true } | { ok: false; code: string } {
  switch (behaviour) {
    case 'approve': return { ok: true };
    case 'decline': return { ok: false, code: 'card_declined' };
    case 'insufficient_funds': return { ok: false, code: 'insufficient_funds' };
    case 'challenge_3ds':
    case 'requires_action': return { ok: false, code: 'authentication_required' };
    default: return { ok: false, code: 'processing_error' };
  }
}

/**
 * A paid period in the ledger: the bank's clearing gives the price; the person who brought the buyer into the
 * network (their referral parent) earns the plan's contribution margin x the plan's rate, pending until the period's
 * 14-day refund window closes (issue 23: commissionReleaseAt, held in commission_holds, released by the sweeper);
 * the platform keeps the rest as revenue.
 */
export function subscriptionEntries(p: { price: number; currency: string; margin: number; rate: string; referrer: string | null }): EntryInput[] {
  const earning = p.referrer ? Math.min(p.price, Math.max(0, resaleEarning(Math.min(p.margin, p.price), p.rate))) : 0;
  return [
    { holder: null, role: 'bank', account: 'clearing', currency: p.currency, amount: -p.price },
    ...(earning ? [{ holder: p.referrer, role: 'promoter', account: 'pending', currency: p.currency, amount: earning }] : []),
    { holder: null, role: 'platform', account: 'revenue', currency: p.currency, amount: p.price - earning },
  ].filter((e) => e.amount !== 0);
}

/** Renewal charges of one period: three tries a day apart, then the subscription expires (the default rate applies). */
export const RENEW_TRIES = 3;
export const RENEW_RETRY_MS = 24 * 60 * 60 * 1000;
/** A paid period can be refunded in full, once, within 14 days of its start. */
export const REFUND_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** What a failed renewal charge does: try again a day later, or expire after the last try. */
export function afterRenewFailure(failures: number, now: Date): { expire: true } | { expire: false; failures: number; retry_at: Date } {
  const n = failures + 1;
  return n >= RENEW_TRIES ? { expire: true } : { expire: false, failures: n, retry_at: new Date(now.getTime() + RENEW_RETRY_MS) };
}

/** Whether a paid period can still be refunded (not refunded yet, started at most 14 days ago). */
export function refundable(p: { period_start: Date | null; refunded_at: Date | null }, now: Date): boolean {
  return !p.refunded_at && !!p.period_start && now.getTime() - p.period_start.getTime() <= REFUND_WINDOW_MS && now.getTime() >= p.period_start.getTime();
}

/** When a paid period's commission can be released: the last instant it can be refunded (refundable below). */
export function commissionReleaseAt(periodStart: Date): Date {
  return new Date(periodStart.getTime() + REFUND_WINDOW_MS);
}

/**
 * Where a renewal's period starts. On schedule (its own charge, or a retry of it, within the tries' span after
 * renews_at) it follows the paid period, so the billing day stays. Overdue beyond that (the sweeper did not run,
 * the subscription was restored) it starts at the charge, as a purchase of a lapsed plan does: one charge, one new
 * period, never one per missed month.
 */
export const RENEW_ON_TIME_MS = RENEW_TRIES * RENEW_RETRY_MS;
export function renewalStart(renewsAt: Date, now: Date): Date {
  return now.getTime() - renewsAt.getTime() <= RENEW_ON_TIME_MS ? renewsAt : now;
}

/** A refund reverses the paid period's ledger lines (same accounts, opposite signs). */
export function reversingEntries(lines: EntryInput[]): EntryInput[] {
  return lines.map((e) => ({ ...e, amount: -e.amount }));
}
