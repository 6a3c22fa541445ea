// Search inside a shop: the text rules (seed 000 §5: non-empty lower-cased text and a shop, otherwise nothing),
// the results-page address (seed 000 §2: ?filter="text"*), the API query and the live-event shape.
// Browser-safe: imports only zod and the catalog schema, so the search overlay island can share it.
import { z } from 'zod';
import { itemSortSchema, listItemSchema, listOf } from '../catalog/schema.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PRODUCT_TYPES } from '../../lib/shared/constants.ts';

/** Longest search text kept (longer input is cut). */
export const SEARCH_TEXT_MAX = 100;
/** Search suggestions shown by the overlay (seed 001 §9). */
export const SEARCH_SUGGESTIONS = 5;
/** Search debounce of the overlay, ms (seed 000 §9). */
export const SEARCH_DEBOUNCE_MS = 400;
/** Matches are counted exactly up to this many; beyond it matches_estimated is this number (seed 001 §7 check_at_least). */
export const SEARCH_CHECK_AT_LEAST = 1000;
/** At most this many words of a query take part (each is an index probe). */
export const SEARCH_MAX_TOKENS = 8;

/** Trimmed, single-spaced, lower-cased, at most SEARCH_TEXT_MAX characters; '' means "search nothing". */
export function normalizeSearchText(raw: string | null | undefined): string {
  if (!raw) return '';
  return raw.normalize('NFC').replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, SEARCH_TEXT_MAX).trim();
}

/** The words of a normalised text: runs of letters and digits (accents kept; the database folds them). */
export function searchTokens(text: string): string[] {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, SEARCH_MAX_TOKENS);
}

/** A to_tsquery text matching every word as a prefix: 'camisa:* & lino:*'. Tokens carry no tsquery syntax. */
export function prefixTsquery(tokens: readonly string[]): string {
  return tokens.map((t) => `${t}:*`).join(' & ');
}

/** Escapes LIKE wildcards (backslash is the default escape character). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The results page's filter value: the text wrapped in double quotes with a trailing asterisk. */
export function toFilter(text: string): string {
  return `"${text}"*`;
}

/** Reads a filter value back: '"café de olla"*' -> 'café de olla' (lenient: quotes and asterisk optional). */
export function parseFilter(filter: string | null | undefined): string {
  if (!filter) return '';
  let s = filter.trim();
  if (s.endsWith('*')) s = s.slice(0, -1);
  if (s.startsWith('"')) s = s.slice(1);
  if (s.endsWith('"')) s = s.slice(0, -1);
  return s.replace(/"/g, ' ').trim();
}

export const searchTypeSchema = z.enum(PRODUCT_TYPES);
export type SearchType = z.infer<typeof searchTypeSchema>;

/** GET /api/shops/{slug}/search?type=&text=&sort=&offset=&limit= (empty text answers no results). */
export const searchQuerySchema = z.object({
  type: searchTypeSchema.default('product'),
  text: z.string().max(500).default(''),
  sort: itemSortSchema,
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * A result row: the same list item the storefront grids show (id, owner, name, type, photo, price fields, stock);
 * for a level-two viewer with a store also `level_two` (src/domain/search/level-two.ts).
 */
export const searchResultSchema = listItemSchema.extend({
  level_two: z.object({ resellable: z.boolean(), earning: z.number().int().nullable(), in_my_store: z.boolean() }).optional()
    .describe('Level-two viewers only: can it be resold, what they would earn from their own store (minor units), do they carry it'),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = listOf(searchResultSchema);
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * A live product event as the storefront receives it (server-sent event `product`). `op` is what happened to
 * the row (`bulk`: many rows at once, refresh what is shown); the page fetches the card fragment to learn the rest.
 */
export const productEventSchema = z.object({
  product_id: z.string().optional(),
  op: z.enum(['insert', 'update', 'delete', 'bulk']),
});
export type ProductEvent = z.infer<typeof productEventSchema>;
