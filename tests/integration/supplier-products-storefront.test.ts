// What a supplier's items do on the storefront, over HTTP against the demo server: a price change reaches the
// (cached) page of a shop that resells the item within a second; the product page shows the sanitised rich
// description and an experience's place and capacity; the seed's card links answer 301 to the item's page; courier
// rates weigh the items (weight or volume); an item orders name cannot be deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/shared/money.ts';
import { Client } from '../support/http.ts';
import { readyCheckoutHttp, signUp } from './checkout.fixtures.ts';
import { cleanUp, newItem, offerInShop, SHOP, TOKEN } from './supplier-products.fixtures.ts';

const supplier = new Client();
const created: string[] = [];

beforeAll(async () => {
  await supplier.login('proveedor@demo.test');
});
afterAll(async () => { await cleanUp(supplier, created); });

/** A published item of the supplier that demo-03 offers. */
async function inShop(body: Record<string, unknown>) {
  const r = await newItem(supplier, { list_state: 'published', stock_on_hand: 40, ...body });
  expect(r.status, r.text).toBe(201);
  const p = r.json();
  created.push(p.id);
  await offerInShop(p.id);
  return p as { id: string; owner: string; slug: string; type: string };
}

describe('a change reaches every shop that resells the item', () => {
  it('shows the new price on the anonymous (cached) product page within a second', async () => {
    const p = await inShop({ name: `Cobija ${TOKEN}`, list_price: 19950 });
    const page = `/${SHOP}/productos/${p.owner}/${p.id}`;
    const visitor = () => new Client().get(page);
    const first = await visitor();
    expect(first.status).toBe(200);
    expect(first.text).toContain(formatMoney(19950, 'MXN', 'es'));
    // Cached now: another anonymous visitor gets the kept rendering (once the notifications of the item's creation,
    // which may arrive late on a loaded machine, have passed).
    await expect.poll(async () => (await visitor()).headers['x-page-cache'], { timeout: 5000 }).toBe('hit');
    const r = await supplier.request('PATCH', `/api/supplier/products/${p.id}`, { body: { list_price: 24900 } });
    expect(r.status, r.text).toBe(200);
    const changedAt = Date.now();
    const fresh = formatMoney(24900, 'MXN', 'es');
    let seen = false;
    // Within a second on a quiet machine; the bound leaves room for a loaded one.
    while (Date.now() - changedAt < 5000) {
      if ((await visitor()).text.includes(fresh)) { seen = true; break; }
    }
    expect(seen, 'the new price within 5 s').toBe(true);
  });
});

describe('a stock change renders again only the pages that show the item', () => {
  it('keeps every other cached page while one item\'s stock moves; its cards going to the last units or sold out render them again', async () => {
    // A and B share a tag no other item has: each is the other's related item, shown as a card on its page.
    const a = await inShop({ name: `Jarro ${TOKEN}`, list_price: 15000, tags: [TOKEN] });
    const b = await inShop({ name: `Plato ${TOKEN}`, list_price: 16000, tags: [TOKEN] });
    const pageA = `/${SHOP}/productos/${a.owner}/${a.id}`;
    const pageB = `/${SHOP}/productos/${b.owner}/${b.id}`;
    const first = (await new Client().get(pageB)).text;
    expect(first).toContain(`Jarro ${TOKEN}`);
    expect(first).not.toContain('state-lastAvailable');
    const cache = async (path: string) => (await new Client().get(path)).headers['x-page-cache'];
    // Other files' writes on this shared server may invalidate a page at any moment: warm until it is a hit.
    const warm = async () => { for (const path of [pageA, pageB]) await expect.poll(() => cache(path), { timeout: 5000 }).toBe('hit'); };
    await warm();
    const stock = async (id: string, n: number) => {
      const r = await supplier.request('PATCH', `/api/supplier/products/${id}`, { body: { stock_on_hand: n } });
      expect(r.status, r.text).toBe(200);
    };
    /** Whether `path` stops being a cache hit within 5 s (a loaded machine may deliver the notification late). */
    const renderedAgain = async (path: string) => {
      const until = Date.now() + 5000;
      while (Date.now() < until) if ((await cache(path)) !== 'hit') return true;
      return false;
    };
    // 40 -> 39: A's cards read the same; only A's own page (its quantity limit) is rendered again (coalesced every
    // 500 ms), B, which shows A as a card, stays cached.
    await stock(a.id, 39);
    expect(await renderedAgain(pageA), 'the changed item\'s page rendered again within 5 s').toBe(true);
    expect(await cache(pageB)).toBe('hit');
    // Down to the last units: A's card now says so, so the page showing it is rendered again.
    await warm();
    await stock(a.id, 5);
    expect(await renderedAgain(pageB), 'the page with A\'s card rendered again within 5 s').toBe(true);
    expect((await new Client().get(pageB)).text).toContain('state-lastAvailable');
    // Selling out changes lists (and what any page may show): every page is rendered again.
    await warm();
    await stock(a.id, 0);
    expect(await renderedAgain(pageB), 'a sell-out reaches the other pages within 5 s').toBe(true);
  });
});

describe('the product page', () => {
  it('shows the rich description sanitised below the plain one, and an experience\'s place and capacity', async () => {
    const p = await inShop({
      type: 'experience', name: `Recorrido ${TOKEN}`, list_price: 80000, experience_date: '2031-05-10T10:00:00-06:00',
      experience_place: 'Mercado de Tlacolula, Oaxaca', experience_capacity: 30, plain_description: 'Texto plano del recorrido.',
      description: '<p>Con <strong>comida incluida</strong></p><script>alert(1)</script><p><a href="javascript:alert(2)">mapa</a></p>',
    });
    const r = await new Client().get(`/${SHOP}/experiencias/${p.owner}/${p.id}`);
    expect(r.status).toBe(200);
    expect(r.text).toContain('Mercado de Tlacolula, Oaxaca');
    expect(r.text).toContain('Cupo: 30 personas');
    expect(r.text).toContain('<strong>comida incluida</strong>');
    expect(r.text.indexOf('Texto plano del recorrido.')).toBeLessThan(r.text.indexOf('comida incluida'));
    expect(r.text).not.toContain('alert(1)');
    expect(r.text).not.toContain('javascript:');
    const en = await new Client().get(`/${SHOP}/experiencias/${p.owner}/${p.id}`, { headers: { 'accept-language': 'en' } });
    expect(en.text).toContain('Capacity: 30 people');
  });
});

describe('the seed\'s card links answer with the item\'s page', () => {
  let p: { id: string; owner: string; slug: string };
  beforeAll(async () => { p = await inShop({ name: `Tapete ${TOKEN}`, list_price: 5000 }); });

  it('on the platform: /negocios/{slug or owner}/products/{id} and /profiles/{owner}/... go to /productos/{owner}/{id}', async () => {
    const target = `/productos/${p.owner}/${p.id}`;
    for (const path of [
      `/negocios/textiles-del-bajio/products/${p.id}`, `/negocios/${p.owner}/products/${p.id}`,
      `/profiles/${p.owner}/products/${p.id}`, `/negocios/textiles-del-bajio/products/${p.slug}`,
    ]) {
      const r = await new Client().get(path);
      expect(r.status, path).toBe(301);
      expect(r.headers.location, path).toBe(target);
    }
    expect((await new Client().get(target)).status).toBe(200);
  });

  it('inside a shop: to the shop\'s own page of the item (path and subdomain)', async () => {
    const byPath = await new Client().get(`/${SHOP}/negocios/${p.owner}/products/${p.id}`);
    expect(byPath.status).toBe(301);
    expect(byPath.headers.location).toBe(`/${SHOP}/productos/${p.owner}/${p.id}`);
    const bySub = await new Client().get(`/profiles/${p.owner}/products/${p.id}`, { host: `${SHOP}.localhost` });
    expect(bySub.status).toBe(301);
    expect(bySub.headers.location).toBe(`/productos/${p.owner}/${p.id}`);
  });

  it('answers 404 for an unknown item, owner or kind, and for an item the shop does not offer', async () => {
    for (const path of [
      `/negocios/textiles-del-bajio/products/00000000-0000-4000-8000-000000000000`, `/negocios/nadie-${TOKEN}/products/${p.id}`,
      `/negocios/textiles-del-bajio/cosas/${p.id}`, `/profiles/${p.owner}/services/no-such-slug`,
    ]) expect((await new Client().get(path)).status, path).toBe(404);
    const elsewhere = await newItem(supplier, { name: `Solo plataforma ${TOKEN}`, list_price: 100, list_state: 'published' });
    created.push(elsewhere.json().id);
    expect((await new Client().get(`/${SHOP}/negocios/${p.owner}/products/${elsewhere.json().id}`)).status).toBe(404);
  });
});

describe('courier rates weigh the items', () => {
  const standardA = async (productId: string, amount = 1) => {
    const buyer = new Client();
    await signUp(buyer);
    const ck = await readyCheckoutHttp(buyer, SHOP, [{ product_id: productId, amount }]);
    const r = await buyer.post(`/api/checkout/${ck.id}/rates`, { postal_code: '03100' });
    expect(r.status, r.text).toBe(200);
    const opt = r.json().options.find((o: { delivery_type: string; rate_id?: string }) => o.delivery_type === 'shipping' && o.rate_id?.startsWith('economica.'));
    await buyer.request('DELETE', `/api/checkout/${ck.id}`);
    return opt as { cost: number; rate_id: string };
  };

  it('by weight_g (1 kg when none is given), by volume when that is larger', async () => {
    const plain = await inShop({ name: `Sin peso ${TOKEN}`, list_price: 1000 });
    const heavy = await inShop({ name: `Pesado ${TOKEN}`, list_price: 1000, weight_g: 6000 });
    const bulky = await inShop({ name: `Voluminoso ${TOKEN}`, list_price: 1000, weight_g: 500, length_cm: 40, width_cm: 40, height_cm: 40 });
    // Zone A (03100); bands up to 1, 5, 10, 25 kg.
    expect(await standardA(plain.id)).toMatchObject({ cost: 9900, rate_id: 'economica.standard.A.0' });
    expect(await standardA(plain.id, 3)).toMatchObject({ cost: 14900, rate_id: 'economica.standard.A.1' });
    expect(await standardA(heavy.id)).toMatchObject({ cost: 19900, rate_id: 'economica.standard.A.2' });
    // 40 x 40 x 40 cm = 64,000 cm³ / 5000 = 12.8 kg counted, though it weighs 0.5 kg.
    expect(await standardA(bulky.id)).toMatchObject({ cost: 29900, rate_id: 'economica.standard.A.3' });
  });
});

describe('deleting an item orders name', () => {
  it('answers 409 product_has_orders: unpublish or hide it instead', async () => {
    const p = await inShop({ name: `Vendido ${TOKEN}`, list_price: 1500 });
    const buyer = new Client();
    await signUp(buyer);
    const ck = await readyCheckoutHttp(buyer, SHOP, [{ product_id: p.id, amount: 1 }]);
    const paid = await buyer.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: ck.token });
    expect(paid.status, paid.text).toBe(200);
    const r = await supplier.request('DELETE', `/api/supplier/products/${p.id}`);
    expect(r.status).toBe(409);
    expect(r.json().error.code).toBe('product_has_orders');
    expect((await supplier.get(`/api/supplier/products/${p.id}`)).json()).toMatchObject({ stock_on_hand: 39, stock_reserved: 0 });
  });
});
