// schema.org JSON-LD beside the page's own (Product, BlogPosting): breadcrumbs, the shop on its home, experiences
// as events, and the rule that keeps a 'price on request' item a valid Product (issue 16).
import type { ItemDetail } from '../domain/catalog/schema.ts';

export type JsonLd = Record<string, unknown>;
const CONTEXT = 'https://schema.org';

/**
 * A crumb's link as an absolute URL: one under this host's shop prefix (`base`, '' on the shop's own host) at the
 * shop's primary address `home`; any other path (the platform's /marketplace) on the host the page was asked at.
 */
export function crumbUrl(href: string, base: string, home: string, requestUrl: URL): string {
  if (/^https?:/.test(href)) return href;
  if (href === base || href.startsWith(`${base}/`)) return `${home.replace(/\/$/, '')}${href.slice(base.length) || '/'}`;
  return new URL(href, requestUrl).href;
}

/** BreadcrumbList of the visible breadcrumb; `abs` makes a crumb's link absolute, the last crumb is the page. */
export function breadcrumbJsonLd(crumbs: { label: string; href?: string }[], abs: (href: string) => string, page: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem', position: i + 1, name: c.label,
      item: i === crumbs.length - 1 ? page : c.href ? abs(c.href) : page,
    })),
  };
}

/** The shop's home: the shop as an Organization and its WebSite with the search box (SearchAction). */
export function homeJsonLd(shop: { name: string; description: string; logo: string | null; sameAs: string[] }, home: string): JsonLd[] {
  const org: JsonLd = {
    '@context': CONTEXT, '@type': 'Organization', '@id': `${home}#organization`, name: shop.name, url: home,
    ...(shop.logo ? { logo: shop.logo } : {}), ...(shop.sameAs.length ? { sameAs: shop.sameAs } : {}),
  };
  const site: JsonLd = {
    '@context': CONTEXT, '@type': 'WebSite', '@id': `${home}#website`, name: shop.name, url: home,
    description: shop.description, publisher: { '@id': `${home}#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${home.replace(/\/$/, '')}/productos?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  return [org, site];
}

/**
 * A Product needs offers, a review or a rating to be valid for search engines: an item whose price is on request
 * and has no reviews is described as the page's subject (WebPage about a Thing) instead of an invalid Product.
 */
export function validProduct(ld: JsonLd): JsonLd {
  if (ld.offers || ld.aggregateRating || ld.review) return ld;
  const thing = { '@type': 'Thing', name: ld.name, identifier: ld.sku, url: ld.url, image: ld.image, description: ld.description };
  return { '@context': ld['@context'], '@type': 'WebPage', url: ld.url, name: ld.name, about: thing };
}

/** Countries of the currencies the shops sell in (a return policy and a shipping rate name the country they apply to). */
const COUNTRY_OF_CURRENCY: Record<string, string> = { MXN: 'MX', ARS: 'AR', USD: 'US', COP: 'CO', CLP: 'CL', PEN: 'PE', GBP: 'GB' };

/**
 * An offer's terms beside its price (issue 27: Google asks for them): the supplier's return policy (returns within
 * 72 hours, free or at the buyer's cost, or none), and for an experience the ticket's terms: its price holds until
 * the date, and the ticket is e-mailed on payment (no shipping cost, no delivery days).
 */
export function offerTerms(offer: JsonLd, item: Pick<ItemDetail, 'type' | 'currency' | 'experience_date'>, returns: { allowed: boolean; free: boolean } | null): JsonLd {
  const country = COUNTRY_OF_CURRENCY[item.currency.toUpperCase()];
  const out: JsonLd = { ...offer };
  if (returns && country) {
    out.hasMerchantReturnPolicy = returns.allowed
      ? { '@type': 'MerchantReturnPolicy', applicableCountry: country, returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow', merchantReturnDays: 3, returnMethod: 'https://schema.org/ReturnByMail', returnFees: returns.free ? 'https://schema.org/FreeReturn' : 'https://schema.org/ReturnFeesCustomerResponsibility' }
      : { '@type': 'MerchantReturnPolicy', applicableCountry: country, returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' };
  }
  if (item.type === 'experience' && item.experience_date) {
    out.priceValidUntil = new Date(item.experience_date).toISOString().slice(0, 10);
    if (country) {
      const days = { '@type': 'QuantitativeValue', minValue: 0, maxValue: 0, unitCode: 'DAY' };
      out.shippingDetails = {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: '0.00', currency: item.currency },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: country },
        deliveryTime: { '@type': 'ShippingDeliveryTime', handlingTime: days, transitTime: days },
      };
    }
  }
  return out;
}

/**
 * An experience with a date and a stated place is an Event (name, startDate, location with its address; offers
 * when its price is shown). Without a place there is no valid Event (Google requires the location's address: the
 * shop's name alone, as before issue 27, was refused): the page's Product describes it.
 */
export function eventJsonLd(item: Pick<ItemDetail, 'type' | 'name' | 'experience_date' | 'experience_place'>, product: JsonLd): JsonLd | null {
  if (item.type !== 'experience' || !item.experience_date) return null;
  const place = item.experience_place?.trim();
  if (!place) return null;
  return {
    '@context': CONTEXT,
    '@type': 'Event',
    name: item.name,
    startDate: item.experience_date,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: place, address: { '@type': 'PostalAddress', streetAddress: place } },
    url: product.url,
    ...(product.image ? { image: product.image } : {}),
    ...(product.description ? { description: product.description } : {}),
    ...(product.offers ? { offers: product.offers } : {}),
    ...(product.brand ? { organizer: { '@type': 'Organization', name: (product.brand as JsonLd).name } } : {}),
  };
}
