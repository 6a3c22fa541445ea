// Money is an integer count of minor units plus a currency code (seed 001 §9 symbols: $ default, € EUR, £ GBP).
// The one money module (browser-safe; server and islands): format, read what a person typed (parseMoney), round
// (applyRate). Nothing else converts typed text to minor units or multiplies money by a float.
import { compactCurrencyFormat, currencyFormat } from './intl.ts';

const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£' };

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency.toUpperCase()] ?? '$';
}

/**
 * Minor units as money in the reader's language: 12345 MXN -> "$123.45" (es, en), "$ 123,45" (es-AR).
 * `locale` is one of our locales (src/lib/i18n). It is required, not optional (issue 27): a call that left it out
 * printed es-AR cards as "$1,499.00" beside "$ 319,00"; pass the request's locale (Astro.locals.locale, t.locale).
 */
export function formatMoney(minor: number, currency: string, locale: string | null | undefined): string {
  if (!Number.isInteger(minor)) throw new TypeError('money must be an integer count of minor units');
  const f = currencyFormat(locale, currency);
  let digits = fractionDigits.get(f);
  if (digits === undefined) fractionDigits.set(f, (digits = f.resolvedOptions().maximumFractionDigits ?? 2));
  return f.format(minor / 10 ** digits);
}
/** A formatter's fraction digits (resolvedOptions() builds a new object each call: pages format hundreds of prices). */
const fractionDigits = new WeakMap<Intl.NumberFormat, number>();

/**
 * Minor units as a short amount for a chart's axis, in the reader's language and with the same symbol as
 * formatMoney ("$1.2K", "$ 1,5 mil", never "MX$"): compact notation, one decimal at most.
 */
export function formatMoneyShort(minor: number, currency: string, locale: string | null | undefined): string {
  return compactCurrencyFormat(locale, currency).format(minor / 10 ** currencyDigits(currency));
}

/** Minor units as a plain 2-decimal amount: 19950 -> "199.50", -5 -> "-0.05" (no symbol, no grouping; integers only). */
export function decimalAmount(minor: number): string {
  if (!Number.isInteger(minor)) throw new TypeError('money must be an integer count of minor units');
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// ---------- a currency's minor unit ----------

const digitsByCurrency = new Map<string, number>();
/** The platform's home currency (suppliers' default): listed first where items of several currencies are ordered by price. */
export const HOME_CURRENCY = 'MXN';

/** Decimals of a currency's minor unit, from Intl (MXN 2, JPY 0, KWD 3); 2 for a code Intl does not know. */
export function currencyDigits(currency = 'MXN'): number {
  const code = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'MXN';
  let d = digitsByCurrency.get(code);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    digitsByCurrency.set(code, d);
  }
  return d;
}

/** Minor units as the text a money input shows for typing, in the currency's decimals (19950 -> "199.50", JPY 500 -> "500"). */
export function minorToText(minor: number | null | undefined, currency = 'MXN'): string {
  if (minor === null || minor === undefined || !Number.isInteger(minor)) return '';
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${s}` : `${sign}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

// ---------- money typed by a person ----------

/** The largest amount typed text may give, in minor units: the money columns are 32-bit integers. Schemas bound further. */
export const MONEY_MAX_MINOR = 2_147_483_647;

/**
 * The currencies the platform sells in (issue 26: a supplier's item in any other code is refused with a field
 * error): pesos by default, dollars, euros and pounds (seed 001: '$' default, euro for EUR, pound for GBP).
 */
export const PLATFORM_CURRENCIES = ['MXN', 'USD', 'EUR', 'GBP'] as const;
export type PlatformCurrency = (typeof PLATFORM_CURRENCIES)[number];
/** Longer text is not an amount (it is refused before any work). */
export const MONEY_TEXT_MAX = 40;

/** Why typed text is not an amount: message keys (src/locales validation.*), shown next to the field. */
export type MoneyTextError =
  | 'validation.required' | 'validation.moneyFormat' | 'validation.moneyNegative' | 'validation.moneyDecimals'
  | 'validation.moneyNoDecimals' | 'validation.moneyTooLarge';
export type MoneyText =
  | { ok: true; minor: number }
  | { ok: false; error: MoneyTextError; vars?: Record<string, string | number> };

export interface MoneyTextOptions {
  /** The amount's currency: how many decimals it may have (Intl). MXN when absent. */
  currency?: string;
  /** Accept a leading '-' (adjustments); refused otherwise. */
  negative?: boolean;
  /** The largest absolute amount in minor units (MONEY_MAX_MINOR when absent). */
  max?: number;
}

// "1,234,567.89": ',' groups of three, '.' decimals (es-MX, en). "1.234.567,89": '.' groups, ',' decimals (es-AR).
const COMMA_GROUPS = /^([1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d+))?$/;
const DOT_GROUPS = /^([1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d+))?$/;
// "1234.5", "1234,5", "1234": one decimal separator, no groups.
const PLAIN = /^(\d+)(?:[.,](\d+))?$/;

/**
 * Money typed by a person -> integer minor units of `currency`, by string arithmetic only ("4.35" is 435, never
 * 4.35 * 100 = 434.99999999999994). Accepted: surrounding spaces, a leading $ € £ (or MX$, US$), digits with one
 * decimal separator ('.' or ','), groups of three ("1,234.50", "1.234,50", "1,234"). A single '.' is always the
 * decimal point ("1.234" has three decimals: refused, not read as 1234). Refused, each with its own message key:
 * anything else ("1e3", "12abc", "½", "Infinity"), a minus sign unless `negative`, more decimals than the
 * currency has ("0.005" MXN, "5.5" JPY), more than `max`.
 */
export function parseMoney(text: string, opts: MoneyTextOptions = {}): MoneyText {
  if (typeof text !== 'string' || text.length > MONEY_TEXT_MAX * 4) return { ok: false, error: 'validation.moneyFormat' };
  // NFKC: full-width digits and no-break spaces typed on some keyboards read as their plain forms.
  let s = text.normalize('NFKC').trim();
  if (s === '') return { ok: false, error: 'validation.required' };
  if (s.length > MONEY_TEXT_MAX) return { ok: false, error: 'validation.moneyFormat' };
  let minus = false;
  const sign = () => { if (/^[-\u2212]/.test(s)) { if (minus) return false; minus = true; s = s.slice(1).trimStart(); } return true; };
  if (!sign()) return { ok: false, error: 'validation.moneyFormat' };
  s = s.replace(/^(?:MX\$|US\$|[$€£])\s*/, '');
  if (!sign()) return { ok: false, error: 'validation.moneyFormat' };
  let whole: string;
  let frac: string;
  let g = COMMA_GROUPS.exec(s);
  if (!g) {
    const d = DOT_GROUPS.exec(s);
    // '.' groups only with a ',' decimal part or two groups or more: a lone "1.234" is a decimal point.
    if (d && (d[2] !== undefined || d[1]!.indexOf('.') !== d[1]!.lastIndexOf('.'))) g = d;
  }
  if (g) {
    whole = g[1]!.replace(/[.,]/g, '');
    frac = g[2] ?? '';
  } else {
    const p = PLAIN.exec(s);
    if (!p) return { ok: false, error: 'validation.moneyFormat' };
    whole = p[1]!;
    frac = p[2] ?? '';
  }
  const digits = currencyDigits(opts.currency);
  if (frac.length > digits) {
    return digits === 0 ? { ok: false, error: 'validation.moneyNoDecimals' } : { ok: false, error: 'validation.moneyDecimals', vars: { max: digits } };
  }
  const max = Math.min(opts.max ?? MONEY_MAX_MINOR, Number.MAX_SAFE_INTEGER);
  const tooLarge = (): MoneyText => ({ ok: false, error: 'validation.moneyTooLarge', vars: { max: minorToText(max, opts.currency) } });
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole.length > 16) return tooLarge();
  const abs = Number(whole + frac.padEnd(digits, '0'));
  if (abs > max) return tooLarge();
  if (minus && abs !== 0 && !opts.negative) return { ok: false, error: 'validation.moneyNegative' };
  return { ok: true, minor: minus && abs !== 0 ? -abs : abs };
}

/** parseMoney's amount, or null when the text is not one (callers that only need yes or no). */
export function parseMoneyText(text: string, opts: MoneyTextOptions = {}): number | null {
  const r = parseMoney(text, opts);
  return r.ok ? r.minor : null;
}

// ---------- rounding ----------

/**
 * `minor` x a decimal rate written as text ('0.5', '0.125'; the plans table's commission rates) in minor units,
 * rounded half up (half away from zero: 40.11 x 0.5 = 20.055 -> 20.06), in integers only. The one rounding of
 * commissions: the ledger's splits and every preview of an earning call it.
 */
export function applyRate(minor: number, rate: string): number {
  if (!Number.isInteger(minor)) throw new TypeError('money must be an integer count of minor units');
  const m = /^\s*(\d+)(?:\.(\d{1,9}))?\s*$/.exec(rate);
  if (!m) throw new TypeError(`bad rate ${rate}`);
  const decimals = m[2] ?? '';
  const num = BigInt(`${m[1]}${decimals}`);
  const den = 10n ** BigInt(decimals.length);
  const product = BigInt(minor) * num;
  const sign = product < 0n ? -1n : 1n;
  const abs = product < 0n ? -product : product;
  return Number(sign * ((abs * 2n + den) / (2n * den)));
}
