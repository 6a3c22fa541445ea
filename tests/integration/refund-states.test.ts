// Refunds that are not instant, over HTTP against the demo server: the sandbox takes a refund ending in 13 cents as
// pending and its webhook (sent by the sandbox's refund job) settles it; one ending in 66 cents is pending and then
// fails, so the money stays owed and can be refunded again. Buyer and supplier read each state on their order pages;
// a duplicate of the settling event changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { sign, webhookSecret } from '../../src/domain/payments/signature.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const supplier = new Client();
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });

interface Refund { id: string; amount: number; status: string }

async function paidCardOrder(product: string) {
  expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 10 } })).status).toBe(200);
  const c = new Client();
  await signUp(c);
  const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: product, amount: 1 }]);
  const card = (await c.post('/api/payments/cards/tokens', { name: 'R', number: '4242424242424242', cvc: '123', exp: '12/35' })).json().id;
  const paid = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: card })).json();
  expect(paid.payment_status).toBe('paid');
  return { c, id: paid.order_id as string, chargeId: paid.payment.charge_id as string };
}

/** Asks until the refund leaves 'pending' (the sandbox's job runs every few seconds), answering the order. */
async function settled(c: Client, orderId: string, refundId: string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const o = (await c.get(`/api/orders/${orderId}`)).json();
    // Read once more once settled: the order's queries are not one snapshot, so the settling commit may fall
    // between the refunds' read and the order's (seen once on PostgreSQL).
    if (o.refunds.find((r: Refund) => r.id === refundId)?.status !== 'pending') return (await c.get(`/api/orders/${orderId}`)).json();
    if (Date.now() > deadline) return o;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('refunds the provider settles later', () => {
  it('a pending refund is shown in process, then settled once by the webhook', { timeout: 90_000 }, async () => {
    const { c, id, chargeId } = await paidCardOrder(picks.textiles.at(-5)!);
    const before = (await c.get(`/api/orders/${id}`)).json();
    const r = await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 1013, reason: 'Ajuste', idempotency_key: `pend-${id}` });
    expect(r.status, r.text).toBe(200);
    const refund = r.json().refunds.find((x: Refund) => x.amount === 1013) as Refund;
    expect(refund.status).toBe('pending');
    // Nothing moved yet: the order still reads paid, nothing refunded.
    expect(r.json()).toMatchObject({ payment_status: 'paid', amount_refunded: 0 });
    expect((await c.get(`/${SHOP}/mis-compras/${id}`)).text).toContain('Reembolso en proceso: $10.13');
    expect((await supplier.get(`/${SHOP}/mis-compras/ventas/${id}`)).text).toContain('Reembolso en proceso: $10.13');
    // The pending money is not available twice.
    const tooMuch = await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: before.amount_paid - 1013 + 1 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json().error.fields.amount).toBeDefined();
    // The same request again (same key) answers without a second refund.
    const replay = (await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 1013, reason: 'Ajuste', idempotency_key: `pend-${id}` })).json();
    expect(replay.refunds.filter((x: Refund) => x.amount === 1013)).toHaveLength(1);

    const o = await settled(c, id, refund.id);
    expect(o.refunds.find((x: Refund) => x.id === refund.id).status).toBe('success');
    expect(o).toMatchObject({ payment_status: 'partially_refunded', amount_refunded: 1013 });
    expect((await c.get(`/${SHOP}/mis-compras/${id}`)).text).toContain('Reembolsado: $10.13');

    // The sandbox's settling event delivered again (same event id) is a duplicate and moves nothing.
    const raw = JSON.stringify({ id: `evt_refund_${refund.id}`, type: 'refund.succeeded', data: { charge_id: chargeId, refund_id: refund.id } });
    const hook = new Client();
    const again = await hook.request('POST', '/api/payments/webhooks/sandbox-card', { raw, headers: { 'content-type': 'application/json', 'x-signature': sign(raw, webhookSecret()) } });
    expect(again.json()).toEqual({ received: true, duplicate: true, outcome: 'duplicate' });
    // A new event id for the same refund finds it already settled.
    const other = raw.replace(`evt_refund_${refund.id}`, `evt_other_${refund.id}`);
    const late = await hook.request('POST', '/api/payments/webhooks/sandbox-card', { raw: other, headers: { 'content-type': 'application/json', 'x-signature': sign(other, webhookSecret()) } });
    expect(late.json()).toMatchObject({ duplicate: false, outcome: 'duplicate' });
    expect((await c.get(`/api/orders/${id}`)).json()).toMatchObject({ amount_refunded: 1013, payment_status: 'partially_refunded' });
  });

  it('a refund that fails leaves the money owed, shown to both sides, and it can be refunded again', { timeout: 90_000 }, async () => {
    const { c, id } = await paidCardOrder(picks.textiles.at(-6)!);
    const r = await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 1066 });
    expect(r.status, r.text).toBe(200);
    const refund = r.json().refunds.find((x: Refund) => x.amount === 1066) as Refund;
    expect(refund.status).toBe('pending');
    const o = await settled(c, id, refund.id);
    expect(o.refunds.find((x: Refund) => x.id === refund.id).status).toBe('failed');
    // Nothing was given back: the order is still paid in full and the ledger took nothing.
    expect(o).toMatchObject({ payment_status: 'paid', amount_refunded: 0 });
    expect((await c.get(`/${SHOP}/mis-compras/${id}`)).text).toContain('El reembolso de $10.66 falló');
    expect((await supplier.get(`/${SHOP}/mis-compras/ventas/${id}`)).text).toContain('ese dinero sigue pendiente de devolver al comprador');
    // The sale's page offers to refund it again: the same amount, once however often the form is sent.
    const sale = `/${SHOP}/mis-compras/ventas/${id}`;
    expect((await supplier.get(sale)).text).toContain('Reembolsar de nuevo $10.66');
    const form = new URLSearchParams({ action: 'refund_again', refund_id: refund.id }).toString();
    for (let i = 0; i < 2; i++) {
      const r2 = await supplier.request('POST', sale, { raw: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(r2.status, r2.text.slice(0, 300)).toBe(303);
    }
    const retried = (await c.get(`/api/orders/${id}`)).json();
    expect(retried.refunds.filter((x: Refund) => x.amount === 1066)).toHaveLength(2);
    // Any other amount the sandbox refunds at once: now money is given back, once.
    const again = (await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 1000 })).json();
    expect(again).toMatchObject({ amount_refunded: 1000, payment_status: 'partially_refunded' });
    expect(again.refunds.filter((x: Refund) => x.amount === 1000).map((x: Refund) => x.status)).toEqual(['success']);
  });
});
