// Resale shapes (seed 001 §2 'Catalogues, resale and franchises', §7 products to resale, add/remove/check
// products in store, franchises): what a shop admin's add-products and franchise modals send and receive.
// Browser-safe (zod and shared modules only), so the admin islands can validate with the same schemas.
import { z } from 'zod';
import { PRODUCT_TYPES } from '../../lib/shared/constants.ts';
import { uuidSchema } from '../admin/schema.ts';
import { SEARCH_TEXT_MAX } from '../search/schema.ts';

/**
 * The rules of the resale list, one set for both of its surfaces (issue 26): the store menu's 'Productos +' window
 * and the reseller's workspace ({shop}/apps/me/referral). Seed 001 §9: 10 a page (the product modal), search
 * debounced 400 ms, sorted by -contribution_margin, a removal waits 5000 ms for its undo.
 */
export const RESALE_PAGE_SIZE = 10;
export const RESALE_SEARCH_DEBOUNCE_MS = 400;
export const RESALE_REMOVAL_UNDO_MS = 5000;
export const RESALE_DEFAULT_SORT = '-contribution_margin' as const;
export const RESALE_PAGE_MAX = 50;
/** Franchise modal page size (seed 001 §9: 'franchise list 2'). */
export const FRANCHISE_PAGE_SIZE = 2;
export const FRANCHISE_PAGE_MAX = 50;
/** Ids per "check products in store" call. */
export const STORE_CHECK_MAX = 100;
/** The reseller's referral products tab (seed 001 §2, §9): page size 10, category dropdown 15, supplier dropdown 10. */
export const RESALE_WORKSPACE_PAGE_SIZE = RESALE_PAGE_SIZE;
export const RESALE_CATEGORY_DROPDOWN = 15;
export const RESALE_SUPPLIER_DROPDOWN = 10;
/** Items of the store the plans tab prices under every plan ('on these 10 items'). */
export const PLAN_SAMPLE_SIZE = 10;

/** An empty query value (a dropdown's "all" option sends `supplier=`) counts as absent. */
const blankAsAbsent = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v === '' ? undefined : v), inner.optional());

const page = (defaultLimit: number, max: number) => ({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(max).default(defaultLimit),
});

export const resaleTypeSchema = z.enum(PRODUCT_TYPES);

/** Name order is stable for infinite scroll; the others add the id as a tie-break (seed 001 §9 resale sort). */
export const RESALE_SORTS = ['name', '-contribution_margin', 'list_price', '-list_price'] as const;

/**
 * 'resellable' (the add-products modal): only what can be added. 'workspace' (the referral products tab): also the
 * suppliers' published items that are not dropshipped (shown 'not for resale') and whatever the store holds that is
 * no longer resellable (unpublished or hidden: shown faded, removable).
 */
export const RESALE_SCOPES = ['resellable', 'workspace'] as const;
export type ResaleScope = (typeof RESALE_SCOPES)[number];

export const resaleQuerySchema = z.object({
  type: resaleTypeSchema.default('product'),
  scope: z.enum(RESALE_SCOPES).default('resellable'),
  /** Name, tags and description words, case- and accent-insensitive (the storefront search's rules). */
  text: blankAsAbsent(z.string().max(SEARCH_TEXT_MAX * 2)),
  supplier: blankAsAbsent(uuidSchema),
  /** A tag, e.g. the demo category key 'ropa' (accents and case ignored). */
  category: blankAsAbsent(z.string().trim().min(1).max(64)),
  sort: z.enum(RESALE_SORTS).default(RESALE_DEFAULT_SORT),
  ...page(RESALE_PAGE_SIZE, RESALE_PAGE_MAX),
});
export type ResaleQuery = z.output<typeof resaleQuerySchema>;

export const resaleFacetsQuerySchema = z.object({
  type: resaleTypeSchema.default('product'),
  scope: z.enum(RESALE_SCOPES).default('resellable'),
  /** At most this many suppliers / categories: those with the most items (then sorted by name); all when absent. */
  suppliers_limit: blankAsAbsent(z.coerce.number().int().min(1).max(100)),
  categories_limit: blankAsAbsent(z.coerce.number().int().min(1).max(100)),
});
export type ResaleFacetsQuery = z.output<typeof resaleFacetsQuerySchema>;

export const resaleItemSchema = z.object({
  id: z.string(), owner: z.string(), name: z.string(), type: resaleTypeSchema, photo: z.string().nullable(),
  list_price: z.number().int(), currency: z.string(),
  supplier: z.object({ id: z.string(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
  in_store: z.boolean(),
  /** Contribution margin per unit in minor units (the item's currency). */
  contribution_margin: z.number().int(),
  /** The shop's earning per sale at its plan's commission rate (minor units); null when the item is not resellable. */
  earning: z.number().int().nullable(),
  /** May be added to the store: published, visible, dropshipped, with a supplier (and the franchise's, in a franchise store). */
  resellable: z.boolean(),
  is_dropshipping: z.boolean(),
  /** Unpublished or hidden: shown faded and not clickable (seed 001 §4). */
  faded: z.boolean(),
});
export type ResaleItem = z.infer<typeof resaleItemSchema>;

export const resaleFacetsSchema = z.object({
  suppliers: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Each item's main tag (the first), distinct and sorted. */
  categories: z.array(z.string()),
});
export type ResaleFacets = z.infer<typeof resaleFacetsSchema>;

export const storeProductAddedSchema = z.object({
  product_id: z.string(), in_store: z.literal(true), queue_position: z.number().int(),
  /** How many of the shop's catalogues took the item back at the place it had when it was last removed. */
  restored_to_catalogues: z.number().int(),
});
export const storeProductRemovedSchema = z.object({
  product_id: z.string(), in_store: z.literal(false),
  /** How many of the shop's catalogues also dropped the item. */
  removed_from_catalogues: z.number().int(),
});

export const storeCheckBodySchema = z.strictObject({ ids: z.array(uuidSchema).max(STORE_CHECK_MAX, 'validation.tooMany') });
export const storeCheckResultSchema = z.object({ in_store: z.array(z.string()) });

export const franchiseQuerySchema = z.object({
  text: blankAsAbsent(z.string().max(SEARCH_TEXT_MAX * 2)),
  ...page(FRANCHISE_PAGE_SIZE, FRANCHISE_PAGE_MAX),
});
export type FranchiseQuery = z.output<typeof franchiseQuerySchema>;

/** Franchise list item (seed 001 §3: id, name, photo, canonical_url, in_store) plus the slug for links. */
export const franchiseChoiceSchema = z.object({
  id: z.string(), slug: z.string(), name: z.string(), photo: z.string().nullable(), canonical_url: z.string().nullable(), in_store: z.boolean(),
});
export type FranchiseChoice = z.infer<typeof franchiseChoiceSchema>;

export const franchiseStateSchema = z.object({ id: z.string(), in_store: z.boolean() });
