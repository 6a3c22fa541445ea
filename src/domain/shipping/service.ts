// Shipment tracking (seed 001 §4): the supplier's shipment opens a tracking history (label created); couriers
// report what happens to the parcel (signed webhooks), and the built-in couriers of the demo advance by
// themselves (sandbox). A 'delivered' event delivers the order as the system would, in the same transaction,
// so the order, its payment on delivery and its return window follow the parcel. Every event is idempotent on
// the courier's event key and is applied with the order row locked: two webhooks, or two processes sweeping
// the sandbox courier, record and apply it once.
import type { Db } from '../../db/client.ts';
import { SANDBOX_COURIER_STEP_MS, type ShipmentEventStatus } from '../../lib/shared/constants.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { sandboxShippingEnabled } from '../../lib/server/modes.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { isCarrier, trackingUrl } from '../../lib/shared/carriers.ts';
import { inTx } from '../../db/tx.ts';
import * as orderRepo from '../orders/repo.ts';
import { advanceLocked, customerOrder, ORDER_NOT_FOUND, SYSTEM, supplierActor } from '../orders/index.ts';
import * as repo from './repo.ts';
import { courierOf, isSandboxCourier, nextSandboxStep, orderEffect, sandboxStepDue } from './rules.ts';
import type { CourierEvent, TrackingView } from './schema.ts';
import { config } from '../../lib/server/config.ts';

export const TRACKING_NOT_FOUND = 'No shipment with that tracking number';

/** Records one event on a locked order and applies what it means to the order; false when it was a repeat. */
async function applyLocked(tx: Db, order: orderRepo.OrderRow, e: { status: ShipmentEventStatus; event_key: string; location: string | null; occurred_at: Date }): Promise<boolean> {
  const row = await repo.insertEvent(tx, {
    order_id: order.id, courier: courierOf(order.delivery, order.delivery_type), tracking_number: order.tracking_number ?? '',
    status: e.status, location: e.location, event_key: e.event_key, occurred_at: e.occurred_at,
  });
  if (!row) return false;
  if (orderEffect(e.status, order.status) === 'deliver') await advanceLocked(tx, order, SYSTEM, { note: 'Delivered by the courier' });
  return true;
}

/** A courier's webhook event (already authenticated): recorded once, and the order delivered when it says so. */
export async function recordCourierEvent(db: Db, courier: string, e: CourierEvent): Promise<{ recorded: boolean; order_id: string }> {
  const orderId = await repo.orderIdByTracking(db, e.tracking_number);
  if (!orderId) throw new AppError('not_found', TRACKING_NOT_FOUND);
  return inTx(db, async (tx) => {
    const order = await orderRepo.lockOrder(tx, orderId);
    if (!order || courierOf(order.delivery, order.delivery_type) !== courier) throw new AppError('not_found', TRACKING_NOT_FOUND);
    const recorded = await applyLocked(tx, order, { status: e.status, event_key: e.event_id, location: e.location ?? null, occurred_at: new Date(e.occurred_at) });
    return { recorded, order_id: order.id };
  });
}

/** The sandbox courier's next step for one parcel, when due (or at once with `force`); whether it moved. */
export async function advanceSandbox(db: Db, orderId: string, opts: { now?: Date; force?: boolean; stepMs?: number } = {}): Promise<boolean> {
  const now = opts.now ?? new Date();
  return inTx(db, async (tx) => {
    const order = await orderRepo.lockOrder(tx, orderId);
    if (!order?.tracking_number || order.fulfillment_status !== 'shipped') return false;
    if (!isSandboxCourier(courierOf(order.delivery, order.delivery_type))) return false;
    const events = await repo.eventsOfOrder(tx, order.id);
    const last = events.at(-1)?.occurred_at ?? null;
    if (!opts.force && !sandboxStepDue(last, now, opts.stepMs ?? sandboxStepMs())) return false;
    const next = nextSandboxStep(events.map((x) => x.status));
    if (!next) return false;
    return applyLocked(tx, order, { ...next, event_key: `${order.id}:sandbox:${next.status}`, occurred_at: now });
  });
}

const sandboxStepMs = () => config().SANDBOX_COURIER_STEP_MS ?? SANDBOX_COURIER_STEP_MS;

/** Moves every due sandbox parcel one step (the sweeper's tick; safe in every process at once). */
export async function sweepSandboxCouriers(db: Db, now = new Date()): Promise<number> {
  if (!sandboxShippingEnabled()) return 0;
  let moved = 0;
  for (const id of await repo.parcelsOnTheirWay(db, 200)) if (await advanceSandbox(db, id, { now })) moved++;
  return moved;
}

/** The tracking of an order for its buyer (or guest browser) or its supplier. */
export async function trackingOf(db: Db, viewer: Viewer, orderId: string): Promise<TrackingView> {
  let order: orderRepo.OrderRow;
  try { order = await customerOrder(db, viewer, orderId); } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'not_found' || viewer.kind !== 'user') throw err;
    try {
      ({ order } = await supplierActor(db, viewer, await orderRepo.findOrder(db, orderId), 'supplier'));
    } catch (e) {
      // Someone who is neither its buyer nor its supplier learns nothing about the order, not even that it exists.
      if (e instanceof AppError && e.code === 'forbidden') throw new AppError('not_found', ORDER_NOT_FOUND);
      throw e;
    }
  }
  const events = await repo.eventsOfOrder(db, order.id);
  // A carrier the supplier named when shipping (its label event) is the one the buyer follows, with its link.
  const named = events.find((e) => e.status === 'label_created' && isCarrier(e.courier))?.courier;
  const courier = named ?? courierOf(order.delivery, order.delivery_type);
  return {
    order_id: order.id, tracking_number: order.tracking_number, courier, tracking_url: trackingUrl(named, order.tracking_number),
    sandbox: isSandboxCourier(courier) && sandboxShippingEnabled(),
    events: events.map((e) => ({ status: e.status, location: e.location, occurred_at: e.occurred_at.toISOString() })),
  };
}

/** Demo only: the buyer or the supplier asks the sandbox courier for its next step now. */
export async function sandboxAdvanceNow(db: Db, viewer: Viewer, orderId: string): Promise<TrackingView> {
  if (!sandboxShippingEnabled()) throw new AppError('not_found', 'No sandbox courier on this server');
  await trackingOf(db, viewer, orderId); // who may see it may nudge it
  await advanceSandbox(db, orderId, { force: true });
  return trackingOf(db, viewer, orderId);
}
