// Cart and checkout dead ends (issue 27), over HTTP against the demo server: a purchase whose time ran out offers to
// start again with the same cart (a form the page handles, with or without script) and the way back to the cart; the
// cart counts units held by the shopper's own checkout as theirs, says where they are and links there.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { Client } from '../support/http.ts';
import { demoPicks, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
// Demo items other files use too: their stock is put back at the end (integration files run one at a time).
const A = picks.textiles[10]!; // items no other file buys (payments.test.ts takes 16-21)
const B = picks.textiles[11]!;
const supplier = new Client();
const original = new Map<string, number>();
beforeAll(async () => {
  await supplier.login('proveedor@demo.test');
  for (const id of [A, B]) original.set(id, (await supplier.get(`/api/supplier/products/${id}/stock`)).json().stock_on_hand);
});
afterAll(async () => {
  for (const [id, n] of original) await supplier.request('PUT', `/api/supplier/products/${id}/stock`, { body: { stock_on_hand: n } });
});
const setStock = async (id: string, n: number) => expect((await supplier.request('PUT', `/api/supplier/products/${id}/stock`, { body: { stock_on_hand: n } })).status).toBe(200);
/** The page as read: islands' props (their texts) left out. */
const visible = (html: string) => html.replace(/ props="[^"]*"/g, '');
const postForm = (c: Client, path: string, fields: Record<string, string>, lang = 'es-MX') =>
  c.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang } });
/** The closed checkout's box as the page renders it. */
const closedBox = (html: string) => /data-testid="checkout-closed"[\s\S]*?<\/div>\s*<\/div>/.exec(visible(html))?.[0] ?? '';

describe('a checkout that is over is never a dead end', () => {
  it('a canceled purchase links back to the cart; asking to start it again says why not, in the request\'s language', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(A, 5);
    expect((await c.post('/api/cart/items', { shop: SHOP, product_id: A, amount: 1 })).status).toBe(200);
    const ck = (await c.post('/api/checkout', { shop: SHOP, supplier_id: picks.suppliers.textiles })).json();
    expect((await c.request('DELETE', `/api/checkout/${ck.id}`)).json().status).toBe('canceled');
    const page = await c.get(`/${SHOP}/comprar/${ck.id}`, { headers: { 'accept-language': 'es-MX' } });
    expect(page.status).toBe(200);
    const box = closedBox(page.text);
    expect(box).toContain('Esta compra ya terminó.');
    expect(box).toContain(`href="/${SHOP}/carrito"`);
    expect(box).toContain('Volver al carrito');
    // A canceled purchase is not started again from here (the cart starts a new one).
    expect(box).not.toContain('name="action" value="restart"');
    const refused = await postForm(c, `/${SHOP}/comprar/${ck.id}`, { action: 'restart' }, 'en-US');
    expect(refused.status).toBe(409);
    const en = closedBox(refused.text);
    expect(en).toContain('role="alert"');
    expect(en).toMatch(/start again from the cart/i);
    expect(en).toContain('Back to the cart');
  });

  it('a purchase whose time ran out starts again with the same lines from its page, without script', async (ctx) => {
    ctx.skip(!inject('serverDatabaseUrl'), "PostgreSQL only: it needs a second connection to the server's database to let the time run out (PGlite is opened by the server process alone)");
    const c = new Client();
    await signUp(c);
    await setStock(A, 5);
    expect((await c.post('/api/cart/items', { shop: SHOP, product_id: A, amount: 2 })).status).toBe(200);
    const ck = (await c.post('/api/checkout', { shop: SHOP, supplier_id: picks.suppliers.textiles })).json();
    const sql = new pg.Client({ connectionString: inject('serverDatabaseUrl')! });
    await sql.connect();
    try { await sql.query("update checkouts set expires_at = now() - interval '1 minute' where id = $1", [ck.id]); } finally { await sql.end(); }
    for (const [lang, title, button] of [['es-MX', 'Se acabó el tiempo para esta compra.', 'Empezar de nuevo con el mismo carrito'], ['en-US', 'The time for this purchase ran out.', 'Start again with the same cart']] as const) {
      const page = await c.get(`/${SHOP}/comprar/${ck.id}`, { headers: { 'accept-language': lang } });
      const box = closedBox(page.text);
      expect(box).toContain(title);
      expect(box).toContain(`action="/${SHOP}/comprar/${ck.id}"`);
      expect(box).toContain('name="action" value="restart"');
      expect(box).toContain(button);
      expect(box).toContain(`href="/${SHOP}/carrito"`);
    }
    const again = await postForm(c, `/${SHOP}/comprar/${ck.id}`, { action: 'restart' });
    expect(again.status, again.text.slice(0, 300)).toBe(303);
    expect(again.headers.location).toBe(`/${SHOP}/comprar/${ck.id}`);
    const v = (await c.get(`/api/checkout/${ck.id}`)).json();
    expect(v).toMatchObject({ status: 'open', payable: true });
    expect(v.lines.map((l: { product_id: string; amount: number }) => [l.product_id, l.amount])).toEqual([[A, 2]]);
    expect(v.seconds_left).toBeGreaterThan(800);
    const page = await c.get(`/${SHOP}/comprar/${ck.id}`);
    expect(visible(page.text)).not.toContain('data-testid="checkout-closed"');
    await c.request('DELETE', `/api/checkout/${ck.id}`);
  });
});

describe('units held by the shopper\'s own checkout', () => {
  it('the cart order whose checkout holds the last units is not out of stock: it links to that checkout and pays again', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(A, 2);
    expect((await c.post('/api/cart/items', { shop: SHOP, product_id: A, amount: 2 })).status).toBe(200);
    const ck = (await c.post('/api/checkout', { shop: SHOP, supplier_id: picks.suppliers.textiles })).json();
    expect(ck.status).toBe('open');
    const cart = (await c.get(`/api/cart?shop=${SHOP}`, { headers: { 'accept-language': 'es-MX' } })).json();
    const order = cart.orders.find((o: { supplier: { id: string } }) => o.supplier.id === picks.suppliers.textiles);
    expect(order.blocked).toBeNull();
    expect(order.held_checkout).toMatchObject({ id: ck.id });
    expect(order.products.find((l: { product_id: string }) => l.product_id === A)).toMatchObject({ problem: null, available: 2 });
    for (const [lang, text] of [['es-MX', 'Continuar esa compra'], ['en-US', 'Continue that purchase']] as const) {
      const page = visible((await c.get(`/${SHOP}/carrito`, { headers: { 'accept-language': lang } })).text);
      expect(page).toContain(`href="/${SHOP}/comprar/${ck.id}"`);
      expect(page).toContain(text);
      expect(page).not.toMatch(/Producto agotado|Out of stock/);
    }
    // 'Pagar pedido' (no script) starts the order again: the earlier checkout gives its units back in the same step.
    const pay = await postForm(c, `/${SHOP}/carrito`, { action: 'checkout', supplier_id: picks.suppliers.textiles });
    expect(pay.status, visible(pay.text).slice(0, 400)).toBe(303);
    expect(pay.headers.location).toMatch(new RegExp(`^/${SHOP}/comprar/[0-9a-f-]{36}$`));
    expect((await c.get(`/api/checkout/${ck.id}`)).json().status).toBe('canceled');
    await c.request('DELETE', `/api/checkout/${pay.headers.location!.split('/').pop()}`);
  });

  it('units held by the shopper\'s own \'buy now\' checkout: the cart line says so and links to it', async () => {
    const c = new Client();
    await signUp(c);
    await setStock(B, 1);
    expect((await c.post('/api/cart/items', { shop: SHOP, product_id: B, amount: 1 })).status).toBe(200);
    const now = (await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: B, amount: 1 }], buy_now: true })).json();
    const cart = (await c.get(`/api/cart?shop=${SHOP}`)).json();
    const line = cart.orders.flatMap((o: { products: { product_id: string }[] }) => o.products).find((l: { product_id: string }) => l.product_id === B);
    expect(line.problem).toMatchObject({ code: 'held_in_checkout', checkout_id: now.id });
    const page = visible((await c.get(`/${SHOP}/carrito`, { headers: { 'accept-language': 'es-MX' } })).text);
    expect(page).toContain('Apartado en otra de tus compras en curso.');
    expect(page).toContain(`href="/${SHOP}/comprar/${now.id}"`);
    await c.request('DELETE', `/api/checkout/${now.id}`);
  });
});

describe('the guest cart is rendered on the server', () => {
  it('the lines the browser mirrors in its cookie are on the page before any script runs, with the server\'s names and prices', async () => {
    const item = (await supplier.get(`/api/supplier/products/${A}`)).json();
    const c = new Client();
    c.jar.set(`cart_${SHOP}`, encodeURIComponent(JSON.stringify([[A, 2]])));
    const page = await c.get(`/${SHOP}/carrito`, { headers: { 'accept-language': 'es-MX' } });
    expect(page.status).toBe(200);
    const html = visible(page.text);
    expect(html.match(/class="cart-line"/g)).toHaveLength(1);
    expect(html).toContain(item.name.replace(/&/g, '&amp;'));
    expect(html).toMatch(/Pagar pedido/);
    // 'Pagar pedido' is a link that works before the island runs: the guest's checkout start with the lines.
    const pay = /<a class="btn cart-pay" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(pay).toBeDefined();
    const to = new URL(pay!, 'http://x');
    expect(to.pathname).toBe(`/${SHOP}/comprar/nuevo`);
    expect(JSON.parse(to.searchParams.get('items')!)).toEqual([{ product_id: A, variant: {}, amount: 2 }]);
    expect(html).not.toContain('cart-empty-box');
  });

  it('an empty cart says so at once; no cookie, or a bad one, leaves the cart to the browser (never an error)', async () => {
    const c = new Client();
    c.jar.set(`cart_${SHOP}`, '0');
    const empty = visible((await c.get(`/${SHOP}/carrito`, { headers: { 'accept-language': 'en-US' } })).text);
    expect(empty).toContain('cart-empty-box');
    for (const bad of [undefined, 'x', encodeURIComponent('[["not-a-uuid",1]]'), encodeURIComponent(JSON.stringify([[A, 0]])), encodeURIComponent('{"a":1}')]) {
      const g = new Client();
      if (bad !== undefined) g.jar.set(`cart_${SHOP}`, bad);
      const r = await g.get(`/${SHOP}/carrito`);
      expect(r.status, String(bad)).toBe(200);
      expect(visible(r.text)).not.toContain('cart-empty-box');
      expect(visible(r.text)).not.toContain('class="cart-line"');
    }
  });
});

describe('price order never mixes currencies', () => {
  type Item = { id: string; currency: string; list_price: number };
  const SHOPS = ['demo-03', 'demo-04', 'demo-01', 'demo-02', 'red-demo'];
  async function all(c: Client, slug: string, type: string, sort: string): Promise<Item[]> {
    const out: Item[] = [];
    for (let offset = 0; offset < 2000; offset += 100) {
      const r = await c.get(`/api/shops/${slug}/products?type=${type}&limit=100&offset=${offset}&sort=${sort}`);
      if (r.status !== 200) break;
      const page = r.json().results as Item[];
      out.push(...page);
      if (page.length < 100) break;
    }
    return out;
  }
  /** Contiguous currency groups, MXN first, each in price order. */
  function expectGrouped(items: Item[], dir: 1 | -1) {
    const groups: string[] = [];
    for (const i of items) if (groups.at(-1) !== i.currency) groups.push(i.currency);
    expect(new Set(groups).size, groups.join(' ')).toBe(groups.length);
    if (groups.includes('MXN')) expect(groups[0]).toBe('MXN');
    expect(groups.slice(1)).toEqual([...groups.slice(1)].sort());
    for (const g of groups) {
      const prices = items.filter((i) => i.currency === g).map((i) => i.list_price);
      expect(prices).toEqual([...prices].sort((a, b) => dir * (a - b)));
    }
  }

  it('items are grouped by currency (the home currency first), in price order within each, both ways, on the API and the page', async () => {
    const c = new Client();
    let checked = 0;
    for (const slug of SHOPS) {
      for (const type of ['product', 'service']) {
        const asc = await all(c, slug, type, 'list_price');
        if (new Set(asc.map((i) => i.currency)).size < 2) continue;
        checked++;
        expectGrouped(asc, 1);
        expectGrouped(await all(c, slug, type, '-list_price'), -1);
        // The storefront's first page is the API's first page.
        if (type === 'product') {
          const html = (await c.get(`/${slug}/productos?sort=list_price`)).text;
          const ids = [...html.matchAll(/class="item-card" data-item-id="([0-9a-f-]{36})"/g)].map((m) => m[1]);
          expect(ids.length).toBeGreaterThan(0);
          expect(ids).toEqual(asc.slice(0, ids.length).map((i) => i.id));
        }
      }
    }
    // The demo has items in USD and EUR beside MXN in some shop's lists (src/db/seed/demo.ts guaranteeRareCases).
    expect(checked).toBeGreaterThan(0);
  });
});

describe('the purchases list\'s delivery filter', () => {
  it('names each way of delivery once', async () => {
    const c = new Client();
    await signUp(c);
    for (const [lang, home] of [['es-MX', 'Entrega a domicilio'], ['en-US', 'Home delivery']] as const) {
      const html = visible((await c.get(`/${SHOP}/mis-compras`, { headers: { 'accept-language': lang } })).text);
      const select = /<select name="delivery_type"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
      const labels = [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]!.trim());
      expect(labels.length).toBeGreaterThan(3);
      expect(new Set(labels).size, labels.join(' | ')).toBe(labels.length);
      expect(labels.filter((l) => l === home)).toHaveLength(1);
    }
  });
});

describe('the spec\'s buy paths', () => {
  it('the buy pages show no cart icon; the cart page does', async () => {
    const c = new Client();
    await signUp(c);
    const ck = (await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: picks.cafeOnDemand[0]!, amount: 1 }], buy_now: true })).json();
    const buy = await c.get(`/${SHOP}/comprar/${ck.id}`);
    expect(buy.status).toBe(200);
    expect(buy.text).not.toContain('class="cart-button"');
    const guest = await new Client().get(`/${SHOP}/comprar/nuevo?items=${encodeURIComponent(JSON.stringify([{ product_id: picks.cafeOnDemand[0], amount: 1 }]))}`);
    expect(guest.status).toBe(200);
    expect(guest.text).not.toContain('class="cart-button"');
    expect((await c.get(`/${SHOP}/carrito`)).text).toContain('class="cart-button"');
    await c.request('DELETE', `/api/checkout/${ck.id}`);
  });

  it('/comprar-articulo and /pagado answer with today\'s pages: 301 for the same page by id, 302 to the nearest without one', async () => {
    const c = new Client();
    const id = '0b6c7a3e-1d2f-4a5b-8c9d-0e1f2a3b4c5d';
    const cases: [string, number, string | null][] = [
      [`/${SHOP}/comprar-articulo`, 302, `/${SHOP}/carrito`],
      [`/${SHOP}/comprar-articulo/${id}`, 301, `/${SHOP}/comprar/${id}`],
      [`/${SHOP}/comprar-articulo?id=${id}`, 301, `/${SHOP}/comprar/${id}`],
      [`/${SHOP}/pagado`, 302, `/${SHOP}/mis-compras`],
      [`/${SHOP}/pagado/${id.toUpperCase()}`, 301, `/${SHOP}/mis-compras/${id}`],
      [`/${SHOP}/pagado/no-es-un-id`, 404, null],
    ];
    for (const [path, status, to] of cases) {
      const r = await c.get(path);
      expect(r.status, path).toBe(status);
      if (to) expect(r.headers.location, path).toBe(to);
    }
  });
});
