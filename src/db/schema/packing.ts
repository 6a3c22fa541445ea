// Franchise packing lists (seed 001 §7 GET /franchise/orders/{id}/binpacked and /notpacked, PATCH marks): the boxes an
// order's physical units were packed into (first-fit decreasing, src/domain/suppliers/rules.ts), kept once planned so a
// later change of a product's weight or size cannot reshuffle boxes the dispatcher already filled, with a packed mark
// per box and order line.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orderItems, orders } from './commerce.ts';

export const orderPacking = pgTable('order_packing', {
  order_id: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  /** 1, 2, 3 ... in the plan's order. */
  box: integer('box').notNull(),
  order_item_id: uuid('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
  /** Units of that line in this box. */
  units: integer('units').notNull(),
  /** What those units weigh and take up, as planned (grams, cubic centimetres). */
  weight_g: integer('weight_g').notNull(),
  volume_cm3: integer('volume_cm3').notNull(),
  /** The unit does not fit the standard box: it travels in its own packaging. */
  oversize: boolean('oversize').notNull().default(false),
  packed_at: timestamp('packed_at', { withTimezone: true }),
  packed_by: uuid('packed_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [
  primaryKey({ columns: [t.order_id, t.box, t.order_item_id] }),
  index('order_packing_item').on(t.order_item_id),
  check('order_packing_units', sql`${t.units} > 0 and ${t.box} > 0 and ${t.weight_g} >= 0 and ${t.volume_cm3} >= 0`),
]);
