import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StoreThemeInfo } from '../../domain/shops/schema.ts';
import { profiles, users } from './accounts.ts';
import { citext } from './types.ts';

export const shops = pgTable('shops', {
  id: uuid('id').primaryKey().defaultRandom(),
  owner: uuid('owner').references(() => profiles.id),
  slug: citext('slug').notNull().unique(),
  name: text('name').notNull(),
  photo: text('photo'),
  photo_display: text('photo_display').notNull().default('bdr_cir'),
  favicon: text('favicon'),
  seo_description: text('seo_description'),
  hidden_store_name: boolean('hidden_store_name').notNull().default(false),
  hidden_search_bar: boolean('hidden_search_bar').notNull().default(false),
  hidden_affinity_xheader: boolean('hidden_affinity_xheader').notNull().default(false),
  hidden_darkmode: boolean('hidden_darkmode').notNull().default(false),
  darkmode: boolean('darkmode').notNull().default(false),
  hidden_affiliate_banner: boolean('hidden_affiliate_banner').notNull().default(false),
  hidden_dssupplier_banner: boolean('hidden_dssupplier_banner').notNull().default(false),
  affiliate_landing: text('affiliate_landing'),
  dssupplier_landing: text('dssupplier_landing'),
  adornment_type: text('adornment_type'),
  canonical_url: text('canonical_url'),
  /** Lower-cased host of canonical_url, kept by the service: the own-domain lookup key. */
  domain: citext('domain').unique(),
  store_type: text('store_type').notNull().default('affiliate'),
  is_proxy: boolean('is_proxy').notNull().default(false),
  signup_plan: text('signup_plan'),
  fb_pixel: text('fb_pixel'),
  live_chat_license: integer('live_chat_license'),
  whatsapp_phone: text('whatsapp_phone'),
  whatsapp_country_code: text('whatsapp_country_code'),
  contact_email: text('contact_email'),
  contact_phone: text('contact_phone'),
  contact_country_code: text('contact_country_code'),
  about_entry_id: text('about_entry_id'),
  facebook: text('facebook'),
  instagram: text('instagram'),
  twitter: text('twitter'),
  youtube: text('youtube'),
  twitch: text('twitch'),
  kick: text('kick'),
  discord: text('discord'),
  footer_bg: text('footer_bg'),
  footer_fg: text('footer_fg'),
  footer_style: text('footer_style'),
  users_support_url: text('users_support_url'),
  franchise_support_url: text('franchise_support_url'),
  affiliate_support_url: text('affiliate_support_url'),
  root_affinity_store_id: uuid('root_affinity_store_id').references((): AnyPgColumn => shops.id),
  theme_pack: text('theme_pack').notNull().default('basic'),
  store_theme_info: jsonb('store_theme_info').$type<StoreThemeInfo>().notNull(),
  disabled: boolean('disabled').notNull().default(false),
  /** Who disabled the shop from the operator's console (issue 25), when and why; null while it is enabled. */
  disabled_at: timestamp('disabled_at', { withTimezone: true }),
  disabled_by: uuid('disabled_by').references(() => users.id),
  disabled_reason: text('disabled_reason'),
  /** IANA zone the shop's dates and times are shown in (orders, alerts, experiences): a shop sells where it is. */
  time_zone: text('time_zone').notNull().default('America/Mexico_City'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('shops_store_type', sql`${t.store_type} in ('franchise','affinity','affiliate')`),
  check('shops_photo_display', sql`${t.photo_display} in ('bdr_cir','cir','bdr_sq','sq','bdr_rec','rec')`),
  check('shops_slug_format', sql`${t.slug}::text ~ '^[a-z0-9][a-z0-9-]{1,62}$'`),
]);

export const suppliers = pgTable('suppliers', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The dssupplier profile that owns this supplier's products. */
  profile_id: uuid('profile_id').notNull().unique().references(() => profiles.id),
  name: text('name').notNull(),
  image: text('image'),
  is_configured: boolean('is_configured').notNull().default(true),
  enabled_payment_types: text('enabled_payment_types').array().notNull().default(sql`'{}'::text[]`),
  fixed_shipping_cost: integer('fixed_shipping_cost'),
  fixed_shipping_days: integer('fixed_shipping_days'),
  currency: text('currency').notNull().default('MXN'),
  /** Whether checkout offers the built-in couriers ('shipping', 'to_branch'). */
  courier_shipping: boolean('courier_shipping').notNull().default(true),
  contact_email: text('contact_email'),
  contact_phone: text('contact_phone'),
  /** Per payment method: its sandbox/offline configuration (src/domain/suppliers/schema.ts paymentConfig). */
  payment_config: jsonb('payment_config').$type<Record<string, Record<string, string>>>().notNull().default({}),
  /** Invoicing details (RFC, legal name, tax regime, postal code, e-mail); null until given. */
  invoicing: jsonb('invoicing').$type<Record<string, string> | null>(),
  /**
   * Suspended by the platform operator (issue 25): when, by whom and why; null while active. Its items leave every
   * store (products.supplier_suspended, migration 0035) and come back in their places when it is re-enabled.
   */
  suspended_at: timestamp('suspended_at', { withTimezone: true }),
  suspended_by: uuid('suspended_by').references(() => users.id),
  suspension_reason: text('suspension_reason'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who may act for a supplier besides the supplier's own profile, with which permissions (admin, dispatcher, accountant). */
export const supplierMembers = pgTable('supplier_members', {
  supplier_id: uuid('supplier_id').notNull().references(() => suppliers.id, { onDelete: 'cascade' }),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
}, (t) => [primaryKey({ columns: [t.supplier_id, t.user_id] }), index('supplier_members_user').on(t.user_id)]);

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  currency: text('currency').notNull().default('MXN'),
  periodicity: text('periodicity').notNull().default('month'),
  plan_commission_rate: text('plan_commission_rate').notNull().default('0.5'),
  contribution_margin: integer('contribution_margin').notNull(),
}, (t) => [check('plans_id', sql`${t.id} in ('plan_profesional','tienda_en_linea','negocio_digital','facturacion_electronica')`)]);

/** Who may act for a shop besides its owner, and with which permissions (seed 000 §6). */
export const shopMemberships = pgTable('shop_memberships', {
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
}, (t) => [primaryKey({ columns: [t.shop_id, t.user_id] }), index('shop_memberships_user').on(t.user_id)]);

/** Franchises a shop shows in its franchises section (seed 000 §4: added or removed with a 5 s undo). */
export const shopFranchises = pgTable('shop_franchises', {
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  franchise_id: uuid('franchise_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  added_at: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.shop_id, t.franchise_id] }), check('shop_franchises_not_self', sql`${t.shop_id} <> ${t.franchise_id}`)]);
