// Returns (seed 001 §3, §4, §9): each supplier's return info, buyers' return requests on delivered orders (which
// lines and how many, a reason from the tree, comments, photos), notes visible to the client or internal, refunds
// given through the order's refund path, and an append-only history of each request.
//
// Lock order: a transaction that touches a return request locks the order first, as every purchase transaction does
// (checkouts row -> orders row -> return_requests row -> payments ...; see src/db/schema/commerce.ts).
import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import {
  RETURN_FEES, RETURN_POLICY_KINDS, RETURN_REFUND_STATUSES, RETURN_SHIPPING_LABELS, RETURN_STATUSES, RETURN_TYPES,
} from '../../lib/shared/constants.ts';
import { users } from './accounts.ts';
import { orderItems, orders } from './commerce.ts';
import { suppliers } from './shops.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const inList = (col: unknown, values: readonly string[]) => sql`${col} in (${sql.raw(values.map((v) => `'${v}'`).join(','))})`;
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A supplier's return info (seed 001 §3). No row means the default: returns within 72 hours, the common policy,
 * free return, label in the inbox.
 */
export const supplierReturnPolicies = pgTable('supplier_return_policies', {
  supplier_id: uuid('supplier_id').primaryKey().references(() => suppliers.id, { onDelete: 'cascade' }),
  return_type: text('return_type').$type<(typeof RETURN_TYPES)[number]>().notNull().default('72hrs'),
  return_fees: text('return_fees').$type<(typeof RETURN_FEES)[number]>().notNull().default('free'),
  return_policy: text('return_policy').$type<(typeof RETURN_POLICY_KINDS)[number]>().notNull().default('common'),
  /** The supplier's own text, shown instead of the common one when return_policy is 'customized'. */
  return_policy_legend: text('return_policy_legend'),
  return_shipping_label: text('return_shipping_label').$type<(typeof RETURN_SHIPPING_LABELS)[number]>().notNull().default('inbox'),
  /** Minor units of the supplier's currency, kept back from a refund when return_fees is 'restocking_fees'. */
  restocking_fees: integer('restocking_fees').notNull().default(0),
  updated_by: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated_at: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  check('supplier_return_policies_type', inList(t.return_type, RETURN_TYPES)),
  check('supplier_return_policies_fees', inList(t.return_fees, RETURN_FEES)),
  check('supplier_return_policies_policy', inList(t.return_policy, RETURN_POLICY_KINDS)),
  check('supplier_return_policies_label', inList(t.return_shipping_label, RETURN_SHIPPING_LABELS)),
  check('supplier_return_policies_restocking', sql`${t.restocking_fees} >= 0`),
  check('supplier_return_policies_legend', sql`${t.return_policy} <> 'customized' or coalesce(${t.return_policy_legend}, '') <> ''`),
]);

/** A buyer's return request on a delivered order: open until the supplier closes it; one open request per order. */
export const returnRequests = pgTable('return_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Human reference (DEV-1001 ...). */
  number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
  order_id: uuid('order_id').notNull().references(() => orders.id),
  user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  status: text('status').$type<(typeof RETURN_STATUSES)[number]>().notNull().default('open'),
  reason_group: text('reason_group').notNull(),
  reason: text('reason').notNull(),
  comments: text('comments').notNull().default(''),
  /** The buyer confirmed the conditions: unused, complete with accessories, manuals and labels, devices unlocked. */
  conditions_accepted: boolean('conditions_accepted').notNull().default(false),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
  closed_at: ts('closed_at'),
  closed_by: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('return_requests_number').on(t.number),
  index('return_requests_order').on(t.order_id, t.created_at),
  uniqueIndex('return_requests_one_open').on(t.order_id).where(sql`${t.status} = 'open'`),
  check('return_requests_status', inList(t.status, RETURN_STATUSES)),
  check('return_requests_closed', sql`(${t.status} = 'closed') = (${t.closed_at} is not null)`),
]);

/** Which lines of the order come back, and how many units of each. */
export const returnRequestItems = pgTable('return_request_items', {
  return_id: uuid('return_id').notNull().references(() => returnRequests.id, { onDelete: 'cascade' }),
  order_item_id: uuid('order_item_id').notNull().references(() => orderItems.id),
  quantity: integer('quantity').notNull(),
}, (t) => [
  primaryKey({ name: 'return_request_items_pkey', columns: [t.return_id, t.order_item_id] }),
  index('return_request_items_item').on(t.order_item_id),
  check('return_request_items_quantity', sql`${t.quantity} > 0`),
]);

/**
 * The buyer's photos (JPEG or PNG, checked by content). Kept here rather than in `media`: /media is public, these
 * are shown only to the buyer and the supplier of the order.
 */
export const returnPhotos = pgTable('return_photos', {
  id: uuid('id').primaryKey().defaultRandom(),
  return_id: uuid('return_id').notNull().references(() => returnRequests.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  content_type: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  byte_size: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  sha256: text('sha256').notNull(),
  original_name: text('original_name'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('return_photos_position').on(t.return_id, t.position),
  check('return_photos_type', sql`${t.content_type} in ('image/jpeg','image/png')`),
]);

/** Notes on a return request: visible to the client, or internal to the supplier. */
export const returnNotes = pgTable('return_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  return_id: uuid('return_id').notNull().references(() => returnRequests.id, { onDelete: 'cascade' }),
  author_user_id: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
  author_role: text('author_role').$type<'customer' | 'supplier'>().notNull(),
  visibility: text('visibility').$type<'client' | 'internal'>().notNull(),
  text: text('text').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('return_notes_return').on(t.return_id, t.created_at),
  check('return_notes_visibility', sql`${t.visibility} in ('client','internal')`),
  check('return_notes_role', sql`${t.author_role} in ('customer','supplier')`),
]);

/**
 * Money given back for a return request, through the order's refund path (refunds rows keyed `return:{id}`).
 * The supplier's idempotency key is spent by a pending or successful refund: the same key again finds that row
 * instead of refunding twice; a failed attempt leaves the key free for a retry.
 */
export const returnRefunds = pgTable('return_refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  return_id: uuid('return_id').notNull().references(() => returnRequests.id),
  order_id: uuid('order_id').notNull().references(() => orders.id),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<(typeof RETURN_REFUND_STATUSES)[number]>().notNull().default('pending'),
  idempotency_key: text('idempotency_key').notNull(),
  reason: text('reason'),
  failure_message: text('failure_message'),
  created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
  completed_at: ts('completed_at'),
}, (t) => [
  index('return_refunds_return').on(t.return_id, t.created_at),
  index('return_refunds_order').on(t.order_id),
  uniqueIndex('return_refunds_key').on(t.return_id, t.idempotency_key).where(sql`${t.status} <> 'failed'`),
  check('return_refunds_amount', sql`${t.amount} > 0`),
  check('return_refunds_status', inList(t.status, RETURN_REFUND_STATUSES)),
]);

/** Append-only record of a return request (a trigger refuses UPDATE and DELETE): opened, notes, refunds, closed. */
export const returnHistory = pgTable('return_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  return_id: uuid('return_id').notNull().references(() => returnRequests.id),
  event: text('event').$type<'open' | 'note' | 'refund' | 'refund_failed' | 'close'>().notNull(),
  from_state: text('from_state'),
  to_state: text('to_state').notNull(),
  actor_role: text('actor_role').$type<'customer' | 'supplier' | 'system'>().notNull(),
  actor_user_id: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Refund events: the amount in minor units. */
  amount: integer('amount'),
  /** Internal events (internal notes) are not shown to the buyer. */
  visibility: text('visibility').$type<'client' | 'internal'>().notNull().default('client'),
  note: text('note'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('return_history_return').on(t.return_id, t.id),
  check('return_history_event', sql`${t.event} in ('open','note','refund','refund_failed','close')`),
  check('return_history_visibility', sql`${t.visibility} in ('client','internal')`),
]);
