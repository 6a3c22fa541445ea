// Dates on the blog pages: the request's locale, the platform's time zone (Mexico City, as the other pages).
import type { Locale } from '../../lib/i18n/index.ts';

export function blogDate(locale: Locale, iso: string): string {
  const tag = locale === 'en' ? 'en-US' : locale === 'es-AR' ? 'es-AR' : 'es-MX';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'America/Mexico_City' }).format(new Date(iso));
}
