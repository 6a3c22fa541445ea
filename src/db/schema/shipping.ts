// Shipment tracking (seed 001 §4: "status advances automatically with shipment tracking"). One row per courier
// event of an order's parcel, append-only and idempotent on the courier's own event key, so a webhook delivered
// twice (or two processes advancing the sandbox courier at once) records the event once and moves the order once.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './commerce.ts';
import { SHIPMENT_EVENT_STATUSES } from '../../lib/shared/constants.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const shipmentEvents = pgTable('shipment_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  order_id: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  /** The courier of the order's rate ('economica', 'rapida' ...; 'sandbox' advances by itself in demo mode). */
  courier: text('courier').notNull(),
  tracking_number: text('tracking_number').notNull(),
  status: text('status').$type<(typeof SHIPMENT_EVENT_STATUSES)[number]>().notNull(),
  location: text('location'),
  /** Unique per courier: the courier's event id (webhooks) or `{order}:{status}` (label and sandbox steps). */
  event_key: text('event_key').notNull(),
  occurred_at: ts('occurred_at').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('shipment_events_key').on(t.courier, t.event_key),
  index('shipment_events_order').on(t.order_id, t.occurred_at),
  index('shipment_events_tracking').on(t.tracking_number),
  check('shipment_events_status', sql`${t.status} in (${sql.raw(SHIPMENT_EVENT_STATUSES.map((v) => `'${v}'`).join(','))})`),
]);
