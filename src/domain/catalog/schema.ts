import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PRODUCT_TYPES } from '../../lib/shared/constants.ts';
import { applyRate } from '../../lib/shared/money.ts';

export const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const itemSortSchema = z.enum(['queue_position', '-list_price', 'list_price']).default('queue_position');

export const listItemSchema = z.object({
  id: z.string(), owner: z.string(), name: z.string(), slug: z.string(), type: z.enum(PRODUCT_TYPES), currency: z.string(),
  in_store: z.boolean(), list_price: z.number().int(), crossout_price: z.number().int().nullable(), hide_price: z.boolean(),
  is_free: z.boolean(), queue_position: z.number().int(), photo: z.string().nullable(), stock_type: z.string(),
  available: z.number().int(), sold_out: z.boolean(), experience_date: z.string().nullable(),
  /** Reviews (src/domain/reviews): the average (one decimal) and how many; null without reviews. */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable().optional(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const catalogueSchema = z.object({
  id: z.string(), name: z.string(), slug: z.string(), photo: z.string().nullable(), icon_class: z.string().nullable(),
  num_products: z.number().int(), updated_at: z.string(),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

export const listOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item), matches_estimated: z.number().int() });

// ---------- storefront routes, detail, catalogue pages (additions) ----------

export type ItemType = (typeof PRODUCT_TYPES)[number];
export type ItemSort = z.infer<typeof itemSortSchema>;

/** The storefront path segment of each item type: {base}/productos|servicios|experiencias/{owner}/{id}. */
export const ROUTE_OF_TYPE = { product: 'productos', service: 'servicios', experience: 'experiencias' } as const satisfies Record<ItemType, string>;
export type KindRoute = (typeof ROUTE_OF_TYPE)[ItemType];
export const TYPE_OF_ROUTE: Readonly<Record<string, ItemType>> = { productos: 'product', servicios: 'service', experiencias: 'experience' };

export function typeOfRoute(segment: string | undefined): ItemType | null {
  return segment !== undefined && Object.hasOwn(TYPE_OF_ROUTE, segment) ? TYPE_OF_ROUTE[segment]! : null;
}

/** The storefront address of an item (base is '' or '/{slug}'). */
export function itemHref(base: string, item: { type: ItemType; owner: string; id: string }): string {
  return `${base}/${ROUTE_OF_TYPE[item.type]}/${item.owner}/${item.id}`;
}

/** A 1-based page number from a query value: anything that is not a positive integer is page 1. */
export function pageNumber(raw: string | null | undefined, max = 100_000): number {
  if (!raw || !/^\d{1,7}$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 ? Math.min(n, max) : 1;
}

/** offset = (page - 1) * size (seed 000 §9). */
export function pageOffset(page: number, size: number): number {
  return (Math.max(1, page) - 1) * size;
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

export const supplierSchema = z.object({ id: z.string(), name: z.string(), image: z.string().nullable(), profile_slug: z.string() });

/** One product, service or experience with everything its detail page shows (seed 001 §3). */
export const itemDetailSchema = listItemSchema.extend({
  main_type: z.enum(['business', 'personal']),
  photos: z.array(z.string()),
  is_dropshipping: z.boolean(),
  list_state: z.enum(['published', 'unpublished']),
  hiden: z.boolean(),
  disabled: z.boolean(),
  experience_available: z.boolean(),
  variants: z.record(z.string(), z.array(z.string())),
  plain_description: z.string(),
  /** The rich description as stored (sanitised on save); pages sanitise it again before showing it. */
  description: z.string(),
  /** Experiences: where it happens and how many people it takes (null: not said). */
  experience_place: z.string().nullable(),
  experience_capacity: z.number().int().nullable(),
  tags: z.array(z.string()),
  max_purchase_amount: z.number().int().nullable(),
  dssupplier: supplierSchema.nullable(),
  /** The reseller's earning per sale in minor units; present only for level-one/two viewers with resale info on. */
  resale_earning: z.number().int().nullable(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

/**
 * Resale earning = contribution margin x plan commission rate, in minor units rounded half up (2 decimals of the
 * major unit; seed 001 §6, §9). The rate is the plans table's decimal string ('0.5'); no floating point. The
 * rounding is the money module's (applyRate), the one the product editor's preview calls too.
 */
export function resaleEarning(contributionMargin: number, rate: string): number {
  return applyRate(contributionMargin, rate);
}

/** A catalogue with its shop's address for sharing. */
export const catalogueDetailSchema = catalogueSchema.extend({ share_url: z.string() });
export type CatalogueDetail = z.infer<typeof catalogueDetailSchema>;

/** PATCH /api/shops/{slug}/items/{id}: the shop admin places an item in (or out of) the store, or moves it. */
export const shopItemPatchSchema = z.strictObject({
  in_store: z.boolean().optional(),
  /** Zero-based position in the shop's order (seed 001 §4). */
  queue_position: z.number().int().min(0).max(10_000_000).optional(),
}).refine((v) => v.in_store !== undefined || v.queue_position !== undefined, { message: 'Send in_store or queue_position' });
export const shopItemStateSchema = z.object({ product_id: z.string(), in_store: z.boolean(), queue_position: z.number().int().nullable() });

/** Query parameters of the catalogue pages (seed 001 §2): the list's name search and a catalogue's item search. */
export const CATALOGUE_NAME_FILTER_PARAM = 'CataloguesDubaluFilter';
export const CATALOGUE_ITEMS_FILTER_PARAM = 'cataloguesFilter';
