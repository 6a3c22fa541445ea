import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts.ts';
import { shops, suppliers } from './shops.ts';

/** Products, services and experiences (seed 001 §3). Money in minor units of `currency`. */
export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Owning profile (the supplier's profile for dropshipped items). */
  owner: uuid('owner').notNull().references(() => profiles.id),
  supplier_id: uuid('supplier_id').references(() => suppliers.id),
  type: text('type').$type<'product' | 'service' | 'experience'>().notNull(),
  main_type: text('main_type').$type<'business' | 'personal'>().notNull().default('business'),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  photos: jsonb('photos').$type<string[]>().notNull().default([]),
  list_price: integer('list_price').notNull(),
  crossout_price: integer('crossout_price'),
  hide_price: boolean('hide_price').notNull().default(false),
  is_free: boolean('is_free').notNull().default(false),
  currency: text('currency').notNull().default('MXN'),
  is_dropshipping: boolean('is_dropshipping').notNull().default(true),
  contribution_margin: integer('contribution_margin').notNull().default(0),
  list_state: text('list_state').$type<'published' | 'unpublished'>().notNull().default('published'),
  hiden: boolean('hiden').notNull().default(false),
  sold_out: boolean('sold_out').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  /**
   * Disabled because its supplier is suspended (issue 25): set together with `disabled` when the operator suspends
   * the supplier (and on insert while it is suspended, trigger of migration 0035), cleared with it on re-enable, so
   * only the items the suspension disabled come back. Shop and catalogue rows (positions) are never touched.
   */
  supplier_suspended: boolean('supplier_suspended').notNull().default(false),
  experience_date: timestamp('experience_date', { withTimezone: true }),
  experience_available: boolean('experience_available').notNull().default(true),
  /** Variant axes: name -> allowed values, e.g. {"Talla": ["S","M","L"]}. */
  variants: jsonb('variants').$type<Record<string, string[]>>().notNull().default({}),
  plain_description: text('plain_description').notNull().default(''),
  description: text('description').notNull().default(''),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  stock_type: text('stock_type').$type<'onstock' | 'ondemand'>().notNull().default('onstock'),
  stock_on_hand: integer('stock_on_hand').notNull().default(0),
  stock_reserved: integer('stock_reserved').notNull().default(0),
  max_purchase_amount: integer('max_purchase_amount'),
  /** Shipping weight of one unit in grams and its box in centimetres (courier rates); null: the 1 kg default. */
  weight_g: integer('weight_g'),
  length_cm: integer('length_cm'),
  width_cm: integer('width_cm'),
  height_cm: integer('height_cm'),
  /** Experiences: where it happens, how many people it takes (null: no limit but stock), what each attendee gives. */
  experience_place: text('experience_place'),
  experience_capacity: integer('experience_capacity'),
  attendee_fields: text('attendee_fields').array().notNull().default(sql`'{}'::text[]`),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('products_owner_slug').on(t.owner, t.slug),
  // No index on type alone (dropped by migration 0023): three values, none rare, so the planner's bitmap of 70% of
  // the table only slowed the searches it was ANDed into.
  check('products_type_check', sql`${t.type} in ('product','service','experience')`),
  check('products_stock_type_check', sql`${t.stock_type} in ('onstock','ondemand')`),
  check('products_stock_nonneg', sql`${t.stock_on_hand} >= 0 and ${t.stock_reserved} >= 0 and ${t.stock_reserved} <= ${t.stock_on_hand} or ${t.stock_type} = 'ondemand'`),
  check('products_price_nonneg', sql`${t.list_price} >= 0`),
  check('products_max_purchase', sql`${t.max_purchase_amount} is null or ${t.max_purchase_amount} > 0`),
  check('products_list_state', sql`${t.list_state} in ('published','unpublished')`),
  check('products_weight', sql`${t.weight_g} is null or ${t.weight_g} > 0`),
  index('products_supplier').on(t.supplier_id, t.updated_at),
]);

/**
 * Each variant's own stock (seed 001 §3 variants). A product with rows here sells per variant: a reservation
 * holds units of the variant row and of the product row together, so products.stock_on_hand stays the sum.
 * `variant_key` is the cart's canonical form ("Color=Negro|Talla=M").
 */
export const productVariantStock = pgTable('product_variant_stock', {
  product_id: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  variant_key: text('variant_key').notNull(),
  variant: jsonb('variant').$type<Record<string, string>>().notNull(),
  stock_on_hand: integer('stock_on_hand').notNull().default(0),
  stock_reserved: integer('stock_reserved').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.product_id, t.variant_key] }),
  check('product_variant_stock_nonneg', sql`${t.stock_on_hand} >= 0 and ${t.stock_reserved} >= 0 and ${t.stock_reserved} <= ${t.stock_on_hand}`),
]);

/** The items a shop offers in its store (in_store), in its own order. */
export const shopProducts = pgTable('shop_products', {
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  product_id: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  queue_position: integer('queue_position').notNull().default(0),
  added_at: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.shop_id, t.product_id] }), index('shop_products_order').on(t.shop_id, t.queue_position)]);

/**
 * The folded names a shop's search ranks: one narrow row (~80 bytes) per visible item (published, not hidden, not
 * disabled) of a store, kept by the triggers of migration 0027 from shop_products and products. A broad word in a
 * store of 100,000 items ranks its 10,000 name matches from here instead of reading as many 1.3 KB product rows,
 * and a product page finds related items (shared tags, the store's order) without reading the rows it skips.
 * Trigram-indexed on search_name (migration 0027, like products.search_name).
 */
export const shopItemSearch = pgTable('shop_item_search', {
  shop_id: uuid('shop_id').notNull(),
  product_id: uuid('product_id').notNull(),
  type: text('type').$type<'product' | 'service' | 'experience'>().notNull(),
  /** shop_products.queue_position, copied so the ranking's last key is read from the same narrow row. */
  queue_position: integer('queue_position').notNull(),
  search_name: text('search_name').notNull(),
  /** products.tags (migration 0028): a product page's related items are the first in the store's order that share tags. */
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  /** products.currency and list_price (migration 0039): a store's price orders page on the narrow index below. */
  currency: text('currency').notNull().default(''),
  list_price: integer('list_price').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.shop_id, t.product_id] }),
  index('shop_item_search_order').on(t.shop_id, t.type, t.queue_position, t.product_id),
  // The price orders (src/domain/search/repo.ts currencyGroup: the home currency MXN first, then by code), both ways.
  index('shop_item_search_price').on(t.shop_id, t.type, sql`(${t.currency} <> 'MXN')`, t.currency, t.list_price, t.product_id),
  index('shop_item_search_price_desc').on(t.shop_id, t.type, sql`(${t.currency} <> 'MXN')`, t.currency, t.list_price.desc(), t.product_id),
  // One-character searches: names starting with the letter, those whose first word is the letter apart, each in the
  // ranking's order (length, the store's order), so their first page is read off the index (src/domain/search/repo.ts).
  index('shop_item_search_initial').on(t.shop_id, t.type, sql`left(${t.search_name}, 1)`,
    sql`(case when length(${t.search_name}) = 1 or substr(${t.search_name}, 2, 1) = ' ' then 0 else 1 end)`, sql`length(${t.search_name})`, t.queue_position, t.product_id),
  foreignKey({ name: 'shop_item_search_link_fk', columns: [t.shop_id, t.product_id], foreignColumns: [shopProducts.shop_id, shopProducts.product_id] }).onDelete('cascade'),
  index('shop_item_search_product').on(t.product_id),
]);

export const catalogues = pgTable('catalogues', {
  id: uuid('id').primaryKey().defaultRandom(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  owner: uuid('owner').references(() => profiles.id),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  photo: text('photo'),
  icon_class: text('icon_class'),
  origin_id: uuid('origin_id'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('catalogues_shop_slug').on(t.shop_id, t.slug),
  check('catalogues_name_len', sql`char_length(${t.name}) between 1 and 150`),
]);

export const catalogueProducts = pgTable('catalogue_products', {
  catalogue_id: uuid('catalogue_id').notNull().references(() => catalogues.id, { onDelete: 'cascade' }),
  product_id: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  /** Zero-based position (seed 001 §4). */
  queue_position: integer('queue_position').notNull().default(0),
  /**
   * Whether the item is visible (published, not hidden, not disabled), copied from products by the triggers of
   * migration 0039 so a catalogue's page N is found on the narrow partial index below instead of reading the
   * product row of every item before it (issue 29).
   */
  visible: boolean('visible').notNull().default(true),
}, (t) => [
  primaryKey({ columns: [t.catalogue_id, t.product_id] }), index('catalogue_products_order').on(t.catalogue_id, t.queue_position),
  index('catalogue_products_visible_order').on(t.catalogue_id, t.queue_position, t.product_id).where(sql`"visible"`),
]);

/**
 * Catalogue places an item had when it left the store (issue 26: removing from the store must not drop it from the
 * shop's catalogues for good). removeFromStore moves its catalogue_products rows here; putting it back in the
 * store (any surface: the store menu's window, the workspace, a product page) restores them at their positions and
 * deletes them. A deleted catalogue or product takes its rows with it.
 */
export const catalogueProductMemory = pgTable('catalogue_product_memory', {
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  product_id: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  catalogue_id: uuid('catalogue_id').notNull().references(() => catalogues.id, { onDelete: 'cascade' }),
  queue_position: integer('queue_position').notNull(),
  removed_at: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.catalogue_id, t.product_id] }), index('catalogue_product_memory_item').on(t.shop_id, t.product_id)]);

/**
 * Deleted catalogues kept for the builder's undo (POST .../catalogues/{id}/restore brings one back with the same id
 * and its products in order) until they are purged (src/domain/admin/catalogue-trash.ts). Not a catalogue any more:
 * nothing that reads `catalogues` sees them. Its photo counts as used (deleteMediaIfUnused) until the purge.
 */
export const catalogueTrash = pgTable('catalogue_trash', {
  catalogue_id: uuid('catalogue_id').primaryKey(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  owner: uuid('owner'),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  photo: text('photo'),
  icon_class: text('icon_class'),
  origin_id: uuid('origin_id'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  /** The products in their order (positions 0..n-1). */
  product_ids: uuid('product_ids').array().notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('catalogue_trash_deleted_at').on(t.deleted_at)]);

/**
 * How many visible items (published, not hidden, not disabled) a shop's store offers per type, kept by the database
 * (triggers of migration 0023 on shop_products and products): the per-type counts of the storefront read one row
 * instead of counting a store of 100,000 items on every page.
 */
export const shopItemCounts = pgTable('shop_item_counts', {
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  type: text('type').$type<'product' | 'service' | 'experience'>().notNull(),
  n: integer('n').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.shop_id, t.type] })]);

/** How many visible items a catalogue holds, kept like shop_item_counts (triggers on catalogue_products and products). */
export const catalogueItemCounts = pgTable('catalogue_item_counts', {
  catalogue_id: uuid('catalogue_id').primaryKey().references(() => catalogues.id, { onDelete: 'cascade' }),
  n: integer('n').notNull().default(0),
});
