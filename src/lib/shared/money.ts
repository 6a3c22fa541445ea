// Money is an integer count of minor units plus a currency code (seed 001 §9 symbols: $ default, € EUR, £ GBP).
import { currencyFormat } from './intl.ts';

const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£' };

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency.toUpperCase()] ?? '$';
}

/**
 * Minor units as money in the reader's language: 12345 MXN -> "$123.45" (es, en), "$ 123,45" (es-AR).
 * `locale` is one of our locales (src/lib/i18n); Spanish (Mexico) when absent.
 */
export function formatMoney(minor: number, currency = 'MXN', locale?: string | null): string {
  if (!Number.isInteger(minor)) throw new TypeError('money must be an integer count of minor units');
  const f = currencyFormat(locale, currency);
  let digits = fractionDigits.get(f);
  if (digits === undefined) fractionDigits.set(f, (digits = f.resolvedOptions().maximumFractionDigits ?? 2));
  return f.format(minor / 10 ** digits);
}
/** A formatter's fraction digits (resolvedOptions() builds a new object each call: pages format hundreds of prices). */
const fractionDigits = new WeakMap<Intl.NumberFormat, number>();

/** Minor units as a plain 2-decimal amount: 19950 -> "199.50", -5 -> "-0.05" (no symbol, no grouping; integers only). */
export function decimalAmount(minor: number): string {
  if (!Number.isInteger(minor)) throw new TypeError('money must be an integer count of minor units');
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Money typed by a person ("1,234.50", "199", "199.5", "$ 10") -> minor units of a 2-decimal currency, exactly
 * (string arithmetic, no floating point); null when it is not an amount.
 */
export function parseMoneyText(text: string): number | null {
  const v = text.trim().replace(/^\$\s*/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(v);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
