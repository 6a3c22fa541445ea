// 'Buy by' over HTTP (seed 001 §6): level one and two users add a dropshipping item at the net price the server
// computes (list price less margin x the shop's plan rate), in the cart and in a buy-now checkout; level 0 is refused
// (403), a non-dropshipping item too (400). The product page shows the button and, for level one, the free-store link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { cleanUp, newItem, offerInShop, SHOP, TOKEN } from './supplier-products.fixtures.ts';

const supplier = new Client();
const created: string[] = [];
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });
afterAll(async () => { await cleanUp(supplier, created); });

async function inShop(body: Record<string, unknown>) {
  const r = await newItem(supplier, { list_state: 'published', stock_on_hand: 40, list_price: 19950, contribution_margin: 4000, ...body });
  expect(r.status, r.text).toBe(201);
  const p = r.json();
  created.push(p.id);
  await offerInShop(p.id);
  return p as { id: string; owner: string };
}

async function as(email: string) {
  const c = new Client();
  await c.login(email);
  return c;
}

describe('buy by', () => {
  it('adds the line at the net price the server computes, in the cart and at checkout', async () => {
    const p = await inShop({ name: `Rebozo ${TOKEN}` });
    const admin = await as('admin03@demo.test');
    const earning = (await admin.get(`/api/shops/${SHOP}/items/${p.id}`)).json().resale_earning as number;
    expect(earning).toBeGreaterThan(0);
    const r = await admin.post('/api/cart/items', { shop: SHOP, product_id: p.id, amount: 2, buy_by: true });
    expect(r.status, r.text).toBe(200);
    const line = r.json().orders.flatMap((o: { products: unknown[] }) => o.products).find((l: { product_id: string }) => l.product_id === p.id);
    expect(line).toMatchObject({ unit_price: 19950 - earning, line_total: 2 * (19950 - earning), buy_by: true });
    // A plain add turns the line back to the list price.
    const plain = (await admin.post('/api/cart/items', { shop: SHOP, product_id: p.id, amount: 1 })).json();
    expect(plain.orders.flatMap((o: { products: unknown[] }) => o.products).find((l: { product_id: string }) => l.product_id === p.id)).toMatchObject({ unit_price: 19950 });
    await admin.request('DELETE', `/api/cart/items/${line.item_id}?shop=${SHOP}`);
    // Buy-now with the flag: the checkout's lines are priced by the server.
    const ck = await admin.post('/api/checkout', { shop: SHOP, buy_now: true, items: [{ product_id: p.id, amount: 1, buy_by: true }] });
    expect(ck.status, ck.text).toBe(201);
    expect(ck.json().items_total).toBe(19950 - earning);
    await admin.request('DELETE', `/api/checkout/${ck.json().id}`);
  });

  it('is refused for level 0 (403) and for an item that is not dropshipping (400)', async () => {
    const p = await inShop({ name: `Jarrón ${TOKEN}` });
    const own = await inShop({ name: `Propio ${TOKEN}`, is_dropshipping: false });
    const customer = await as('cliente@demo.test');
    expect((await customer.post('/api/cart/items', { shop: SHOP, product_id: p.id, amount: 1, buy_by: true })).status).toBe(403);
    expect((await customer.post('/api/checkout', { shop: SHOP, buy_now: true, items: [{ product_id: p.id, amount: 1, buy_by: true }] })).status).toBe(403);
    const admin = await as('admin03@demo.test');
    const bad = await admin.post('/api/cart/items', { shop: SHOP, product_id: own.id, amount: 1, buy_by: true });
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields.buy_by).toBeDefined();
  });

  it('shows the button to level one and two (with the free-store link for level one), never to others', async () => {
    const p = await inShop({ name: `Tapete ${TOKEN}` });
    const page = `/${SHOP}/productos/${p.owner}/${p.id}`;
    const one = await (await as('emprendedor@demo.test')).get(page);
    expect(one.text).toContain('data-testid="buy-by"');
    expect(one.text).toContain('href="/asistentes/emprendedores"');
    const two = await (await as('admin03@demo.test')).get(page);
    expect(two.text).toContain('data-testid="buy-by"');
    expect(two.text).not.toContain('data-testid="create-free-store"');
    const anon = await new Client().get(page);
    expect(anon.text).not.toContain('data-testid="buy-by"');
    expect(anon.text).not.toContain('data-testid="share-tracked"');
    expect(two.text).toContain('data-testid="share-tracked"');
  });
});
