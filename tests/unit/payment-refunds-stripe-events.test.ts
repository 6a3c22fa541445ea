// Stripe's events as our provider reads them, and the sandbox's test refund amounts (pure functions: no server).
import { describe, expect, it } from 'vitest';
import { parseStripeEvent } from '../../src/domain/payments/stripe.ts';
import { sandboxCard, sandboxRefundEvent } from '../../src/domain/payments/providers.ts';
import type { PaymentRow } from '../../src/domain/payments/repo.ts';

const pi = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'pi_1', object: 'payment_intent', status, metadata: { payment_ref: 'ch_ours' }, ...extra });
const ev = (type: string, object: Record<string, unknown>) => ({ id: `evt_${type}`, object: 'event', type, data: { object } });

describe('Stripe events -> ours', () => {
  it('maps payment intents by our charge reference (metadata.payment_ref)', () => {
    expect(parseStripeEvent(ev('payment_intent.succeeded', pi('succeeded')))).toEqual({ id: 'evt_payment_intent.succeeded', type: 'payment.succeeded', charge_id: 'ch_ours' });
    expect(parseStripeEvent(ev('payment_intent.payment_failed', pi('requires_payment_method', { last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' } }))))
      .toMatchObject({ type: 'payment.failed', charge_id: 'ch_ours', failure_code: 'insufficient_funds', failure_message: 'Bank payment failed, contact your bank (insufficient funds)' });
    // An intent made elsewhere (no reference of ours) and events we do not act on are not events for us.
    expect(parseStripeEvent(ev('payment_intent.succeeded', { ...pi('succeeded'), metadata: {} }))).toBeNull();
    expect(parseStripeEvent(ev('payment_intent.created', pi('requires_payment_method')))).toBeNull();
    expect(parseStripeEvent(ev('customer.created', { id: 'cus_1' }))).toBeNull();
  });

  it('settles refunds from refund.updated / refund.failed / charge.refunded, never while pending', () => {
    const refund = (status: string) => ({ id: 're_1', object: 'refund', status, metadata: { payment_ref: 'ch_ours', refund_id: '8b0c5c52-6a36-4a57-9a43-0f4f6e1f4b11' } });
    expect(parseStripeEvent(ev('refund.updated', refund('succeeded')))).toMatchObject({ type: 'refund.succeeded', charge_id: 'ch_ours', refund_id: '8b0c5c52-6a36-4a57-9a43-0f4f6e1f4b11' });
    expect(parseStripeEvent(ev('refund.failed', refund('failed')))).toMatchObject({ type: 'refund.failed' });
    expect(parseStripeEvent(ev('refund.updated', refund('canceled')))).toMatchObject({ type: 'refund.failed' });
    expect(parseStripeEvent(ev('refund.updated', refund('pending')))).toBeNull();
    expect(parseStripeEvent(ev('charge.refunded', { id: 'ch_1', object: 'charge', refunds: { data: [refund('succeeded')] } }))).toMatchObject({ type: 'refund.succeeded' });
    expect(parseStripeEvent(ev('charge.refunded', { id: 'ch_1', object: 'charge' }))).toBeNull();
  });
});

describe('sandbox refunds by test amount', () => {
  const payment = { id: 'p', provider: 'sandbox-card', provider_ref: 'ch_x' } as PaymentRow;
  it('...13 and ...66 cents are pending; others succeed at once', async () => {
    expect(await sandboxCard.refund(payment, 1013, 'k')).toEqual({ status: 'pending' });
    expect(await sandboxCard.refund(payment, 2566, 'k')).toEqual({ status: 'pending' });
    expect(await sandboxCard.refund(payment, 1000, 'k')).toEqual({ status: 'success' });
    expect(await sandboxCard.refund(payment, 14, 'k')).toEqual({ status: 'success' });
  });
  it('the settling event: ...13 succeeds, ...66 fails, with one id per refund (a second delivery is a duplicate)', () => {
    expect(sandboxRefundEvent('ch_x', { id: 'r1', amount: 1013 })).toEqual({ id: 'evt_refund_r1', type: 'refund.succeeded', charge_id: 'ch_x', refund_id: 'r1' });
    expect(sandboxRefundEvent('ch_x', { id: 'r2', amount: 1066 })).toMatchObject({ id: 'evt_refund_r2', type: 'refund.failed', refund_id: 'r2' });
  });
});
