// Money typed as a person writes it ("199.50", "1999", "0,5") <-> integer minor units, by string arithmetic only:
// "199.50" is 199 * 100 + 50, never 199.5 * 100 (which a float may turn into 19949.999...). The number of decimals is
// the currency's (Intl), as formatMoney shows it.
import { PLAN_DEFAULTS } from '../../src/lib/shared/constants.ts';

/** Decimals of a currency's minor unit (MXN 2, JPY 0). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * Minor units of a typed amount, or NaN when it is not one: digits with an optional '.' or ',' and at most the
 * currency's decimals ("199.50" -> 19950, "199.5" -> 19950, "199" -> 19900, "1,999.00" -> NaN: no group separators).
 */
export function parseMoney(text: string, currency = 'MXN'): number {
  const digits = currencyDigits(currency);
  const m = /^\s*(\d{1,12})(?:[.,](\d*))?\s*$/.exec(text);
  if (!m) return Number.NaN;
  const frac = m[2] ?? '';
  if (frac.length > digits) return Number.NaN;
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  return Number(whole + frac.padEnd(digits, '0'));
}

/** A minor-unit amount as the editor shows it for typing (19950 -> "199.50", 0 -> "0.00"). */
export function minorToText(minor: number | null | undefined, currency = 'MXN'): string {
  if (minor === null || minor === undefined || !Number.isInteger(minor) || minor < 0) return '';
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** A decimal rate written as text ("0.5") as an exact fraction [numerator, denominator]. */
function rateFraction(rate: string): [bigint, bigint] {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) return [0n, 1n];
  const frac = m[2] ?? '';
  return [BigInt(m[1]! + frac), 10n ** BigInt(frac.length)];
}

/**
 * What resellers earn on one sale (ARCHITECTURE: contribution margin x plan commission rate), rounded down to a
 * minor unit, in integers.
 */
export function resellerEarning(margin: number, rate: string = PLAN_DEFAULTS.plan_commission_rate): number {
  if (!Number.isInteger(margin) || margin <= 0) return 0;
  const [num, den] = rateFraction(rate);
  return Number((BigInt(margin) * num) / den);
}
