// The header's alerts (seed 000 §2: "logged-in users see an alerts button"): what happened to the viewer's
// orders that they did not do themselves. Buyers hear of their orders' changes by suppliers, payment providers and
// the system; suppliers hear of their orders' changes by customers, providers and the system. "New" is relative to
// a seen-at time the alerts page keeps in a cookie, so no table is needed for read marks.
import { and, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderHistory, orders } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/shared/viewer.ts';
import { suppliersOfProfile } from '../checkout/repo.ts';

export interface Alert { id: number; order_id: string; reference: string; side: 'buyer' | 'supplier'; machine: string; event: string; to_state: string; at: string }

/** The suppliers the user runs: their sales alerts, and the header's 'Mis ventas' link. Look it up once per request. */
export async function supplierIdsOf(db: Db, user: SessionUser): Promise<string[]> {
  return (await suppliersOfProfile(db, user.profile_id)).map((s) => s.id);
}

function scope(user: SessionUser, supplierIds: readonly string[]): SQL {
  const buyer = and(eq(orders.user_id, user.id), sql`${orderHistory.actor_role} <> 'customer'`)!;
  if (!supplierIds.length) return buyer;
  const seller = and(inArray(orders.supplier_id, [...supplierIds]), sql`${orderHistory.actor_role} in ('customer','provider','system')`)!;
  return or(buyer, seller)!;
}

/** The newest alerts, at most `limit`. */
export async function listAlerts(db: Db, user: SessionUser, supplierIds: readonly string[], limit = 30): Promise<Alert[]> {
  const rows = await db.select({
    id: orderHistory.id, order_id: orders.id, number: orders.number, user_id: orders.user_id, machine: orderHistory.machine,
    event: orderHistory.event, to_state: orderHistory.to_state, at: orderHistory.created_at,
  }).from(orderHistory).innerJoin(orders, eq(orders.id, orderHistory.order_id))
    .where(scope(user, supplierIds)).orderBy(desc(orderHistory.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id, order_id: r.order_id, reference: `PO-${r.number}`, side: r.user_id === user.id ? 'buyer' : 'supplier',
    machine: r.machine, event: r.event, to_state: r.to_state, at: r.at.toISOString(),
  }));
}

/** How many alerts arrived after `since` (capped: the badge shows 99+). */
export async function countNewAlerts(db: Db, user: SessionUser, supplierIds: readonly string[], since: Date | null): Promise<number> {
  const where = since ? and(scope(user, supplierIds), gt(orderHistory.created_at, since)) : scope(user, supplierIds);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db.select({ id: orderHistory.id }).from(orderHistory).innerJoin(orders, eq(orders.id, orderHistory.order_id)).where(where).limit(100).as('a'),
  );
  return row?.n ?? 0;
}

export const ALERTS_SEEN_COOKIE = 'alerts_seen';
/** The seen-at time kept by the alerts page, or null (never opened, or an unreadable value). */
export function alertsSeenAt(value: string | undefined): Date | null {
  const d = value ? new Date(Number(value)) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}
