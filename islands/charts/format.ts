// The charts' formats (issue 25), shared by the chart island (axes, hover legend) and its tests: amounts in minor
// units of a currency or plain counts, and a bucket's first day ('YYYY-MM-DD') as a day or a month, all with Intl
// in the page's locale. Dates are calendar days: formatted in UTC so no time zone moves them.
import { currencyDigits } from '../../src/lib/shared/money.ts';
export type ValueFormat = 'money' | 'count';
export type ChartUnit = 'day' | 'week' | 'month';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) { f = make(); cache.set(key, f); }
  return f;
}

/** A value as the hover legend shows it: full money, or a whole count. */
export function formatValue(v: number | null | undefined, format: ValueFormat, locale: string, currency = 'MXN'): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  if (format === 'count') return cached(`n|${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(v);
  return cached(`m|${locale}|${currency}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency })).format(v / 10 ** currencyDigits(currency));
}

/** A value on an axis: short (compact notation: "$1.2 k", "1,5 mil"). */
export function formatTick(v: number, format: ValueFormat, locale: string, currency = 'MXN'): string {
  if (format === 'count') return cached(`nc|${locale}`, () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })).format(v);
  return cached(`mc|${locale}|${currency}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 })).format(v / 10 ** currencyDigits(currency));
}

/** A bucket's label: its day ("28 nov"), or its month ("nov 2026"). */
export function formatBucket(bucket: string, unit: ChartUnit, locale: string, long = false): string {
  const at = new Date(`${bucket}T12:00:00Z`);
  if (unit === 'month') return cached(`mo|${locale}|${long}`, () => new Intl.DateTimeFormat(locale, { month: long ? 'long' : 'short', year: 'numeric', timeZone: 'UTC' })).format(at);
  return cached(`d|${locale}|${long}`, () => new Intl.DateTimeFormat(locale, long ? { dateStyle: 'medium', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' })).format(at);
}
