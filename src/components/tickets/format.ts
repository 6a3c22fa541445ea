// Dates on the ticket pages, in the visitor's language and the shop's time zone (where its experiences happen).
import { shopDates, type DatesContext } from '../../lib/server/shop-dates.ts';

export function ticketDates(ctx: DatesContext, timeZone?: string | null) {
  const d = shopDates(ctx, timeZone);
  return {
    /** The experience's date: "sábado, 20 de marzo de 2027, 10:00". */
    when: (iso: string | null) => (iso ? d.fullDateTime(iso) : null),
    /** When something happened: "20 mar 2027, 10:02". */
    stamp: (iso: string | null) => d.dateTime(iso),
  };
}
