// What a write makes stale in the page cache, over HTTP against the demo server (PGlite, and PostgreSQL in the
// postgres project) (issue 29): a price change of item X, or X selling out, renders again the page that shows X
// and keeps cached a page of X's shop that neither shows X nor lists anything X's change can move, and the pages of
// another shop; a theme published by one shop leaves another shop's pages cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/shared/money.ts';
import { Client } from '../support/http.ts';
import { cleanUp, newItem, offerInShop, SHOP, TOKEN } from './supplier-products.fixtures.ts';

const OTHER = 'demo-basic';
const supplier = new Client();
const owner = new Client();
const created: string[] = [];
let pageX = '';
let pageY = '';
let otherProduct = '';
const otherHome = `/${OTHER}/`;

/** A published item of the supplier that only demo-03 offers, with a tag of its own (no related items). */
async function inShop(body: Record<string, unknown>) {
  const r = await newItem(supplier, { list_state: 'published', stock_on_hand: 40, ...body });
  expect(r.status, r.text).toBe(201);
  const p = r.json() as { id: string; owner: string };
  created.push(p.id);
  await offerInShop(p.id);
  return `/${SHOP}/productos/${p.owner}/${p.id}`;
}

beforeAll(async () => {
  await supplier.login('proveedor@demo.test');
  await owner.login('admin03@demo.test');
  pageX = await inShop({ name: `Tetera ${TOKEN}`, list_price: 31000, tags: [`${TOKEN}x`] });
  pageY = await inShop({ name: `Taza ${TOKEN}`, list_price: 9000, tags: [`${TOKEN}y`] });
  const list = (await new Client().get(`/api/shops/${OTHER}/products?type=product&limit=1`)).json() as { results: { id: string; owner: string }[] };
  const first = list.results[0]!;
  otherProduct = `/${OTHER}/productos/${first.owner}/${first.id}`;
});
afterAll(async () => { await cleanUp(supplier, created); });

const cache = async (path: string) => (await new Client().get(path)).headers['x-page-cache'];
/** Other files' writes on this shared server may invalidate a page at any moment: warm until each is a hit. */
async function warm(paths: string[]) {
  for (const path of paths) await expect.poll(() => cache(path), { timeout: 10_000 }).toBe('hit');
}
/** Whether `path` stops being a cache hit within 5 s (a loaded machine may deliver the notification late). */
async function renderedAgain(path: string) {
  const until = Date.now() + 5000;
  while (Date.now() < until) if ((await cache(path)) !== 'hit') return true;
  return false;
}
async function patchX(body: Record<string, unknown>) {
  const r = await supplier.request('PATCH', `/api/supplier/products/${created[0]}`, { body });
  expect(r.status, r.text).toBe(200);
}

describe('a write makes stale only what it can change', () => {
  it("a price change of X: X's page is rendered again; another item's page of the shop and another shop's pages stay cached", async () => {
    await warm([pageX, pageY, otherProduct, otherHome]);
    await patchX({ list_price: 32500 });
    expect(await renderedAgain(pageX), "X's page rendered again within 5 s").toBe(true);
    // Served stale for at most PAGE_CACHE_STOCK_REFRESH_MS while it renders again.
    await expect.poll(async () => (await new Client().get(pageX)).text.includes(formatMoney(32500, 'MXN', 'es')), { timeout: 5000 }).toBe(true);
    expect(await cache(pageY)).toBe('hit');
    expect(await cache(otherProduct)).toBe('hit');
    expect(await cache(otherHome)).toBe('hit');
  });

  it('X selling out: the same', async () => {
    await warm([pageX, pageY, otherProduct, otherHome]);
    await patchX({ stock_on_hand: 0 });
    expect(await renderedAgain(pageX), "X's page rendered again within 5 s").toBe(true);
    expect(await cache(pageY)).toBe('hit');
    expect(await cache(otherProduct)).toBe('hit');
    expect(await cache(otherHome)).toBe('hit');
  });

  it("a theme published by X's shop renders its pages again and leaves another shop's pages cached", async () => {
    await warm([pageY, otherProduct, otherHome]);
    const published = await owner.post(`/api/shops/${SHOP}/admin/theme/publish`, {});
    expect(published.status, published.text).toBe(200);
    expect(await renderedAgain(pageY), "the shop's page rendered again within 5 s").toBe(true);
    expect(await cache(otherProduct)).toBe('hit');
    expect(await cache(otherHome)).toBe('hit');
  });
});
