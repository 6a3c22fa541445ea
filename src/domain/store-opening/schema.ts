// Opening a free store (issue 14, seed 001 §2 /asistentes/emprendedores): shapes shared by the page, the API and
// the browser script that checks the address as it is typed. Imports only zod and shared constants.
import { z } from 'zod';
import { STORE_TYPES } from '../../lib/shared/constants.ts';

export const SHOP_NAME_MAX = 80;
export const SHOP_SLUG_MAX = 63;

/** Why an address cannot be used: bare codes, turned into words by the page (openStore.slugProblem-<code>). */
export const SLUG_PROBLEMS = ['slug_invalid', 'slug_reserved', 'slug_taken'] as const;
export type SlugProblem = (typeof SLUG_PROBLEMS)[number];

export const openStoreInput = z.object({
  name: z.string().trim().min(1, 'validation.required').max(SHOP_NAME_MAX, 'validation.tooLong'),
  slug: z.string().trim().toLowerCase().min(1, 'validation.required').max(SHOP_SLUG_MAX, 'validation.tooLong'),
  store_type: z.enum(STORE_TYPES, 'validation.invalidOption').default('affiliate'),
  theme_pack: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'validation.invalidOption').default('basic'),
});
export type OpenStoreInput = z.infer<typeof openStoreInput>;

export const slugCheckQuery = z.object({ slug: z.string().max(200, 'validation.tooLong') });

export const slugCheckOutput = z.object({
  slug: z.string(),
  available: z.boolean(),
  /** null when available; otherwise one of SLUG_PROBLEMS. */
  reason: z.enum(SLUG_PROBLEMS).nullable(),
});

export const openStoreOutput = z.object({
  shop: z.object({ id: z.string(), slug: z.string(), name: z.string(), store_type: z.enum(STORE_TYPES), theme_pack: z.string() }),
  /** Where the new owner continues: the builder of the new shop. */
  editor_path: z.string(),
  user_level: z.enum(['ul0', 'ul1', 'ul2', 'ul3']).nullable(),
});

export const levelOutput = z.object({ user_level: z.enum(['ul0', 'ul1', 'ul2', 'ul3']).nullable() });
