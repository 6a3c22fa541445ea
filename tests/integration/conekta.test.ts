// Conekta for `conekta_card`, `openpay_store` (cash at a store) and `openpay_bank` (SPEI) through the official SDK,
// against a local server that answers as Conekta's test API does (tests/support/conekta-fake.ts) and signs webhooks
// with the account's webhook key as Conekta does. This file's own server runs with the Conekta keys set: a card paid,
// declined then paid, a 3-D Secure challenge, a store reference and a CLABE paid by their webhooks, a duplicate
// webhook, a forged one, refunds (at once, pending then settled) and a timeout that stays pending then replays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startFakeConekta, type FakeConekta } from '../support/conekta-fake.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const kind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';
const picks = demoPicks();
const SHOP = picks.shopSlug;

let server: RunningServer;
let conekta: FakeConekta;
let supplier: Client;

beforeAll(async () => {
  conekta = await startFakeConekta();
  server = await startServer({
    db: kind,
    env: { CONEKTA_PRIVATE_KEY: 'key_test_private', CONEKTA_WEBHOOK_KEY: conekta.publicKey.replace(/\n/g, '\\n'), CONEKTA_PUBLIC_KEY: 'key_test_public', CONEKTA_API_BASE: conekta.base, CONEKTA_TIMEOUT_MS: '1000' },
  });
  conekta.target = `${server.baseUrl}/api/payments/webhooks/conekta`;
  supplier = new Client(server.baseUrl);
  await supplier.login('proveedor@demo.test');
  // Textiles del Bajío takes Conekta's three methods too.
  const settings = (await supplier.get('/api/supplier/settings')).json();
  const put = await supplier.request('PUT', '/api/supplier/settings', { body: { ...settings, enabled_payment_types: ['str_card', 'openpay_bank', 'openpay_store', 'conekta_card', 'cash'] } });
  expect(put.status, put.text).toBe(200);
}, 180_000);
afterAll(async () => { await server?.stop(); await conekta?.close(); });

let next = 0;
/** A signed-in buyer with a checkout of one Textiles item ready to pay. */
async function ready() {
  const product = picks.textiles.at(-13 - next++)!;
  expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 20 } })).status).toBe(200);
  const c = new Client(server.baseUrl);
  await signUp(c);
  const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: product, amount: 1 }]);
  return { c, ck };
}

const pay = (c: Client, checkoutId: string, body: Record<string, unknown>) => c.post(`/api/checkout/${checkoutId}/pay`, body);
const orderOf = (paymentId: string) => [...conekta.orders.values()].find((o) => o.metadata.payment_id === paymentId)!;
const eventAbout = (type: string, orderId: string) => conekta.events.find((e) => e.event.type === type && e.event.data.object.id === orderId)!;

describe('Conekta cards', () => {
  it('pays with the token Conekta\'s component made; the card never reaches us; the webhook and its duplicate change nothing', async () => {
    const { c, ck } = await ready();
    const view = (await c.get(`/api/checkout/${ck.id}`)).json();
    expect(view.payment_metadata.conekta_card).toEqual({ ck_public_key: 'key_test_public', provider: 'conekta' });
    // Without Conekta's token (or with another provider's) there is nothing to charge.
    expect((await pay(c, ck.id, { payment_type: 'conekta_card', token: ck.token })).status).toBe(400);
    expect((await pay(c, ck.id, { payment_type: 'conekta_card', token: ck.token, payment_method: 'pm_card_visa' })).status).toBe(400);
    // The pay step offers Conekta's card component, and only that page may load its script.
    const page = await c.get(`/${SHOP}/comprar/${ck.id}`);
    expect(String(page.headers['content-security-policy'])).toContain('https://pay.conekta.com');
    expect(String((await c.get(`/${SHOP}/carrito`)).headers['content-security-policy'])).not.toContain('pay.conekta.com');

    const r = await pay(c, ck.id, { payment_type: 'conekta_card', token: ck.token, payment_method: 'tok_test_visa_4242' });
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toMatchObject({ payment_status: 'paid', payment: { status: 'succeeded', payment_type: 'conekta_card' } });
    const order = orderOf(r.json().payment.id);
    expect(conekta.charges.get(order.id)).toBe(1);
    const call = conekta.requests.find((q) => q.path === '/orders' && q.body.metadata?.payment_id === r.json().payment.id)!;
    expect(call.key).toBe(`pay_${r.json().payment.id}_order`);
    expect(call.accept).toMatch(/^application\/vnd\.conekta-v2\.\d\.\d\+json$/);
    expect(call.body).toMatchObject({ currency: 'MXN', charges: [{ amount: order.amount, payment_method: { type: 'card', token_id: 'tok_test_visa_4242' } }] });
    expect(call.body.customer_info).toMatchObject({ email: expect.stringContaining('@') });
    await conekta.idle();
    const event = eventAbout('order.paid', order.id);
    expect(event.status).toBe(200);
    expect(['applied', 'duplicate']).toContain(JSON.parse(event.answer).outcome);
    expect(JSON.parse((await conekta.resend(event.event.id)).answer)).toEqual({ received: true, duplicate: true, outcome: 'duplicate' });
    const o = (await c.get(`/api/orders/${r.json().order_id}`)).json();
    expect(o).toMatchObject({ payment_status: 'paid', amount_paid: order.amount });
    expect(o.payment_method).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it('refuses a webhook not signed with the account\'s webhook key', async () => {
    const raw = JSON.stringify({ id: 'evt_forged', type: 'order.paid', data: { object: { id: 'ord_x', object: 'order', metadata: { payment_ref: 'ch_x' } } } });
    const hook = new Client(server.baseUrl);
    const forged = await hook.request('POST', '/api/payments/webhooks/conekta', { raw, headers: { 'content-type': 'application/json', digest: Buffer.from('x'.repeat(256)).toString('base64') } });
    expect(forged.status).toBe(401);
    expect(forged.json().error.code).toBe('invalid_signature');
    // Signed, but the body changed on the way.
    const tampered = await hook.request('POST', '/api/payments/webhooks/conekta', { raw: raw.replace('ord_x', 'ord_y'), headers: { 'content-type': 'application/json', digest: conekta.digest(raw) } });
    expect(tampered.status).toBe(401);
  });

  it('a declined card fails with the bank\'s reason; a retry with another card pays', async () => {
    const { c, ck } = await ready();
    const r = (await pay(c, ck.id, { payment_type: 'conekta_card', token: ck.token, payment_method: 'tok_test_card_declined' })).json();
    expect(r.payment_status).toBe('failed');
    expect(r.payment.failure).toMatchObject({ code: 'card_declined', message: 'Bank payment failed, contact your bank', reload_token: true });
    const { token } = (await c.get(`/api/checkout/${ck.id}`)).json();
    expect((await pay(c, ck.id, { payment_type: 'conekta_card', token, payment_method: 'tok_test_visa_4242' })).json()).toMatchObject({ payment_status: 'paid' });
  });

  it('3-D Secure: the shopper goes to Conekta\'s challenge; its webhook pays the order', async () => {
    const { c, ck } = await ready();
    const r = (await pay(c, ck.id, { payment_type: 'conekta_card', token: ck.token, payment_method: 'tok_test_3ds' })).json();
    expect(r.payment.status).toBe('requires_action');
    const order = orderOf(r.payment.id);
    expect(r.redirect_to).toBe(`${conekta.base}/3ds/${order.id}`);
    const call = conekta.requests.find((q) => q.path === '/orders' && q.body.metadata?.payment_id === r.payment.id)!;
    expect(call.body).toMatchObject({ three_ds_mode: 'smart', return_url: `${server.baseUrl}${r.order_path}` });
    await conekta.completeChallenge(order.id, true);
    expect((await c.get(`/api/orders/${r.order_id}`)).json()).toMatchObject({ payment_status: 'paid' });
  });
});

describe('Conekta cash at a store and SPEI', () => {
  it('a store reference shows on the order page with its expiry; the store payment\'s webhook pays the order, once', async () => {
    const { c, ck } = await ready();
    const r = (await pay(c, ck.id, { payment_type: 'openpay_store', token: ck.token })).json();
    expect(r).toMatchObject({ payment_status: 'pending', payment: { status: 'pending', flow: 'store_cash' } });
    const order = orderOf(r.payment.id);
    const cash = order.charges.data[0].payment_method;
    expect(r.payment.reference).toBe(cash.reference);
    expect(new Date(r.payment.reference_expires_at).getTime()).toBe(cash.expires_at * 1000);
    // The store window (48 h) is what Conekta was asked for.
    const call = conekta.requests.find((q) => q.path === '/orders' && q.body.metadata?.payment_id === r.payment.id)!;
    expect(call.body.charges[0].payment_method.type).toBe('cash');
    expect(cash.expires_at * 1000 - Date.now()).toBeGreaterThan(47 * 3600_000);
    const page = (await c.get(`/${SHOP}/mis-compras/${r.order_id}`)).text;
    expect(page).toMatch(new RegExp(`data-testid="reference-number"[^>]*>${cash.reference}<`));
    expect(page).toContain('data-testid="reference-expiry"');
    expect(page).toContain('OXXO');

    // Conekta's own 'pending payment' event is acknowledged and changes nothing.
    await conekta.idle();
    expect(JSON.parse(eventAbout('order.pending_payment', order.id).answer)).toEqual({ received: true, duplicate: false, outcome: 'ignored' });
    await conekta.payReference(order.id);
    const event = eventAbout('order.paid', order.id);
    expect(JSON.parse(event.answer)).toMatchObject({ outcome: 'applied' });
    const paid = (await c.get(`/api/orders/${r.order_id}`)).json();
    expect(paid).toMatchObject({ payment_status: 'paid', amount_paid: order.amount });
    // Conekta delivers it again: nothing changes.
    expect(JSON.parse((await conekta.resend(event.event.id)).answer)).toMatchObject({ duplicate: true });
    expect((await c.get(`/api/orders/${r.order_id}`)).json()).toMatchObject({ payment_status: 'paid', amount_paid: order.amount });
  });

  it('SPEI: the CLABE, bank and expiry show on the order page; the transfer\'s webhook pays the order', async () => {
    const { c, ck } = await ready();
    const r = (await pay(c, ck.id, { payment_type: 'openpay_bank', token: ck.token })).json();
    expect(r.payment).toMatchObject({ status: 'pending', flow: 'bank_transfer' });
    const order = orderOf(r.payment.id);
    const spei = order.charges.data[0].payment_method;
    expect(r.payment.reference_details).toMatchObject({ clabe: spei.clabe, bank: 'STP', conekta_order: order.id });
    const page = (await c.get(`/${SHOP}/mis-compras/${r.order_id}`)).text;
    expect(page).toContain(spei.clabe);
    expect(page).toContain('STP');
    expect(page).toContain('data-testid="reference-expiry"');
    await conekta.payReference(order.id);
    expect((await c.get(`/api/orders/${r.order_id}`)).json()).toMatchObject({ payment_status: 'paid', amount_paid: order.amount });
  });

  it('a timeout leaves the payment pending; the same request again replays the key and shows the one reference', async () => {
    const { c, ck } = await ready();
    conekta.stall(2, /^\/orders$/); // the order is made at Conekta, but neither the answer nor its retry's comes back
    const r = await pay(c, ck.id, { payment_type: 'openpay_store', token: ck.token });
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toMatchObject({ payment_status: 'pending', payment: { status: 'pending', reference: null, failure: null } });
    const again = (await pay(c, ck.id, { payment_type: 'openpay_store', token: ck.token })).json();
    const order = orderOf(r.json().payment.id);
    expect(again.payment).toMatchObject({ id: r.json().payment.id, status: 'pending', reference: order.charges.data[0].payment_method.reference });
    expect([...conekta.orders.values()].filter((o) => o.metadata.payment_id === r.json().payment.id)).toHaveLength(1);
    expect(new Set(conekta.requests.filter((q) => q.path === '/orders' && q.body.metadata?.payment_id === r.json().payment.id).map((q) => q.key))).toEqual(new Set([`pay_${r.json().payment.id}_order`]));
  });
});

describe('Conekta refunds', () => {
  it('refunds through Conekta: at once, pending then settled by the order event (its duplicate changes nothing), and one whose answer was lost', async () => {
    const { c, ck } = await ready();
    const paid = (await pay(c, ck.id, { payment_type: 'conekta_card', token: ck.token, payment_method: 'tok_test_visa_4242' })).json();
    const id = paid.order_id;
    const order = orderOf(paid.payment.id);
    const now = (await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 1000 })).json();
    expect(now).toMatchObject({ amount_refunded: 1000, payment_status: 'partially_refunded' });
    const first = conekta.requests.filter((q) => q.path === `/orders/${order.id}/refunds`).at(-1)!;
    expect(first.body).toMatchObject({ amount: 1000 });
    expect(first.key).toMatch(new RegExp(`^refund:${id}:`));
    await conekta.idle(); // its order.partially_refunded, for a refund already applied, changes nothing
    expect((await c.get(`/api/orders/${id}`)).json().amount_refunded).toBe(1000);

    conekta.holdRefunds(true);
    const held = (await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 500 })).json();
    conekta.holdRefunds(false);
    expect(held.amount_refunded).toBe(1000);
    expect(held.refunds.find((r: { amount: number }) => r.amount === 500).status).toBe('pending');
    const re = order.charges.data[0].refunds.data.find((r: { amount: number; status: string }) => r.amount === -500)!;
    await conekta.settleRefund(re.id, 'succeeded');
    const settled = (await c.get(`/api/orders/${id}`)).json();
    expect(settled.amount_refunded).toBe(1500);
    expect(settled.refunds.find((r: { amount: number }) => r.amount === 500).status).toBe('success');
    const settling = conekta.events.at(-1)!;
    expect(settling.event.type).toBe('order.partially_refunded');
    expect(JSON.parse((await conekta.resend(settling.event.id)).answer)).toMatchObject({ duplicate: true });
    expect((await c.get(`/api/orders/${id}`)).json().amount_refunded).toBe(1500);

    // A refund whose answer never came back: pending, without Conekta's id; the order event settles it by its amount.
    conekta.holdRefunds(true);
    conekta.stall(2, /\/refunds$/);
    const lost = (await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 700 })).json();
    conekta.holdRefunds(false);
    expect(lost.refunds.find((r: { amount: number }) => r.amount === 700).status).toBe('pending');
    const late = order.charges.data[0].refunds.data.find((r: { amount: number }) => r.amount === -700)!;
    await conekta.settleRefund(late.id, 'succeeded');
    const after = (await c.get(`/api/orders/${id}`)).json();
    expect(after.amount_refunded).toBe(2200);
    expect(after.refunds.find((r: { amount: number }) => r.amount === 700).status).toBe('success');
  });
});
