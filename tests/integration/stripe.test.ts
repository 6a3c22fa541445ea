// Stripe for `str_card` through the official SDK, against a local server that answers as Stripe's test API does
// (tests/support/stripe-fake.ts) and sends webhooks signed as Stripe signs them. This file's own server runs with
// the Stripe keys set: a success, a decline then a retry, a 3-D Secure challenge settled by its webhook, a timeout
// (the payment stays pending; the retry replays the same idempotency keys and charges once), a duplicate webhook,
// a bad signature, and refunds (at once, pending then settled, pending then failed).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startFakeStripe, type FakeStripe } from '../support/stripe-fake.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const kind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';
const picks = demoPicks();
const SHOP = picks.shopSlug;
const WHSEC = 'whsec_test_local_secret';

let server: RunningServer;
let stripe: FakeStripe;
let supplier: Client;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startServer({
    db: kind,
    env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_PUBLISHABLE_KEY: 'pk_test_local', STRIPE_API_BASE: stripe.base, STRIPE_TIMEOUT_MS: '1500' },
  });
  stripe.target = { url: `${server.baseUrl}/api/payments/webhooks/stripe`, secret: WHSEC };
  supplier = new Client(server.baseUrl);
  await supplier.login('proveedor@demo.test');
}, 180_000);
afterAll(async () => { await server?.stop(); await stripe?.close(); });

/** A signed-in buyer with a checkout of one Textiles item ready to pay. */
async function ready(product: string) {
  expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 20 } })).status).toBe(200);
  const c = new Client(server.baseUrl);
  await signUp(c);
  const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: product, amount: 1 }]);
  return { c, ck };
}

const pay = (c: Client, checkoutId: string, body: Record<string, unknown>) => c.post(`/api/checkout/${checkoutId}/pay`, { payment_type: 'str_card', ...body });
const intentOf = (paymentId: string) => [...stripe.intents.values()].find((pi) => pi.metadata.payment_id === paymentId)!;

describe('Stripe card payments', () => {
  it('pays with a payment method made by Stripe.js; the card never reaches us; the webhook and its duplicate change nothing', async () => {
    const { c, ck } = await ready(picks.textiles.at(-7)!);
    const view = (await c.get(`/api/checkout/${ck.id}`)).json();
    expect(view.payment_metadata.str_card).toEqual({ str_public_key: 'pk_test_local', provider: 'stripe' });
    // Without the payment method (or with a raw card token) there is nothing to charge.
    const missing = await pay(c, ck.id, { token: ck.token });
    expect(missing.status).toBe(400);
    expect(missing.json().error.fields.payment_method).toBeDefined();
    expect((await pay(c, ck.id, { token: ck.token, payment_method: '4242424242424242' })).status).toBe(400);

    // The pay step offers Stripe's card field (no card inputs of ours), and only that page may load Stripe.js.
    const page = await c.get(`/${SHOP}/comprar/${ck.id}`);
    expect(page.text).toContain('data-testid="stripe-card-form"');
    expect(page.text).not.toContain('autocomplete="cc-number"');
    expect(String(page.headers['content-security-policy'])).toContain('https://js.stripe.com');
    expect(String((await c.get(`/${SHOP}/carrito`)).headers['content-security-policy'])).not.toContain('js.stripe.com');

    const r = await pay(c, ck.id, { token: ck.token, payment_method: 'pm_card_visa' });
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toMatchObject({ payment_status: 'paid', payment: { status: 'succeeded', payment_type: 'str_card' } });
    const pi = intentOf(r.json().payment.id);
    expect(stripe.charges.get(pi.id)).toBe(1);
    const calls = stripe.requests.filter((q) => q.path.startsWith('/v1/payment_intents') && (q.path === '/v1/payment_intents' ? q.body.metadata?.payment_id === r.json().payment.id : q.path.includes(pi.id)));
    expect(calls.map((q) => q.key)).toEqual([`pay_${r.json().payment.id}_create`, `pay_${r.json().payment.id}_confirm`]);
    expect(calls[0]!.body).toMatchObject({ amount: String(pi.amount), currency: 'mxn' });
    // Stripe's own event arrives too, before or after the answer was applied: whichever comes second changes
    // nothing (the order is paid once), and a second delivery of the event is a duplicate.
    await stripe.idle();
    const event = stripe.events.find((e) => e.event.type === 'payment_intent.succeeded' && e.event.data.object.id === pi.id)!;
    expect(event.status).toBe(200);
    expect(['applied', 'duplicate']).toContain(JSON.parse(event.answer).outcome);
    const again = await stripe.resend(event.event.id);
    expect(JSON.parse(again.answer)).toEqual({ received: true, duplicate: true, outcome: 'duplicate' });
    const o = (await c.get(`/api/orders/${r.json().order_id}`)).json();
    expect(o).toMatchObject({ payment_status: 'paid', amount_paid: pi.amount });
    // The order shows the card Stripe made (brand and last digits from the expanded payment method), nothing more.
    expect(o.payment_method).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(r.json().payment.card).toMatchObject({ brand: 'visa', last4: '4242', type: 'credit' });
  });

  it('refuses a webhook not signed with the Stripe secret', async () => {
    const raw = JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x', metadata: { payment_ref: 'ch_x' } } } });
    const hook = new Client(server.baseUrl);
    const forged = await hook.request('POST', '/api/payments/webhooks/stripe', { raw, headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` } });
    expect(forged.status).toBe(401);
    expect(forged.json().error.code).toBe('invalid_signature');
    expect((await hook.request('POST', '/api/payments/webhooks/stripe', { raw })).status).toBe(401);
  });

  it('a declined card fails the attempt with the bank\'s reason; a retry with another card pays', async () => {
    const { c, ck } = await ready(picks.textiles.at(-8)!);
    const r = (await pay(c, ck.id, { token: ck.token, payment_method: 'pm_card_chargeDeclined' })).json();
    expect(r.payment_status).toBe('failed');
    expect(r.payment.failure).toMatchObject({ code: 'generic_decline', message: 'Bank payment failed, contact your bank', reload_token: true });
    // The order's page offers Stripe's card field to pay what is owed (and only then allows Stripe.js).
    const orderPage = await c.get(`/${SHOP}/mis-compras/${r.order_id}`);
    expect(orderPage.text).toContain('data-testid="stripe-card-form"');
    expect(String(orderPage.headers['content-security-policy'])).toContain('https://js.stripe.com');
    // The failure spent the token: the page reloads it, as after any card failure.
    const { token } = (await c.get(`/api/checkout/${ck.id}`)).json();
    expect(token).not.toBe(ck.token);
    const retry = (await pay(c, ck.id, { token, payment_method: 'pm_card_visa' })).json();
    expect(retry).toMatchObject({ payment_status: 'paid', payment: { status: 'succeeded' } });
  });

  it('3-D Secure: the shopper goes to Stripe\'s challenge; its webhook pays the order', async () => {
    const { c, ck } = await ready(picks.textiles.at(-9)!);
    const r = (await pay(c, ck.id, { token: ck.token, payment_method: 'pm_card_authenticationRequired' })).json();
    expect(r.payment.status).toBe('requires_action');
    const pi = intentOf(r.payment.id);
    expect(r.payment.url_3ds).toBe(`${stripe.base}/3ds/${pi.id}`);
    expect(r.redirect_to).toBe(r.payment.url_3ds);
    // Stripe was told where to send the shopper back: the order's page on this site.
    const confirm = stripe.requests.find((q) => q.path === `/v1/payment_intents/${pi.id}/confirm`)!;
    expect(confirm.body.return_url).toBe(`${server.baseUrl}${r.order_path}`);
    expect(stripe.charges.get(pi.id) ?? 0).toBe(0);
    await stripe.completeChallenge(pi.id, true);
    const o = (await c.get(`/api/orders/${r.order_id}`)).json();
    expect(o).toMatchObject({ payment_status: 'paid' });
    expect(stripe.charges.get(pi.id)).toBe(1);
  });

  it('back from 3-D Secure before the webhook, the order page reads the intent from Stripe; the late webhook is a duplicate', async () => {
    const { c, ck } = await ready(picks.textiles.at(-14)!);
    const r = (await pay(c, ck.id, { token: ck.token, payment_method: 'pm_card_authenticationRequired' })).json();
    const pi = intentOf(r.payment.id);
    await stripe.holdEvents(true);
    await stripe.completeChallenge(pi.id, true);
    expect((await c.get(`/api/orders/${r.order_id}`)).json().payment_status).not.toBe('paid');
    const back = await c.get(`${r.order_path}?payment_intent=${pi.id}&payment_intent_client_secret=x&redirect_status=succeeded`);
    expect(back.status).toBe(200);
    expect(back.text).toContain('data-payment-status="paid"');
    expect(stripe.requests.some((q) => q.method === 'GET' && q.path === `/v1/payment_intents/${pi.id}`)).toBe(true);
    await stripe.holdEvents(false);
    await stripe.idle();
    const late = stripe.events.find((e) => e.event.type === 'payment_intent.succeeded' && e.event.data.object.id === pi.id)!;
    expect(JSON.parse(late.answer)).toMatchObject({ received: true, outcome: 'duplicate' });
    expect((await c.get(`/api/orders/${r.order_id}`)).json()).toMatchObject({ payment_status: 'paid', amount_paid: pi.amount });
    expect(stripe.charges.get(pi.id)).toBe(1);
  });

  it('a timeout leaves the payment pending; the same request again replays the keys and charges once', async () => {
    const { c, ck } = await ready(picks.textiles.at(-10)!);
    // The confirmation is made at Stripe but its answer never comes back (nor its retry's, made by the SDK).
    stripe.stall(2, /\/confirm$/);
    const r = await pay(c, ck.id, { token: ck.token, payment_method: 'pm_card_visa' });
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toMatchObject({ payment_status: 'pending', payment: { status: 'pending', failure: null } });
    const pi = intentOf(r.json().payment.id);
    expect(stripe.charges.get(pi.id)).toBe(1);
    // The shopper's page sends the same request again: Stripe answers the same intent and the same confirmation.
    const again = await pay(c, ck.id, { token: ck.token, payment_method: 'pm_card_visa' });
    expect(again.json()).toMatchObject({ payment_status: 'paid', payment: { id: r.json().payment.id, status: 'succeeded' } });
    expect(stripe.charges.get(pi.id)).toBe(1);
    expect([...stripe.intents.values()].filter((x) => x.metadata.payment_id === r.json().payment.id)).toHaveLength(1);
    const confirms = stripe.requests.filter((q) => q.path === `/v1/payment_intents/${pi.id}/confirm`);
    expect(confirms.length).toBeGreaterThanOrEqual(3);
    expect(new Set(confirms.map((q) => q.key))).toEqual(new Set([`pay_${r.json().payment.id}_confirm`]));
  });

  it('refunds through Stripe: at once, pending then settled by refund.updated, pending then failed', async () => {
    const { c, ck } = await ready(picks.textiles.at(-11)!);
    const paid = (await pay(c, ck.id, { token: ck.token, payment_method: 'pm_card_visa' })).json();
    const id = paid.order_id;
    const now = (await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 1000 })).json();
    expect(now).toMatchObject({ amount_refunded: 1000, payment_status: 'partially_refunded' });
    const first = stripe.requests.filter((q) => q.path === '/v1/refunds').at(-1)!;
    expect(first.body).toMatchObject({ amount: '1000', payment_intent: intentOf(paid.payment.id).id });
    expect(first.key).toMatch(new RegExp(`^refund:${id}:`));
    await stripe.idle(); // charge.refunded for a refund already applied changes nothing
    expect((await c.get(`/api/orders/${id}`)).json().amount_refunded).toBe(1000);

    stripe.holdRefunds(true);
    const held = (await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 500 })).json();
    stripe.holdRefunds(false);
    expect(held.amount_refunded).toBe(1000);
    expect(held.refunds.find((r: { amount: number }) => r.amount === 500).status).toBe('pending');
    const re = [...stripe.refunds.values()].find((r) => r.amount === 500 && r.payment_intent === intentOf(paid.payment.id).id)!;
    await stripe.settleRefund(re.id, 'succeeded');
    const settled = (await c.get(`/api/orders/${id}`)).json();
    expect(settled.amount_refunded).toBe(1500);
    expect(settled.refunds.find((r: { amount: number }) => r.amount === 500).status).toBe('success');
    const update = stripe.events.find((e) => e.event.type === 'refund.updated' && e.event.data.object.id === re.id)!;
    expect(JSON.parse((await stripe.resend(update.event.id)).answer)).toMatchObject({ duplicate: true });
    expect((await c.get(`/api/orders/${id}`)).json().amount_refunded).toBe(1500);

    // A card whose refunds fail (Stripe's pm_card_refundFail): pending, then refund.failed; the money stays owed.
    const other = await ready(picks.textiles.at(-12)!);
    const p2 = (await pay(other.c, other.ck.id, { token: other.ck.token, payment_method: 'pm_card_refundFail' })).json();
    const pending = (await supplier.post(`/api/supplier/orders/${p2.order_id}/refund`, { amount: 700 })).json();
    expect(pending.refunds[0]).toMatchObject({ amount: 700, status: 'pending' });
    await stripe.idle();
    const failed = (await other.c.get(`/api/orders/${p2.order_id}`)).json();
    expect(failed).toMatchObject({ amount_refunded: 0, payment_status: 'paid' });
    expect(failed.refunds[0]).toMatchObject({ amount: 700, status: 'failed' });
    expect((await other.c.get(`/${SHOP}/mis-compras/${p2.order_id}`)).text).toContain('El reembolso de $7.00 falló');
  });

  it('asks Stripe for a refund outside the order\'s lock: another write to the order goes through while Stripe is slow', async () => {
    const { c, ck } = await ready(picks.textiles.at(-13)!);
    const paid = (await pay(c, ck.id, { token: ck.token, payment_method: 'pm_card_visa' })).json();
    const id = paid.order_id;
    // Stripe takes the refund but its answer is lost: the SDK's retry (same key) gets it after STRIPE_TIMEOUT_MS.
    stripe.stall(1, /^\/v1\/refunds$/);
    let answered = false;
    const refund = supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 300 }).then((r) => { answered = true; return r; });
    await vi.waitFor(() => expect(stripe.requests.some((q) => q.path === '/v1/refunds' && q.key?.startsWith(`refund:${id}:`))).toBe(true), { timeout: 5000, interval: 20 });
    // The refund row is committed and the order's lock released before Stripe is called: a note (which writes the
    // order row) goes through now, not after Stripe's answer.
    const asked = Date.now();
    const note = await supplier.post(`/api/supplier/orders/${id}/notes`, { text: 'Reembolso en camino', visibility: 'client' });
    expect(note.status, note.text).toBe(201);
    expect(answered).toBe(false);
    // Held inside the order's transaction, the note would wait for Stripe's timeout (1.5 s) and the retry.
    expect(Date.now() - asked).toBeLessThan(1000);
    const r = await refund;
    expect(r.status, r.text).toBe(200);
    expect(r.json().refunds.find((x: { amount: number }) => x.amount === 300).status).toBe('success');
    expect(r.json().amount_refunded).toBe(300);
    expect(stripe.requests.filter((q) => q.path === '/v1/refunds' && q.key?.startsWith(`refund:${id}:`))).toHaveLength(2);
    expect([...stripe.refunds.values()].filter((x) => x.payment_intent === intentOf(paid.payment.id).id)).toHaveLength(1);
  });
});
