// Purchase orders over HTTP against the demo server: each side takes only its own steps (403 otherwise),
// customers see only their own orders (404), the whole flow to delivered, notes, lists with filters,
// cancellation, invoicing and receipt, refunds, guest orders claimed at sign-up.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const supplier = new Client();
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });
const setStock = async (id: string, n: number) => expect((await supplier.request('PUT', `/api/supplier/products/${id}/stock`, { body: { stock_on_hand: n } })).status).toBe(200);
const P = (i: number) => picks.textiles[6 + i]!;
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

async function cashOrder(c: Client, product: string, amount = 1) {
  const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: product, amount }]);
  const r = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: ck.token });
  expect(r.status, r.text).toBe(200);
  return r.json();
}

describe('purchase orders', () => {
  it('runs the whole flow, each side allowed only its own step', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(0), 10);
    const placed = await cashOrder(c, P(0), 2);
    const id = placed.order_id;
    let o = (await c.get(`/api/orders/${id}`)).json();
    expect(o).toMatchObject({ status: 'sent_to_supplier', payment_status: 'pending', fulfillment_status: 'unfulfilled', payment_type: 'cash', delivery_type: 'fixed_delivery' });
    expect(o.actions).toMatchObject({ next: null, next_actor: ['supplier'], can_cancel: true });
    expect(o.shipping_total).toBe(9900);
    expect(o.items[0]).toMatchObject({ product_id: P(0), amount: 2 });
    // The customer cannot take the supplier's step, here or on the supplier's endpoint.
    expect((await c.post(`/api/orders/${id}/next`)).status).toBe(403);
    const sneaky = await c.post(`/api/supplier/orders/${id}/next`, { estimated_delivery_date: inDays(3), shipping_cost: 0 });
    expect(sneaky.status).toBe(403);
    expect((await c.get(`/api/supplier/orders/${id}`)).status).toBe(403);
    // Other people do not see the order at all.
    const other = new Client();
    await other.login('cliente@demo.test');
    expect((await other.get(`/api/orders/${id}`)).status).toBe(404);
    expect((await other.post(`/api/orders/${id}/next`)).status).toBe(404);
    expect((await other.request('DELETE', `/api/orders/${id}`, { body: { reason: 'other', description: 'x' } })).status).toBe(404);
    expect((await new Client().get(`/api/orders/${id}`)).status).toBe(404);
    expect((await new Client().get('/api/orders')).status).toBe(401);
    // The supplier confirms the date and the cost.
    const missing = await supplier.post(`/api/supplier/orders/${id}/next`, {});
    expect(missing.status).toBe(400);
    expect(missing.json().error.fields.estimated_delivery_date).toBeDefined();
    const past = await supplier.post(`/api/supplier/orders/${id}/next`, { estimated_delivery_date: '2020-01-01', shipping_cost: 9900 });
    expect(past.status).toBe(400);
    o = (await supplier.post(`/api/supplier/orders/${id}/next`, { estimated_delivery_date: inDays(4), shipping_cost: 9900 })).json();
    expect(o).toMatchObject({ status: 'seller_confirmed', estimated_delivery_date: inDays(4), extra_charge: 0 });
    // Now it is the customer's turn, not the supplier's.
    expect((await supplier.post(`/api/supplier/orders/${id}/next`, {})).status).toBe(403);
    o = (await c.post(`/api/orders/${id}/next`)).json();
    expect(o.status).toBe('customer_confirmed');
    expect((await c.post(`/api/orders/${id}/next`)).status).toBe(403);
    // The dropshipping supplier may only mark it ready and delivered.
    expect((await supplier.post(`/api/supplier/orders/${id}/next`, { as: 'dssupplier' })).status).toBe(403);
    o = (await supplier.post(`/api/supplier/orders/${id}/next`, {})).json();
    expect(o).toMatchObject({ status: 'in_process', fulfillment_status: 'preparing' });
    o = (await supplier.post(`/api/supplier/orders/${id}/next`, { as: 'dssupplier' })).json();
    expect(o).toMatchObject({ status: 'ready_to_deliver', fulfillment_status: 'ready' });
    o = (await supplier.post(`/api/supplier/orders/${id}/ship`, { as: 'dssupplier', tracking_number: 'MX-12345' })).json();
    expect(o).toMatchObject({ fulfillment_status: 'shipped', tracking_number: 'MX-12345' });
    o = (await supplier.post(`/api/supplier/orders/${id}/next`, { as: 'dssupplier' })).json();
    expect(o).toMatchObject({ status: 'delivered', fulfillment_status: 'delivered', payment_status: 'paid' });
    expect(o.return_deadline).not.toBeNull();
    expect((await supplier.post(`/api/supplier/orders/${id}/next`, {})).status).toBe(409);
    const seen = (await c.get(`/api/orders/${id}`)).json();
    expect(seen.history.filter((h: { machine: string }) => h.machine === 'status').map((h: { to: string; actor_role: string }) => `${h.to}:${h.actor_role}`)).toEqual([
      'sent_to_supplier:customer', 'seller_confirmed:supplier', 'customer_confirmed:customer', 'in_process:supplier', 'ready_to_deliver:dssupplier', 'delivered:dssupplier',
    ]);
    expect((await c.request('DELETE', `/api/orders/${id}`, { body: { reason: 'other', description: 'tarde' } })).status).toBe(409);
  });

  it('an extra shipping cost must be paid before the supplier processes the order', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(1), 10);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: P(1), amount: 1 }]);
    const card = (await c.post('/api/payments/cards/tokens', { name: 'R', number: '4242424242424242', cvc: '123', exp: '12/35' })).json().id;
    const paid = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: card })).json();
    const id = paid.order_id;
    const o = (await supplier.post(`/api/supplier/orders/${id}/next`, { estimated_delivery_date: inDays(2), shipping_cost: 15900 })).json();
    expect(o).toMatchObject({ extra_charge: 6000, balance_due: 6000 });
    await c.post(`/api/orders/${id}/next`);
    expect((await supplier.post(`/api/supplier/orders/${id}/next`, {})).status).toBe(409);
    // The pages offer only what the server accepts: no 'start preparing' while the order waits for the buyer's money.
    expect((await supplier.get(`/api/supplier/orders/${id}`)).json().actions).toMatchObject({ next: null, next_actor: ['customer'] });
    const sale = await supplier.get(`/${SHOP}/mis-compras/ventas/${id}`);
    expect(sale.status).toBe(200);
    expect(sale.text).not.toContain('data-testid="supplier-next"');
    expect((await c.get(`/${SHOP}/mis-compras/${id}`)).text).toContain('Esperando tu pago');
    const mine = (await c.get(`/api/orders/${id}`)).json();
    expect(mine.actions).toMatchObject({ can_pay: true });
    const card2 = (await c.post('/api/payments/cards/tokens', { name: 'R', number: '4242424242424242', cvc: '123', exp: '12/35' })).json().id;
    const extra = (await c.post(`/api/orders/${id}/pay`, { payment_type: 'str_card', token: mine.actions.payment_token, card_token: card2 })).json();
    expect(extra.payment).toMatchObject({ status: 'succeeded', kind: 'extra_charge', amount: 6000 });
    expect((await supplier.get(`/${SHOP}/mis-compras/ventas/${id}`)).text).toContain('data-testid="supplier-next"');
    expect((await supplier.post(`/api/supplier/orders/${id}/next`, {})).json().status).toBe('in_process');
    // Partial refund, never above what is available.
    const tooMuch = await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 10_000_000 });
    expect(tooMuch.status).toBe(400);
    const refunded = (await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 1000, reason: 'Descuento' })).json();
    expect(refunded).toMatchObject({ payment_status: 'partially_refunded', amount_refunded: 1000 });
    // The same refund sent twice with one idempotency key moves the money once and counts it once.
    const key = `refund-${id}`;
    const first = (await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 500, reason: 'Ajuste', idempotency_key: key })).json();
    const again = (await supplier.post(`/api/supplier/orders/${id}/refund`, { amount: 500, reason: 'Ajuste', idempotency_key: key })).json();
    expect(first.amount_refunded).toBe(1500);
    expect(again.amount_refunded).toBe(1500);
  });

  it("the sale page reads the typed shipping cost with the money module: '1e3' is a 400 field error, not $1,000.00", async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(0), 10);
    const id = (await cashOrder(c, P(0))).order_id;
    const post = (cost: string) => supplier.request('POST', `/${SHOP}/mis-compras/ventas/${id}`, {
      raw: new URLSearchParams({ action: 'next', estimated_delivery_date: inDays(3), shipping_cost: cost }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // The old page computed Math.round(Number('1e3') * 100): a $1,000.00 shipping cost, confirmed (303).
    for (const [typed, reason] of [['1e3', 'Escribe un monto con cifras'], ['-5', 'El monto no puede ser negativo'], ['99.999', 'Como máximo 2 decimales']]) {
      const bad = await post(typed!);
      expect(bad.status, typed).toBe(400);
      expect(bad.text).toContain(`Costo de envío (MXN): ${reason}`);
      expect(bad.text).toContain('aria-invalid="true"');
    }
    expect((await supplier.get(`/api/supplier/orders/${id}`)).json()).toMatchObject({ status: 'sent_to_supplier', confirmed_shipping_cost: null });
    expect((await post('1,099.50')).status).toBe(303);
    expect((await supplier.get(`/api/supplier/orders/${id}`)).json()).toMatchObject({ status: 'seller_confirmed', confirmed_shipping_cost: 109950 });
  });

  it('notes: visible to the client or internal', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(2), 10);
    const { order_id: id } = await cashOrder(c, P(2));
    expect((await supplier.post(`/api/supplier/orders/${id}/notes`, { text: 'Sale mañana', visibility: 'client' })).status).toBe(201);
    await supplier.post(`/api/supplier/orders/${id}/notes`, { text: 'Revisar dirección', visibility: 'internal' });
    expect((await c.get(`/api/orders/${id}`)).json().notes.map((n: { text: string }) => n.text)).toEqual(['Sale mañana']);
    expect((await supplier.get(`/api/supplier/orders/${id}`)).json().notes.map((n: { text: string }) => n.text)).toEqual(['Sale mañana', 'Revisar dirección']);
    expect((await c.post(`/api/supplier/orders/${id}/notes`, { text: 'hola' })).status).toBe(403);
  });

  it('cancels with a reason from the list and a description; stock comes back', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(3), 4);
    const { order_id: id } = await cashOrder(c, P(3), 4);
    const full = await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: P(3), amount: 1 }], buy_now: true });
    expect(full.json().error.code).toBe('out_of_stock');
    expect((await c.request('DELETE', `/api/orders/${id}`, { body: { reason: 'requested_by_client' } })).status).toBe(400);
    expect((await c.request('DELETE', `/api/orders/${id}`, { body: { reason: 'because', description: 'x' } })).status).toBe(400);
    const o = (await c.request('DELETE', `/api/orders/${id}`, { body: { reason: 'requested_by_client', description: 'Me equivoqué de talla' } })).json();
    expect(o).toMatchObject({ status: 'canceled', cancel_reason: 'requested_by_client', cancel_description: 'Me equivoqué de talla', fulfillment_status: 'canceled' });
    expect((await c.request('DELETE', `/api/orders/${id}`, { body: { reason: 'other', description: 'x' } })).status).toBe(409);
    const again = await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: P(3), amount: 4 }], buy_now: true });
    expect(again.status).toBe(201);
    await c.request('DELETE', `/api/checkout/${again.json().id}`);
  });

  it('lists my purchases with filters, sort and paging', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(4), 10);
    const a = await cashOrder(c, P(4));
    const b = await cashOrder(c, P(4));
    await c.request('DELETE', `/api/orders/${a.order_id}`, { body: { reason: 'other', description: 'prueba' } });
    const all = (await c.get('/api/orders')).json();
    expect(all.matches_estimated).toBe(2);
    expect(all.results[0].id).toBe(a.order_id); // -updated_at: the canceled one moved last
    expect(all.results[0]).toMatchObject({ reference: a.reference, supplier: { id: picks.suppliers.textiles }, items_count: 1 });
    expect((await c.get('/api/orders?state=canceled')).json().results.map((o: { id: string }) => o.id)).toEqual([a.order_id]);
    expect((await c.get('/api/orders?payment_type=cash&delivery_type=fixed_delivery')).json().matches_estimated).toBe(2);
    expect((await c.get('/api/orders?payment_type=paypal')).json().matches_estimated).toBe(0);
    expect((await c.get(`/api/orders?text=${b.reference}`)).json().results.map((o: { id: string }) => o.id)).toEqual([b.order_id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await c.get(`/api/orders?start_date=${today}&end_date=${today}`)).json().matches_estimated).toBe(2);
    expect((await c.get('/api/orders?end_date=2001-01-01')).json().matches_estimated).toBe(0);
    const page = (await c.get('/api/orders?limit=1&offset=1&sort=updated_at')).json();
    expect(page).toMatchObject({ matches_estimated: 2, results: [{ id: a.order_id }] });
    expect((await c.get('/api/orders?state=nope')).status).toBe(400);
    expect((await c.get('/api/orders?limit=0')).status).toBe(400);
    const sup = (await supplier.get(`/api/supplier/orders?text=${b.reference}`)).json();
    expect(sup.results.map((o: { id: string }) => o.id)).toEqual([b.order_id]);
    expect((await supplier.get(`/api/supplier/orders?as=dssupplier&text=${b.reference}`)).json().matches_estimated).toBe(1);
    expect((await c.get('/api/supplier/orders')).status).toBe(403);
  });

  it('keeps invoicing data and answers the receipt', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(5), 10);
    const { order_id: id } = await cashOrder(c, P(5), 2);
    const bad = await c.request('PUT', `/api/orders/${id}/invoicing`, { body: { rfc: 'nope', name: '', tax_regime: '999', cfdi_use: 'X', postal_code: '1' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['rfc', 'name', 'tax_regime', 'cfdi_use', 'postal_code']));
    const ok = await c.request('PUT', `/api/orders/${id}/invoicing`, { body: { rfc: 'MAPR800101AB1', name: 'Rosa Martínez', tax_regime: '612', cfdi_use: 'G03', postal_code: '03100' } });
    expect(ok.status, ok.text).toBe(200);
    const rec = (await c.get(`/api/orders/${id}/receipt`)).json();
    expect(rec).toMatchObject({ tax_regime: '612', cfdi_use: 'G03', shipping_total: 9900, extra_charge: 0, seller: { id: picks.suppliers.textiles } });
    expect(rec.order_total).toBe(rec.items_total + rec.shipping_total);
    expect(rec.included_tax).toBe(rec.order_total - Math.round(rec.order_total / 1.16));
    expect((await new Client().get(`/api/orders/${id}/receipt`)).status).toBe(404);
  });

  it('a guest buys, then signs up in the same browser and claims the order', async () => {
    const g = new Client();
    const ck = await readyCheckoutHttp(g, SHOP, [{ product_id: picks.cafeOnDemand[1]!, amount: 1 }], { start_as_anonymous: true, guest: { email: 'guest@test.example' }, buy_now: false });
    const r = await g.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'openpay_store', token: ck.token });
    expect(r.status, r.text).toBe(200);
    expect(r.json().payment).toMatchObject({ flow: 'store_cash', status: 'pending' });
    expect((await g.get(`/api/orders/${r.json().order_id}`)).status).toBe(200);
    await signUp(g, 'claimer');
    expect((await g.get('/api/orders')).json().matches_estimated).toBe(0);
    expect((await g.post('/api/orders/claim')).json()).toEqual({ claimed: 1 });
    expect((await g.get('/api/orders')).json().results[0].id).toBe(r.json().order_id);
  });
});
