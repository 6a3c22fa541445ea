// Search (seed 000 §2 search overlay; §7 shop products search): the query the storefront's search API
// takes and the rows it answers. Browser-safe: imports only zod and shared constants; the search island
// imports the types from here (type-only, so no zod reaches the browser bundle).
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PRODUCT_TYPES } from '../../lib/shared/constants.ts';

export const searchTypeSchema = z.enum(PRODUCT_TYPES);
export type SearchType = z.infer<typeof searchTypeSchema>;

/** GET /api/shops/{slug}/search?type=&text=&offset=&limit= */
export const searchQuerySchema = z.object({
  type: searchTypeSchema.default('product'),
  text: z.string().trim().max(200).default(''),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  id: z.string(), owner: z.string(), name: z.string(), type: searchTypeSchema, photo: z.string().nullable(),
  list_price: z.number().int(), currency: z.string(), hide_price: z.boolean(), is_free: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema), matches_estimated: z.number().int() });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
