// Payments over HTTP against the demo server, through the sandbox providers: the 3-D Secure challenge end to
// end through its page, bank transfer reference then the sandbox "mark paid" webhook, redirect approval and
// cancel, card failures with token reload, signed webhooks, idempotent double submits.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { buildDemoData, demoId } from '../../src/db/seed/demo.ts';
import { sign, webhookSecret } from '../../src/domain/payments/signature.ts';
import { ADDRESS, CONTACT, demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
/** Aventura MX's plain in-stock items in demo-03 (the supplier that takes Aplazo). */
const aventuraPlain = () => {
  const d = buildDemoData('x');
  const inShop = new Set(d.shopProducts.filter((s) => s.shop_id === demoId.shop('demo-03')).map((s) => s.product_id));
  return d.products.filter((p) => inShop.has(p.id!) && p.supplier_id === demoId.supplier('aventura') && p.type === 'product' && p.list_state === 'published'
    && p.currency === 'MXN' && !p.is_free && !p.hide_price && p.stock_type === 'onstock' && p.max_purchase_amount == null && (p.stock_on_hand ?? 0) > 2
    && Object.keys(p.variants ?? {}).length === 0).map((p) => p.id!);
};
const SHOP = picks.shopSlug;
const supplier = new Client();
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });
const setStock = async (id: string, n: number) => expect((await supplier.request('PUT', `/api/supplier/products/${id}/stock`, { body: { stock_on_hand: n } })).status).toBe(200);
const P = (i: number) => picks.textiles[16 + i]!;
const tokenize = async (c: Client, number: string) => {
  const r = await c.post('/api/payments/cards/tokens', { name: 'Rosa Martínez', number, cvc: '123', exp: '12/35' });
  expect(r.status, r.text).toBe(201);
  return r.json().id as string;
};
const form = (c: Client, path: string, fields: Record<string, string>) =>
  c.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: c.base } });

describe('card payments', () => {
  it('plays a 3-D Secure challenge end to end through the sandbox page, with installments', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(0), 10);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: P(0), amount: 2 }]);
    const card = await tokenize(c, '4000 0000 0000 3220');
    const r = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: card, msi_payments: 6, save_card: true });
    expect(r.status, r.text).toBe(200);
    const pay = r.json();
    expect(pay.payment).toMatchObject({ status: 'requires_action', installments: 6, url_3ds: `/sandbox/3ds/${pay.payment.id}` });
    expect(pay.redirect_to).toBe(pay.payment.url_3ds);
    expect(pay.payment_status).toBe('pending');
    const page = await c.get(pay.payment.url_3ds);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Autorizar pago');
    expect(page.text).toContain('3220');
    const done = await form(c, pay.payment.url_3ds, { action: 'approve' });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe(`/${SHOP}/mis-compras/${pay.order_id}?payment=succeeded`);
    const order = (await c.get(`/api/orders/${pay.order_id}`)).json();
    expect(order).toMatchObject({ payment_status: 'paid', status: 'sent_to_supplier', balance_due: 0 });
    expect(order.payment_method).toMatchObject({ last4: '3220', installments: 6 });
    // Approving again changes nothing.
    const again = await form(c, pay.payment.url_3ds, { action: 'approve' });
    expect(again.status).toBe(200);
    expect((await c.get(`/api/orders/${pay.order_id}`)).json().amount_paid).toBe(order.amount_paid);
    const cards = (await c.get('/api/payments/cards')).json();
    expect(cards.results[0]).toMatchObject({ termination: '3220', expiry: '12/35', type: 'credit' });
  });

  it('a failed challenge fails the attempt; the token is reloaded and a saved card pays', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(1), 10);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: P(1), amount: 1 }]);
    const pay = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: await tokenize(c, '4000000000003220') })).json();
    const failed = await form(c, pay.payment.url_3ds, { action: 'fail' });
    expect(failed.headers.location).toBe(`/${SHOP}/mis-compras/${pay.order_id}?payment=failed`);
    const order = (await c.get(`/api/orders/${pay.order_id}`)).json();
    expect(order.payment_status).toBe('failed');
    expect(order.payments[0].failure).toMatchObject({ reload_token: true });
    expect(order.actions).toMatchObject({ can_pay: true });
    const stale = await c.post(`/api/orders/${pay.order_id}/pay`, { payment_type: 'str_card', token: ck.token, idempotency_key: 'fresh-key-abc', card_token: await tokenize(c, '4242424242424242') });
    expect(stale.status).toBe(409);
    expect(stale.json().error.code).toBe('payment_token_stale');
    const { token } = (await c.get(`/api/orders/${pay.order_id}/token`)).json();
    expect(token).toBe(order.actions.payment_token);
    const ok = (await c.post(`/api/orders/${pay.order_id}/pay`, { payment_type: 'str_card', token, card_token: await tokenize(c, '4242424242424242'), save_card: true })).json();
    expect(ok.payment.status).toBe('succeeded');
    expect(ok.payment_status).toBe('paid');
    const saved = (await c.get('/api/payments/cards')).json().results[0];
    const ck2 = await readyCheckoutHttp(c, SHOP, [{ product_id: P(1), amount: 1 }]);
    const viaSaved = (await c.post(`/api/checkout/${ck2.id}/pay`, { payment_type: 'str_card', token: ck2.token, card_id: saved.id })).json();
    expect(viaSaved.payment.status).toBe('succeeded');
  });

  it('declines with the bank message, and the second failure brings the 55 s notice', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(2), 10);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: P(2), amount: 1 }]);
    const r1 = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: await tokenize(c, '4000000000000002') })).json();
    expect(r1.payment.failure).toEqual({ code: 'card_declined', message: 'Bank payment failed, contact your bank', reload_token: true, notice: null });
    const { token } = (await c.get(`/api/orders/${r1.order_id}/token`)).json();
    const r2 = (await c.post(`/api/orders/${r1.order_id}/pay`, { payment_type: 'str_card', token, card_token: await tokenize(c, '4000000000000119') })).json();
    expect(r2.payment.failure).toMatchObject({ code: 'processing_error', message: 'Ha ocurrido un error', notice: { message: 'El intento de pago falló y no fue posible completar la transacción.', seconds: 55 } });
    const debit = await c.post(`/api/orders/${r1.order_id}/pay`, { payment_type: 'str_card', token: (await c.get(`/api/orders/${r1.order_id}/token`)).json().token, card_token: await tokenize(c, '4000056655665556'), msi_payments: 3 });
    expect(debit.status).toBe(400);
    expect(debit.json().error).toMatchObject({ code: 'installments_not_allowed', message: 'Esta tarjeta no acepta meses sin intereses: prueba con una tarjeta de crédito' });
    const badCard = await c.post('/api/payments/cards/tokens', { name: 'X', number: '4242 4242 4242 4241', cvc: '12', exp: '13/20' });
    expect(badCard.status).toBe(400);
    expect(Object.keys(badCard.json().error.fields)).toEqual(expect.arrayContaining(['cvc']));
  });

  it('requires_action sends the browser to the next-action url, then the order is paid', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(6), 10);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: P(6), amount: 1 }]);
    const r = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: await tokenize(c, '4000002760003184') })).json();
    expect(r.payment).toMatchObject({ status: 'requires_action', url_3ds: null, next_action_url: `/sandbox/3ds/${r.payment.id}?step=action` });
    expect(r.redirect_to).toBe(r.payment.next_action_url);
    expect((await c.get(r.payment.next_action_url)).text).toContain('Acción requerida');
    expect((await form(c, r.payment.next_action_url, { action: 'approve' })).status).toBe(303);
    expect((await c.get(`/api/orders/${r.order_id}`)).json().payment_status).toBe('paid');
  });

  it('a double submit with the same Idempotency-Key makes one charge', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(3), 10);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: P(3), amount: 1 }]);
    const card = await tokenize(c, '4242424242424242');
    const body = { payment_type: 'str_card', token: ck.token, card_token: card };
    const headers = { 'idempotency-key': `dbl-${Date.now()}` };
    const [a, b] = await Promise.all([c.post(`/api/checkout/${ck.id}/pay`, body, { headers }), c.post(`/api/checkout/${ck.id}/pay`, body, { headers })]);
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect(a.json().payment.id).toBe(b.json().payment.id);
    const order = (await c.get(`/api/orders/${a.json().order_id}`)).json();
    expect(order.payments).toHaveLength(1);
    expect(order.amount_paid).toBe(order.order_total);
  });
});

describe('references, redirects and webhooks', () => {
  it('bank transfer: a reference valid 1 hour, then the sandbox bank marks it paid through a signed webhook', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(4), 10);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: P(4), amount: 3 }]);
    const r = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'openpay_bank', token: ck.token })).json();
    expect(r.payment).toMatchObject({ status: 'pending', flow: 'bank_transfer', reference: expect.stringMatching(/^\d{7}$/) });
    expect(r.payment.reference_details.clabe).toMatch(/^\d{18}$/);
    const left = new Date(r.payment.reference_expires_at).getTime() - Date.now();
    expect(left).toBeGreaterThan(3500_000);
    expect(left).toBeLessThanOrEqual(3600_000);
    expect(r.redirect_to).toBe(r.order_path);
    // The stock is held for the hour.
    expect((await c.get(`/api/checkout/${ck.id}`)).json().seconds_left).toBeGreaterThan(3500);
    const paid = await c.post(`/api/payments/sandbox/${r.payment.id}`, { action: 'approve' });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'applied', status: 'succeeded' });
    expect((await c.post(`/api/payments/sandbox/${r.payment.id}`, { action: 'approve' })).json().outcome).toBe('duplicate');
    const order = (await c.get(`/api/orders/${r.order_id}`)).json();
    expect(order.payment_status).toBe('paid');
    expect(order.payment_method).toMatchObject({ reference: r.payment.reference });
  });

  it('crypto: the buyer is told an exact amount of the coin, not the order\'s pesos', async () => {
    const c = new Client();
    await signUp(c);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: picks.cafeOnDemand[0]!, amount: 1 }]);
    const paid = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'tiendacrypto', token: ck.token });
    expect(paid.status, paid.text).toBe(200);
    const r = paid.json();
    expect(r.payment).toMatchObject({ status: 'pending', flow: 'crypto', reference: expect.stringMatching(/^0x[0-9a-f]{40}$/) });
    const { crypto_amount: amount, crypto_asset: asset } = r.payment.reference_details;
    expect(asset).toBe('USDT');
    expect(amount).toMatch(/^\d+\.\d{6}$/);
    // The sandbox's rate is 17.5 pesos a coin, rounded up to the micro-coin.
    expect(Number(amount)).toBeCloseTo(r.payment.amount / 100 / 17.5, 5);
    expect(Number(amount) * 17.5 * 100).toBeGreaterThanOrEqual(r.payment.amount);
    const page = await c.get(`/${SHOP}/mis-compras/${r.order_id}`, { headers: { 'accept-language': 'es-MX' } });
    expect(page.text).toMatch(new RegExp(`data-testid="crypto-amount"[^>]*>${amount.replace('.', '\\.')} USDT<`));
    expect(page.text).toContain('(equivale a $');
  });

  it('the webhook endpoint verifies the signature and processes an event once', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(5), 10);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: P(5), amount: 1 }]);
    const r = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'openpay_bank', token: ck.token })).json();
    const raw = JSON.stringify({ id: `evt_http_${r.payment.charge_id}`, type: 'payment.succeeded', data: { charge_id: r.payment.charge_id } });
    const hook = new Client();
    const path = '/api/payments/webhooks/sandbox-reference';
    const send = (sig: string, body = raw) => hook.request('POST', path, { raw: body, headers: { 'content-type': 'application/json', 'x-signature': sig } });
    expect((await send('t=1,v1=00')).status).toBe(401);
    expect((await send(sign(raw, 'not-the-secret'))).json().error.code).toBe('invalid_signature');
    expect((await send(sign(raw, webhookSecret()), raw.replace('succeeded', 'failed'))).status).toBe(401);
    expect((await hook.request('POST', path, { raw })).status).toBe(401);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await send(sign(raw, webhookSecret()))).json());
    expect(answers[0]).toEqual({ received: true, duplicate: false, outcome: 'applied' });
    expect(answers.slice(1).every((a) => a.duplicate)).toBe(true);
    expect((await hook.request('POST', '/api/payments/webhooks/nobody', { raw, headers: { 'x-signature': sign(raw, webhookSecret()) } })).status).toBe(404);
    const order = (await c.get(`/api/orders/${r.order_id}`)).json();
    expect(order.amount_paid).toBe(order.order_total);
    expect(order.history.filter((h: { to: string }) => h.to === 'paid')).toHaveLength(1);
  });

  it('redirect providers: approval page, cancel goes back to cancel_path with the redirect failure text', async () => {
    const c = new Client();
    await signUp(c);
    const s = (await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: picks.cafeOnDemand[0], amount: 2 }], buy_now: true })).json();
    await c.request('PATCH', `/api/checkout/${s.id}`, { body: { contact: { name: 'A', email: 'a@test.example', phone: '5512345678' }, address: { address_name: 'Casa', address_phone: '5512345678', street_address: 'Calle 1', postal_code: '44100' } } });
    const d = (await c.request('PUT', `/api/checkout/${s.id}/delivery`, { body: { delivery_type: 'fixed_delivery' } })).json();
    const notEnabled = await c.post(`/api/checkout/${s.id}/pay`, { payment_type: 'mobbex', token: d.token });
    expect(notEnabled.json().error.code).toBe('payment_method_not_enabled');
    const r = (await c.post(`/api/checkout/${s.id}/pay`, { payment_type: 'paypal', token: d.token, return_path: '/demo-03/mis-compras/x', cancel_path: '/demo-03/carrito' })).json();
    expect(r.payment).toMatchObject({ status: 'pending', approval_url: `/sandbox/approve/${r.payment.id}` });
    expect(r.redirect_to).toBe(r.payment.approval_url);
    const page = await c.get(r.payment.approval_url, { host: 'demo-03.localhost' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Aprobar');
    const back = await form(c, r.payment.approval_url, { action: 'cancel' });
    expect(back.headers.location).toBe('/demo-03/carrito?payment=canceled');
    const order = (await c.get(`/api/orders/${r.order_id}`)).json();
    expect(order.payments[0].failure.message).toBe('El intento de pago falló. Por favor, seleccione otra forma de pago o intente más tarde');
    const token = (await c.get(`/api/orders/${r.order_id}/token`)).json().token;
    const r2 = (await c.post(`/api/orders/${r.order_id}/pay`, { payment_type: 'paypal', token })).json();
    const ok = await form(c, r2.payment.approval_url, { action: 'approve' });
    expect(ok.headers.location).toBe(`/${SHOP}/mis-compras/${r.order_id}?payment=succeeded`);
    expect((await c.get(`/api/orders/${r.order_id}`)).json().payment_status).toBe('paid');
  });

  it('deferred payments (Aplazo): the provider\'s page shows the fortnightly plan and asks for an ID before approving', async () => {
    const c = new Client();
    await signUp(c);
    const s = await c.post('/api/checkout', { shop: 'demo-03', items: [{ product_id: aventuraPlain()[0]!, amount: 1 }], buy_now: true });
    expect(s.status, s.text).toBe(201);
    const id = s.json().id;
    expect((await c.request('PATCH', `/api/checkout/${id}`, { body: { contact: CONTACT, address: ADDRESS } })).status).toBe(200);
    const d = await c.request('PUT', `/api/checkout/${id}/delivery`, { body: { delivery_type: 'shipping', rate_id: 'economica.standard.A.0' } });
    expect(d.status, d.text).toBe(200);
    const r = (await c.post(`/api/checkout/${id}/pay`, { payment_type: 'aplazo', token: d.json().token })).json();
    expect(r.payment).toMatchObject({ status: 'pending', approval_url: `/sandbox/approve/${r.payment.id}` });
    const page = await c.get(r.payment.approval_url, { headers: { 'accept-language': 'es-MX' } });
    const plan = page.text.slice(page.text.indexOf('data-testid="deferred-plan"'));
    expect(plan).toContain('Tu plan: 5 pagos quincenales');
    const parts = [...plan.slice(0, plan.indexOf('</ol>')).matchAll(/<strong[^>]*>\$([\d,]+\.\d\d)<\/strong>/g)].map((m) => Math.round(Number(m[1]!.replace(/,/g, '')) * 100));
    expect(parts).toHaveLength(5);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(r.payment.amount);
    // No ID, no approval: the page says why, and the attempt still waits.
    const missing = await form(c, r.payment.approval_url, { action: 'approve', identity_document: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Escribe el número de tu identificación');
    const ok = await form(c, r.payment.approval_url, { action: 'approve', identity_document: 'GOMR800101 MDF' });
    expect(ok.status).toBe(303);
    expect((await c.get(`/api/orders/${r.order_id}`)).json().payment_status).toBe('paid');
  });

  it('lists every payment method with its flow, and the test cards', async () => {
    const m = (await new Client().get('/api/payments/methods')).json();
    expect(m.results).toHaveLength(14);
    expect(m.results.find((x: { method: string }) => x.method === 'openpay_bank')).toMatchObject({ flow: 'bank_transfer', window_seconds: 3600 });
    expect(m.test_cards.map((t: { number: string }) => t.number)).toEqual(expect.arrayContaining(['4242424242424242', '4000000000000002', '4000000000003220']));
  });
});
