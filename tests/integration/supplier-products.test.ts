// A supplier's catalogue over HTTP against the demo server (proveedor@demo.test is the Textiles del Bajío supplier):
// create, list with filters, sort and paging, read, change, delete and bulk changes; refusals (401 signed out, 403 not
// a supplier, 404 another supplier's item, 400 with fields for bad input); photo uploads; the OpenAPI document.
// What the items then do on the storefront is in supplier-products-storefront.test.ts, CSV in supplier-products-csv.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks } from './checkout.fixtures.ts';
import { cleanUp, newItem, TOKEN } from './supplier-products.fixtures.ts';

const supplier = new Client();
const picks = demoPicks();
/** An item of another supplier (Café de Altura). */
const foreign = picks.cafeOnDemand[0]!;
const created: string[] = [];
/** In the names of the list's items only. */
const LIST = `l${TOKEN}`;

beforeAll(async () => {
  await supplier.login('proveedor@demo.test');
});
afterAll(async () => { await cleanUp(supplier, created); });

async function create(body: Record<string, unknown>) {
  const r = await newItem(supplier, body);
  expect(r.status, r.text).toBe(201);
  created.push(r.json().id);
  return r.json();
}

describe('who may call it', () => {
  it('answers 401 signed out and 403 to a user who is not a supplier', async () => {
    const anon = new Client();
    expect((await anon.get('/api/supplier/products')).status).toBe(401);
    expect((await anon.post('/api/supplier/products', { name: 'x', list_price: 100 })).status).toBe(401);
    const customer = new Client();
    await customer.login('cliente@demo.test');
    for (const r of [
      await customer.get('/api/supplier/products'),
      await customer.post('/api/supplier/products', { name: 'x', list_price: 100 }),
      await customer.post('/api/supplier/products/bulk', { action: 'publish', ids: [foreign] }),
      await customer.get('/api/supplier/products/export.csv'),
    ]) {
      expect(r.status).toBe(403);
      expect(r.json().error.code).toBe('forbidden');
    }
  });

  it('answers 404 for another supplier\'s item, whatever the call', async () => {
    expect((await supplier.get(`/api/supplier/products/${foreign}`)).status).toBe(404);
    expect((await supplier.request('PATCH', `/api/supplier/products/${foreign}`, { body: { list_price: 1 } })).status).toBe(404);
    expect((await supplier.request('DELETE', `/api/supplier/products/${foreign}`)).status).toBe(404);
    // Still there, unchanged.
    expect((await new Client().get(`/api/products/${foreign}`)).status).toBe(200);
  });
});

describe('create, read, change, delete', () => {
  it('creates an item of the supplier: owner, supplier, slug from the name, unpublished, rich description sanitised', async () => {
    const p = await create({
      name: `Rebozo Ñandú ${TOKEN}`, list_price: 45000, crossout_price: 52000, contribution_margin: 9000, tags: ['rebozo', TOKEN],
      photos: ['https://example.com/rebozo.jpg'], weight_g: 350, length_cm: 30, width_cm: 20, height_cm: 5,
      description: '<p>Tejido <strong>a mano</strong><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">ver</a></p>',
    });
    expect(p).toMatchObject({
      name: `Rebozo Ñandú ${TOKEN}`, slug: `rebozo-nandu-${TOKEN}`, list_state: 'unpublished', hiden: false, type: 'product', currency: 'MXN',
      list_price: 45000, crossout_price: 52000, contribution_margin: 9000, weight_g: 350, stock_type: 'onstock', stock_on_hand: 0,
      available: 0, in_stores: 0, url: `/productos/${p.owner}/${p.id}`, variant_stock: [],
    });
    expect(p.supplier_id).toBeTruthy();
    expect(p.description).toContain('<strong>a mano</strong>');
    expect(p.description).not.toMatch(/script|onerror|javascript:/);
    // The same name again: the next free slug.
    const again = await create({ name: `Rebozo Ñandú ${TOKEN}`, list_price: 100 });
    expect(again.slug).toBe(`rebozo-nandu-${TOKEN}-2`);
    expect((await supplier.get(`/api/supplier/products/${p.id}`)).json()).toMatchObject({ id: p.id, slug: p.slug });
  });

  it('changes only the fields sent, checking the whole item again', async () => {
    const p = await create({ name: `Morral ${TOKEN}`, list_price: 30000, contribution_margin: 5000, tags: ['morral'], stock_on_hand: 12 });
    const r = await supplier.request('PATCH', `/api/supplier/products/${p.id}`, { body: { list_price: 32000, list_state: 'published' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toMatchObject({ list_price: 32000, list_state: 'published', contribution_margin: 5000, tags: ['morral'], stock_on_hand: 12, slug: p.slug });
    // The stored price (32000) is what the new margin is checked against.
    const bad = await supplier.request('PATCH', `/api/supplier/products/${p.id}`, { body: { contribution_margin: 32000 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['contribution_margin']);
    expect((await supplier.request('PATCH', `/api/supplier/products/${p.id}`, { body: {} })).status).toBe(400);
    // A slug another item of the supplier has.
    const other = await create({ name: `Morral chico ${TOKEN}`, list_price: 100 });
    const clash = await supplier.request('PATCH', `/api/supplier/products/${other.id}`, { body: { slug: p.slug } });
    expect(clash.status).toBe(400);
    expect(clash.json().error.fields).toHaveProperty('slug');
  });

  it('deletes an item no order names', async () => {
    const p = await create({ name: `Borrar ${TOKEN}`, list_price: 100 });
    const r = await supplier.request('DELETE', `/api/supplier/products/${p.id}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toEqual({ deleted: true });
    expect((await supplier.get(`/api/supplier/products/${p.id}`)).status).toBe(404);
  });
});

describe('bad input answers 400 with fields', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a margin not below the price', { name: 'x', list_price: 1000, contribution_margin: 1000 }, 'contribution_margin'],
    ['a crossed-out price not above the price', { name: 'x', list_price: 1000, crossout_price: 900 }, 'crossout_price'],
    ['variant stock for a value the item does not have', { name: 'x', list_price: 1000, variants: { Talla: ['S'] }, variant_stock: [{ variant: { Talla: 'XL' }, stock_on_hand: 1 }] }, 'variant_stock.0.variant'],
    ['variant stock twice for one variant', { name: 'x', list_price: 1000, variants: { Talla: ['S'] }, variant_stock: [{ variant: { Talla: 'S' }, stock_on_hand: 1 }, { variant: { Talla: 'S' }, stock_on_hand: 2 }] }, 'variant_stock.1.variant'],
    ['variant stock on an item made on demand', { name: 'x', list_price: 1000, stock_type: 'ondemand', variants: { Talla: ['S'] }, variant_stock: [{ variant: { Talla: 'S' }, stock_on_hand: 1 }] }, 'variant_stock'],
    ['a name that is too long', { name: 'x'.repeat(151), list_price: 1000 }, 'name'],
    ['a javascript: photo', { name: 'x', list_price: 1000, photos: ['javascript:alert(1)'] }, 'photos.0'],
    ['an experience without its date', { name: 'x', list_price: 1000, type: 'experience' }, 'experience_date'],
    ['a place on a product', { name: 'x', list_price: 1000, experience_place: 'Aquí' }, 'type'],
    ['a price with decimals', { name: 'x', list_price: 10.5 }, 'list_price'],
    // Issue 26: only the currencies the platform sells in (MXN, USD, EUR, GBP).
    ['a currency the platform does not sell in', { name: 'x', list_price: 1000, currency: 'XXX' }, 'currency'],
    ['a currency in lower case', { name: 'x', list_price: 1000, currency: 'usd' }, 'currency'],
  ];
  it.each(cases)('%s', async (_name, body, field) => {
    const r = await supplier.post('/api/supplier/products', body);
    expect(r.status, r.text).toBe(400);
    expect(r.json().error.code).toBe('validation_error');
    expect(r.json().error.fields, r.text).toHaveProperty([field]);
  });

  it('NUL bytes', async () => {
    const r = await supplier.post('/api/supplier/products', { name: 'a\u0000b', list_price: 1000 });
    expect(r.status).toBe(400);
    expect(r.json().error.code).toBe('invalid_characters');
  });

  it('a currency change to one the platform does not sell in is a field error too; a supported one is kept', async () => {
    const p = await create({ name: `Moneda ${TOKEN}`, list_price: 1000, currency: 'EUR' });
    expect(p.currency).toBe('EUR');
    const bad = await supplier.request('PATCH', `/api/supplier/products/${p.id}`, { body: { currency: 'XXX' }, headers: { 'accept-language': 'en' } });
    expect(bad.status, bad.text).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['currency']);
    expect(bad.json().error.fields.currency[0]).toMatch(/option/i);
    expect((await supplier.get(`/api/supplier/products/${p.id}`)).json().currency).toBe('EUR');
  });

  it('answers field messages in the request\'s language', async () => {
    const r = await supplier.post('/api/supplier/products', { name: 'x', list_price: 1000, contribution_margin: 2000 }, { headers: { 'accept-language': 'en' } });
    expect(r.json().error.fields.contribution_margin).toEqual(['The contribution margin must be below the price']);
  });
});

describe('the list: filters, sort, paging, bulk changes', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const mk = async (k: string, body: Record<string, unknown>) => [k, (await create({ name: `Lista ${k} ${LIST}`, ...body })).id] as const;
    ids = Object.fromEntries(await Promise.all([
      mk('a', { list_price: 3000, stock_on_hand: 10, tags: [`t${TOKEN}`] }),
      mk('b', { list_price: 1000, stock_on_hand: 2 }),
      mk('c', { list_price: 2000, stock_on_hand: 0 }),
      mk('d', { list_price: 4000, stock_type: 'ondemand', type: 'service' }),
    ]));
  });
  const list = async (q: string) => {
    const r = await supplier.get(`/api/supplier/products?text=${LIST}&${q}`);
    expect(r.status, r.text).toBe(200);
    return r.json() as { results: { id: string; name: string }[]; matches_estimated: number };
  };
  const names = (l: { results: { name: string }[] }) => l.results.map((x) => x.name.split(' ')[1]);

  it('sorts and pages', async () => {
    expect(names(await list('sort=list_price&limit=2'))).toEqual(['b', 'c']);
    const second = await list('sort=list_price&limit=2&offset=2');
    expect(names(second)).toEqual(['a', 'd']);
    expect(second.matches_estimated).toBe(4);
    expect(names(await list('sort=-name'))).toEqual(['d', 'c', 'b', 'a']);
  });

  it('filters by type, stock state, tag and list state', async () => {
    expect(names(await list('type=service'))).toEqual(['d']);
    expect(names(await list('stock=out'))).toEqual(['c']);
    expect(names(await list('stock=low'))).toEqual(['b']);
    expect(names(await list('stock=ondemand'))).toEqual(['d']);
    expect(names(await list('stock=available&sort=name'))).toEqual(['a', 'b']);
    expect(names(await list(`tag=T${TOKEN}`))).toEqual(['a']);
    expect(names(await list('list_state=published'))).toEqual([]);
    expect((await supplier.get('/api/supplier/products?stock=plenty')).status).toBe(400);
  });

  it('publishes, hides and shows several at once; other suppliers\' ids are left alone', async () => {
    const r = await supplier.post('/api/supplier/products/bulk', { action: 'publish', ids: [ids.a, ids.b] });
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toEqual({ updated: 2 });
    expect(names(await list('list_state=published&sort=name'))).toEqual(['a', 'b']);
    expect((await supplier.post('/api/supplier/products/bulk', { action: 'hide', ids: [ids.a] })).json()).toEqual({ updated: 1 });
    expect(names(await list('hiden=true'))).toEqual(['a']);
    expect((await supplier.post('/api/supplier/products/bulk', { action: 'show', ids: [ids.a] })).json()).toEqual({ updated: 1 });
    // Another supplier's item in the list is not counted, and stays published.
    expect((await supplier.post('/api/supplier/products/bulk', { action: 'unpublish', ids: [ids.a, ids.b, foreign] })).json()).toEqual({ updated: 2 });
    expect((await new Client().get(`/api/products/${foreign}`)).status).toBe(200);
    expect((await supplier.post('/api/supplier/products/bulk', { action: 'explode', ids: [ids.a] })).status).toBe(400);
  });
});

describe('the workspace links to the wallet (issue 26)', () => {
  it('every workspace page has a wallet link; it opens the supplier\'s wallet', async () => {
    for (const path of ['/apps/me/products', '/apps/me/supplier/panel', '/apps/me/supplier']) {
      const page = await supplier.get(path);
      expect(page.status, path).toBe(200);
      const href = /<a href="(\/[a-z0-9-]+\/monedero)" data-testid="supplier-wallet"[^>]*>Mi monedero<\/a>/.exec(page.text)?.[1];
      expect(href, path).toBeTruthy();
      const wallet = await supplier.get(href!);
      expect(wallet.status).toBe(200);
      expect(wallet.text).toMatch(/<h1[^>]*>Mi monedero<\/h1>/);
    }
  });
});

describe('photo uploads', () => {
  it('stores a product photo for the supplier and answers its /media address', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(readFileSync('tests/fixtures/uploads/valid.png'))], { type: 'image/png' }), 'foto.png');
    const res = await fetch(new URL('/api/supplier/uploads', inject('baseUrl')), {
      method: 'POST', body: form, headers: { cookie: [...supplier.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': supplier.defaults['x-forwarded-for']! },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.url).toMatch(/^\/media\//);
    const p = await create({ name: `Con foto ${TOKEN}`, list_price: 100, photos: [body.url] });
    expect(p.photos).toEqual([body.url]);
    expect((await new Client().post('/api/supplier/uploads')).status).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('lists every supplier product endpoint', async () => {
    const doc = (await new Client().get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/supplier/products', '/api/supplier/products/{id}', '/api/supplier/products/bulk', '/api/supplier/products/export.csv',
      '/api/supplier/products/import', '/api/supplier/uploads',
    ]));
    expect(Object.keys(doc.paths['/api/supplier/products/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths['/api/supplier/products'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('contribution_margin');
  });
});
