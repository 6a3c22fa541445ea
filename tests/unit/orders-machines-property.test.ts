// Property test of the three order machines (issue 23), modelled on the ledger's (tests/integration/wallet-property):
// random sequences of payments, partial and full refunds, confirmations (with and without an extra charge), 'next'
// steps by every side, shipping, cancellations, returns after delivery and the return window closing, run over the
// pure machines the way the orders service runs them (src/domain/orders/service.ts: advanceLocked, cancelLocked,
// refundPayments, settlePayment). After every step:
// - the pages offer exactly what the server accepts: the 'next' button (nextStep) and the cancel form (cancelEvent)
//   are offered if and only if `plan` with valid input lets the move through;
// - the books balance, in integer minor units: payments add up to amount_paid, refunds to amount_refunded, nothing
//   refunds more than was paid, a canceled order gave everything back, the escrow releases only after delivery and
//   exactly what is left (paid - refunded);
// and at the end every reachable state can still end: an order whose money is in (paid, partially refunded, or cash
// on delivery) is driven to delivered and its escrow released by the sides taking their offered steps; a fully
// refunded one can be canceled; any open order can be canceled by its supplier.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FULFILLMENT_FOR_ORDER_EVENT, PAID_STATES, cancelEvent, nextEvent, nextStep, plan, waitingOn,
  type EventInput, type OrderFacts, type Role,
} from '../../src/domain/orders/machines.ts';

const TODAY = '2030-01-10';
const CONFIRM: EventInput = { estimated_delivery_date: '2030-01-15', today: TODAY };

interface Model {
  facts: OrderFacts;
  items_total: number;
  shipping_total: number;
  payments: number[];
  refunds: number[];
  escrowReleased: number | null;
  /** Refunded after the escrow was released (taken back from the parties' available balances). */
  refundedAfterRelease: number;
  returnOpen: boolean;
}

type Op =
  | { op: 'pay' }
  | { op: 'refund'; permille: number }
  | { op: 'next'; role: 'supplier' | 'customer' | 'dssupplier'; extra: number }
  | { op: 'ship'; role: 'supplier' | 'dssupplier' }
  | { op: 'cancel'; role: 'supplier' | 'customer' | 'system' }
  | { op: 'return'; permille: number }
  | { op: 'close' }
  | { op: 'deadline' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('pay' as const) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('refund' as const), permille: fc.integer({ min: 1, max: 1000 }) }), weight: 3 },
  {
    arbitrary: fc.record({
      op: fc.constant('next' as const), role: fc.constantFrom('supplier' as const, 'customer' as const, 'dssupplier' as const),
      extra: fc.constantFrom(0, 0, 0, 1500),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ op: fc.constant('ship' as const), role: fc.constantFrom('supplier' as const, 'dssupplier' as const) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('cancel' as const), role: fc.constantFrom('supplier' as const, 'customer' as const, 'system' as const) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('return' as const), permille: fc.integer({ min: 1, max: 1000 }) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('close' as const) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('deadline' as const) }), weight: 1 },
);

const startArb = fc.record({
  items_total: fc.integer({ min: 1, max: 500_000 }),
  shipping_total: fc.integer({ min: 0, max: 20_000 }),
  payment_flow: fc.constantFrom('card', 'deposit', 'redirect', 'cash_on_delivery'),
  delivery_type: fc.constantFrom('fixed_delivery', 'collection'),
});

function placed(s: { items_total: number; shipping_total: number; payment_flow: string; delivery_type: string }): Model {
  return {
    facts: {
      status: 'sent_to_supplier', payment_status: 'pending', fulfillment_status: 'unfulfilled', payment_flow: s.payment_flow,
      delivery_type: s.delivery_type, order_total: s.items_total + s.shipping_total, amount_paid: 0, amount_refunded: 0,
    },
    items_total: s.items_total, shipping_total: s.shipping_total, payments: [], refunds: [], escrowReleased: null, refundedAfterRelease: 0, returnOpen: false,
  };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const open = (m: Model) => m.facts.status !== 'delivered' && m.facts.status !== 'canceled';
const due = (m: Model) => Math.max(0, m.facts.order_total - m.facts.amount_paid);

/** Input the server gets with a valid form for `event`. */
const validInput = (event: string, extra: number, m: Model): EventInput =>
  event === 'confirm' ? { ...CONFIRM, shipping_cost: m.shipping_total + extra } : event.startsWith('cancel') ? { reason: 'other', description: 'x' } : {};

/** settlePayment: money in; the first payment moves the payment machine to paid, an extra charge moves nothing. */
function pay(m: Model, amount: number) {
  m.payments.push(amount);
  m.facts.amount_paid += amount;
  if (['pending', 'authorized', 'failed'].includes(m.facts.payment_status)) {
    const r = plan('payment', m.facts.payment_status, 'pay', 'provider', m.facts);
    expect(r.ok).toBe(true);
    if (r.ok) m.facts.payment_status = r.to;
  }
}

/** refundPayments: never more than is available; paid orders move to partially_refunded or refunded. */
function refund(m: Model, amount: number) {
  const available = m.facts.amount_paid - m.facts.amount_refunded;
  if (amount <= 0 || amount > available) return;
  if (PAID_STATES.has(m.facts.payment_status)) {
    const event = m.facts.amount_refunded + amount >= m.facts.amount_paid ? 'refund' : 'partial_refund';
    const r = plan('payment', m.facts.payment_status, event, 'supplier', m.facts, { refund_amount: amount });
    expect(r, `${event} ${amount} on ${JSON.stringify(m.facts)}`).toMatchObject({ ok: true });
    if (r.ok) m.facts.payment_status = r.to;
  }
  m.refunds.push(amount);
  if (m.escrowReleased !== null) m.refundedAfterRelease += amount;
  m.facts.amount_refunded += amount;
}

/** A side's 'next' (advanceLocked). Answers whether the server accepted it; checks the page offered exactly that. */
function next(m: Model, role: Role, extra = 0): boolean {
  const offered = nextStep(m.facts, role);
  const event = nextEvent(m.facts.status, role);
  const r = event ? plan('status', m.facts.status, event, role, m.facts, validInput(event, extra, m)) : null;
  expect(offered !== null, `${role} offered ${offered}, server ${JSON.stringify(r)} on ${JSON.stringify(m.facts)}`).toBe(!!r?.ok);
  if (!event || !r?.ok) return false;
  m.facts.status = r.to;
  if (event === 'confirm') {
    const cost = m.shipping_total + extra;
    m.facts.order_total = m.items_total + m.shipping_total + Math.max(0, cost - m.shipping_total);
  }
  const fulfil = FULFILLMENT_FOR_ORDER_EVENT[event];
  if (fulfil) {
    const f = plan('fulfillment', m.facts.fulfillment_status, fulfil, role === 'customer' ? 'system' : role, m.facts);
    if (f.ok) m.facts.fulfillment_status = f.to;
  }
  if (event === 'deliver') {
    // Cash on delivery: the money comes with the goods.
    if (m.facts.payment_status === 'pending' && m.facts.payment_flow === 'cash_on_delivery' && due(m) > 0) pay(m, due(m));
    expect(m.facts.fulfillment_status).toBe('delivered');
  }
  return true;
}

/** cancelLocked: the status and fulfilment machines cancel, and whatever is still held goes back. */
function cancel(m: Model, role: Role): boolean {
  const offered = cancelEvent(m.facts, role);
  const accepted = (['cancel', 'cancel_in_process'] as const).find((e) => plan('status', m.facts.status, e, role, m.facts, validInput(e, 0, m)).ok) ?? null;
  expect(offered, `${role} cancel on ${JSON.stringify(m.facts)}`).toBe(accepted);
  if (!accepted) return false;
  m.facts.status = 'canceled';
  const f = plan('fulfillment', m.facts.fulfillment_status, 'cancel', role === 'customer' ? 'system' : role, m.facts);
  if (f.ok) m.facts.fulfillment_status = f.to;
  refund(m, m.facts.amount_paid - m.facts.amount_refunded);
  return true;
}

function release(m: Model) {
  if (m.facts.status === 'delivered' && !m.returnOpen && m.escrowReleased === null) m.escrowReleased = m.facts.amount_paid - m.facts.amount_refunded;
}

function run(m: Model, op: Op) {
  switch (op.op) {
    case 'pay':
      // The buyer pays what is due on an open order (or the supplier marks cash or a deposit received).
      if (open(m) && due(m) > 0) pay(m, due(m));
      return;
    case 'refund':
      refund(m, Math.floor(((m.facts.amount_paid - m.facts.amount_refunded) * op.permille) / 1000));
      return;
    case 'next':
      next(m, op.role, op.extra);
      return;
    case 'ship': {
      const r = plan('fulfillment', m.facts.fulfillment_status, 'ship', op.role, m.facts, { tracking_number: 'MX123' });
      if (r.ok) m.facts.fulfillment_status = r.to;
      return;
    }
    case 'cancel':
      cancel(m, op.role);
      return;
    case 'return':
      // A return (after delivery, before the escrow is released) refunds through the same path.
      if (m.facts.status !== 'delivered' || m.escrowReleased !== null) return;
      m.returnOpen = true;
      refund(m, Math.floor(((m.facts.amount_paid - m.facts.amount_refunded) * op.permille) / 1000));
      return;
    case 'close':
      // Closing a return releases the escrow at once.
      if (m.returnOpen) { m.returnOpen = false; release(m); }
      return;
    case 'deadline':
      release(m);
  }
}

function checkBooks(m: Model) {
  const f = m.facts;
  for (const n of [f.amount_paid, f.amount_refunded, f.order_total, ...m.payments, ...m.refunds]) {
    expect(Number.isInteger(n)).toBe(true);
    expect(n).toBeGreaterThanOrEqual(0);
  }
  expect(sum(m.payments)).toBe(f.amount_paid);
  expect(sum(m.refunds)).toBe(f.amount_refunded);
  expect(f.amount_refunded).toBeLessThanOrEqual(f.amount_paid);
  if (PAID_STATES.has(f.payment_status)) {
    expect(f.amount_refunded).toBeLessThan(f.amount_paid);
    expect(f.payment_status === 'partially_refunded').toBe(f.amount_refunded > 0);
  }
  if (f.payment_status === 'refunded') expect(f.amount_refunded).toBeGreaterThan(0);
  if (f.status === 'canceled') expect(f.amount_refunded).toBe(f.amount_paid);
  if (m.escrowReleased !== null) {
    expect(f.status).toBe('delivered');
    // What was released, less what was refunded since, is what the order keeps.
    expect(m.escrowReleased - m.refundedAfterRelease).toBe(f.amount_paid - f.amount_refunded);
  }
}

/** Every side takes the step its page offers (the buyer pays when the order waits for money) until nothing moves. */
function driveToEnd(m: Model) {
  for (let i = 0; i < 20 && open(m); i++) {
    if ((['supplier', 'customer', 'dssupplier'] as const).some((r) => next(m, r))) continue;
    if (waitingOn(m.facts).includes('customer') && due(m) > 0 && m.facts.payment_flow !== 'cash_on_delivery') { pay(m, due(m)); continue; }
    break;
  }
}

describe('order machines with refunds, returns and cancellations interleaved', () => {
  it('offer exactly what they accept, keep the books, and every reachable state can still end', () => {
    fc.assert(fc.property(startArb, fc.array(opArb, { minLength: 1, maxLength: 25 }), (start, ops) => {
      const m = placed(start);
      for (const op of ops) {
        run(m, op);
        checkBooks(m);
      }
      // Any open order can be canceled by its supplier (and by the system), whatever its money.
      if (open(m)) {
        expect(cancelEvent(m.facts, 'supplier')).not.toBeNull();
        const c = structuredClone(m);
        expect(cancel(c, 'system')).toBe(true);
        checkBooks(c);
      }
      const moneyIn = PAID_STATES.has(m.facts.payment_status) || m.facts.payment_status === 'pending' || m.facts.payment_status === 'authorized'
        || m.facts.payment_flow === 'cash_on_delivery';
      if (m.facts.status === 'canceled') return;
      driveToEnd(m);
      checkBooks(m);
      if (moneyIn) {
        // Paid (in full or in part after a refund), or not yet paid: the order reaches delivered and its escrow is released.
        expect(m.facts.status, JSON.stringify(m.facts)).toBe('delivered');
        if (m.returnOpen) run(m, { op: 'close' });
        run(m, { op: 'deadline' });
        expect(m.escrowReleased).not.toBeNull();
        checkBooks(m);
      } else {
        // Fully refunded before delivery: the money is back and only a cancellation is left.
        expect(m.facts.payment_status).toBe('refunded');
        if (open(m)) {
          expect(cancel(m, 'supplier')).toBe(true);
          expect(m.facts.amount_refunded).toBe(m.facts.amount_paid);
        }
      }
    }), { numRuns: Number(process.env.ORDERS_PROPERTY_RUNS ?? 400) });
  });

  it('a partially refunded order goes wherever a paid one goes: start preparing, ready, delivered', () => {
    const m = placed({ items_total: 20_000, shipping_total: 9_900, payment_flow: 'deposit', delivery_type: 'fixed_delivery' });
    pay(m, m.facts.order_total);
    refund(m, 5_000);
    expect(m.facts.payment_status).toBe('partially_refunded');
    expect(next(m, 'supplier')).toBe(true); // confirm date and cost
    expect(next(m, 'customer')).toBe(true);
    expect(nextStep(m.facts, 'supplier')).toBe('process');
    expect(next(m, 'supplier')).toBe(true);
    expect(m.facts).toMatchObject({ status: 'in_process', fulfillment_status: 'preparing' });
    expect(next(m, 'dssupplier')).toBe(true);
    expect(next(m, 'supplier')).toBe(true);
    expect(m.facts).toMatchObject({ status: 'delivered', fulfillment_status: 'delivered', payment_status: 'partially_refunded' });
  });

  it('an unpaid order offers no "start preparing": the page waits for the buyer\'s payment', () => {
    const m = placed({ items_total: 20_000, shipping_total: 9_900, payment_flow: 'deposit', delivery_type: 'fixed_delivery' });
    next(m, 'supplier');
    next(m, 'customer');
    expect(m.facts.status).toBe('customer_confirmed');
    expect(nextStep(m.facts, 'supplier')).toBeNull();
    expect(waitingOn(m.facts)).toEqual(['customer']);
    pay(m, due(m));
    expect(nextStep(m.facts, 'supplier')).toBe('process');
    expect(waitingOn(m.facts)).toEqual(['supplier']);
  });
});
