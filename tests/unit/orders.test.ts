import { describe, expect, it } from 'vitest';
import { nextActor, nextEvent, plan, ORDER_TRANSITIONS, PAYMENT_TRANSITIONS, FULFILLMENT_TRANSITIONS, type OrderFacts } from '../../src/domain/orders/machines.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES, FULFILLMENT_STATUSES } from '../../src/lib/shared/constants.ts';

const facts = (o: Partial<OrderFacts> = {}): OrderFacts => ({
  status: 'sent_to_supplier', payment_status: 'paid', fulfillment_status: 'unfulfilled', payment_flow: 'card', delivery_type: 'shipping',
  order_total: 1000, amount_paid: 1000, amount_refunded: 0, ...o,
});

describe('order status machine', () => {
  it('walks the happy path with each role taking its own step', () => {
    const steps: [string, string, string][] = [
      ['sent_to_supplier', 'supplier', 'seller_confirmed'], ['seller_confirmed', 'customer', 'customer_confirmed'],
      ['customer_confirmed', 'supplier', 'in_process'], ['in_process', 'dssupplier', 'ready_to_deliver'], ['ready_to_deliver', 'supplier', 'delivered'],
    ];
    for (const [from, role, to] of steps) {
      const ev = nextEvent(from as never, role as never)!;
      const r = plan('status', from, ev, role as never, facts({ status: from as never }), { estimated_delivery_date: '2030-01-01', shipping_cost: 0, today: '2029-12-31' });
      expect(r).toMatchObject({ ok: true, to });
    }
    expect(nextEvent('delivered', 'supplier')).toBeNull();
  });

  it('refuses another role\'s step as forbidden, whatever the state', () => {
    expect(plan('status', 'sent_to_supplier', 'confirm', 'customer', facts())).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(plan('status', 'seller_confirmed', 'customer_confirm', 'supplier', facts())).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(plan('status', 'customer_confirmed', 'process', 'dssupplier', facts())).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(nextEvent('sent_to_supplier', 'customer')).toBeNull();
    expect(nextEvent('customer_confirmed', 'dssupplier')).toBeNull();
    expect(nextActor('sent_to_supplier')).toEqual(['supplier']);
    expect(nextActor('seller_confirmed')).toEqual(['customer']);
    expect(nextActor('in_process')).toEqual(['supplier', 'dssupplier']);
  });

  it('refuses moves from the wrong state', () => {
    expect(plan('status', 'delivered', 'confirm', 'supplier', facts())).toMatchObject({ ok: false, reason: 'invalid_state' });
    expect(plan('status', 'canceled', 'cancel', 'customer', facts(), { reason: 'other', description: 'x' })).toMatchObject({ ok: false, reason: 'invalid_state' });
    expect(plan('status', 'in_process', 'cancel', 'customer', facts(), { reason: 'other', description: 'x' })).toMatchObject({ ok: false, reason: 'invalid_state' });
    expect(plan('status', 'in_process', 'cancel_in_process', 'supplier', facts(), { reason: 'other', description: 'x' })).toMatchObject({ ok: true, to: 'canceled' });
  });

  it('guards: confirm needs a date and a cost; cancel a reason and a description; processing needs the money', () => {
    expect(plan('status', 'sent_to_supplier', 'confirm', 'supplier', facts(), {})).toMatchObject({ ok: false, reason: 'guard', field: 'estimated_delivery_date' });
    expect(plan('status', 'sent_to_supplier', 'confirm', 'supplier', facts(), { estimated_delivery_date: '2030-01-01' })).toMatchObject({ field: 'shipping_cost' });
    expect(plan('status', 'sent_to_supplier', 'confirm', 'supplier', facts(), { estimated_delivery_date: '2020-01-01', shipping_cost: 0, today: '2025-01-01' })).toMatchObject({ reason: 'guard' });
    expect(plan('status', 'sent_to_supplier', 'cancel', 'customer', facts(), { reason: 'other' })).toMatchObject({ field: 'description' });
    expect(plan('status', 'sent_to_supplier', 'cancel', 'customer', facts(), { reason: 'because', description: 'x' })).toMatchObject({ field: 'reason' });
    expect(plan('status', 'customer_confirmed', 'process', 'supplier', facts({ payment_status: 'pending', amount_paid: 0 }))).toMatchObject({ reason: 'guard' });
    expect(plan('status', 'customer_confirmed', 'process', 'supplier', facts({ payment_status: 'pending', amount_paid: 0, payment_flow: 'cash_on_delivery' }))).toMatchObject({ ok: true });
    // A confirmed extra charge must be paid before processing.
    expect(plan('status', 'customer_confirmed', 'process', 'supplier', facts({ order_total: 1300, amount_paid: 1000 }))).toMatchObject({ reason: 'guard' });
  });

  it('every transition names known states', () => {
    for (const t of ORDER_TRANSITIONS) for (const s of [...t.from, t.to]) expect(ORDER_STATUSES).toContain(s);
    for (const t of PAYMENT_TRANSITIONS) for (const s of [...t.from, t.to]) expect(PAYMENT_STATUSES).toContain(s);
    for (const t of FULFILLMENT_TRANSITIONS) for (const s of [...t.from, t.to]) expect(FULFILLMENT_STATUSES).toContain(s);
  });
});

describe('payment and fulfilment machines', () => {
  it('pending -> authorized -> paid; failed -> pending on retry; refunds full or partial', () => {
    expect(plan('payment', 'pending', 'authorize', 'provider', facts())).toMatchObject({ ok: true, to: 'authorized' });
    expect(plan('payment', 'authorized', 'pay', 'provider', facts())).toMatchObject({ ok: true, to: 'paid' });
    expect(plan('payment', 'pending', 'fail', 'provider', facts())).toMatchObject({ ok: true, to: 'failed' });
    expect(plan('payment', 'failed', 'retry', 'customer', facts())).toMatchObject({ ok: true, to: 'pending' });
    expect(plan('payment', 'pending', 'pay', 'customer', facts())).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(plan('payment', 'paid', 'refund', 'supplier', facts(), { refund_amount: 1000 })).toMatchObject({ ok: true, to: 'refunded' });
    expect(plan('payment', 'paid', 'refund', 'supplier', facts(), { refund_amount: 400 })).toMatchObject({ ok: false, reason: 'guard' });
    expect(plan('payment', 'paid', 'partial_refund', 'supplier', facts(), { refund_amount: 400 })).toMatchObject({ ok: true, to: 'partially_refunded' });
    expect(plan('payment', 'partially_refunded', 'refund', 'supplier', facts({ amount_refunded: 400 }), { refund_amount: 600 })).toMatchObject({ ok: true, to: 'refunded' });
    expect(plan('payment', 'refunded', 'pay', 'provider', facts())).toMatchObject({ ok: false, reason: 'invalid_state' });
  });

  it('a collection order is picked up, not shipped; shipping needs a tracking number', () => {
    expect(plan('fulfillment', 'ready', 'ship', 'supplier', facts({ delivery_type: 'collection' }), { tracking_number: 'X' })).toMatchObject({ reason: 'guard' });
    expect(plan('fulfillment', 'ready', 'ship', 'dssupplier', facts(), {})).toMatchObject({ field: 'tracking_number' });
    expect(plan('fulfillment', 'ready', 'ship', 'dssupplier', facts(), { tracking_number: 'MX123' })).toMatchObject({ ok: true, to: 'shipped' });
    expect(plan('fulfillment', 'shipped', 'deliver', 'supplier', facts())).toMatchObject({ ok: true, to: 'delivered' });
  });
});
