// Pure rules of packages: the paid period, what the sandbox card answers, and the ledger lines of a paid period.
// Integer minor units only; the lines of a payment always sum to zero.
import { resaleEarning } from '../catalog/schema.ts';
import type { EntryInput } from '../wallet/repo.ts';

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
 * network (their referral parent) earns the plan's contribution margin x the plan's rate, available at once
 * (a package has no delivery or return window); the platform keeps the rest as revenue.
 */
export function subscriptionEntries(p: { price: number; currency: string; margin: number; rate: string; referrer: string | null }): EntryInput[] {
  const earning = p.referrer ? Math.min(p.price, Math.max(0, resaleEarning(Math.min(p.margin, p.price), p.rate))) : 0;
  return [
    { holder: null, role: 'bank', account: 'clearing', currency: p.currency, amount: -p.price },
    ...(earning ? [{ holder: p.referrer, role: 'promoter', account: 'available', currency: p.currency, amount: earning }] : []),
    { holder: null, role: 'platform', account: 'revenue', currency: p.currency, amount: p.price - earning },
  ].filter((e) => e.amount !== 0);
}
