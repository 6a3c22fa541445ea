// Supplier steps in the interface (issue 28), over HTTP against the demo server: a bank-deposit order sent by courier
// goes from payment to delivered through the supplier's sale page (plain form posts) and the API: a past date is
// refused next to its field in the request's language, 'start preparing' says what money is missing (the deposit,
// then the extra shipping charge), 'Marcar pago recibido' checks the amount and keeps the bank's reference, the ship
// step takes a carrier and a tracking number, the buyer's order page links to the carrier's tracking page, and the
// supplier answers the buyer's review from its workspace.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoData, demoId } from '../../src/db/seed/demo.ts';
import { Client } from '../support/http.ts';
import { ADDRESS, CONTACT, demoPicks, signUp } from './checkout.fixtures.ts';

const SHOP = 'demo-03';
const supplier = new Client();
beforeAll(async () => { await supplier.login('aventura@demo.test'); });

/** Aventura MX's plain products in demo-03 (the supplier that takes bank deposits, courier delivery only). */
const aventura = (() => {
  const d = buildDemoData('x');
  const inShop = new Set(d.shopProducts.filter((s) => s.shop_id === demoId.shop(SHOP)).map((s) => s.product_id));
  return d.products.filter((p) => inShop.has(p.id!) && p.supplier_id === demoId.supplier('aventura') && p.type === 'product'
    && p.list_state === 'published' && p.currency === 'MXN' && !p.is_free && !p.hide_price && p.stock_type === 'onstock'
    && p.max_purchase_amount == null && Object.keys(p.variants ?? {}).length === 0).map((p) => p.id!);
})();
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
const es = { headers: { 'accept-language': 'es-MX' } };
const en = { headers: { 'accept-language': 'en' } };
const form = (c: Client, path: string, fields: Record<string, string>, lang = 'es-MX') =>
  c.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang } });
/** The page's text around what should be there (a failure prints the neighbourhood, not the whole page). */
const near = (html: string, needle: string) => { const i = html.indexOf(needle); return i < 0 ? html.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, '').slice(0, 3000) : html.slice(Math.max(0, i - 200), i + 200); };
const ok = async (p: Promise<{ status: number; text: string; json: () => any }>) => { const r = await p; expect(r.status, r.text).toBe(200); return r.json(); };

/** A deposit order of one unit of `product`, sent by the courier rate `rate`. */
async function depositOrder(buyer: Client, product: string, rate = 'economica.standard.A.0') {
  expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 10 } })).status).toBe(200);
  const s = await buyer.post('/api/checkout', { shop: SHOP, items: [{ product_id: product, amount: 1 }], buy_now: true });
  expect(s.status, s.text).toBe(201);
  const id = s.json().id;
  expect((await buyer.request('PATCH', `/api/checkout/${id}`, { body: { contact: CONTACT, address: ADDRESS } })).status).toBe(200);
  const d = await buyer.request('PUT', `/api/checkout/${id}/delivery`, { body: { delivery_type: 'shipping', rate_id: rate } });
  expect(d.status, d.text).toBe(200);
  const paid = await ok(buyer.post(`/api/checkout/${id}/pay`, { payment_type: 'deposit', token: d.json().token }));
  return paid.order_id as string;
}

describe('supplier steps in the interface', () => {
  it('a deposit order sent by courier goes from payment to delivered through the sale page', { timeout: 30_000 }, async () => {
    expect(aventura.length).toBeGreaterThan(0);
    const buyer = new Client();
    await signUp(buyer);
    const id = await depositOrder(buyer, aventura[0]!);
    const sale = `/${SHOP}/mis-compras/ventas/${id}`;
    const o = (await buyer.get(`/api/orders/${id}`)).json();
    expect(o).toMatchObject({ payment_flow: 'deposit', payment_status: 'pending', status: 'sent_to_supplier' });

    // A past date: refused with the field named, in the request's language, through the API and next to the page's field.
    for (const [opts, text] of [[es, 'La fecha no puede ser anterior a hoy'], [en, 'The date cannot be in the past']] as const) {
      const r = await supplier.post(`/api/supplier/orders/${id}/next`, { estimated_delivery_date: inDays(-2), shipping_cost: o.shipping_total }, opts);
      expect(r.status).toBe(400);
      expect(r.json().error).toEqual({ code: 'validation_error', message: text, fields: { estimated_delivery_date: [text] } });
    }
    const past = await form(supplier, sale, { action: 'next', estimated_delivery_date: inDays(-2), shipping_cost: '10' });
    expect(past.status).toBe(400);
    expect(near(past.text, 'id="err-estimated_delivery_date"')).toMatch(/id="err-estimated_delivery_date"[^>]*>La fecha no puede ser anterior a hoy</);

    // The supplier confirms $50 more shipping than the buyer paid; the buyer accepts.
    const confirm = await form(supplier, sale, { action: 'next', estimated_delivery_date: inDays(3), shipping_cost: String((o.shipping_total + 5000) / 100) });
    expect(confirm.status, confirm.text).toBe(303);
    await ok(buyer.post(`/api/orders/${id}/next`));

    // 'Start preparing' says the deposit is missing (not 'Este pedido ya no admite ese paso'), and the page offers the mark.
    let r = await supplier.post(`/api/supplier/orders/${id}/next`, {}, es);
    expect(r.status).toBe(409);
    expect(r.json().error).toMatchObject({ code: 'invalid_transition', message: 'Falta el depósito del cliente: márcalo como recibido cuando llegue' });
    let d = (await supplier.get(`/api/supplier/orders/${id}`)).json();
    expect(d.actions).toMatchObject({ next: null, can_ship: false, offline_payment: { amount: o.order_total, kind: 'order' } });
    let page = await supplier.get(sale, es);
    expect(near(page.text, 'Marcar pago recibido')).toContain('Marcar pago recibido');

    // A typo in the amount is refused next to the field; the right amount with the bank's reference marks it paid.
    const typo = await form(supplier, sale, { action: 'paid', amount: String(o.order_total / 100 + 1), reference: 'BBVA-778' });
    expect(typo.status).toBe(400);
    expect(near(typo.text, 'id="err-amount"')).toMatch(/id="err-amount"[^>]*>El monto no coincide con el pago pendiente</);
    const marked = await form(supplier, sale, { action: 'paid', amount: String(o.order_total / 100), reference: 'BBVA-778' });
    expect(marked.status, marked.text).toBe(303);
    d = (await supplier.get(`/api/supplier/orders/${id}`)).json();
    expect(d).toMatchObject({ payment_status: 'paid', amount_paid: o.order_total, balance_due: 5000 });
    expect(d.history).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'payment_received', note: 'BBVA-778' })]));
    // The buyer's page does not say just 'Pagado' while the $50 is still due.
    const owing = await buyer.get(`/${SHOP}/mis-compras/${id}`, es);
    expect(near(owing.text, 'data-payment-status')).toMatch(/data-payment-status="paid"[^>]*>Pagado · faltan \$50\.00</);

    // Now the extra charge is what is missing; the buyer pays it by deposit and the supplier marks that one too.
    r = await supplier.post(`/api/supplier/orders/${id}/next`, {}, en);
    expect(r.status).toBe(409);
    expect(r.json().error.message).toBe('The customer has not paid the extra shipping charge yet');
    const mine = (await buyer.get(`/api/orders/${id}`)).json();
    expect(mine.actions.can_pay).toBe(true);
    const extra = await ok(buyer.post(`/api/orders/${id}/pay`, { payment_type: 'deposit', token: mine.actions.payment_token }));
    expect(extra.payment).toMatchObject({ kind: 'extra_charge', amount: 5000 });
    expect((await supplier.get(`/api/supplier/orders/${id}`)).json().actions.offline_payment).toMatchObject({ amount: 5000, kind: 'extra_charge' });
    await ok(supplier.post(`/api/supplier/orders/${id}/payment`, { amount: 5000 }));
    // Nothing left to mark: said plainly.
    r = await supplier.post(`/api/supplier/orders/${id}/payment`, {}, es);
    expect(r.status).toBe(409);
    expect(r.json().error.message).toBe('Este pedido no tiene un pago en efectivo o depósito pendiente');
    // The history shows the extra charge as money, not '— 5000'.
    page = await supplier.get(sale, es);
    expect(near(page.text, 'cargo extra pagado')).toMatch(/cargo extra pagado: \$50\.00/);
    expect(/— 5000</.test(page.text)).toBe(false);

    // Prepare, ready: the courier order offers the ship step with carrier and tracking number.
    await ok(supplier.post(`/api/supplier/orders/${id}/next`, {}));
    await ok(supplier.post(`/api/supplier/orders/${id}/next`, {}));
    expect((await supplier.get(`/api/supplier/orders/${id}`)).json().actions).toMatchObject({ next: 'deliver', can_ship: true });
    page = await supplier.get(sale, es);
    expect(near(page.text, 'data-testid="supplier-ship"')).toContain('data-testid="supplier-ship"');
    const empty = await form(supplier, sale, { action: 'ship', carrier: 'dhl', tracking_number: '  ' });
    expect(empty.status).toBe(400);
    expect(near(empty.text, 'id="err-tracking_number"')).toMatch(/id="err-tracking_number"[^>]*>Obligatorio</);
    const tracking = `JD${Date.now()}`;
    const shipped = await form(supplier, sale, { action: 'ship', carrier: 'dhl', tracking_number: tracking });
    expect(shipped.status, shipped.text).toBe(303);
    const t = (await buyer.get(`/api/orders/${id}/tracking`)).json();
    expect(t).toMatchObject({ courier: 'dhl', tracking_number: tracking, tracking_url: `https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=${tracking}` });
    const buyerPage = await buyer.get(`/${SHOP}/mis-compras/${id}`, es);
    expect(near(buyerPage.text, 'carrier-tracking-link')).toContain(`href="https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=${tracking}"`);
    expect(near(buyerPage.text, 'carrier-tracking-link')).toContain('Seguir el envío en el sitio de DHL');

    // Delivered from the sale page.
    const delivered = await form(supplier, sale, { action: 'next' });
    expect(delivered.status, delivered.text).toBe(303);
    expect((await buyer.get(`/api/orders/${id}`)).json()).toMatchObject({ status: 'delivered', fulfillment_status: 'delivered', payment_status: 'paid' });

    // The buyer reviews it; the supplier answers from its workspace (plain form), once.
    const review = await buyer.post('/api/reviews', { product_id: aventura[0], rating: 4, title: 'Llegó por DHL', text: 'Bien empacada.' });
    expect(review.status, review.text).toBe(201);
    const rid = review.json().id as string;
    let list = await supplier.get('/apps/me/supplier/reviews', es);
    expect(list.status).toBe(200);
    expect(near(list.text, rid)).toContain(`name="review_id" value="${rid}"`);
    const blank = await form(supplier, '/apps/me/supplier/reviews', { review_id: rid, text: '   ' });
    expect(blank.status).toBe(400);
    expect(near(blank.text, `id="err-${rid}"`)).toMatch(/role="alert"[^>]*>Obligatorio</);
    const answered = await form(supplier, '/apps/me/supplier/reviews', { review_id: rid, text: 'Gracias por comprar con Aventura MX' });
    expect(answered.status, answered.text).toBe(303);
    list = await supplier.get(answered.headers.location!, es);
    expect(near(list.text, 'Respuesta publicada')).toContain('Gracias por comprar con Aventura MX');
    expect((await new Client().get(`/api/products/${aventura[0]}/reviews`)).json().results.find((x: { id: string }) => x.id === rid).answer)
      .toMatchObject({ text: 'Gracias por comprar con Aventura MX', supplier: { name: 'Aventura MX' } });
    const again = await form(supplier, '/apps/me/supplier/reviews', { review_id: rid, text: 'Otra vez' }, 'en');
    expect(again.status).toBe(409);
    expect(near(again.text, 'role="alert"')).toContain('This review already has an answer');
  });

  it('attendee and ticket refusals name the field and the reason in the request\'s language', { timeout: 20_000 }, async () => {
    const exp = demoPicks().experiences.at(-1)!;
    const buyer = new Client();
    await signUp(buyer, 'steps-tickets');
    const s = await buyer.post('/api/checkout', { shop: SHOP, items: [{ product_id: exp.id, variant: exp.variant, amount: 1 }], buy_now: true });
    expect(s.status, s.text).toBe(201);
    const ck = s.json().id;
    const two = [0, 1].map((i) => ({ product_id: exp.id, full_name: `Persona ${i}`, phone: `55 1234 560${i}` }));
    let r = await buyer.request('PATCH', `/api/checkout/${ck}`, { body: { contact: CONTACT, attendees: two }, ...es });
    expect(r.status).toBe(400);
    expect(r.json().error.fields).toEqual({ [`attendees.${exp.id}`]: ['Como máximo 1'] });
    r = await buyer.request('PATCH', `/api/checkout/${ck}`, { body: { contact: CONTACT, attendees: two.slice(0, 1) } });
    expect(r.status, r.text).toBe(200);
    const card = (await buyer.post('/api/payments/cards/tokens', { name: 'Rosa', number: '4242424242424242', cvc: '123', exp: '12/35' })).json().id;
    const paid = await buyer.post(`/api/checkout/${ck}/pay`, { payment_type: 'str_card', token: r.json().token, card_token: card });
    expect([200, 201], paid.text).toContain(paid.status);
    const [ticket] = (await buyer.get(`/api/orders/${paid.json().order_id}/attendants`)).json().results;
    const reader = new Client();
    await reader.login('taquilla@demo.test');
    expect((await reader.post(`/api/shops/${SHOP}/tickets/scan`, { code: ticket.code })).json().result).toBe('valid');
    // A used ticket: a 409 that says so, not 'La operación entra en conflicto con otra'.
    for (const [opts, text] of [[es, 'Este boleto ya se usó'], [en, 'This ticket was already used']] as const) {
      r = await buyer.request('PATCH', `/api/tickets/${ticket.id}`, { body: { full_name: 'Otra Persona', phone: '5511111111' }, ...opts });
      expect(r.status).toBe(409);
      expect(r.json().error).toMatchObject({ code: 'conflict', message: text });
    }
  });

  it('a canceled sandbox payment comes back with payment=canceled once, whatever the cancel path already says', async () => {
    const c = new Client();
    await signUp(c, 'steps-cancel');
    const s = (await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: demoPicks().cafeOnDemand[1], amount: 1 }], buy_now: true })).json();
    await c.request('PATCH', `/api/checkout/${s.id}`, { body: { contact: CONTACT, address: ADDRESS } });
    const d = (await c.request('PUT', `/api/checkout/${s.id}/delivery`, { body: { delivery_type: 'fixed_delivery' } })).json();
    const r = (await c.post(`/api/checkout/${s.id}/pay`, { payment_type: 'paypal', token: d.token, cancel_path: `/${SHOP}/comprar/${s.id}?payment=canceled` })).json();
    const back = await form(c, r.payment.approval_url, { action: 'cancel' });
    expect(back.headers.location).toBe(`/${SHOP}/comprar/${s.id}?payment=canceled`);
  });

  it('the ship API takes only known carriers and the order must be ready; shipping answers with a localized field', async () => {
    const buyer = new Client();
    await signUp(buyer);
    const id = await depositOrder(buyer, aventura[1] ?? aventura[0]!);
    let r = await supplier.post(`/api/supplier/orders/${id}/ship`, { tracking_number: 'X1', carrier: 'javascript:alert(1)' }, es);
    expect(r.status).toBe(400);
    expect(r.json().error.fields.carrier).toEqual(['Elige una de las opciones']);
    r = await supplier.post(`/api/supplier/orders/${id}/ship`, { tracking_number: 'X1', carrier: 'ups' }, es);
    expect(r.status).toBe(409);
    // Someone else's sale: not found, whatever they send.
    expect((await buyer.post(`/api/supplier/orders/${id}/payment`, {})).status).toBe(403);
  });
});
