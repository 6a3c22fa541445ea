// Dates and times on pages: in the request's language and the shop's time zone, from one call per page.
// `shopDates(Astro.locals)` on a storefront page; a page about another shop's things (an order seen from the
// platform, a supplier's sale) passes that shop's `time_zone`. Takes plain values (no src/domain import).
import { DEFAULT_TIME_ZONE, formatDateTime, type DateOptions } from '../shared/intl.ts';

type Moment = string | number | Date | null | undefined;

export interface ShopDates {
  /** The locale and zone used, e.g. for an island that formats dates itself. */
  readonly locale: string;
  readonly timeZone: string;
  /** "24 nov 2026, 9:30" / "Nov 24, 2026, 9:30 AM": orders, alerts, payments. */
  dateTime(value: Moment): string;
  /** "24 nov 2026" / "Nov 24, 2026". */
  date(value: Moment): string;
  /** "24 de noviembre de 2026" / "November 24, 2026": reviews, blog entries. */
  longDate(value: Moment): string;
  /** "martes, 24 de noviembre de 2026, 9:30" / "Tuesday, November 24, 2026 at 9:30 AM": an experience's date. */
  fullDateTime(value: Moment): string;
  /** "9:30" / "9:30 AM". */
  time(value: Moment): string;
  /** Any other dateStyle/timeStyle pair, in the same zone. */
  format(value: Moment, opts: Omit<DateOptions, 'timeZone'>): string;
}

/** What a page has at hand: `Astro.locals` fits (its `shop` is the request's shop, or null on platform pages). */
export interface DatesContext {
  locale: string;
  shop?: { time_zone?: string | null } | null;
}

/**
 * The date formatters of this request: its locale, and `timeZone` when given, else the request's shop's zone,
 * else DEFAULT_TIME_ZONE. An unknown zone falls back to the default in formatDateTime rather than failing a page.
 */
export function shopDates(ctx: DatesContext, timeZone?: string | null): ShopDates {
  const locale = ctx.locale;
  const zone = timeZone || ctx.shop?.time_zone || DEFAULT_TIME_ZONE;
  const format = (value: Moment, opts: Omit<DateOptions, 'timeZone'>) => formatDateTime(value, locale, { ...opts, timeZone: zone });
  return {
    locale,
    timeZone: zone,
    format,
    dateTime: (v) => format(v, { dateStyle: 'medium', timeStyle: 'short' }),
    date: (v) => format(v, { dateStyle: 'medium' }),
    longDate: (v) => format(v, { dateStyle: 'long' }),
    fullDateTime: (v) => format(v, { dateStyle: 'full', timeStyle: 'short' }),
    time: (v) => format(v, { timeStyle: 'short' }),
  };
}
