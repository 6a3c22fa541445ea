// Conekta's webhook events as our provider reads them (pure: no server). Orders are matched by our charge reference
// (metadata.payment_ref); refunds by Conekta's own ids with their amounts, never while pending.
import { describe, expect, it } from 'vitest';
import { parseConektaEvent } from '../../src/domain/payments/conekta.ts';

const order = (extra: Record<string, unknown> = {}) => ({ id: 'ord_1', object: 'order', payment_status: 'paid', metadata: { payment_ref: 'ch_ours' }, ...extra });
const ev = (type: string, object: Record<string, unknown>) => ({ id: `6f1${type.length}`, object: 'event', type, livemode: false, data: { object } });
const withRefunds = (...refunds: Record<string, unknown>[]) => order({ charges: { data: [{ id: 'c1', refunds: { data: refunds } }] } });

describe('Conekta events -> ours', () => {
  it('maps an order\'s outcome by our charge reference', () => {
    expect(parseConektaEvent(ev('order.paid', order()))).toEqual({ id: '6f110', type: 'payment.succeeded', charge_id: 'ch_ours' });
    expect(parseConektaEvent(ev('order.declined', order({ charges: { data: [{ failure_code: 'conekta.errors.processing.bank.insufficient_funds' }] } }))))
      .toMatchObject({ type: 'payment.failed', failure_code: 'insufficient_funds', failure_message: 'Bank payment failed, contact your bank (insufficient funds)' });
    expect(parseConektaEvent(ev('order.declined', order()))).toMatchObject({ type: 'payment.failed', failure_code: 'card_declined' });
    expect(parseConektaEvent(ev('order.expired', order()))).toMatchObject({ type: 'payment.expired', charge_id: 'ch_ours' });
    expect(parseConektaEvent(ev('order.canceled', order()))).toMatchObject({ type: 'payment.canceled', charge_id: 'ch_ours' });
  });

  it('is not about us: an order made elsewhere, a charge object, events we do not act on', () => {
    expect(parseConektaEvent(ev('order.paid', order({ metadata: {} })))).toBeNull();
    expect(parseConektaEvent(ev('charge.paid', { id: 'c1', object: 'charge', order_id: 'ord_1' }))).toBeNull();
    expect(parseConektaEvent(ev('order.pending_payment', order({ payment_status: 'pending_payment' })))).toBeNull();
    expect(parseConektaEvent(ev('webhook_ping', {}))).toBeNull();
    expect(parseConektaEvent({ type: 'order.paid' })).toBeNull();
  });

  it('lists the order\'s settled refunds by Conekta\'s ids and amounts (whatever their sign), leaving pending ones out', () => {
    const e = parseConektaEvent(ev('order.partially_refunded', withRefunds(
      { id: 'r1', amount: -1000, status: 'succeeded' }, { id: 'r2', amount: 500, status: 'pending' }, { id: 'r3', amount: -700, status: 'failed' })));
    expect(e).toMatchObject({ type: 'refund.succeeded', charge_id: 'ch_ours', provider_refunds: [{ id: 'r1', status: 'success', amount: 1000 }, { id: 'r3', status: 'failed', amount: 700 }] });
    expect(parseConektaEvent(ev('order.updated', withRefunds({ id: 'r2', amount: -500, status: 'pending' })))).toBeNull();
    expect(parseConektaEvent(ev('order.refunded', order()))).toBeNull();
  });
});
