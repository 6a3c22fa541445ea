// Dates on the blog pages: the request's locale, the shop's time zone (as the other pages).
import { shopDates, type DatesContext } from '../../lib/server/shop-dates.ts';

export function blogDate(ctx: DatesContext, iso: string): string {
  return shopDates(ctx).longDate(iso);
}
