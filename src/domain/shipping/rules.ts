// Shipment tracking rules (pure): which couriers track, how the sandbox courier moves a parcel, and what a
// courier's event does to the order (seed 001 §4: the order's status advances with its shipment's tracking).
import { SERVICES } from '../checkout/rates.ts';
import type { ShipmentEventStatus } from '../../lib/shared/constants.ts';

/** The path a parcel takes; the sandbox courier walks it one step at a time. */
export const SANDBOX_PATH: readonly ShipmentEventStatus[] = ['label_created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'];

/** Where the sandbox courier says the parcel is, per step (its hub names; a real courier sends its own). */
const SANDBOX_PLACES: Partial<Record<ShipmentEventStatus, string>> = {
  picked_up: 'Centro de distribución de origen', in_transit: 'Centro de distribución regional', out_for_delivery: 'Sucursal de entrega',
};

/** The courier of an order's delivery: the rate's courier for courier deliveries, 'own' for the supplier's own. */
export function courierOf(delivery: Record<string, unknown> | null, deliveryType: string | null): string {
  if (deliveryType !== 'shipping' && deliveryType !== 'to_branch') return 'own';
  // A rate names its courier; an agency ('to_branch') is named '{courier}.{zone}.{n}'.
  const c = typeof delivery?.courier === 'string' ? delivery.courier : typeof delivery?.agency_id === 'string' ? delivery.agency_id.split('.')[0] : '';
  return c || 'own';
}

/** The built-in couriers (the offline rate table) are the sandbox couriers: in demo mode they advance by themselves. */
export function isSandboxCourier(courier: string): boolean {
  return SERVICES.some((s) => s.courier === courier);
}

/** The sandbox courier's next step after the statuses seen so far, or null when the parcel arrived (or went astray). */
export function nextSandboxStep(seen: readonly ShipmentEventStatus[]): { status: ShipmentEventStatus; location: string | null } | null {
  if (seen.includes('delivered') || seen.includes('returned') || seen.includes('exception')) return null;
  const i = Math.max(-1, ...seen.map((s) => SANDBOX_PATH.indexOf(s)));
  const status = SANDBOX_PATH[i + 1];
  return status ? { status, location: SANDBOX_PLACES[status] ?? null } : null;
}

/** Whether the sandbox courier's next step is due: one step each `stepMs` after the last event. */
export function sandboxStepDue(lastAt: Date | null, now: Date, stepMs: number): boolean {
  return !lastAt || now.getTime() - lastAt.getTime() >= stepMs;
}

/** What a courier event does to its order: `delivered` delivers an order that is ready to deliver. */
export function orderEffect(status: ShipmentEventStatus, orderStatus: string): 'deliver' | null {
  return status === 'delivered' && orderStatus === 'ready_to_deliver' ? 'deliver' : null;
}
