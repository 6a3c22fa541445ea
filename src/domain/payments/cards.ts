// Card input rules of seed 001 §5 and the sandbox card provider's test numbers (browser-safe).
//   - spaces stripped from the number, number cut to 19 characters;
//   - expiry typed as month/slash/year and split into exp_month and exp_year;
//   - installments apply only to a credit card.
import { CARD_NUMBER_MAX } from '../../lib/shared/constants.ts';

export function normalizeCardNumber(raw: string): string {
  return raw.replace(/[\s-]+/g, '').slice(0, CARD_NUMBER_MAX);
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48;
    if (double) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** "07/29", "7/2029" -> { exp_month: 7, exp_year: 2029 }, or null. */
export function parseExpiry(raw: string): { exp_month: number; exp_year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { exp_month: month, exp_year: year };
}

export function expired(exp: { exp_month: number; exp_year: number }, now = new Date()): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return exp.exp_year < y || (exp.exp_year === y && exp.exp_month < m);
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'unknown';
}

export type SandboxBehaviour = 'approve' | 'decline' | 'insufficient_funds' | 'challenge_3ds' | 'requires_action' | 'processing_error';

/**
 * The sandbox card provider's test numbers (Stripe's well-known ones). Any other valid number approves.
 * Test refund amounts (every sandbox provider, providers.ts): a refund whose amount ends in 13 cents is pending, then
 * succeeds when the sandbox's refund job sends its webhook; ending in 66 cents is pending, then fails; any other succeeds.
 */
export const SANDBOX_CARDS: Record<string, { behaviour: SandboxBehaviour; type: 'credit' | 'debit'; note: string }> = {
  '4242424242424242': { behaviour: 'approve', type: 'credit', note: 'approved (credit)' },
  '5555555555554444': { behaviour: 'approve', type: 'credit', note: 'approved (credit, mastercard)' },
  '4000056655665556': { behaviour: 'approve', type: 'debit', note: 'approved (debit: no installments)' },
  '4000000000000002': { behaviour: 'decline', type: 'credit', note: 'declined by the bank' },
  '4000000000009995': { behaviour: 'insufficient_funds', type: 'credit', note: 'declined: insufficient funds' },
  '4000000000003220': { behaviour: 'challenge_3ds', type: 'credit', note: '3-D Secure challenge required (url_3ds)' },
  '4000002760003184': { behaviour: 'requires_action', type: 'credit', note: 'requires_action (next-action url)' },
  '4000000000000119': { behaviour: 'processing_error', type: 'credit', note: 'provider error' },
};

export function sandboxCard(number: string): { behaviour: SandboxBehaviour; type: 'credit' | 'debit' } {
  return SANDBOX_CARDS[number] ?? { behaviour: 'approve', type: 'credit' };
}
