// Cart, checkout, stock reservations, purchase orders, payments and webhooks (seed 001 §2-§5, §7-§9).
// Money is an integer count of minor units of the row's `currency` (prices include taxes).
//
// Lock order (every transaction that touches a purchase follows it, so concurrent work cannot deadlock):
//   [shopper advisory locks, sorted: checkout start and restart] -> checkouts row (FOR UPDATE) -> orders row
//   -> payments rows -> stock_reservations rows -> products rows in id order.
import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { profiles, users } from './accounts.ts';
import { products } from './catalog.ts';
import { shops, suppliers } from './shops.ts';
import { citext } from './types.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const inList = (col: unknown, values: readonly string[]) => sql`${col} in (${sql.raw(values.map((v) => `'${v}'`).join(','))})`;

/** A variant choice: axis -> value, e.g. {"Talla": "M"}. */
export type VariantChoice = Record<string, string>;

/** The address fields of seed 001 §3. */
export interface AddressFields {
  address_name: string;
  address_phone: string;
  street_address: string;
  route: string | null;
  street_number: string | null;
  country: string;
  administrative_area_level_1: string | null;
  administrative_area_level_2: string | null;
  administrative_area_level_3: string | null;
  administrative_area_level_4: string | null;
  administrative_area_level_5: string | null;
  locality: string | null;
  sublocality: string | null;
  postal_code: string;
  formatted_address: string;
}

// ---------- cart ----------

/** One server cart per signed-in user and shop. `share_slug` is the public link of a shared cart. */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  share_slug: text('share_slug').unique(),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('carts_shop_user').on(t.shop_id, t.user_id)]);

export const cartItems = pgTable('cart_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  cart_id: uuid('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
  product_id: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  variant: jsonb('variant').$type<VariantChoice>().notNull().default({}),
  /** Canonical form of `variant` ("Color=Negro|Talla=M"), so the same choice is one line. */
  variant_key: text('variant_key').notNull().default(''),
  amount: integer('amount').notNull(),
  /** 'Buy by' (seed 001 §6): a level one/two user buys this line at the net price (list price less their resale
   * earning). Only a flag: the server checks the viewer and computes the price at checkout (src/domain/cart/buy-by.ts). */
  buy_by: boolean('buy_by').notNull().default(false),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('cart_items_line').on(t.cart_id, t.product_id, t.variant_key),
  check('cart_items_amount', sql`${t.amount} > 0`),
]);

// ---------- addresses and branches ----------

/** Saved delivery addresses of a user. */
export const addresses = pgTable('addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  address_name: text('address_name').notNull(),
  address_phone: text('address_phone').notNull(),
  street_address: text('street_address').notNull(),
  route: text('route'),
  street_number: text('street_number'),
  country: text('country').notNull().default('MX'),
  administrative_area_level_1: text('administrative_area_level_1'),
  administrative_area_level_2: text('administrative_area_level_2'),
  administrative_area_level_3: text('administrative_area_level_3'),
  administrative_area_level_4: text('administrative_area_level_4'),
  administrative_area_level_5: text('administrative_area_level_5'),
  locality: text('locality'),
  sublocality: text('sublocality'),
  postal_code: text('postal_code').notNull(),
  formatted_address: text('formatted_address').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [index('addresses_user').on(t.user_id, t.created_at)]);

/** A supplier's branches: where a 'collection' order is picked up. */
export const supplierBranches = pgTable('supplier_branches', {
  id: uuid('id').primaryKey().defaultRandom(),
  supplier_id: uuid('supplier_id').notNull().references(() => suppliers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  phone: text('phone'),
  address: jsonb('address').$type<AddressFields>().notNull(),
  hours: text('hours'),
  enabled: boolean('enabled').notNull().default(true),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [index('supplier_branches_supplier').on(t.supplier_id)]);

// ---------- checkout and stock ----------

export const CHECKOUT_STATUSES = ['open', 'placed', 'completed', 'canceled', 'expired'] as const;

/** One line of a checkout or order, as it was when the shopper started (name, price, amount at that moment). */
export interface LineSnapshot {
  product_id: string;
  variant: VariantChoice;
  amount: number;
  name: string;
  photo: string | null;
  type: 'product' | 'service' | 'experience';
  unit_price: number;
  crossout_price: number | null;
  currency: string;
  stock_type: 'onstock' | 'ondemand';
  is_dropshipping: boolean;
  /** Minor units per unit the supplier gives up (resale commission and platform); absent on checkouts before issue 12. */
  contribution_margin?: number;
  /** Bought 'buy by' at the net price (src/domain/cart/buy-by.ts): no reseller part is paid on it. */
  buy_by?: boolean;
  owner: string;
  experience_date: string | null;
}

/**
 * A purchase in progress for one supplier order (the cart's lines of one supplier and currency, or a buy-now
 * item). Holds the stock reservation until `expires_at` (the countdown); 'placed' once the order exists and
 * waits for its payment, 'completed' once paid (or committed to an offline payment), else canceled/expired.
 */
export const checkouts = pgTable('checkouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id),
  supplier_id: uuid('supplier_id').notNull().references(() => suppliers.id),
  user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Guests (startAsAnonymous): the visitor's anonymous id and e-mail; claimed at sign-up/login. */
  anonymous_id: text('anonymous_id'),
  guest_email: citext('guest_email'),
  /** The client address that started it: the per-address cap on stock held (src/domain/checkout/rules.ts). */
  client_address: text('client_address'),
  source: text('source').$type<'cart' | 'buy_now'>().notNull(),
  status: text('status').$type<(typeof CHECKOUT_STATUSES)[number]>().notNull().default('open'),
  currency: text('currency').notNull(),
  lines: jsonb('lines').$type<LineSnapshot[]>().notNull(),
  items_total: integer('items_total').notNull(),
  contact: jsonb('contact').$type<{ name: string; email: string; phone: string } | null>(),
  address_id: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
  address: jsonb('address').$type<AddressFields | null>(),
  delivery_type: text('delivery_type'),
  /** The chosen delivery option: rate, branch or agency snapshot. */
  delivery: jsonb('delivery').$type<Record<string, unknown> | null>(),
  shipping_total: integer('shipping_total').notNull().default(0),
  shipping_days: integer('shipping_days'),
  attendees: jsonb('attendees').$type<{ product_id: string; full_name: string; phone: string; email?: string | null }[]>().notNull().default([]),
  invoicing: jsonb('invoicing').$type<Record<string, string> | null>(),
  tracking: jsonb('tracking').$type<{ referral?: string | null; campaign?: string | null; click_id?: string | null }>().notNull().default({}),
  /** The token the delivery step answers (seed 001 §4 "the broker or fixed_delivery step returns a token"); pay with it. */
  payment_token: text('payment_token').unique(),
  expires_at: ts('expires_at').notNull(),
  /** Restarts of the countdown (extensions and new reservations after expiry): capped by CHECKOUT_MAX_RESTARTS. */
  restarts: integer('restarts').notNull().default(0),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('checkouts_expiring').on(t.expires_at).where(sql`${t.status} in ('open','placed')`),
  index('checkouts_owner').on(t.user_id, t.supplier_id, t.status),
  index('checkouts_anonymous').on(t.anonymous_id),
  check('checkouts_status', inList(t.status, CHECKOUT_STATUSES)),
  check('checkouts_source', sql`${t.source} in ('cart','buy_now')`),
  check('checkouts_buyer', sql`${t.user_id} is not null or ${t.anonymous_id} is not null`),
]);

/**
 * Units of an onstock product held for a checkout. 'active' rows are counted in products.stock_reserved;
 * payment turns them 'allocated' (stock_on_hand and stock_reserved both drop), cancel and expiry 'released'.
 */
export const stockReservations = pgTable('stock_reservations', {
  id: uuid('id').primaryKey().defaultRandom(),
  checkout_id: uuid('checkout_id').notNull().references(() => checkouts.id, { onDelete: 'cascade' }),
  product_id: uuid('product_id').notNull().references(() => products.id),
  /** '' when the product has no per-variant stock; else the variant row it also holds (product_variant_stock). */
  variant_key: text('variant_key').notNull().default(''),
  quantity: integer('quantity').notNull(),
  status: text('status').$type<'active' | 'allocated' | 'released'>().notNull().default('active'),
  expires_at: ts('expires_at').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
  settled_at: ts('settled_at'),
}, (t) => [
  index('stock_reservations_checkout').on(t.checkout_id),
  index('stock_reservations_active').on(t.expires_at).where(sql`${t.status} = 'active'`),
  check('stock_reservations_quantity', sql`${t.quantity} > 0`),
  check('stock_reservations_status', sql`${t.status} in ('active','allocated','released')`),
]);

// ---------- purchase orders ----------

export const ORDER_STATUS_VALUES = ['sent_to_supplier', 'seller_confirmed', 'customer_confirmed', 'in_process', 'ready_to_deliver', 'delivered', 'canceled'] as const;
export const PAYMENT_STATUS_VALUES = ['pending', 'authorized', 'paid', 'failed', 'refunded', 'partially_refunded'] as const;
export const FULFILLMENT_STATUS_VALUES = ['unfulfilled', 'preparing', 'ready', 'shipped', 'delivered', 'canceled'] as const;

/** One purchase order per supplier order (seed 001 §3 purchase order). */
export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Human reference shown to people (PO-1001 ...). */
  number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
  checkout_id: uuid('checkout_id').notNull().unique().references(() => checkouts.id),
  shop_id: uuid('shop_id').notNull().references(() => shops.id),
  supplier_id: uuid('supplier_id').notNull().references(() => suppliers.id),
  user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  anonymous_id: text('anonymous_id'),
  guest_email: citext('guest_email'),
  contact: jsonb('contact').$type<{ name: string; email: string; phone: string }>().notNull(),
  address: jsonb('address').$type<AddressFields | null>(),
  delivery_type: text('delivery_type'),
  delivery: jsonb('delivery').$type<Record<string, unknown> | null>(),
  status: text('status').$type<(typeof ORDER_STATUS_VALUES)[number]>().notNull().default('sent_to_supplier'),
  payment_status: text('payment_status').$type<(typeof PAYMENT_STATUS_VALUES)[number]>().notNull().default('pending'),
  fulfillment_status: text('fulfillment_status').$type<(typeof FULFILLMENT_STATUS_VALUES)[number]>().notNull().default('unfulfilled'),
  payment_type: text('payment_type').notNull(),
  payment_flow: text('payment_flow').notNull(),
  /** What the order page shows about the payment: card brand/last4/type/bank, transfer or store reference. */
  payment_method: jsonb('payment_method').$type<Record<string, unknown> | null>(),
  /** The current payment token (rotated after a card failure: the UI reloads it). */
  payment_token: text('payment_token').notNull().unique(),
  consecutive_failures: integer('consecutive_failures').notNull().default(0),
  currency: text('currency').notNull(),
  items_total: integer('items_total').notNull(),
  shipping_total: integer('shipping_total').notNull(),
  /** Shipping confirmed by the seller above what was charged at checkout. */
  extra_charge: integer('extra_charge').notNull().default(0),
  order_total: integer('order_total').notNull(),
  amount_paid: integer('amount_paid').notNull().default(0),
  amount_refunded: integer('amount_refunded').notNull().default(0),
  estimated_delivery_date: date('estimated_delivery_date'),
  confirmed_shipping_cost: integer('confirmed_shipping_cost'),
  shipping_days: integer('shipping_days'),
  tracking_number: text('tracking_number'),
  cancel_reason: text('cancel_reason'),
  cancel_description: text('cancel_description'),
  invoicing: jsonb('invoicing').$type<Record<string, string> | null>(),
  /** The language the buyer placed the order in: its mails are written in it unless the account saved another. */
  locale: text('locale'),
  is_courtesy: boolean('is_courtesy').notNull().default(false),
  return_deadline: ts('return_deadline'),
  placed_at: ts('placed_at').notNull().defaultNow(),
  delivered_at: ts('delivered_at'),
  canceled_at: ts('canceled_at'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('orders_number').on(t.number),
  index('orders_user').on(t.user_id, t.updated_at),
  index('orders_supplier').on(t.supplier_id, t.updated_at),
  index('orders_anonymous').on(t.anonymous_id),
  check('orders_status', inList(t.status, ORDER_STATUS_VALUES)),
  check('orders_payment_status', inList(t.payment_status, PAYMENT_STATUS_VALUES)),
  check('orders_fulfillment_status', inList(t.fulfillment_status, FULFILLMENT_STATUS_VALUES)),
  check('orders_money', sql`${t.items_total} >= 0 and ${t.shipping_total} >= 0 and ${t.extra_charge} >= 0 and ${t.amount_paid} >= 0 and ${t.amount_refunded} >= 0 and ${t.amount_refunded} <= ${t.amount_paid}`),
  check('orders_cancel_reason', sql`${t.cancel_reason} is null or ${t.cancel_reason} in ('requested_by_client','cannot_be_fulfilled','duplicated_transaction','suspected_fraud','other')`),
]);

/** The order's lines as they were at purchase time. */
export const orderItems = pgTable('order_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  order_id: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  product_id: uuid('product_id').notNull().references(() => products.id),
  variant: jsonb('variant').$type<VariantChoice>().notNull().default({}),
  name: text('name').notNull(),
  photo: text('photo'),
  type: text('type').notNull(),
  unit_price: integer('unit_price').notNull(),
  crossout_price: integer('crossout_price'),
  amount: integer('amount').notNull(),
  line_total: integer('line_total').notNull(),
  currency: text('currency').notNull(),
  is_dropshipping: boolean('is_dropshipping').notNull().default(true),
  /** The unit's contribution margin at purchase time (minor units): what the money split of the ledger starts from. */
  contribution_margin: integer('contribution_margin').notNull().default(0),
  /** Bought 'buy by' at the net price: the resale earning was taken as a discount, so no reseller part is paid on it. */
  buy_by: boolean('buy_by').notNull().default(false),
  /** The product's owner profile (the dropshipping supplier). */
  owner: uuid('owner').references(() => profiles.id),
  experience_date: ts('experience_date'),
}, (t) => [index('order_items_order').on(t.order_id), index('order_items_product').on(t.product_id)]);

/** People attending an experience bought in the order (attendee capture). */
export const orderAttendees = pgTable('order_attendees', {
  id: uuid('id').primaryKey().defaultRandom(),
  order_id: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  product_id: uuid('product_id').notNull().references(() => products.id),
  full_name: text('full_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [index('order_attendees_order').on(t.order_id)]);

/** Append-only history of the three state machines (a trigger refuses UPDATE and DELETE). */
export const orderHistory = pgTable('order_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  order_id: uuid('order_id').notNull().references(() => orders.id),
  machine: text('machine').$type<'status' | 'payment' | 'fulfillment'>().notNull(),
  event: text('event').notNull(),
  from_state: text('from_state'),
  to_state: text('to_state').notNull(),
  actor_role: text('actor_role').$type<'customer' | 'supplier' | 'dssupplier' | 'system' | 'provider'>().notNull(),
  actor_user_id: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  note: text('note'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('order_history_order').on(t.order_id, t.id),
  check('order_history_machine', sql`${t.machine} in ('status','payment','fulfillment')`),
]);

/** Notes on an order: visible to the client, or internal to the supplier. */
export const orderNotes = pgTable('order_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  order_id: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  author_user_id: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
  author_role: text('author_role').notNull(),
  visibility: text('visibility').$type<'client' | 'internal'>().notNull(),
  text: text('text').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('order_notes_order').on(t.order_id, t.created_at),
  check('order_notes_visibility', sql`${t.visibility} in ('client','internal')`),
]);

// ---------- payments ----------

export const PAYMENT_ATTEMPT_STATUSES = ['created', 'pending', 'requires_action', 'authorized', 'succeeded', 'failed', 'canceled', 'expired'] as const;

/**
 * One charge attempt against a provider. `idempotency_key` is unique: a double submit or a replay finds the
 * same row instead of charging again. `provider_ref` is the provider's charge id (webhooks name it).
 */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  order_id: uuid('order_id').notNull().references(() => orders.id),
  provider: text('provider').notNull(),
  payment_type: text('payment_type').notNull(),
  flow: text('flow').notNull(),
  idempotency_key: text('idempotency_key').notNull().unique(),
  provider_ref: text('provider_ref').notNull().unique(),
  kind: text('kind').$type<'order' | 'extra_charge'>().notNull().default('order'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<(typeof PAYMENT_ATTEMPT_STATUSES)[number]>().notNull().default('created'),
  installments: integer('installments'),
  /** Card display data (brand, last4, type, bank), never the number. */
  card: jsonb('card').$type<Record<string, unknown> | null>(),
  card_token_id: text('card_token_id'),
  next_action_url: text('next_action_url'),
  reference: text('reference'),
  reference_expires_at: ts('reference_expires_at'),
  /** Transfer CLABE and bank, store instructions, crypto encrypted_data ... */
  reference_details: jsonb('reference_details').$type<Record<string, unknown> | null>(),
  return_path: text('return_path'),
  cancel_path: text('cancel_path'),
  failure_code: text('failure_code'),
  failure_message: text('failure_message'),
  /** Sandbox only: how the sandbox provider will answer (approve, decline, challenge ...). */
  sandbox_behaviour: text('sandbox_behaviour'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
  completed_at: ts('completed_at'),
}, (t) => [
  index('payments_order').on(t.order_id, t.created_at),
  check('payments_status', inList(t.status, PAYMENT_ATTEMPT_STATUSES)),
  check('payments_amount', sql`${t.amount} > 0`),
  check('payments_installments', sql`${t.installments} is null or ${t.installments} in (3,6,9,12)`),
]);

export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  payment_id: uuid('payment_id').notNull().references(() => payments.id),
  order_id: uuid('order_id').notNull().references(() => orders.id),
  amount: integer('amount').notNull(),
  status: text('status').$type<'pending' | 'failed' | 'success'>().notNull().default('pending'),
  idempotency_key: text('idempotency_key').notNull().unique(),
  reason: text('reason'),
  /** The provider's own refund id, for providers whose refund events cannot echo ours (Conekta). */
  provider_refund_id: text('provider_refund_id'),
  created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
  /**
   * Set while the provider's first answer is not applied yet: the row is committed before the provider is asked
   * (outside the order's lock), and cleared by that answer or by a settling event. A row left requested (a crash
   * between the steps) is asked again with the same idempotency key by the refund-requests job.
   */
  requested_at: ts('requested_at'),
}, (t) => [
  index('refunds_order').on(t.order_id),
  uniqueIndex('refunds_provider_refund').on(t.payment_id, t.provider_refund_id),
  index('refunds_requested').on(t.requested_at).where(sql`${t.requested_at} is not null`),
  check('refunds_amount', sql`${t.amount} > 0`),
  check('refunds_status', sql`${t.status} in ('pending','failed','success')`),
]);

/**
 * Card tokens made by the (sandbox) card provider's tokenisation call. Single use, short-lived; only the
 * display data is kept, never the number or the CVC.
 */
export const cardTokens = pgTable('card_tokens', {
  id: text('id').primaryKey(),
  user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  anonymous_id: text('anonymous_id'),
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  card_type: text('card_type').$type<'credit' | 'debit'>().notNull(),
  bank: text('bank').notNull(),
  exp_month: integer('exp_month').notNull(),
  exp_year: integer('exp_year').notNull(),
  sandbox_behaviour: text('sandbox_behaviour').notNull(),
  /** sha-256 of the number with a server-side prefix: recognises the same card when it is saved. */
  fingerprint: text('fingerprint').notNull(),
  used_at: ts('used_at'),
  expires_at: ts('expires_at').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Saved cards of a user (termination and expiry shown; charged again through card_id). */
export const savedCards = pgTable('saved_cards', {
  id: uuid('id').primaryKey().defaultRandom(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  card_type: text('card_type').$type<'credit' | 'debit'>().notNull(),
  bank: text('bank').notNull(),
  exp_month: integer('exp_month').notNull(),
  exp_year: integer('exp_year').notNull(),
  sandbox_behaviour: text('sandbox_behaviour').notNull(),
  fingerprint: text('fingerprint').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('saved_cards_user_fingerprint').on(t.user_id, t.fingerprint)]);

/** Every provider webhook received, once per (provider, event_id): only the request that inserts it processes it. */
export const webhookInbox = pgTable('webhook_inbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  event_id: text('event_id').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  outcome: text('outcome'),
  received_at: ts('received_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('webhook_inbox_event').on(t.provider, t.event_id)]);
