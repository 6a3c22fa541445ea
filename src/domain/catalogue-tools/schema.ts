// What goes inside a catalogue (issue 13; seed 001 §2, §4, §7, §9): the add-products modal's candidates, adding
// every candidate that matches a filter, the admin's ordered list, and forking a catalogue of the network.
// Browser-safe (zod and shared modules only): the catalogue-tools island reads the same shapes.
import { z } from 'zod';
import { PRODUCT_TYPES } from '../../lib/shared/constants.ts';
import { uuidSchema } from '../admin/schema.ts';
import { SEARCH_TEXT_MAX } from '../search/schema.ts';

/** Seed 001 §9: the product modal's page size, the category (15) and supplier (10) dropdowns, the delays. */
export const CANDIDATES_PAGE_SIZE = 10;
export const CANDIDATES_PAGE_MAX = 50;
export const CATEGORY_DROPDOWN_SIZE = 15;
export const SUPPLIER_DROPDOWN_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 400;
export const REMOVAL_UNDO_MS = 5000;
export const REMOVAL_TOAST_MS = 4000;
export const ADD_BY_FILTER_WAIT_MS = 3500;
export const FORK_WAIT_MS = 3500;
export const POSITION_REFRESH_MS = 8000;
/** One add-by-filter call puts at most this many items in (seed 001 §7 check_at_least: broad filters stop there). */
export const ADD_BY_FILTER_MAX = 1000;
/** The admin's ordered list: items per page (the storefront's catalogue page size). */
export const ADMIN_ITEMS_PAGE_SIZE = 30;
export const ADMIN_ITEMS_PAGE_MAX = 100;

const blankAsAbsent = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), inner.optional());

/** The filter of the add-products modal, shared by its list and by 'add all that match'. */
export const candidateFilterShape = {
  type: z.enum(PRODUCT_TYPES).default('product'),
  /** Name, tags and description words (the storefront search's rules, accents and case ignored). */
  text: blankAsAbsent(z.string().trim().max(SEARCH_TEXT_MAX * 2, 'validation.tooLong')),
  supplier: blankAsAbsent(uuidSchema),
  /** A tag, e.g. 'ropa' (accents and case ignored). */
  category: blankAsAbsent(z.string().trim().min(1).max(64, 'validation.tooLong')),
};
export const candidatesQuerySchema = z.object({
  ...candidateFilterShape,
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(CANDIDATES_PAGE_MAX).default(CANDIDATES_PAGE_SIZE),
});
export type CandidatesQuery = z.output<typeof candidatesQuerySchema>;
/**
 * 'Add all that match' (issue 26): a filter with no text, supplier or category takes the whole resale catalogue of
 * the type, so it needs `all: true` (the window asks first, with the count); otherwise a field error on `text`.
 */
export const addByFilterBodySchema = z.strictObject({ ...candidateFilterShape, all: z.boolean().optional() });
export type CandidateFilter = z.output<typeof addByFilterBodySchema>;

export const candidateSchema = z.object({
  id: z.string(), name: z.string(), type: z.enum(PRODUCT_TYPES), photo: z.string().nullable(),
  list_price: z.number().int(), currency: z.string(),
  supplier: z.object({ id: z.string(), name: z.string() }).nullable(),
  in_store: z.boolean(), in_catalogue: z.boolean(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const addByFilterResultSchema = z.object({
  catalogue_id: z.string(),
  /** Items put in the catalogue by this call (0 when all were there already). */
  added: z.number().int(),
  /** Of those, items that were not in the store yet (a catalogue shows only what the store sells). */
  added_to_store: z.number().int(),
  num_products: z.number().int(),
  /** What this call put in, for its undo (POST .../by-filter/undo): into the catalogue, and into the store. */
  added_ids: z.array(z.string()),
  added_to_store_ids: z.array(z.string()),
});

/** Undo of one 'add all' (issue 26): the ids its answer gave; at most ADD_BY_FILTER_MAX each. */
export const addByFilterUndoSchema = z.strictObject({
  added_ids: z.array(uuidSchema).max(ADD_BY_FILTER_MAX, 'validation.tooMany'),
  added_to_store_ids: z.array(uuidSchema).max(ADD_BY_FILTER_MAX, 'validation.tooMany').default([]),
});
export type AddByFilterUndo = z.output<typeof addByFilterUndoSchema>;
export const addByFilterUndoResultSchema = z.object({
  catalogue_id: z.string(),
  /** Items taken out of the catalogue again. */
  removed: z.number().int(),
  /** Of the items the batch put in the store, those taken out again (not those another catalogue shows since). */
  removed_from_store: z.number().int(),
  num_products: z.number().int(),
});

export const adminItemsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_ITEMS_PAGE_MAX).default(ADMIN_ITEMS_PAGE_SIZE),
});
export const adminItemSchema = z.object({
  product_id: z.string(), name: z.string(), photo: z.string().nullable(), queue_position: z.number().int(),
  list_price: z.number().int(), currency: z.string(),
  /** Unpublished, hidden or disabled items stay in the catalogue but shoppers do not see them. */
  visible: z.boolean(),
});
export type AdminItem = z.infer<typeof adminItemSchema>;

const slugLike = z.string().trim().toLowerCase().regex(/^[a-z0-9][a-z0-9-]{0,120}$/, 'catalogueTools.invalidSlug');

/**
 * POST .../admin/catalogues/fork: the catalogue to copy, by id, or by slug within a shop (origin_shop; the
 * network's root store when absent). Exactly one of origin_id and origin_slug.
 */
export const forkBodySchema = z.strictObject({
  origin_id: uuidSchema.optional(),
  origin_slug: slugLike.optional(),
  origin_shop: z.string().trim().toLowerCase().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'catalogueTools.invalidSlug').optional(),
}).superRefine((v, ctx) => {
  if ((v.origin_id === undefined) === (v.origin_slug === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['origin_id'], message: 'catalogueTools.originOneOf' });
  }
  if (v.origin_id !== undefined && v.origin_shop !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['origin_shop'], message: 'catalogueTools.originShopWithSlug' });
  }
});
export type ForkBody = z.output<typeof forkBodySchema>;

export const forkResultSchema = z.object({
  id: z.string(), name: z.string(), slug: z.string(), photo: z.string().nullable(), num_products: z.number().int(),
  origin: z.object({ id: z.string(), name: z.string(), slug: z.string(), shop_slug: z.string(), shop_name: z.string() }),
});
export type ForkResult = z.infer<typeof forkResultSchema>;

/** GET .../admin/catalogues/network: the other network shops' catalogues a shop may fork (seed 000 §9: 50 a fetch). */
export const NETWORK_CATALOGUES_LIMIT = 50;
export const networkCataloguesQuerySchema = z.object({
  text: blankAsAbsent(z.string().trim().max(SEARCH_TEXT_MAX, 'validation.tooLong')),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(NETWORK_CATALOGUES_LIMIT).default(NETWORK_CATALOGUES_LIMIT),
});
export const networkCatalogueSchema = z.object({
  id: z.string(), name: z.string(), slug: z.string(), photo: z.string().nullable(), num_products: z.number().int(),
  shop_slug: z.string(), shop_name: z.string(),
});
export type NetworkCatalogue = z.infer<typeof networkCatalogueSchema>;
