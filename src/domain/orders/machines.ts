// The three state machines of a purchase order (seed 001 §4; ARCHITECTURE "Orders"): order status, payment
// status and fulfilment. Each is a transitions table: event, from-states, to-state, who may fire it, and a
// guard over the order. Pure (no I/O): the orders service loads the order, asks `plan`, writes the new state
// and appends a history row in the same transaction.
import type { FulfillmentStatus, OrderStatus, PaymentStatus } from '../../lib/shared/constants.ts';
import { isRealDate } from '../../lib/shared/dates.ts';

export type Role = 'customer' | 'supplier' | 'dssupplier' | 'system' | 'provider';
export type Machine = 'status' | 'payment' | 'fulfillment';

/** What guards look at. */
export interface OrderFacts {
  status: OrderStatus;
  payment_status: PaymentStatus;
  fulfillment_status: FulfillmentStatus;
  payment_flow: string;
  delivery_type: string | null;
  order_total: number;
  amount_paid: number;
  amount_refunded: number;
}

/** Extra input some events need (confirm: date and cost; cancel: reason and description; ship: tracking). */
export interface EventInput {
  estimated_delivery_date?: string | null;
  shipping_cost?: number | null;
  reason?: string | null;
  description?: string | null;
  tracking_number?: string | null;
  refund_amount?: number | null;
  today?: string;
}

export interface Transition<S extends string> {
  event: string;
  from: readonly S[];
  to: S;
  by: readonly Role[];
  /** A problem that blocks the move, or null. `field` names the input at fault. */
  guard?: (o: OrderFacts, input: EventInput) => { message: string; field?: string } | null;
}

/** Flows where the money arrives after the goods (cash on delivery): the order may proceed unpaid. */
export const PAY_ON_DELIVERY_FLOWS: ReadonlySet<string> = new Set(['cash_on_delivery']);

const settled = (o: OrderFacts) => o.payment_status === 'paid' || PAY_ON_DELIVERY_FLOWS.has(o.payment_flow) || o.order_total === 0;

export const ORDER_TRANSITIONS: readonly Transition<OrderStatus>[] = [
  {
    event: 'confirm', from: ['sent_to_supplier'], to: 'seller_confirmed', by: ['supplier'],
    guard: (_o, i) => {
      if (!i.estimated_delivery_date || !isRealDate(i.estimated_delivery_date)) return { message: 'Enter the estimated delivery date', field: 'estimated_delivery_date' };
      if (i.today && i.estimated_delivery_date < i.today) return { message: 'The estimated delivery date cannot be in the past', field: 'estimated_delivery_date' };
      if (i.shipping_cost === null || i.shipping_cost === undefined || !Number.isInteger(i.shipping_cost) || i.shipping_cost < 0) {
        return { message: 'Enter the shipping cost (0 or more, minor units)', field: 'shipping_cost' };
      }
      return null;
    },
  },
  { event: 'customer_confirm', from: ['seller_confirmed'], to: 'customer_confirmed', by: ['customer'] },
  {
    event: 'process', from: ['customer_confirmed'], to: 'in_process', by: ['supplier'],
    guard: (o) => (settled(o) && (o.amount_paid >= o.order_total || PAY_ON_DELIVERY_FLOWS.has(o.payment_flow))
      ? null : { message: 'The order is not paid yet' }),
  },
  { event: 'ready', from: ['in_process'], to: 'ready_to_deliver', by: ['supplier', 'dssupplier'] },
  {
    event: 'deliver', from: ['ready_to_deliver'], to: 'delivered', by: ['supplier', 'dssupplier', 'system'],
    guard: (o) => (settled(o) ? null : { message: 'The order is not paid yet' }),
  },
  {
    event: 'cancel', from: ['sent_to_supplier', 'seller_confirmed', 'customer_confirmed'], to: 'canceled', by: ['customer', 'supplier', 'system'],
    guard: (_o, i) => cancelProblem(i),
  },
  {
    // Once work started only the supplier (or the system) may cancel.
    event: 'cancel_in_process', from: ['in_process', 'ready_to_deliver'], to: 'canceled', by: ['supplier', 'system'],
    guard: (_o, i) => cancelProblem(i),
  },
];

export const CANCEL_REASONS_SET: ReadonlySet<string> = new Set(['requested_by_client', 'cannot_be_fulfilled', 'duplicated_transaction', 'suspected_fraud', 'other']);

function cancelProblem(i: EventInput) {
  if (!i.reason || !CANCEL_REASONS_SET.has(i.reason)) return { message: 'Choose a cancellation reason', field: 'reason' };
  if (!i.description || !i.description.trim()) return { message: 'A cancellation needs a described reason', field: 'description' };
  return null;
}

export const PAYMENT_TRANSITIONS: readonly Transition<PaymentStatus>[] = [
  { event: 'authorize', from: ['pending', 'failed'], to: 'authorized', by: ['provider', 'system'] },
  // The supplier marks cash or a deposit received; whoever delivers a cash-on-delivery order collects it.
  { event: 'pay', from: ['pending', 'authorized', 'failed'], to: 'paid', by: ['provider', 'supplier', 'dssupplier', 'system'] },
  { event: 'fail', from: ['pending', 'authorized'], to: 'failed', by: ['provider', 'system'] },
  { event: 'retry', from: ['failed'], to: 'pending', by: ['customer', 'system'] },
  {
    event: 'refund', from: ['paid', 'partially_refunded'], to: 'refunded', by: ['supplier', 'system', 'provider'],
    guard: (o, i) => (o.amount_refunded + (i.refund_amount ?? 0) >= o.amount_paid ? null : { message: 'Not a full refund' }),
  },
  {
    event: 'partial_refund', from: ['paid', 'partially_refunded'], to: 'partially_refunded', by: ['supplier', 'system', 'provider'],
    guard: (o, i) => (o.amount_refunded + (i.refund_amount ?? 0) < o.amount_paid ? null : { message: 'Use a full refund' }),
  },
];

export const FULFILLMENT_TRANSITIONS: readonly Transition<FulfillmentStatus>[] = [
  { event: 'prepare', from: ['unfulfilled'], to: 'preparing', by: ['supplier', 'system'] },
  { event: 'ready', from: ['preparing'], to: 'ready', by: ['supplier', 'dssupplier', 'system'] },
  {
    event: 'ship', from: ['ready'], to: 'shipped', by: ['supplier', 'dssupplier'],
    guard: (o, i) => {
      if (o.delivery_type === 'collection') return { message: 'A collection order is picked up, not shipped' };
      if (!i.tracking_number?.trim()) return { message: 'Enter the tracking number', field: 'tracking_number' };
      return null;
    },
  },
  { event: 'deliver', from: ['ready', 'shipped'], to: 'delivered', by: ['supplier', 'dssupplier', 'system'] },
  { event: 'cancel', from: ['unfulfilled', 'preparing', 'ready', 'shipped'], to: 'canceled', by: ['supplier', 'system'] },
];

export const MACHINES = { status: ORDER_TRANSITIONS, payment: PAYMENT_TRANSITIONS, fulfillment: FULFILLMENT_TRANSITIONS } as const;

export type PlanResult<S extends string> =
  | { ok: true; from: S; to: S; event: string }
  | { ok: false; reason: 'unknown_event' | 'forbidden' | 'invalid_state' | 'guard'; message: string; field?: string };

/**
 * Whether `role` may fire `event` on `machine` now. The role is checked before the state, so a customer
 * asking for a supplier's move is refused as forbidden whatever the order's state.
 */
export function plan<S extends string>(machine: Machine, current: S, event: string, role: Role, facts: OrderFacts, input: EventInput = {}): PlanResult<S> {
  const table = MACHINES[machine] as readonly Transition<string>[];
  const candidates = table.filter((t) => t.event === event);
  if (!candidates.length) return { ok: false, reason: 'unknown_event', message: `Unknown ${machine} event ${event}` };
  if (!candidates.some((t) => t.by.includes(role))) return { ok: false, reason: 'forbidden', message: `This step is not yours to take (${event})` };
  const t = candidates.find((c) => c.by.includes(role) && c.from.includes(current));
  if (!t) return { ok: false, reason: 'invalid_state', message: `Cannot ${event.replace(/_/g, ' ')} an order that is ${String(current).replace(/_/g, ' ')}` };
  const problem = t.guard?.(facts, input) ?? null;
  if (problem) return { ok: false, reason: 'guard', message: problem.message, ...(problem.field ? { field: problem.field } : {}) };
  return { ok: true, from: current, to: t.to as S, event };
}

/**
 * The 'next' action of each side (seed 001 §4, §7: customer, supplier admin and dropshipping supplier variants):
 * which order event moves the order one step forward from `status` for `role`, or null when the next step is
 * someone else's (or there is none).
 */
export function nextEvent(status: OrderStatus, role: Role): string | null {
  const step: Partial<Record<OrderStatus, string>> = {
    sent_to_supplier: 'confirm', seller_confirmed: 'customer_confirm', customer_confirmed: 'process',
    in_process: 'ready', ready_to_deliver: 'deliver',
  };
  const event = step[status];
  if (!event) return null;
  const t = ORDER_TRANSITIONS.find((x) => x.event === event)!;
  return t.by.includes(role) ? event : null;
}

/** Who takes the next step of an order in `status` (for the order page: "waiting for the supplier"). */
export function nextActor(status: OrderStatus): Role[] {
  const event = nextEvent(status, 'supplier') ?? nextEvent(status, 'customer');
  if (!event) return [];
  return [...ORDER_TRANSITIONS.find((x) => x.event === event)!.by].filter((r) => r !== 'system');
}

/** The fulfilment move that goes with an order move, if any. */
export const FULFILLMENT_FOR_ORDER_EVENT: Record<string, string> = {
  process: 'prepare', ready: 'ready', deliver: 'deliver', cancel: 'cancel', cancel_in_process: 'cancel',
};
