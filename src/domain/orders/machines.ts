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
  /** The confirmed shipping cost above what the buyer paid at checkout (0 or absent: none). */
  extra_charge?: number;
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

/**
 * `message`: English for developers; `key`: the text a person reads (`validation.*` for a field, `apiErrors.*` for
 * the order), translated in the request's language by the error answer (src/lib/i18n/validation.ts).
 */
export interface Problem { message: string; field?: string; key?: string }

export interface Transition<S extends string> {
  event: string;
  from: readonly S[];
  to: S;
  by: readonly Role[];
  /**
   * What the order itself must be for the move (paid, not a collection order ...), or null. Judged without the
   * caller's input: it decides whether the pages offer the step at all (see `allowed`).
   */
  when?: (o: OrderFacts) => Problem | null;
  /** A problem with the caller's input that blocks the move, or null. `field` names the input at fault. */
  guard?: (o: OrderFacts, input: EventInput) => Problem | null;
}

/** Flows where the money arrives after the goods (cash on delivery): the order may proceed unpaid. */
export const PAY_ON_DELIVERY_FLOWS: ReadonlySet<string> = new Set(['cash_on_delivery']);

/**
 * Payment states in which the buyer's money is in: a partial refund (a discount, a missing unit) leaves the order
 * paid for what remains, so it goes wherever a paid order may go. A full refund gave everything back: the order can
 * only be canceled (or was delivered already).
 */
export const PAID_STATES: ReadonlySet<PaymentStatus> = new Set<PaymentStatus>(['paid', 'partially_refunded']);

const settled = (o: OrderFacts) => PAID_STATES.has(o.payment_status) || PAY_ON_DELIVERY_FLOWS.has(o.payment_flow) || o.order_total === 0;

export const ORDER_TRANSITIONS: readonly Transition<OrderStatus>[] = [
  {
    event: 'confirm', from: ['sent_to_supplier'], to: 'seller_confirmed', by: ['supplier'],
    guard: (_o, i) => {
      if (!i.estimated_delivery_date || !isRealDate(i.estimated_delivery_date)) return { message: 'Enter the estimated delivery date', field: 'estimated_delivery_date', key: 'validation.deliveryDateRequired' };
      if (i.today && i.estimated_delivery_date < i.today) return { message: 'The estimated delivery date cannot be in the past', field: 'estimated_delivery_date', key: 'validation.dateInPast' };
      if (i.shipping_cost === null || i.shipping_cost === undefined || !Number.isInteger(i.shipping_cost) || i.shipping_cost < 0) {
        return { message: 'Enter the shipping cost (0 or more, minor units)', field: 'shipping_cost', key: 'validation.shippingCostRequired' };
      }
      return null;
    },
  },
  { event: 'customer_confirm', from: ['seller_confirmed'], to: 'customer_confirmed', by: ['customer'] },
  {
    event: 'process', from: ['customer_confirmed'], to: 'in_process', by: ['supplier'],
    when: (o) => (settled(o) && (o.amount_paid >= o.order_total || PAY_ON_DELIVERY_FLOWS.has(o.payment_flow))
      ? null : unpaid(o)),
  },
  { event: 'ready', from: ['in_process'], to: 'ready_to_deliver', by: ['supplier', 'dssupplier'] },
  {
    event: 'deliver', from: ['ready_to_deliver'], to: 'delivered', by: ['supplier', 'dssupplier', 'system'],
    when: (o) => (settled(o) ? null : unpaid(o)),
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

/**
 * What money is missing, said precisely (issue 28): the extra shipping charge the buyer has not paid, the deposit
 * the supplier has not marked received, or the payment in general.
 */
function unpaid(o: OrderFacts): Problem {
  const extra = o.extra_charge ?? 0;
  if (extra > 0 && PAID_STATES.has(o.payment_status) && o.amount_paid >= o.order_total - extra) {
    return { message: 'The customer has not paid the extra shipping charge yet', key: 'apiErrors.extra_charge_unpaid' };
  }
  if (o.payment_flow === 'deposit') return { message: 'The deposit has not been marked received yet', key: 'apiErrors.deposit_not_received' };
  return { message: 'The order is not paid yet', key: 'apiErrors.order_unpaid' };
}

export const CANCEL_REASONS_SET: ReadonlySet<string> = new Set(['requested_by_client', 'cannot_be_fulfilled', 'duplicated_transaction', 'suspected_fraud', 'other']);

function cancelProblem(i: EventInput) {
  if (!i.reason || !CANCEL_REASONS_SET.has(i.reason)) return { message: 'Choose a cancellation reason', field: 'reason', key: 'validation.cancellationReason' };
  if (!i.description || !i.description.trim()) return { message: 'A cancellation needs a described reason', field: 'description', key: 'validation.cancellationDescription' };
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
    when: (o) => (o.delivery_type === 'collection' ? { message: 'A collection order is picked up, not shipped' } : null),
    guard: (_o, i) => (i.tracking_number?.trim() ? null : { message: 'Enter the tracking number', field: 'tracking_number', key: 'validation.trackingNumber' }),
  },
  { event: 'deliver', from: ['ready', 'shipped'], to: 'delivered', by: ['supplier', 'dssupplier', 'system'] },
  { event: 'cancel', from: ['unfulfilled', 'preparing', 'ready', 'shipped'], to: 'canceled', by: ['supplier', 'system'] },
];

export const MACHINES = { status: ORDER_TRANSITIONS, payment: PAYMENT_TRANSITIONS, fulfillment: FULFILLMENT_TRANSITIONS } as const;

export type PlanResult<S extends string> =
  | { ok: true; from: S; to: S; event: string }
  | { ok: false; reason: 'unknown_event' | 'forbidden' | 'invalid_state' | 'guard'; message: string; field?: string; key?: string };

/**
 * Whether `role` may fire `event` on `machine` now, whatever the caller will send with it: role, state and what
 * the order must be (`when`). The role is checked before the state, so a customer asking for a supplier's move is
 * refused as forbidden whatever the order's state. The pages offer a step only when this allows it, and `plan`
 * (what the server runs) starts with it, so the two cannot disagree.
 */
export function allowed<S extends string>(machine: Machine, current: S, event: string, role: Role, facts: OrderFacts): PlanResult<S> {
  const table = MACHINES[machine] as readonly Transition<string>[];
  const candidates = table.filter((t) => t.event === event);
  if (!candidates.length) return { ok: false, reason: 'unknown_event', message: `Unknown ${machine} event ${event}` };
  if (!candidates.some((t) => t.by.includes(role))) return { ok: false, reason: 'forbidden', message: `This step is not yours to take (${event})` };
  const t = candidates.find((c) => c.by.includes(role) && c.from.includes(current));
  if (!t) return { ok: false, reason: 'invalid_state', message: `Cannot ${event.replace(/_/g, ' ')} an order that is ${String(current).replace(/_/g, ' ')}` };
  const problem = t.when?.(facts) ?? null;
  if (problem) return { ok: false, reason: 'guard', message: problem.message, ...(problem.field ? { field: problem.field } : {}), ...(problem.key ? { key: problem.key } : {}) };
  return { ok: true, from: current, to: t.to as S, event };
}

/** Whether `role` may fire `event` on `machine` now with `input`: `allowed`, then the input's own checks. */
export function plan<S extends string>(machine: Machine, current: S, event: string, role: Role, facts: OrderFacts, input: EventInput = {}): PlanResult<S> {
  const r = allowed<S>(machine, current, event, role, facts);
  if (!r.ok) return r;
  const t = (MACHINES[machine] as readonly Transition<string>[]).find((c) => c.event === event && c.by.includes(role) && c.from.includes(current))!;
  const problem = t.guard?.(facts, input) ?? null;
  if (problem) return { ok: false, reason: 'guard', message: problem.message, ...(problem.field ? { field: problem.field } : {}), ...(problem.key ? { key: problem.key } : {}) };
  return r;
}

const STEP: Partial<Record<OrderStatus, string>> = {
  sent_to_supplier: 'confirm', seller_confirmed: 'customer_confirm', customer_confirmed: 'process',
  in_process: 'ready', ready_to_deliver: 'deliver',
};

/**
 * The 'next' action of each side (seed 001 §4, §7: customer, supplier admin and dropshipping supplier variants):
 * which order event moves the order one step forward from `status` for `role`, or null when the next step is
 * someone else's (or there is none). The server's 'next' runs this event; whether it may run now is `nextStep`.
 */
export function nextEvent(status: OrderStatus, role: Role): string | null {
  const event = STEP[status];
  if (!event) return null;
  const t = ORDER_TRANSITIONS.find((x) => x.event === event)!;
  return t.by.includes(role) ? event : null;
}

/**
 * The 'next' button a page offers `role` for this order: `nextEvent`, only when the machine allows it now (an
 * unpaid order offers no 'start preparing'). What the server accepts for 'next' is exactly this plus valid input.
 */
export function nextStep(o: OrderFacts, role: Role): string | null {
  const event = nextEvent(o.status, role);
  return event && allowed('status', o.status, event, role, o).ok ? event : null;
}

/** Who takes the next step of an order in `status` (for the order page: "waiting for the supplier"). */
export function nextActor(status: OrderStatus): Role[] {
  const event = nextEvent(status, 'supplier') ?? nextEvent(status, 'customer');
  if (!event) return [];
  return [...ORDER_TRANSITIONS.find((x) => x.event === event)!.by].filter((r) => r !== 'system');
}

/**
 * Who the order waits for now: the side whose step the machine allows; when that step waits for money (the order
 * or a confirmed extra charge unpaid), the customer, who pays; nobody when nothing can move it forward (delivered,
 * canceled, or fully refunded before delivery: only a cancellation is left).
 */
export function waitingOn(o: OrderFacts): Role[] {
  const actors = nextActor(o.status);
  const event = STEP[o.status];
  if (!event || !actors.length) return [];
  if (actors.some((r) => allowed('status', o.status, event, r, o).ok)) return actors;
  return o.payment_status !== 'refunded' && o.amount_paid < o.order_total ? ['customer'] : [];
}

/** The cancel event `role` may fire on this order now ('cancel' before work starts, 'cancel_in_process' after), or null. */
export function cancelEvent(o: OrderFacts, role: Role): 'cancel' | 'cancel_in_process' | null {
  for (const event of ['cancel', 'cancel_in_process'] as const) if (allowed('status', o.status, event, role, o).ok) return event;
  return null;
}

/** The fulfilment move that goes with an order move, if any. */
export const FULFILLMENT_FOR_ORDER_EVENT: Record<string, string> = {
  process: 'prepare', ready: 'ready', deliver: 'deliver', cancel: 'cancel', cancel_in_process: 'cancel',
};
