// A supplier's products, services and experiences (seed 001 §3 product fields): the shapes shared by the
// supplier's editor island, the CSV import and the API. Imports only zod and shared constants (browser-safe), so
// the same schema validates the form in the browser and the request on the server (ARCHITECTURE rule 2).
import { z } from 'zod';
import { PAGE_SIZE_MAX, PRODUCT_TYPES, STOCK_TYPES } from '../../lib/shared/constants.ts';
import { mediaSrcSchema } from '../../lib/shared/safe-url.ts';
import { PLATFORM_CURRENCIES } from '../../lib/shared/money.ts';

export const PRODUCT_NAME_MAX = 150;
export const PRODUCT_SLUG_MAX = 80;
export const PRODUCT_PLAIN_DESCRIPTION_MAX = 5000;
/** The rich description as HTML (tiptap's output), before sanitising. */
export const PRODUCT_DESCRIPTION_MAX = 60_000;
export const PRODUCT_PHOTOS_MAX = 12;
export const PRODUCT_TAGS_MAX = 20;
export const PRODUCT_TAG_MAX = 40;
export const VARIANT_AXES_MAX = 3;
export const VARIANT_VALUES_MAX = 30;
export const VARIANT_TEXT_MAX = 40;
/** Prices up to 10,000,000.00 in minor units. */
export const PRICE_MAX = 1_000_000_000;
export const STOCK_MAX = 10_000_000;
export const WEIGHT_G_MAX = 1_000_000;
export const SIZE_CM_MAX = 1000;
export const PRODUCT_LIST_STATES = ['published', 'unpublished'] as const;
/** What an experience asks of each attendee at checkout (attendee capture). */
export const ATTENDEE_FIELDS = ['full_name', 'phone', 'email'] as const;
/** Stock states a supplier filters by. */
export const STOCK_FILTERS = ['available', 'low', 'out', 'ondemand'] as const;
/** Units at or under which an onstock item counts as 'last units' (the storefront's 'last availables'). */
export const LOW_STOCK_MAX = 3;
export const PRODUCT_SORTS = ['-updated_at', 'updated_at', 'name', '-name', 'list_price', '-list_price', '-contribution_margin', 'stock'] as const;
export const BULK_ACTIONS = ['publish', 'unpublish', 'hide', 'show'] as const;
export const SUPPLIER_PRODUCTS_PAGE_SIZE = 20;
export const CSV_IMPORT_MAX_ROWS = 2000;
export const CSV_IMPORT_MAX_BYTES = 1_000_000;

export type ProductType = (typeof PRODUCT_TYPES)[number];

const text = (max: number) => z.string().max(max, 'validation.tooLong');
const money = z.number({ error: 'validation.notANumber' }).int('validation.wholeNumber').min(0, 'validation.atLeast').max(PRICE_MAX, 'validation.atMost');
const positive = (max: number) => z.number({ error: 'validation.notANumber' }).int('validation.wholeNumber').min(1, 'validation.atLeast').max(max, 'validation.atMost');
const variantText = z.string().trim().min(1, 'validation.required').max(VARIANT_TEXT_MAX, 'validation.tooLong');

/** Variant axes: name -> allowed values ({"Talla": ["S","M","L"]}). */
export const variantAxesSchema = z.record(variantText, z.array(variantText).min(1, 'validation.tooFew').max(VARIANT_VALUES_MAX, 'validation.tooMany')
  .refine((vs) => new Set(vs.map((v) => v.toLowerCase())).size === vs.length, 'validation.noRepeats'))
  .refine((axes) => Object.keys(axes).length <= VARIANT_AXES_MAX, 'validation.tooMany');

/** One variant's own stock: the choice (one value per axis) and its units on hand. */
export const variantStockSchema = z.object({
  variant: z.record(variantText, variantText),
  stock_on_hand: z.number({ error: 'validation.notANumber' }).int('validation.wholeNumber').min(0, 'validation.atLeast').max(STOCK_MAX, 'validation.atMost'),
});

/** Every field a supplier sets; the server fills owner, supplier and slug (from the name when not given). */
export const productFields = z.object({
  type: z.enum(PRODUCT_TYPES, { error: 'validation.invalidOption' }).default('product'),
  name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(PRODUCT_NAME_MAX, 'validation.tooLong'),
  slug: z.string().trim().max(PRODUCT_SLUG_MAX, 'validation.tooLong').regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'validation.invalidFormat').optional(),
  photos: z.array(mediaSrcSchema).max(PRODUCT_PHOTOS_MAX, 'validation.tooMany').default([]),
  plain_description: text(PRODUCT_PLAIN_DESCRIPTION_MAX).default(''),
  /** Rich description (HTML from the editor); sanitised on save and again on render, as blog entries are. */
  description: text(PRODUCT_DESCRIPTION_MAX).default(''),
  list_price: money,
  crossout_price: money.nullable().default(null),
  hide_price: z.boolean().default(false),
  is_free: z.boolean().default(false),
  currency: z.enum(PLATFORM_CURRENCIES, { error: 'validation.invalidOption' }).default('MXN'),
  is_dropshipping: z.boolean().default(true),
  /** Minor units of the price the supplier gives up to resellers and the platform; below the price. */
  contribution_margin: money.default(0),
  variants: variantAxesSchema.default({}),
  /** Per-variant stock; empty: the product's stock is one figure (stock_on_hand). */
  variant_stock: z.array(variantStockSchema).max(VARIANT_VALUES_MAX ** 2, 'validation.tooMany').default([]),
  tags: z.array(z.string().trim().min(1, 'validation.required').max(PRODUCT_TAG_MAX, 'validation.tooLong')).max(PRODUCT_TAGS_MAX, 'validation.tooMany').default([]),
  stock_type: z.enum(STOCK_TYPES, { error: 'validation.invalidOption' }).default('onstock'),
  stock_on_hand: z.number({ error: 'validation.notANumber' }).int('validation.wholeNumber').min(0, 'validation.atLeast').max(STOCK_MAX, 'validation.atMost').default(0),
  max_purchase_amount: positive(STOCK_MAX).nullable().default(null),
  weight_g: positive(WEIGHT_G_MAX).nullable().default(null),
  length_cm: positive(SIZE_CM_MAX).nullable().default(null),
  width_cm: positive(SIZE_CM_MAX).nullable().default(null),
  height_cm: positive(SIZE_CM_MAX).nullable().default(null),
  list_state: z.enum(PRODUCT_LIST_STATES, { error: 'validation.invalidOption' }).default('unpublished'),
  /** Hidden from every storefront and resale tool (seed spelling). */
  hiden: z.boolean().default(false),
  /** Experiences: ISO date-time with its offset ('2027-03-14T19:00:00-06:00'). */
  experience_date: z.iso.datetime({ offset: true, error: 'validation.invalidDate' }).nullable().default(null),
  experience_place: text(200).nullable().default(null),
  experience_capacity: positive(STOCK_MAX).nullable().default(null),
  attendee_fields: z.array(z.enum(ATTENDEE_FIELDS, { error: 'validation.invalidOption' })).max(ATTENDEE_FIELDS.length).default([]),
});
export type ProductFields = z.infer<typeof productFields>;
export type ProductFieldsInput = z.input<typeof productFields>;

/**
 * The rules between fields (seed 001 §3, §5), as field -> message keys. Pure: the island, the endpoint (after a
 * PATCH is merged with what is stored) and the CSV import all ask it.
 */
export function productProblems(p: ProductFields): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, key: string) => { (out[field] ??= []).push(key); };
  const price = p.is_free ? 0 : p.list_price;
  if (p.contribution_margin > 0 && p.contribution_margin >= price) add('contribution_margin', 'validation.marginBelowPrice');
  if (p.crossout_price !== null && p.crossout_price <= price) add('crossout_price', 'validation.crossoutAbovePrice');
  if (p.type === 'experience' && !p.experience_date) add('experience_date', 'validation.required');
  if (p.type !== 'experience' && (p.experience_place || p.experience_capacity !== null || p.attendee_fields.length)) add('type', 'validation.experienceOnly');
  if (p.max_purchase_amount !== null && p.stock_type === 'onstock' && p.max_purchase_amount > STOCK_MAX) add('max_purchase_amount', 'validation.atMost');
  const axes = Object.entries(p.variants);
  const seen = new Set<string>();
  p.variant_stock.forEach((row, i) => {
    const keys = Object.keys(row.variant);
    const complete = keys.length === axes.length && axes.every(([axis, values]) => values.includes(row.variant[axis] ?? '\u0000'));
    if (!complete) add(`variant_stock.${i}.variant`, 'validation.variantChoice');
    const key = variantKeyOf(row.variant);
    if (seen.has(key)) add(`variant_stock.${i}.variant`, 'validation.noRepeats');
    seen.add(key);
  });
  if (p.variant_stock.length && p.stock_type === 'ondemand') add('variant_stock', 'validation.variantStockOnstock');
  return out;
}

/** The canonical key of a variant choice, as the cart writes it ("Color=Negro|Talla=M"). */
export function variantKeyOf(v: Record<string, string>): string {
  return Object.keys(v).sort().map((k) => `${k}=${v[k]}`).join('|');
}

/** Creating: every field, checked together. */
export const productInput = productFields.superRefine((p, ctx) => {
  for (const [path, keys] of Object.entries(productProblems(p))) {
    for (const message of keys) ctx.addIssue({ code: 'custom', path: path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message });
  }
});
export type ProductInput = z.infer<typeof productInput>;

/**
 * Changing: any subset; the server merges it with the stored product and checks the result with productProblems.
 * The fields lose their defaults here: zod 4 fills a default even inside `.partial()`, which would turn
 * `{list_price}` into "every other field back to its default".
 */
const patchShape = Object.fromEntries(Object.entries(productFields.shape).map(([k, s]) => [k, (s instanceof z.ZodDefault ? s.removeDefault() : s).optional()])) as unknown as {
  [K in keyof typeof productFields.shape]: z.ZodOptional<z.ZodType<z.output<(typeof productFields.shape)[K]>, z.input<(typeof productFields.shape)[K]>>>;
};
export const productPatch = z.object(patchShape).refine((v) => Object.values(v).some((x) => x !== undefined), 'validation.sendOneField');
export type ProductPatch = z.infer<typeof productPatch>;

/** The supplier's product list query (GET /api/supplier/products and the list page). */
export const productListQuery = z.object({
  text: z.string().trim().max(200, 'validation.tooLong').optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  list_state: z.enum(PRODUCT_LIST_STATES).optional(),
  hiden: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  stock: z.enum(STOCK_FILTERS).optional(),
  tag: z.string().trim().max(PRODUCT_TAG_MAX, 'validation.tooLong').optional(),
  sort: z.enum(PRODUCT_SORTS).default('-updated_at'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(SUPPLIER_PRODUCTS_PAGE_SIZE),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const bulkInput = z.object({
  action: z.enum(BULK_ACTIONS, { error: 'validation.invalidOption' }),
  ids: z.array(z.uuid('validation.invalidId')).min(1, 'validation.tooFew').max(PAGE_SIZE_MAX, 'validation.tooMany'),
});

/** What the supplier sees of one of their items. */
export const supplierProductView = productFields.extend({
  id: z.string(),
  slug: z.string(),
  owner: z.string(),
  supplier_id: z.string().nullable(),
  stock_reserved: z.number(),
  available: z.number(),
  sold_out: z.boolean(),
  /** Shops that offer it in their store. */
  in_stores: z.number(),
  /** Where a shopper sees it (the platform's product page). */
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  variant_stock: z.array(variantStockSchema.extend({ variant_key: z.string(), stock_reserved: z.number() })),
});
export type SupplierProductView = z.infer<typeof supplierProductView>;
