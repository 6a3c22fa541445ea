// Experience tickets (seed 001 §2 "My tickets", §3 "Attendant/ticket", §4 "Experience tickets can be used or canceled"):
// one ticket per attendee of an experience bought in a paid purchase order.
//
// Tickets are issued and canceled by the database itself (triggers in the tickets migration, 00NN_tickets.sql): when an order's payment_status becomes 'paid' every attendee of its
// experience lines gets a ticket; when the order is canceled (or fully refunded) its unused tickets are canceled.
// Every path that pays or cancels an order (card answer, webhook, sandbox, the supplier's 'money received', cash on
// delivery, the reservation sweeper, customer and supplier cancellation) goes through the orders row, so none of them
// can forget the tickets.
//
// The code a ticket's QR carries is `{number}-{26 base32 characters}`: the number finds the row (it is not secret), the
// 26 characters (130 bits of `secret`, random, made by the database) are compared in constant time.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { orderAttendees, orderItems, orders } from './commerce.ts';
import { shops } from './shops.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const tickets = pgTable('tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Public, sequential: shown as "Boleto 100123" and the first part of the code. Not a secret. */
  number: integer('number').generatedAlwaysAsIdentity({ startWith: 100001 }).notNull(),
  /**
   * 17 random bytes (hex) from the database's strong random source (two gen_random_uuid(), 244 random bits, through
   * sha256); the code's secret part is their first 130 bits in base32.
   */
  secret: text('secret').notNull()
    .default(sql`encode(substring(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) from 1 for 17), 'hex')`),
  order_id: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  /** The attendee captured at checkout this ticket is for (one ticket each). */
  attendee_id: uuid('attendee_id').notNull().references(() => orderAttendees.id, { onDelete: 'cascade' }),
  /** The experience line: its name, variant (the ticket's type) and date as bought. */
  order_item_id: uuid('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
  product_id: uuid('product_id').notNull().references(() => products.id),
  /** The shop the order was placed in: its admins and qrreader members validate the ticket. */
  shop_id: uuid('shop_id').notNull().references(() => shops.id),
  /** Who attends: copied from the attendee when issued; the buyer may change them until the ticket is used. */
  holder_name: text('holder_name').notNull(),
  holder_phone: text('holder_phone').notNull(),
  used_at: ts('used_at'),
  used_by: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
  canceled_at: ts('canceled_at'),
  issued_at: ts('issued_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('tickets_number').on(t.number),
  uniqueIndex('tickets_attendee').on(t.attendee_id),
  index('tickets_order').on(t.order_id, t.number),
  index('tickets_shop').on(t.shop_id),
  check('tickets_secret', sql`${t.secret} ~ '^[0-9a-f]{34}$'`),
  check('tickets_used_or_canceled', sql`${t.used_at} is null or ${t.canceled_at} is null`),
  check('tickets_holder', sql`char_length(${t.holder_name}) between 1 and 150 and char_length(${t.holder_phone}) between 1 and 30`),
]);
