// Shop administration (issue 4): the shop's header list, its banners and its theme customisation
// (draft and published documents of the builder). Slides live in shops.store_theme_info.slider_info.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ThemeDocument } from '../../domain/admin/schema.ts';
import { profiles, users } from './accounts.ts';
import { products } from './catalog.ts';
import { media } from './media.ts';
import { shops } from './shops.ts';

/**
 * Header list of a shop (seed 000 §3 "Header list record"). One of them may be the shop's active header: its
 * fields are then copied into shops.store_theme_info.header_info, which is what the storefront renders.
 */
export const shopHeaders = pgTable('shop_headers', {
  id: uuid('id').primaryKey().defaultRandom(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  subtitle: text('subtitle'),
  description: text('description'),
  action_type: text('action_type').$type<'none' | 'url' | 'product' | 'signup'>().notNull().default('none'),
  url: text('url'),
  button_label: text('button_label'),
  product: uuid('product').references(() => products.id, { onDelete: 'set null' }),
  /** The product's owner profile (its supplier), kept with the product so links need no lookup. */
  product_supplier: uuid('product_supplier').references(() => profiles.id, { onDelete: 'set null' }),
  target: text('target').notNull().default('all'),
  /** The shop's active header (at most one per shop). */
  active: boolean('active').notNull().default(false),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('shop_headers_shop').on(t.shop_id, t.created_at),
  uniqueIndex('shop_headers_one_active').on(t.shop_id).where(sql`${t.active}`),
  check('shop_headers_title_len', sql`char_length(${t.title}) between 1 and 30`),
  check('shop_headers_subtitle_len', sql`${t.subtitle} is null or char_length(${t.subtitle}) <= 40`),
  check('shop_headers_description_len', sql`${t.description} is null or char_length(${t.description}) <= 130`),
  check('shop_headers_action_type', sql`${t.action_type} in ('none','url','product','signup')`),
  check('shop_headers_target', sql`${t.target} in ('all','anon','ul0','ul1','ul2')`),
  check('shop_headers_button_label', sql`${t.button_label} is null or ${t.button_label} in ('signup','signupnow','signupfree','startnow','buynow','more')`),
]);

/** Banners of a shop (seed 000 §3 Banner), shown to the audience named by target, in position order. */
export const shopBanners = pgTable('shop_banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  hzt_image: text('hzt_image'),
  vrt_image: text('vrt_image'),
  hzt_image_id: uuid('hzt_image_id').references(() => media.id, { onDelete: 'set null' }),
  vrt_image_id: uuid('vrt_image_id').references(() => media.id, { onDelete: 'set null' }),
  action_type: text('action_type').$type<'none' | 'product' | 'url' | 'signup'>().notNull().default('none'),
  url: text('url'),
  url_target: text('url_target').$type<'_self' | '_blank'>().notNull().default('_self'),
  product: uuid('product').references(() => products.id, { onDelete: 'set null' }),
  product_supplier: uuid('product_supplier').references(() => profiles.id, { onDelete: 'set null' }),
  target: text('target').notNull().default('all'),
  position: integer('position').notNull().default(0),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('shop_banners_shop').on(t.shop_id, t.position),
  check('shop_banners_action_type', sql`${t.action_type} in ('none','product','url','signup')`),
  check('shop_banners_target', sql`${t.target} in ('all','anon','ul0','ul1','ul2')`),
  check('shop_banners_url_target', sql`${t.url_target} in ('_self','_blank')`),
]);

/**
 * The shop's theme customisation for the builder: a DRAFT the admins edit and the PUBLISHED document shoppers
 * see (pack, pack settings, per page type the ordered section instances). shops.theme_pack stays the published
 * pack. A change of `published` is announced on shop_events so every process drops its cached pages (trigger in
 * the migration).
 */
export const shopThemes = pgTable('shop_themes', {
  shop_id: uuid('shop_id').primaryKey().references(() => shops.id, { onDelete: 'cascade' }),
  draft: jsonb('draft').$type<ThemeDocument>().notNull(),
  /** Bumped on every draft save: a save or publish naming an older version is refused (409). */
  draft_version: integer('draft_version').notNull().default(1),
  draft_updated_at: timestamp('draft_updated_at', { withTimezone: true }).notNull().defaultNow(),
  published: jsonb('published').$type<ThemeDocument>(),
  published_at: timestamp('published_at', { withTimezone: true }),
  published_by: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
});
