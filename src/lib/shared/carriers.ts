// The parcel carriers a supplier may name when it ships an order by hand (issue 28), with each one's public
// tracking page. The buyer's link is built from the carrier's own URL template (never from text someone typed) and
// must still pass the shared URL-safety check; a carrier without a template ('unlisted') gets no link.
import { checkLink, LINK_RULES } from './safe-url.ts';

export const CARRIERS = ['dhl', 'fedex', 'ups', 'unlisted'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** `{n}` is the tracking number, URL-encoded. */
const TEMPLATES: Partial<Record<Carrier, string>> = {
  dhl: 'https://www.dhl.com/mx-es/home/rastreo.html?tracking-id={n}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  ups: 'https://www.ups.com/track?tracknum={n}',
};

export function isCarrier(v: unknown): v is Carrier {
  return typeof v === 'string' && (CARRIERS as readonly string[]).includes(v);
}

/** The carrier's tracking page for `trackingNumber`, or null (unknown carrier, no template, unsafe result). */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!isCarrier(carrier) || !trackingNumber?.trim()) return null;
  const template = TEMPLATES[carrier];
  if (!template) return null;
  return checkLink(template.replace('{n}', encodeURIComponent(trackingNumber.trim())), LINK_RULES.web);
}
