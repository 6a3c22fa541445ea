// The charts' formats (issue 25), shared by the chart island (axes, hover legend) and its tests: amounts in minor
// units of a currency or plain counts, and a bucket's first day ('YYYY-MM-DD') as a day or a month, all in the
// page's locale (one of ours: es, en, es-AR). Money goes through the money module (issue 27: the charts printed
// "MX$" where every other price on the site reads "$"). Dates are calendar days: formatted in UTC so no time zone
// moves them.
import { formatMoney, formatMoneyShort } from '../../src/lib/shared/money.ts';
import { intlLocale } from '../../src/lib/shared/intl.ts';
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
  const tag = intlLocale(locale);
  if (format === 'count') return cached(`n|${tag}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 })).format(v);
  return formatMoney(Math.round(v), currency, locale);
}

/** A value on an axis: short (compact notation: "$1.2K", "$ 1,5 mil"). */
export function formatTick(v: number, format: ValueFormat, locale: string, currency = 'MXN'): string {
  const tag = intlLocale(locale);
  if (format === 'count') return cached(`nc|${tag}`, () => new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 })).format(v);
  return formatMoneyShort(v, currency, locale);
}

/** A bucket's label: its day ("28 nov"), or its month ("nov 2026"). */
export function formatBucket(bucket: string, unit: ChartUnit, locale: string, long = false): string {
  const at = new Date(`${bucket}T12:00:00Z`);
  const tag = intlLocale(locale);
  if (unit === 'month') return cached(`mo|${tag}|${long}`, () => new Intl.DateTimeFormat(tag, { month: long ? 'long' : 'short', year: 'numeric', timeZone: 'UTC' })).format(at);
  return cached(`d|${tag}|${long}`, () => new Intl.DateTimeFormat(tag, long ? { dateStyle: 'medium', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' })).format(at);
}
