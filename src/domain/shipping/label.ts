// The first line of a parcel's tracking, written by the supplier's 'shipped' step inside its transaction (kept
// apart from service.ts, which builds on the orders service: the orders service imports this without a cycle).
import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../orders/repo.ts';
import { insertEvent } from './repo.ts';
import { courierOf } from './rules.ts';

/** `carrier`: the carrier the supplier named when shipping by hand (src/lib/shared/carriers.ts); else the rate's. */
export async function recordLabel(tx: Db, order: OrderRow, trackingNumber: string, at = new Date(), carrier?: string | null) {
  await insertEvent(tx, {
    order_id: order.id, courier: carrier || courierOf(order.delivery, order.delivery_type), tracking_number: trackingNumber,
    status: 'label_created', location: null, event_key: `${order.id}:label:${trackingNumber}`, occurred_at: at,
  });
}
