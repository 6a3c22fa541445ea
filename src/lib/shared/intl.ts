// Numbers, money and dates in the reader's language (browser-safe). One place maps our locales to Intl's and
// keeps the formatters, which are costly to build, for reuse.

/** Our locales (src/lib/i18n) as Intl tags: es is the Mexican Spanish of the demo, es-AR Argentina's, en US English. */
export function intlLocale(locale: string | null | undefined): string {
  if (locale === 'en') return 'en-US';
  if (locale === 'es-AR') return 'es-AR';
  return 'es-MX';
}

/** Where a shop's dates are shown when it has not said otherwise (the demo's shops and experiences are in Mexico). */
export const DEFAULT_TIME_ZONE = 'America/Mexico_City';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) { f = make(); cache.set(key, f); }
  return f;
}

/** The Intl currency formatter of a locale (narrow symbols: "$199.00", "$ 199,00", "€0.05"). */
export function currencyFormat(locale: string | null | undefined, currency: string): Intl.NumberFormat {
  const tag = intlLocale(locale);
  const code = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'MXN';
  return cached(`c|${tag}|${code}`, () => new Intl.NumberFormat(tag, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }));
}

/** The same, in compact notation for a chart's axis ("$1.2K", "$ 1,5 mil"). */
export function compactCurrencyFormat(locale: string | null | undefined, currency: string): Intl.NumberFormat {
  const tag = intlLocale(locale);
  const code = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'MXN';
  return cached(`cc|${tag}|${code}`, () => new Intl.NumberFormat(tag, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol', notation: 'compact', maximumFractionDigits: 1 }));
}

/** A rate written as decimal text ('0.5') as a percentage in the reader's language ('50 %', '50%'). */
export function formatPercent(rate: string | number, locale?: string | null): string {
  const tag = intlLocale(locale);
  return cached(`p|${tag}`, () => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 })).format(Number(rate));
}

/** A number with one decimal ("4.5", "4,5"): review averages. */
export function formatOneDecimal(n: number, locale?: string | null): string {
  const tag = intlLocale(locale);
  return cached(`1|${tag}`, () => new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(n);
}

export function formatNumber(n: number, locale?: string | null): string {
  const tag = intlLocale(locale);
  return cached(`n|${tag}`, () => new Intl.NumberFormat(tag)).format(n);
}

export interface DateOptions {
  dateStyle?: 'full' | 'long' | 'medium' | 'short';
  timeStyle?: 'full' | 'long' | 'medium' | 'short';
  /** The shop's time zone (IANA name); DEFAULT_TIME_ZONE when absent. */
  timeZone?: string | null;
}

/** A moment (ISO text, Date or epoch ms) in the reader's language and the shop's time zone; '' when absent or invalid. */
export function formatDateTime(value: string | number | Date | null | undefined, locale?: string | null, opts: DateOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const tag = intlLocale(locale);
  const timeZone = opts.timeZone || DEFAULT_TIME_ZONE;
  const key = `d|${tag}|${opts.dateStyle ?? ''}|${opts.timeStyle ?? ''}|${timeZone}`;
  try {
    return cached(key, () => new Intl.DateTimeFormat(tag, { dateStyle: opts.dateStyle, timeStyle: opts.timeStyle, timeZone })).format(d);
  } catch {
    // An unknown time zone stored for a shop must not break a page.
    return cached(`d|${tag}|${opts.dateStyle ?? ''}|${opts.timeStyle ?? ''}|${DEFAULT_TIME_ZONE}`, () => new Intl.DateTimeFormat(tag, { dateStyle: opts.dateStyle, timeStyle: opts.timeStyle, timeZone: DEFAULT_TIME_ZONE })).format(d);
  }
}

/** A calendar date only ("24 nov 2026"). */
export const formatDate = (value: string | number | Date | null | undefined, locale?: string | null, timeZone?: string | null) =>
  formatDateTime(value, locale, { dateStyle: 'medium', timeZone });

let zones: string[] | null = null;
/**
 * The IANA name of a time zone in its listed spelling ('america/mexico_city' -> 'America/Mexico_City'), or null when
 * it is not one. Only Area/Location names and UTC: Intl also takes legacy abbreviations ('EST' means Panama to it),
 * which a shop would not mean. Aliases Intl knows but does not list (some ICU versions list only
 * 'America/Buenos_Aires', not 'America/Argentina/Buenos_Aires') are kept as written: Intl reads them everywhere.
 */
export function canonicalTimeZone(name: string): string | null {
  const v = name.trim();
  if (!/^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/.test(v)) return null;
  zones ??= Intl.supportedValuesOf('timeZone');
  const listed = zones.find((z) => z.toLowerCase() === v.toLowerCase());
  if (listed) return listed;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return v;
  } catch {
    return null;
  }
}
