// Dates on the ticket pages, in the visitor's language and Mexico City time (where the demo's experiences happen).
import type { Locale } from '../../lib/i18n/index.ts';

const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-US' : locale === 'es-AR' ? 'es-AR' : 'es-MX');

export function ticketDates(locale: Locale) {
  const when = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/Mexico_City' });
  const stamp = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Mexico_City' });
  return {
    /** The experience's date: "sábado, 20 de marzo de 2027, 10:00". */
    when: (iso: string | null) => (iso ? when.format(new Date(iso)) : null),
    /** When something happened: "20 mar 2027, 10:02". */
    stamp: (iso: string | null) => (iso ? stamp.format(new Date(iso)) : ''),
  };
}
