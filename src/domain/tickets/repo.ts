// The only place ticket SQL lives (issuing and canceling are done by the database: the tickets migration's triggers).
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/commerce.ts';
import { shops } from '../../db/schema/shops.ts';
import { tickets } from '../../db/schema/tickets.ts';
import { TICKET_ENDED_AFTER_MS } from '../../lib/shared/constants.ts';

export type TicketRow = typeof tickets.$inferSelect;

/** A ticket with what is shown about it: the experience line, the order and the shop. */
export interface TicketFull extends TicketRow {
  order_number: number;
  order_user_id: string | null;
  experience_name: string;
  experience_date: Date | null;
  experience_photo: string | null;
  variant: Record<string, string>;
  shop_slug: string;
  shop_name: string;
  shop_canonical_url: string | null;
  /** Where the experience happens: its date is shown in this zone. */
  shop_time_zone: string;
}

const full = {
  t: tickets,
  order_number: orders.number,
  order_user_id: orders.user_id,
  experience_name: orderItems.name,
  experience_date: orderItems.experience_date,
  experience_photo: orderItems.photo,
  variant: orderItems.variant,
  shop_slug: shops.slug,
  shop_name: shops.name,
  shop_canonical_url: shops.canonical_url,
  shop_time_zone: shops.time_zone,
};

type Joined = { t: TicketRow } & Omit<TicketFull, keyof TicketRow>;
const flat = ({ t, ...rest }: Joined): TicketFull => ({ ...t, ...rest });

function selectFull(db: Db) {
  return db.select(full).from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.order_id))
    .innerJoin(orderItems, eq(orderItems.id, tickets.order_item_id))
    .innerJoin(shops, eq(shops.id, tickets.shop_id));
}

/** Tickets still to use and experiences still to come first, then by experience date and number. */
const listOrder = () => [
  sql`(${tickets.used_at} is null and ${tickets.canceled_at} is null
       and (${orderItems.experience_date} is null or ${orderItems.experience_date} > now() - ${`${TICKET_ENDED_AFTER_MS} milliseconds`}::interval)) desc`,
  sql`${orderItems.experience_date} asc nulls last`,
  asc(tickets.number),
];

async function page(db: Db, where: SQL, offset: number, limit: number): Promise<{ rows: TicketFull[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    selectFull(db).where(where).orderBy(...listOrder()).offset(offset).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(tickets).innerJoin(orders, eq(orders.id, tickets.order_id))
      .innerJoin(shops, eq(shops.id, tickets.shop_id)).where(where),
  ]);
  return { rows: rows.map(flat), total: Number(count?.n ?? 0) };
}

/** A signed-in buyer's tickets (their orders'), optionally those of one shop. */
export function listOfUser(db: Db, userId: string, opts: { shopId?: string; offset: number; limit: number }) {
  const where = opts.shopId ? and(eq(orders.user_id, userId), eq(tickets.shop_id, opts.shopId))! : eq(orders.user_id, userId);
  return page(db, where, opts.offset, opts.limit);
}

/** An order's tickets in number order (its attendants). */
export async function listOfOrder(db: Db, orderId: string, opts: { offset: number; limit: number }): Promise<{ rows: TicketFull[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    selectFull(db).where(eq(tickets.order_id, orderId)).orderBy(asc(tickets.number)).offset(opts.offset).limit(opts.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(tickets).where(eq(tickets.order_id, orderId)),
  ]);
  return { rows: rows.map(flat), total: Number(count?.n ?? 0) };
}

export async function findById(db: Db, id: string): Promise<TicketFull | null> {
  const [row] = await selectFull(db).where(eq(tickets.id, id)).limit(1);
  return row ? flat(row) : null;
}

export async function findByNumber(db: Db, number: number): Promise<TicketFull | null> {
  const [row] = await selectFull(db).where(eq(tickets.number, number)).limit(1);
  return row ? flat(row) : null;
}

/**
 * Marks a ticket used: one conditional UPDATE, so of two simultaneous scans exactly one gets the row back (the other
 * waits for the first's row lock, then finds used_at set and updates nothing).
 */
export async function markUsed(db: Db, id: string, userId: string): Promise<TicketRow | null> {
  const [row] = await db.update(tickets).set({ used_at: sql`now()`, used_by: userId, updated_at: sql`now()` })
    .where(and(eq(tickets.id, id), isNull(tickets.used_at), isNull(tickets.canceled_at))).returning();
  return row ?? null;
}

/** Changes who attends, only while the ticket is neither used nor canceled (same single-statement guard). */
export async function updateHolder(db: Db, id: string, holder: { full_name: string; phone: string }): Promise<TicketRow | null> {
  const [row] = await db.update(tickets).set({ holder_name: holder.full_name, holder_phone: holder.phone, updated_at: sql`now()` })
    .where(and(eq(tickets.id, id), isNull(tickets.used_at), isNull(tickets.canceled_at))).returning();
  return row ?? null;
}
