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
  return f.format(minor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
}
