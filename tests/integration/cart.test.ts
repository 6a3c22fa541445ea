// The server cart over HTTP against the demo server: quantity rules and their messages, cart orders per
// supplier, merge at login, share links, bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const supplier = new Client();
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });

const setStock = async (id: string, n: number) => {
  const r = await supplier.request('PUT', `/api/supplier/products/${id}/stock`, { body: { stock_on_hand: n } });
  expect(r.status, r.text).toBe(200);
};
async function shopper() {
  const c = new Client();
  await c.signup(`cart-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@test.example`, 'Comprador');
  return c;
}

describe('cart (seed 001 §5 quantity rules)', () => {
  it('needs a signed-in user (anonymous carts live in the browser)', async () => {
    const anon = new Client();
    expect((await anon.get(`/api/cart?shop=${SHOP}`)).status).toBe(401);
    const r = await anon.post('/api/cart/items', { shop: SHOP, product_id: picks.textiles[0], amount: 1 });
    expect(r.status).toBe(401);
    expect(r.json().error.code).toBe('unauthenticated');
  });

  it('adds, adds up, adjusts to the stock with quantity exceeded, and groups per supplier', async () => {
    const c = await shopper();
    const [a, b] = [picks.textiles[0]!, picks.textiles[1]!];
    await setStock(a, 5);
    await setStock(b, 50);
    let r = await c.post('/api/cart/items', { shop: SHOP, product_id: a, amount: 2 });
    expect(r.status, r.text).toBe(200);
    r = await c.post('/api/cart/items', { shop: SHOP, product_id: a, amount: 4 });
    const cart = r.json();
    expect(cart.notices[0]).toMatchObject({ code: 'quantity_exceeded', available: 5, amount: 5, requested: 6 });
    expect(cart.notices[0].message).toBe('Cantidad excedida: solo hay 5 disponibles'); // es: no Accept-Language
    await c.post('/api/cart/items', { shop: SHOP, product_id: b, amount: 1 });
    await c.post('/api/cart/items', { shop: SHOP, product_id: picks.cafeOnDemand[0], amount: 30 });
    const view = (await c.get(`/api/cart?shop=${SHOP}`)).json();
    expect(view.orders).toHaveLength(2);
    const tex = view.orders.find((o: { supplier: { id: string } }) => o.supplier.id === picks.suppliers.textiles);
    expect(tex).toMatchObject({ currency: 'MXN', is_configured: true, blocked: null, amount: 6 });
    expect(tex.supplier_info.enabled_payment_types).toEqual(['str_card', 'openpay_bank', 'cash']);
    expect(tex.dssupplier_info).toEqual({ fixed_shipping_cost: 9900, fixed_shipping_days: 5 });
    expect(tex.total).toBe(tex.products.reduce((n: number, l: { line_total: number }) => n + l.line_total, 0));
    const cafe = view.orders.find((o: { supplier: { id: string } }) => o.supplier.id === picks.suppliers.cafe);
    expect(cafe.products[0]).toMatchObject({ amount: 30, stock_type: 'ondemand', available: null, stock_state: 'onDemand' });
    expect(view.totals).toHaveLength(1);
    expect(view.totals[0].total).toBe(tex.total + cafe.total);
  });

  it('caps at max_purchase_amount with the max, ignores zero, refuses out of stock and unavailable items', async () => {
    const c = await shopper();
    const m = picks.textilesMax[0]!;
    await setStock(m, 40);
    let r = await c.post('/api/cart/items', { shop: SHOP, product_id: m, amount: 5 });
    expect(r.json().notices[0]).toMatchObject({ code: 'max_purchase_amount_exceeded', max: 3, amount: 3 });
    const line = r.json().orders[0].products[0];
    r = await c.request('PATCH', `/api/cart/items/${line.item_id}`, { body: { shop: SHOP, amount: 0 } });
    expect(r.status).toBe(200);
    expect(r.json().notices[0].code).toBe('ignored');
    expect(r.json().orders[0].products[0].amount).toBe(3);
    r = await c.request('PATCH', `/api/cart/items/${line.item_id}`, { body: { shop: SHOP, amount: 2 } });
    expect(r.json().orders[0].products[0].amount).toBe(2);
    const empty = picks.textiles[2]!;
    await setStock(empty, 0);
    r = await c.post('/api/cart/items', { shop: SHOP, product_id: empty, amount: 1 });
    expect(r.status).toBe(409);
    expect(r.json().error).toMatchObject({ code: 'out_of_stock' });
    r = await c.post('/api/cart/items', { shop: SHOP, product_id: picks.unpublished[0], amount: 1 });
    expect(r.status).toBe(409);
    expect(r.json().error).toMatchObject({ code: 'unavailable_for_sale' });
    r = await c.request('DELETE', `/api/cart/items/${line.item_id}?shop=${SHOP}`);
    expect(r.json().orders).toHaveLength(0);
  });

  it('blocks the order of an unconfigured supplier with the supplier-missing-configuration message', async () => {
    const c = await shopper();
    const r = await c.post('/api/cart/items', { shop: SHOP, product_id: picks.barro[0], amount: 1 });
    expect(r.status).toBe(200);
    const o = r.json().orders[0];
    expect(o.is_configured).toBe(false);
    expect(o.blocked).toEqual({ code: 'supplier_not_configured', message: expect.stringMatching(/vendedor/) });
    const s = await c.post('/api/checkout', { shop: SHOP, supplier_id: picks.suppliers.barro });
    expect(s.status).toBe(409);
    expect(s.json().error.code).toBe('supplier_not_configured');
  });

  it('turns bad input into 4xx with fields, never 500', async () => {
    const c = await shopper();
    for (const amount of [-1, 1.5, 'x', null]) {
      const r = await c.post('/api/cart/items', { shop: SHOP, product_id: picks.textiles[0], amount });
      expect(r.status).toBe(400);
      expect(r.json().error.fields.amount).toBeDefined();
    }
    expect((await c.post('/api/cart/items', { shop: SHOP, product_id: 'nope', amount: 1 })).json().error.fields.product_id).toBeDefined();
    expect((await c.post('/api/cart/items', { product_id: picks.textiles[0], amount: 1 })).json().error.fields.shop).toBeDefined();
    expect((await c.post('/api/cart/items', { shop: SHOP, product_id: '00000000-0000-4000-8000-000000000000', amount: 1 })).status).toBe(404);
    expect((await c.post('/api/cart/items', { shop: 'no-such-shop', product_id: picks.textiles[0], amount: 1 })).status).toBe(404);
    const v = picks.textilesVariants[0]!;
    const r = await c.post('/api/cart/items', { shop: SHOP, product_id: v.id, amount: 1 });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json().error.fields)[0]).toMatch(/^variant\./);
    // The shop of the host is used when no slug is given.
    const ok = await c.request('POST', '/api/cart/items', { body: { product_id: picks.cafeOnDemand[1], amount: 1 }, host: `${SHOP}.localhost` });
    expect(ok.status).toBe(200);
  });

  it('merges the anonymous cart at login without losing an item', async () => {
    const c = await shopper();
    const [a, b] = [picks.textiles[3]!, picks.textiles[4]!];
    await setStock(a, 10);
    await setStock(b, 0);
    await c.post('/api/cart/items', { shop: SHOP, product_id: a, amount: 2 });
    const v = picks.textilesVariants[0]!;
    const choice = Object.fromEntries(Object.entries(v.variants).map(([k, vals]) => [k, vals[0]]));
    const r = await c.post('/api/cart/merge', {
      shop: SHOP,
      items: [
        { product_id: a, amount: 3 }, { product_id: a, amount: 9 }, { product_id: b, amount: 1 }, { product_id: picks.cafeOnDemand[0], amount: 0 },
        { product_id: v.id, variant: choice, amount: 1 }, { product_id: '00000000-0000-4000-8000-000000000000', amount: 1 },
      ],
    });
    expect(r.status, r.text).toBe(200);
    const cart = r.json();
    const lines = cart.orders.flatMap((o: { products: unknown[] }) => o.products);
    expect(lines.find((l: { product_id: string }) => l.product_id === a).amount).toBe(10);
    expect(cart.notices).toEqual(expect.arrayContaining([
      expect.objectContaining({ code: 'quantity_exceeded', product_id: a, requested: 14 }),
      expect.objectContaining({ code: 'out_of_stock', product_id: b }),
      expect.objectContaining({ code: 'not_found' }),
    ]));
    // The out-of-stock item is kept, flagged on its line.
    expect(lines.find((l: { product_id: string }) => l.product_id === b)).toMatchObject({ problem: { code: 'out_of_stock' } });
    expect(lines.find((l: { product_id: string }) => l.product_id === v.id).variant).toEqual(choice);
    expect(lines.some((l: { product_id: string }) => l.product_id === picks.cafeOnDemand[0])).toBe(false);
  });

  it('shares the cart through a public link that keeps its first slug', async () => {
    const c = await shopper();
    await c.post('/api/cart/items', { shop: SHOP, product_id: picks.cafeOnDemand[0], amount: 2 });
    const first = (await c.post('/api/cart/share', { shop: SHOP })).json();
    expect(first.already_generated).toBe(false);
    const second = (await c.post('/api/cart/share', { shop: SHOP })).json();
    expect(second).toMatchObject({ slug: first.slug, already_generated: true });
    const shared = await new Client().get(`/api/cart/shared/${first.slug}`);
    expect(shared.status).toBe(200);
    expect(shared.json()).toMatchObject({ shop: SHOP, items: [{ product_id: picks.cafeOnDemand[0], amount: 2 }] });
    expect((await new Client().get('/api/cart/shared/nope-nope')).status).toBe(404);
  });
});
