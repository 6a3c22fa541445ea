// Dates on the blog pages: the request's locale, the platform's time zone (Mexico City, as the other pages).
import type { Locale } from '../../lib/i18n/index.ts';
import { formatDateTime } from '../../lib/shared/intl.ts';

export function blogDate(locale: Locale, iso: string): string {
  return formatDateTime(iso, locale, { dateStyle: 'long' });
}
