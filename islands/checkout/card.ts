// Card form rules (seed 001 §5): the number's spaces stripped and cut to 19 digits; the expiry typed as MM/YY and
// split into exp_month / exp_year; installments 3/6/9/12 only for credit cards.
import { CARD_NUMBER_MAX, INSTALLMENT_OPTIONS } from '../../src/lib/shared/constants.ts';
import type { MessageKey } from '../../src/lib/i18n/index.ts';

export const cleanCardNumber = (raw: string) => raw.replace(/[\s-]+/g, '').replace(/\D/g, '').slice(0, CARD_NUMBER_MAX);

/** "0729", "07/29", "7/2029" -> { exp_month: 7, exp_year: 2029 }; null when not a valid month/year. */
export function splitExpiry(raw: string): { exp_month: number; exp_year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { exp_month: month, exp_year: year };
}

/** Types "0729" as "07/29" while the shopper writes. */
export function formatExpiry(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export interface CardFields { name: string; number: string; cvc: string; exp: string }
/** Per field, the locale key of its message (payment.err...). */
export type CardErrors = Partial<Record<keyof CardFields, MessageKey>>;

export function validateCard(f: CardFields, now = new Date()): { errors: CardErrors; body: null | { name: string; number: string; cvc: string; exp_month: number; exp_year: number } } {
  const errors: CardErrors = {};
  const name = f.name.trim();
  if (!name) errors.name = 'payment.errName';
  const number = cleanCardNumber(f.number);
  if (!/^\d{12,19}$/.test(number)) errors.number = 'payment.errNumber';
  if (!/^\d{3,4}$/.test(f.cvc.trim())) errors.cvc = 'payment.errCvc';
  const exp = splitExpiry(f.exp);
  if (!exp) errors.exp = 'payment.errExpiry';
  else if (exp.exp_year < now.getFullYear() || (exp.exp_year === now.getFullYear() && exp.exp_month < now.getMonth() + 1)) errors.exp = 'payment.errExpired';
  if (Object.keys(errors).length || !exp) return { errors, body: null };
  return { errors, body: { name, number, cvc: f.cvc.trim(), exp_month: exp.exp_month, exp_year: exp.exp_year } };
}

export const installmentOptions = (cardType: string | null) => (cardType === 'credit' ? [...INSTALLMENT_OPTIONS] : []);

/** The server's refusals of a saved card (400 card_expired, 404 on card_id): the key of the buyer's words; null for other errors. */
export function savedCardMessage(e: { code?: string; fields?: Record<string, string[]> }): MessageKey | null {
  if (e.code === 'card_expired') return 'payment.savedCardExpired';
  if (e.code === 'not_found' && e.fields?.card_id) return 'payment.savedCardGone';
  return null;
}

/** Stripe's decline codes (its card errors' decline_code, stripe.com/docs/declines/codes) the bank gives as its reason. */
const STRIPE_DECLINES = new Set(['generic_decline', 'do_not_honor', 'card_not_supported', 'card_velocity_exceeded', 'currency_not_supported', 'expired_card',
  'fraudulent', 'incorrect_cvc', 'incorrect_number', 'invalid_account', 'lost_card', 'stolen_card', 'pickup_card', 'restricted_card', 'transaction_not_allowed',
  'withdrawal_count_limit_exceeded', 'not_permitted', 'security_violation', 'service_not_allowed', 'try_again_later']);
/** Whether a failure code is the bank's refusal (the sandbox's card_declined, or one of Stripe's decline codes). */
export const isBankDecline = (code: string) => code === 'card_declined' || STRIPE_DECLINES.has(code);

/** A charge's failure code (seed 001 §8 sandbox outcomes, Stripe's decline codes) in the buyer's words; the 55 s notice after a second failure. */
export function failureMessage(f: { code: string; notice?: unknown }): MessageKey {
  if (f.notice) return 'payment.failedNoTransaction';
  if (isBankDecline(f.code)) return 'payment.bankDeclined';
  if (f.code === 'payment_intent_authentication_failure') return 'payment.authenticationFailed';
  if (f.code === 'insufficient_funds') return 'payment.insufficientFunds';
  if (f.code === 'authentication_failed') return 'payment.authenticationFailed';
  if (f.code === 'redirect_failed' || f.code === 'canceled') return 'payment.attemptFailed';
  return 'payment.failedNoTransaction';
}

/** Card brands (their own names, the same in every language). */
export const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };
