// Dates on the ticket pages, in the visitor's language and Mexico City time (where the demo's experiences happen).
import type { Locale } from '../../lib/i18n/index.ts';
import { formatDateTime } from '../../lib/shared/intl.ts';

export function ticketDates(locale: Locale) {
  return {
    /** The experience's date: "sábado, 20 de marzo de 2027, 10:00". */
    when: (iso: string | null) => (iso ? formatDateTime(iso, locale, { dateStyle: 'full', timeStyle: 'short' }) : null),
    /** When something happened: "20 mar 2027, 10:02". */
    stamp: (iso: string | null) => formatDateTime(iso, locale, { dateStyle: 'medium', timeStyle: 'short' }),
  };
}
