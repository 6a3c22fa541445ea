// The only place shipment-tracking SQL lives.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/commerce.ts';
import { shipmentEvents } from '../../db/schema/shipping.ts';

export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

/** Records an event unless the courier already sent it (same event key): the new row, or null for a repeat. */
export async function insertEvent(db: Db, values: typeof shipmentEvents.$inferInsert): Promise<ShipmentEventRow | null> {
  const [row] = await db.insert(shipmentEvents).values(values).onConflictDoNothing({ target: [shipmentEvents.courier, shipmentEvents.event_key] }).returning();
  return row ?? null;
}

export async function eventsOfOrder(db: Db, orderId: string): Promise<ShipmentEventRow[]> {
  return db.select().from(shipmentEvents).where(eq(shipmentEvents.order_id, orderId)).orderBy(asc(shipmentEvents.occurred_at), asc(shipmentEvents.created_at));
}

/** The order a courier's tracking number belongs to (the latest one shipped with it). */
export async function orderIdByTracking(db: Db, trackingNumber: string): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders)
    .where(eq(orders.tracking_number, trackingNumber)).orderBy(sql`${orders.updated_at} desc`).limit(1);
  return row?.id ?? null;
}

/** Shipped orders still on their way (candidates for the sandbox courier's next step). */
export async function parcelsOnTheirWay(db: Db, limit: number): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.fulfillment_status, 'shipped'), eq(orders.status, 'ready_to_deliver'))).orderBy(asc(orders.updated_at)).limit(limit);
  return rows.map((r) => r.id);
}
