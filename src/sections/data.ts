// The `data` each main section receives from its page (through <Storefront data={...}>). Sections get
// `data: unknown` (a template may place a section on a page that has no data for it, like the shop 404), so
// each one narrows with the guard below and renders nothing otherwise.
import type { Viewer } from '../lib/shared/viewer.ts';
import { viewerSeesResale } from '../domain/catalog/service.ts';
import type { Catalogue, ItemDetail, ItemSort, ItemType, KindRoute, ListItem } from '../domain/catalog/schema.ts';
import type { ProductReviewsData } from '../domain/reviews/service.ts';
import { stockState } from '../lib/shared/stock.ts';
import { decimalAmount } from '../lib/shared/money.ts';

export interface Paging {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  /** matches_estimated of the list. */
  total: number;
}

/** {shop}/productos|servicios|experiencias: every item of a type, or those matching ?filter="text"*. */
export interface SearchPageData extends Paging {
  kind: 'search';
  type: ItemType;
  route: KindRoute;
  /** The search text (normalised), or null when the page lists every item of the type. */
  text: string | null;
  sort: ItemSort;
  results: ListItem[];
}

/** {shop}/catalogos: the catalogue list, optionally filtered by name (?CataloguesDubaluFilter=). */
export interface CatalogueListPageData extends Paging {
  kind: 'catalogue_list';
  /** The name filter as typed, '' for none. */
  filter: string;
  results: Catalogue[];
}

/** {shop}/catalogos/{slug}: one catalogue's items, 30 a page, optionally filtered (?cataloguesFilter=). */
export interface CataloguePageData extends Paging {
  kind: 'catalogue';
  catalogue: Catalogue;
  filter: string;
  /** The anonymous share address {protocol}://{domain}/catalogos/{slug}. */
  shareUrl: string;
  results: ListItem[];
  /** A fork's origin (issue 13): the catalogue it was copied from, linked as 'forked from'. */
  origin?: { name: string; shop_name: string; href: string } | null;
}

/** {shop}/productos/{owner}/{id} (also services and experiences) and the platform route /productos/{supplier}/{product}. */
export interface ProductPageData {
  kind: 'product';
  item: ItemDetail;
  /** Whether the experience's date is past (seed 001 §4). */
  concluded: boolean;
  /** Resale information for level one/two viewers: shown (with the figures), hidden by their toggle, or not for them. */
  resale:
    | {
      state: 'shown'; earning: number; netPrice: number; earnMoreHint: boolean;
      /** The 'buy by' button (seed 001 §6): a priced item; the cart and checkout price it again on the server. */
      buyBy: boolean;
      /** The create-your-free-store link: level one only (seed 001 §6). */
      createStore: boolean;
    }
    | { state: 'hidden' }
    | { state: 'none' };
  /** Where the add-to-cart form posts (a later issue serves it). */
  cartAction: string;
  /** The page's own address, for forms that come back to it. */
  here: string;
  /** The reviews' summary and the page of them shown under the product (src/components/reviews/ProductReviews.astro). */
  reviews?: ProductReviewsData;
}

export type MainSectionData = SearchPageData | CatalogueListPageData | CataloguePageData | ProductPageData;

export function dataOf<K extends MainSectionData['kind']>(data: unknown, kind: K): Extract<MainSectionData, { kind: K }> | null {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === kind
    ? (data as Extract<MainSectionData, { kind: K }>)
    : null;
}

/** Whether an experience's date is past (seed 001 §4: it is then concluded). */
export function isConcluded(item: Pick<ItemDetail, 'type' | 'experience_date'>, now = new Date()): boolean {
  return item.type === 'experience' && item.experience_date !== null && new Date(item.experience_date) < now;
}

/** The product page's data: resale state from the viewer's level, the showResaleInfo cookie and the item. */
export function productPageData(item: ItemDetail, viewer: Viewer, prefs: { showResaleInfo: boolean }, where: { cartAction: string; here: string }): ProductPageData {
  let resale: ProductPageData['resale'] = { state: 'none' };
  const eligible = viewerSeesResale(viewer) && item.is_dropshipping && item.list_state === 'published' && !item.hiden;
  if (eligible && !prefs.showResaleInfo) resale = { state: 'hidden' };
  else if (eligible && item.resale_earning !== null) {
    resale = {
      state: 'shown', earning: item.resale_earning, netPrice: Math.max(0, item.list_price - item.resale_earning),
      earnMoreHint: viewer.kind === 'user' && viewer.user.user_level === 'ul1',
      buyBy: !item.is_free && !item.hide_price,
      createStore: viewer.kind === 'user' && viewer.user.user_level === 'ul1',
    };
  }
  return { kind: 'product', item, concluded: isConcluded(item), resale, ...where };
}

const AVAILABILITY = {
  available: 'InStock', lastAvailable: 'LimitedAvailability', onDemand: 'MadeToOrder', outOfStock: 'OutOfStock',
  temporarilyUnavailable: 'OutOfStock',
} as const;


/** schema.org Product for the page's JSON-LD: name, images, description, sku = id, brand, offer. */
export function productJsonLd(item: ItemDetail, opts: { url: string; origin: string; concluded: boolean }): Record<string, unknown> {
  const availability = opts.concluded ? 'SoldOut' : AVAILABILITY[stockState(item)];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    sku: item.id,
    productID: item.id,
    url: opts.url,
    ...(item.photos.length ? { image: item.photos.map((p) => new URL(p, opts.origin).href) } : {}),
    ...(item.plain_description ? { description: item.plain_description.slice(0, 5000) } : {}),
    ...(item.dssupplier ? { brand: { '@type': 'Brand', name: item.dssupplier.name } } : {}),
    ...(item.tags.length ? { keywords: item.tags.join(', ') } : {}),
    ...(item.hide_price ? {} : {
      offers: {
        '@type': 'Offer',
        url: opts.url,
        price: item.is_free ? '0.00' : decimalAmount(item.list_price),
        priceCurrency: item.currency,
        availability: `https://schema.org/${availability}`,
      },
    }),
  };
}
