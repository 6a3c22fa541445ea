// The only place purchase-order SQL lives: orders, their lines, attendees, notes and the append-only history.
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { suppliers } from '../../db/schema/index.ts';
import { orderAttendees, orderHistory, orderItems, orderNotes, orders } from '../../db/schema/commerce.ts';
import { deliveryTypesOf } from '../../lib/shared/constants.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type HistoryRow = typeof orderHistory.$inferSelect;
export type NoteRow = typeof orderNotes.$inferSelect;

export async function insertOrder(db: Db, values: OrderInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function insertItems(db: Db, rows: (typeof orderItems.$inferInsert)[]) {
  if (rows.length) await db.insert(orderItems).values(rows);
}

export async function insertAttendees(db: Db, rows: (typeof orderAttendees.$inferInsert)[]) {
  if (rows.length) await db.insert(orderAttendees).values(rows);
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

export async function findOrderByCheckout(db: Db, checkoutId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.checkout_id, checkoutId)).limit(1);
  return row ?? null;
}

export async function lockOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateOrder(db: Db, id: string, patch: Partial<OrderInsert>): Promise<OrderRow> {
  const [row] = await db.update(orders).set({ ...patch, updated_at: sql`now()` }).where(eq(orders.id, id)).returning();
  return row!;
}

export async function appendHistory(db: Db, rows: (typeof orderHistory.$inferInsert)[]) {
  if (rows.length) await db.insert(orderHistory).values(rows);
}

export function listHistory(db: Db, orderId: string): Promise<HistoryRow[]> {
  return db.select().from(orderHistory).where(eq(orderHistory.order_id, orderId)).orderBy(asc(orderHistory.id));
}

export function listItems(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(asc(orderItems.name), asc(orderItems.id));
}

export function listAttendees(db: Db, orderId: string) {
  return db.select().from(orderAttendees).where(eq(orderAttendees.order_id, orderId)).orderBy(asc(orderAttendees.created_at), asc(orderAttendees.id));
}

export async function insertNote(db: Db, note: typeof orderNotes.$inferInsert): Promise<NoteRow> {
  const [row] = await db.insert(orderNotes).values(note).returning();
  return row!;
}

export function listNotes(db: Db, orderId: string, includeInternal: boolean): Promise<NoteRow[]> {
  const where = includeInternal ? eq(orderNotes.order_id, orderId) : and(eq(orderNotes.order_id, orderId), eq(orderNotes.visibility, 'client'));
  return db.select().from(orderNotes).where(where).orderBy(asc(orderNotes.created_at), asc(orderNotes.id));
}

/** Whether a profile owns (as dropshipping supplier) any line of the order. */
export async function ownsDropshippedLine(db: Db, orderId: string, profileId: string): Promise<boolean> {
  const [row] = await db.select({ id: orderItems.id }).from(orderItems)
    .where(and(eq(orderItems.order_id, orderId), eq(orderItems.owner, profileId), eq(orderItems.is_dropshipping, true))).limit(1);
  return !!row;
}

export interface OrderFilter {
  /** Whose orders: a customer's, a supplier's, those with lines owned by a dropshipping profile, or those placed in a shop. */
  scope: { user_id: string } | { supplier_ids: string[] } | { owner_profile: string } | { shop_id: string };
  state?: string;
  payment_type?: string;
  delivery_type?: string;
  start_date?: string;
  end_date?: string;
  text?: string;
  sort: 'updated_at' | '-updated_at' | 'placed_at' | '-placed_at';
  offset: number;
  limit: number;
}

export async function listOrders(db: Db, f: OrderFilter): Promise<{ rows: (OrderRow & { supplier_name: string })[]; total: number }> {
  const where: SQL[] = [];
  if ('user_id' in f.scope) where.push(eq(orders.user_id, f.scope.user_id));
  else if ('supplier_ids' in f.scope) where.push(f.scope.supplier_ids.length ? inArray(orders.supplier_id, f.scope.supplier_ids) : sql`false`);
  else if ('shop_id' in f.scope) where.push(eq(orders.shop_id, f.scope.shop_id));
  else {
    const owner = f.scope.owner_profile;
    where.push(sql`exists (select 1 from ${orderItems} where ${orderItems.order_id} = ${orders.id} and ${orderItems.owner} = ${owner} and ${orderItems.is_dropshipping})`);
  }
  if (f.state) where.push(eq(orders.status, f.state as OrderRow['status']));
  if (f.payment_type) where.push(eq(orders.payment_type, f.payment_type));
  if (f.delivery_type) where.push(inArray(orders.delivery_type, deliveryTypesOf(f.delivery_type)));
  if (f.start_date) where.push(gte(orders.placed_at, new Date(`${f.start_date}T00:00:00Z`)));
  if (f.end_date) where.push(lt(orders.placed_at, new Date(new Date(`${f.end_date}T00:00:00Z`).getTime() + 86_400_000)));
  const text = f.text?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const num = /^(?:po-?)?(\d{1,9})$/i.exec(text);
    const ors: SQL[] = [
      sql`exists (select 1 from ${orderItems} where ${orderItems.order_id} = ${orders.id} and ${orderItems.name} ilike ${like})`,
      sql`${suppliers.name} ilike ${like}`,
      sql`${orders.contact}->>'name' ilike ${like}`,
    ];
    if (num) ors.push(eq(orders.number, Number(num[1])));
    where.push(or(...ors)!);
  }
  const cond = and(...where);
  const order = {
    'updated_at': [asc(orders.updated_at), asc(orders.id)],
    '-updated_at': [desc(orders.updated_at), desc(orders.id)],
    'placed_at': [asc(orders.placed_at), asc(orders.id)],
    '-placed_at': [desc(orders.placed_at), desc(orders.id)],
  }[f.sort];
  const [rows, [count]] = await Promise.all([
    db.select({ o: orders, supplier_name: suppliers.name }).from(orders).innerJoin(suppliers, eq(suppliers.id, orders.supplier_id))
      .where(cond).orderBy(...order).offset(f.offset).limit(f.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).innerJoin(suppliers, eq(suppliers.id, orders.supplier_id)).where(cond),
  ]);
  return { rows: rows.map((r) => ({ ...r.o, supplier_name: r.supplier_name })), total: Number(count?.n ?? 0) };
}

/** Lines of many orders at once (list views show a thumbnail and a count). */
export async function itemsOfOrders(db: Db, ids: string[]): Promise<OrderItemRow[]> {
  return ids.length ? db.select().from(orderItems).where(inArray(orderItems.order_id, ids)).orderBy(asc(orderItems.order_id), asc(orderItems.name)) : [];
}

/** Guest orders of this browser (anonymous id) become the signed-in user's. */
export async function claimByAnonymousId(db: Db, anonymousId: string, userId: string): Promise<number> {
  const rows = await db.update(orders).set({ user_id: userId, updated_at: sql`now()` })
    .where(and(eq(orders.anonymous_id, anonymousId), isNull(orders.user_id))).returning({ id: orders.id });
  return rows.length;
}

/**
 * Guest orders that become a user's at sign-in: those placed in this browser with the account's e-mail, and, when
 * the sign-in proved the mailbox (a mailed PIN), those placed with that e-mail in any browser.
 */
export async function claimGuestByEmail(db: Db, userId: string, email: string, anonymousId: string, anyBrowser: boolean): Promise<number> {
  const where = anyBrowser ? eq(orders.guest_email, email) : and(eq(orders.guest_email, email), eq(orders.anonymous_id, anonymousId));
  const rows = await db.update(orders).set({ user_id: userId, updated_at: sql`now()` })
    .where(and(where, isNull(orders.user_id))).returning({ id: orders.id });
  return rows.length;
}

// ---------- dashboards (issue 25): sums per calendar day of a time zone ----------

/** [from, to] local days of `tz` as a condition on a timestamp column. */
const inDays = (column: SQL, r: DayRange) => sql`${column} >= (${r.from}::date)::timestamp at time zone ${r.tz} and ${column} < ((${r.to}::date) + 1)::timestamp at time zone ${r.tz}`;
const dayOf = (column: SQL, tz: string) => sql`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD')`;
export interface DayRange { from: string; to: string; tz: string }
/** Rows of a raw `execute` on either driver. */
const rawRows = <T>(res: unknown): T[] => (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
type Scope = { shop_id: string } | { supplier_id: string };
const scoped = (s: Scope) => ('shop_id' in s ? sql`o.shop_id = ${s.shop_id}` : sql`o.supplier_id = ${s.supplier_id}`);

/**
 * Per local day: the money buyers paid for the scope's orders (the ledger's own lines: the bank side of order_paid and
 * extra_charge, as the operator's GMV), the money refunded to them (the bank side of refunds), and the orders placed
 * (every order of the shop's or supplier's order list, by its placed date). Days with nothing are left out.
 */
export async function salesByDay(db: Db, scope: Scope, currency: string, r: DayRange): Promise<{ day: string; sales: number; refunds: number; orders: number }[]> {
  const res = await db.execute(sql`
    with money as (
      select ${dayOf(sql`e.created_at`, r.tz)} as day,
        coalesce(sum(-e.amount) filter (where t.source in ('order_paid', 'extra_charge')), 0)::int as sales,
        coalesce(sum(e.amount) filter (where t.source = 'refund'), 0)::int as refunds
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join orders o on o.id = e.order_id
      where ${scoped(scope)} and e.role = 'bank' and e.currency = ${currency} and ${inDays(sql`e.created_at`, r)}
      group by 1
    ), placed as (
      select ${dayOf(sql`o.placed_at`, r.tz)} as day, count(*)::int as orders
      from orders o where ${scoped(scope)} and o.currency = ${currency} and ${inDays(sql`o.placed_at`, r)} group by 1
    )
    select coalesce(m.day, p.day) as day, coalesce(m.sales, 0)::int as sales, coalesce(m.refunds, 0)::int as refunds, coalesce(p.orders, 0)::int as orders
    from money m full join placed p on p.day = m.day order by 1`);
  return rawRows<{ day: string; sales: number; refunds: number; orders: number }>(res).map((x) => ({ day: x.day, sales: Number(x.sales), refunds: Number(x.refunds), orders: Number(x.orders) }));
}

/**
 * The scope's paid orders placed in the range, summed per product: units and the lines' totals (order_items, as the
 * order pages show them). An order counts once paid (any money in: paid, partially or wholly refunded later).
 */
export async function salesByProduct(db: Db, scope: Scope, currency: string, r: DayRange, limit = 10): Promise<{ product_id: string; name: string; units: number; sales: number }[]> {
  const res = await db.execute(sql`
    select i.product_id, min(i.name) as name, sum(i.amount)::int as units, sum(i.line_total)::int as sales
    from order_items i join orders o on o.id = i.order_id
    where ${scoped(scope)} and o.currency = ${currency} and o.amount_paid > 0 and ${inDays(sql`o.placed_at`, r)}
    group by i.product_id order by sales desc, units desc, name limit ${limit}`);
  return rawRows<{ product_id: string; name: string; units: number; sales: number }>(res).map((x) => ({ ...x, units: Number(x.units), sales: Number(x.sales) }));
}

/** The supplier's orders waiting for its confirmation (state sent_to_supplier), oldest first, and how many there are. */
export async function ordersToConfirm(db: Db, supplierId: string, limit = 10) {
  const [rows, count] = await Promise.all([
    db.select({ id: orders.id, number: orders.number, order_total: orders.order_total, currency: orders.currency, payment_status: orders.payment_status, placed_at: orders.placed_at })
      .from(orders).where(and(eq(orders.supplier_id, supplierId), eq(orders.status, 'sent_to_supplier'))).orderBy(asc(orders.placed_at)).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(eq(orders.supplier_id, supplierId), eq(orders.status, 'sent_to_supplier'))),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}
