// Checkout over HTTP against the demo server: start (cart, buy-now, guest), delivery options and choice,
// countdown restart, cancel, stock held and released, bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { ADDRESS, CONTACT, demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const supplier = new Client();
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });
const setStock = async (id: string, n: number) => expect((await supplier.request('PUT', `/api/supplier/products/${id}/stock`, { body: { stock_on_hand: n } })).status).toBe(200);
const P = (i: number) => picks.textiles[10 + i]!;

/** Units of a product a cart line says are left. */
async function available(c: Client, productId: string) {
  const cart = (await c.get(`/api/cart?shop=${SHOP}`)).json();
  return cart.orders.flatMap((o: { products: { product_id: string; available: number }[] }) => o.products).find((l: { product_id: string }) => l.product_id === productId)?.available;
}

describe('checkout', () => {
  it('starts from the cart, reserves the stock, and a second start replaces the first', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(0), 6);
    await c.post('/api/cart/items', { shop: SHOP, product_id: P(0), amount: 2 });
    const s = await c.post('/api/checkout', { shop: SHOP, supplier_id: picks.suppliers.textiles });
    expect(s.status, s.text).toBe(201);
    const v = s.json();
    expect(v).toMatchObject({ status: 'open', source: 'cart', currency: 'MXN', needs_delivery: true, missing: ['contact', 'delivery'] });
    expect(v.seconds_left).toBeGreaterThan(890);
    expect(v.token).toMatch(/^ptk_/);
    expect(v.payment_methods.map((m: { method: string; flow: string }) => [m.method, m.flow])).toEqual([['str_card', 'card'], ['openpay_bank', 'bank_transfer'], ['cash', 'cash_on_delivery']]);
    expect(v.payment_metadata.str_card).toEqual({ str_public_key: expect.any(String) });
    expect(v.instalments.map((i: { months: number }) => i.months)).toEqual([3, 6, 9, 12]);
    expect(await available(c, P(0))).toBe(4);
    const again = await c.post('/api/checkout', { shop: SHOP, supplier_id: picks.suppliers.textiles });
    expect(again.status).toBe(201);
    expect(await available(c, P(0))).toBe(4);
    expect((await c.get(`/api/checkout/${v.id}`)).json().status).toBe('canceled');
    const canceled = await c.request('DELETE', `/api/checkout/${again.json().id}`);
    expect(canceled.json().status).toBe('canceled');
    expect(await available(c, P(0))).toBe(6);
  });

  it('offers fixed delivery, courier rates, agencies and the supplier\'s branches; the choice sets the shipping total', async () => {
    const branch = await supplier.post('/api/supplier/branches', { name: 'Sucursal León Centro', phone: '4771234567', hours: 'L-V 9-18', address: { ...ADDRESS, postal_code: '37000', locality: 'León' } });
    expect(branch.status, branch.text).toBe(201);
    const c = new Client();
    await signUp(c);
    await setStock(P(1), 20);
    const s = (await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: P(1), amount: 2 }], buy_now: true })).json();
    const noAddress = (await c.post(`/api/checkout/${s.id}/rates`, {})).json();
    expect(noAddress.options.map((o: { delivery_type: string }) => o.delivery_type)).toEqual(expect.arrayContaining(['fixed_delivery', 'collection']));
    expect(noAddress.messages[0].code).toBe('address_needed');
    const rates = (await c.post(`/api/checkout/${s.id}/rates`, { postal_code: '64000' })).json();
    const types = rates.options.map((o: { delivery_type: string }) => o.delivery_type);
    expect(types.filter((t: string) => t === 'shipping')).toHaveLength(2);
    expect(types.filter((t: string) => t === 'to_branch')).toHaveLength(2);
    expect(rates.options.find((o: { delivery_type: string }) => o.delivery_type === 'fixed_delivery')).toMatchObject({ cost: 9900, days: 5 });
    expect((await c.post(`/api/checkout/${s.id}/rates`, { postal_code: '00000' })).json().messages.map((m: { code: string }) => m.code)).toContain('no_courier_quotes');
    // Shipping needs an address first.
    const early = await c.request('PUT', `/api/checkout/${s.id}/delivery`, { body: { delivery_type: 'shipping', rate_id: 'economica.standard.C.1' } });
    expect(early.status).toBe(400);
    await c.request('PATCH', `/api/checkout/${s.id}`, { body: { contact: CONTACT, address: { ...ADDRESS, postal_code: '64000', save: true } } });
    const bad = await c.request('PUT', `/api/checkout/${s.id}/delivery`, { body: { delivery_type: 'shipping', rate_id: 'economica.standard.A.0' } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields.rate_id).toBeDefined();
    const rate = rates.options.find((o: { rate_id?: string }) => o.rate_id === 'economica.standard.C.1');
    const chosen = (await c.request('PUT', `/api/checkout/${s.id}/delivery`, { body: { delivery_type: 'shipping', rate_id: 'economica.standard.C.1' } })).json();
    expect(chosen).toMatchObject({ delivery_type: 'shipping', shipping_total: rate.cost, missing: [] });
    expect(chosen.total).toBe(chosen.items_total + rate.cost);
    const collect = (await c.request('PUT', `/api/checkout/${s.id}/delivery`, { body: { delivery_type: 'collection', branch_id: branch.json().id } })).json();
    expect(collect).toMatchObject({ delivery_type: 'collection', shipping_total: 0 });
    expect(collect.delivery.name).toBe('Sucursal León Centro');
    // The address was saved for next time.
    const saved = (await c.get('/api/checkout/addresses')).json();
    expect(saved.results[0]).toMatchObject({ postal_code: '64000', address_phone: '5512345678' });
    await c.request('DELETE', `/api/checkout/${s.id}`);
    expect((await supplier.request('DELETE', `/api/supplier/branches/${branch.json().id}`)).status).toBe(200);
  });

  it('lets a guest start as anonymous with an e-mail; nobody else sees that checkout', async () => {
    const guest = new Client();
    const refused = await guest.post('/api/checkout', { shop: SHOP, items: [{ product_id: picks.cafeOnDemand[0], amount: 1 }] });
    expect(refused.status).toBe(401);
    const noMail = await guest.post('/api/checkout', { shop: SHOP, items: [{ product_id: picks.cafeOnDemand[0], amount: 1 }], start_as_anonymous: true });
    expect(noMail.status).toBe(400);
    const s = await guest.post('/api/checkout', { shop: SHOP, items: [{ product_id: picks.cafeOnDemand[0], amount: 1 }], start_as_anonymous: true, guest: { email: 'invitada@test.example' } });
    expect(s.status, s.text).toBe(201);
    expect(s.json()).toMatchObject({ guest_email: 'invitada@test.example', status: 'open' });
    expect((await guest.get(`/api/checkout/${s.json().id}`)).status).toBe(200);
    expect((await new Client().get(`/api/checkout/${s.json().id}`)).status).toBe(404);
    const other = new Client();
    await other.login('cliente@demo.test');
    expect((await other.get(`/api/checkout/${s.json().id}`)).status).toBe(404);
  });

  it('refuses more than the stock with insufficient_stock and the units left', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(2), 1);
    const r = await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: P(2), amount: 2 }], buy_now: true });
    expect(r.status).toBe(409);
    expect(r.json().error.code).toBe('insufficient_stock');
    expect(r.json().error.fields[`items.${P(2)}`]).toEqual(['Solo hay 1 disponibles']);
    const max = await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: picks.textilesMax[0], amount: 4 }], buy_now: true });
    expect(max.json().error.code).toBe('max_purchase_amount_exceeded');
  });

  it('restarts the countdown and blocks paying until contact, delivery and attendees are given', async () => {
    const c = new Client();
    await signUp(c);
    const { id: exp, variant } = picks.experiences[0]!;
    const s = (await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: exp, variant, amount: 2 }], buy_now: true })).json();
    expect(s.needs_delivery).toBe(false);
    expect(s.needs_attendees).toEqual([expect.objectContaining({ product_id: exp, count: 2 })]);
    expect(s.missing).toEqual(['contact', 'attendees']);
    const blocked = await c.post(`/api/checkout/${s.id}/pay`, { payment_type: 'str_card', token: s.token });
    expect(blocked.status).toBe(400);
    expect(Object.keys(blocked.json().error.fields)).toEqual(['contact', 'attendees']);
    const badPhone = await c.request('PATCH', `/api/checkout/${s.id}`, { body: { contact: { ...CONTACT, phone: '123' } } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.json().error.fields['contact.phone']).toBeDefined();
    const tooMany = await c.request('PATCH', `/api/checkout/${s.id}`, { body: { attendees: [1, 2, 3].map((i) => ({ product_id: exp, full_name: `P ${i}`, phone: '5512345678' })) } });
    expect(tooMany.status).toBe(400);
    const filled = (await c.request('PATCH', `/api/checkout/${s.id}`, {
      body: { contact: CONTACT, attendees: [1, 2].map((i) => ({ product_id: exp, full_name: `Asistente ${i}`, phone: '+52 55 1234 567' + i })) },
    })).json();
    expect(filled.missing).toEqual([]);
    expect(filled.attendees[1].phone).toBe('5512345672');
    const restarted = (await c.post(`/api/checkout/${s.id}/restart`)).json();
    expect(new Date(restarted.expires_at).getTime()).toBeGreaterThanOrEqual(new Date(s.expires_at).getTime());
    await c.request('DELETE', `/api/checkout/${s.id}`);
  });

  it('buy-now works on top of a cart; a paid purchase leaves the rest of the cart', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(P(3), 5);
    await c.post('/api/cart/items', { shop: SHOP, product_id: P(3), amount: 1 });
    await c.post('/api/cart/items', { shop: SHOP, product_id: picks.cafeOnDemand[0], amount: 1 });
    const started = (await c.post('/api/checkout', { shop: SHOP, supplier_id: picks.suppliers.textiles })).json();
    await c.request('PATCH', `/api/checkout/${started.id}`, { body: { contact: CONTACT, address: ADDRESS } });
    const ready = (await c.request('PUT', `/api/checkout/${started.id}/delivery`, { body: { delivery_type: 'fixed_delivery' } })).json();
    const paid = await c.post(`/api/checkout/${started.id}/pay`, { payment_type: 'cash', token: ready.token });
    expect(paid.status, paid.text).toBe(200);
    const cart = (await c.get(`/api/cart?shop=${SHOP}`)).json();
    expect(cart.orders.map((o: { supplier: { id: string } }) => o.supplier.id)).toEqual([picks.suppliers.cafe]);
    const buyNow = await readyCheckoutHttp(c, SHOP, [{ product_id: P(3), amount: 1 }]);
    expect(buyNow.source).toBe('buy_now');
    await c.request('DELETE', `/api/checkout/${buyNow.id}`);
    expect((await c.get(`/api/cart?shop=${SHOP}`)).json().orders).toHaveLength(1);
  });
});
