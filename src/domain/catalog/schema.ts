import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PRODUCT_TYPES } from '../../lib/shared/constants.ts';

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
});
export type ListItem = z.infer<typeof listItemSchema>;

export const catalogueSchema = z.object({
  id: z.string(), name: z.string(), slug: z.string(), photo: z.string().nullable(), icon_class: z.string().nullable(),
  num_products: z.number().int(), updated_at: z.string(),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

export const listOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item), matches_estimated: z.number().int() });
