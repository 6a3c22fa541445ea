// Search: the service on a fresh database (PGlite in memory, or PostgreSQL in the postgres project) and the
// results pages and API on the built server with the demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { Client } from '../support/http.ts';
import { products, profiles, shopProducts, shops } from '../../src/db/schema/index.ts';
import { searchShopItems } from '../../src/domain/search/service.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
const SHOP = '00000000-0000-4000-8000-0000000000a1';
const OTHER_SHOP = '00000000-0000-4000-8000-0000000000a2';
const OWNER = '00000000-0000-4000-8000-0000000000b1';
const pid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface Item { n: number; name: string; type?: 'product' | 'service' | 'experience'; price?: number; description?: string; tags?: string[];
  hiden?: boolean; unpublished?: boolean; disabled?: boolean; shop?: string | null; pos?: number }
const ITEMS: Item[] = [
  { n: 1, name: 'Café de olla', price: 15000, pos: 5 },
  { n: 2, name: 'CAFÉ VERACRUZ tueste medio', price: 32000, pos: 1 },
  { n: 3, name: 'Taza para café', price: 9000, pos: 0 },
  { n: 4, name: 'Molinillo manual', description: 'Ideal para moler café de grano', price: 45000, pos: 2 },
  { n: 5, name: 'Prensa francesa', tags: ['cafetera', 'cocina'], price: 52000, pos: 3 },
  { n: 6, name: 'camisa de lino', price: 89000, pos: 4 },
  { n: 7, name: 'Camisa Bordada', price: 99000, pos: 6 },
  { n: 8, name: 'Curso de café', type: 'service', price: 120000, pos: 7 },
  { n: 9, name: 'Café oculto', hiden: true, pos: 8 },
  { n: 10, name: 'Café borrador', unpublished: true, pos: 9 },
  { n: 11, name: 'Café deshabilitado', disabled: true, pos: 10 },
  { n: 12, name: 'Café de otra tienda', shop: OTHER_SHOP, pos: 0 },
  { n: 13, name: 'Descuento 100% algodón', price: 1000, pos: 11 },
  { n: 14, name: 'Cafetera italiana', price: 70000, pos: 12 },
  { n: 15, name: 'Café Chiapas', price: 21000, pos: 2 },
];

beforeAll(async () => {
  h = await freshDb();
  await h.db.insert(profiles).values({ id: OWNER, name: 'Proveedor', slug: 'proveedor-search', main_type: 'dssupplier' });
  const theme = { color1: '#123456', color2: '#654321', columns: 2, signup_form: 'basic', slider_info: [], header_info: null, sections_info: ['products'] };
  await h.db.insert(shops).values([
    { id: SHOP, slug: 'tienda-busqueda', name: 'Tienda búsqueda', store_theme_info: theme as never },
    { id: OTHER_SHOP, slug: 'otra-tienda', name: 'Otra tienda', store_theme_info: theme as never },
  ]);
  await h.db.insert(products).values(ITEMS.map((i) => ({
    id: pid(i.n), owner: OWNER, type: i.type ?? 'product', slug: `item-${i.n}`, name: i.name, list_price: i.price ?? 10000,
    plain_description: i.description ?? '', tags: i.tags ?? [], hiden: i.hiden ?? false, disabled: i.disabled ?? false,
    list_state: i.unpublished ? 'unpublished' as const : 'published' as const, stock_on_hand: 10,
  })));
  await h.db.insert(shopProducts).values(ITEMS.map((i) => ({ shop_id: i.shop ?? SHOP, product_id: pid(i.n), queue_position: i.pos ?? 0 })));
  await h.exec('ANALYZE');
});
afterAll(async () => { await h?.dispose(); });

const shop = { id: SHOP };
const names = async (text: string, more: Partial<Parameters<typeof searchShopItems>[2]> = {}) =>
  (await searchShopItems(h.db, shop, { text, type: 'product', offset: 0, limit: 50, ...more })).results.map((r) => r.name);

describe('searchShopItems (service)', () => {
  it('ignores accents and case: "cafe" finds "Café", "CAMISA" finds "camisa"', async () => {
    const cafe = await names('cafe');
    expect(cafe).toEqual(expect.arrayContaining(['Café de olla', 'CAFÉ VERACRUZ tueste medio', 'Taza para café']));
    expect(await names('CAMISA')).toEqual(expect.arrayContaining(['camisa de lino', 'Camisa Bordada']));
    expect(await names('CAFÉ')).toEqual(cafe);
    expect(await names('  Café   ')).toEqual(cafe);
  });

  it('matches words of tags and description by prefix, every word of a multi-word text', async () => {
    expect(await names('cafe')).toContain('Molinillo manual'); // description
    expect(await names('cafetera')).toEqual(expect.arrayContaining(['Prensa francesa', 'Cafetera italiana'])); // tag, name
    expect(await names('camisa lino')).toEqual(['camisa de lino']);
    expect(await names('lino camisa')).toEqual(['camisa de lino']);
  });

  it('ranks names starting with the text first, then names with it as a word, then the rest; shorter names, then the shop\'s order', async () => {
    const cafe = await names('cafe');
    const at = (n: string) => cafe.indexOf(n);
    // Name starting with the whole word: the shorter name first; equal lengths in the shop's order (Chiapas 2, olla 5).
    expect(cafe.slice(0, 3)).toEqual(['Café Chiapas', 'Café de olla', 'CAFÉ VERACRUZ tueste medio']);
    expect(at('CAFÉ VERACRUZ tueste medio')).toBeLessThan(at('Cafetera italiana')); // starts with it, not as a word
    expect(at('Cafetera italiana')).toBeLessThan(at('Taza para café')); // a word inside the name
    expect(at('Taza para café')).toBeLessThan(at('Molinillo manual')); // only in the description
    expect(at('Taza para café')).toBeLessThan(at('Prensa francesa')); // only in the tags ('cafetera')
  });

  it('falls back to near matches of one word when nothing matches strictly (plurals, slips)', async () => {
    expect(await names('camisas')).toEqual(expect.arrayContaining(['camisa de lino', 'Camisa Bordada']));
    expect(await names('zzzzzz')).toEqual([]);
  });

  it('never shows hidden, unpublished, disabled items, items of another shop or of another type', async () => {
    const cafe = await names('cafe');
    for (const n of ['Café oculto', 'Café borrador', 'Café deshabilitado', 'Café de otra tienda', 'Curso de café']) expect(cafe).not.toContain(n);
    expect(await names('cafe', { type: 'service' })).toEqual(['Curso de café']);
  });

  it('finds nothing for an empty text, spaces, or without a shop', async () => {
    for (const text of ['', '   ', null, undefined]) {
      expect(await searchShopItems(h.db, shop, { text, type: 'product', offset: 0, limit: 10 })).toEqual({ results: [], matches_estimated: 0 });
    }
    expect(await searchShopItems(h.db, null, { text: 'cafe', type: 'product', offset: 0, limit: 10 })).toEqual({ results: [], matches_estimated: 0 });
  });

  it('treats LIKE wildcards as text', async () => {
    expect(await names('%')).toEqual([]); // one character: only words that start with it, and none does
    expect(await names('_')).toEqual([]);
    expect(await names('0%')).toEqual(['Descuento 100% algodón']); // the literal character, not "anything"
    expect(await names('100%')).toEqual(['Descuento 100% algodón']);
  });

  it('pages with offset/limit and answers {results, matches_estimated}', async () => {
    const all = await searchShopItems(h.db, shop, { text: 'cafe', type: 'product', offset: 0, limit: 50 });
    expect(all.matches_estimated).toBe(all.results.length);
    expect(all.matches_estimated).toBeGreaterThanOrEqual(5);
    const p1 = await searchShopItems(h.db, shop, { text: 'cafe', type: 'product', offset: 0, limit: 2 });
    const p2 = await searchShopItems(h.db, shop, { text: 'cafe', type: 'product', offset: 2, limit: 2 });
    expect(p1.results).toHaveLength(2);
    expect(p2.results).toHaveLength(2);
    expect(p1.matches_estimated).toBe(all.matches_estimated);
    expect(p2.matches_estimated).toBe(all.matches_estimated);
    expect([...p1.results, ...p2.results].map((r) => r.id)).toEqual(all.results.slice(0, 4).map((r) => r.id));
    const past = await searchShopItems(h.db, shop, { text: 'cafe', type: 'product', offset: 40, limit: 2 });
    expect(past).toEqual({ results: [], matches_estimated: all.matches_estimated });
  });

  it('sorts by price when asked (-list_price descending, list_price ascending)', async () => {
    const desc = (await searchShopItems(h.db, shop, { text: 'cafe', type: 'product', sort: '-list_price', offset: 0, limit: 50 })).results.map((r) => r.list_price);
    expect(desc.length).toBeGreaterThan(3);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const asc = (await searchShopItems(h.db, shop, { text: 'cafe', type: 'product', sort: 'list_price', offset: 0, limit: 50 })).results.map((r) => r.list_price);
    expect(asc).toEqual([...desc].reverse());
  });

  it('keeps the folded name and document in indexed generated columns (the SQL functions are immutable)', async () => {
    const res = await h.db.execute(sql`select proname, provolatile from pg_proc where proname in ('f_unaccent', 'f_search_name', 'f_search_document') order by proname`);
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { proname: string; provolatile: string }[];
    expect(rows.map((r) => [r.proname, r.provolatile])).toEqual([['f_search_document', 'i'], ['f_search_name', 'i'], ['f_unaccent', 'i']]);
    const idx = await h.db.execute(sql`select indexname from pg_indexes where tablename = 'products' and indexname like 'products_search_%' order by indexname`);
    const cols = await h.db.execute(sql`select search_name from products where id = ${pid(2)}`);
    expect(((Array.isArray(cols) ? cols : (cols as { rows: unknown[] }).rows) as { search_name: string }[])[0]!.search_name).toBe('cafe veracruz tueste medio');
    const ix = ((Array.isArray(idx) ? idx : (idx as { rows: unknown[] }).rows) as { indexname: string }[]).map((r) => r.indexname);
    expect(ix).toEqual(['products_search_document', 'products_search_name_trgm']);
  });
});

describe('search over HTTP (demo data)', () => {
  const c = new Client();
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

  it('GET /api/shops/{slug}/search is accent- and case-insensitive and finds nothing for empty text', async () => {
    const a = (await c.get('/api/shops/demo-03/search?text=CAFE&limit=5')).json();
    const b = (await c.get(`/api/shops/demo-03/search?text=${encodeURIComponent('café')}&limit=5`)).json();
    expect(a.matches_estimated).toBeGreaterThan(0);
    expect(a).toEqual(b);
    expect(fold(a.results[0].name)).toContain('cafe');
    expect((await c.get('/api/shops/demo-03/search?text=')).json()).toEqual({ results: [], matches_estimated: 0 });
    expect((await c.get('/api/shops/demo-03/search?text=%20%20')).json()).toEqual({ results: [], matches_estimated: 0 });
    expect((await c.get('/api/shops/no-existe/search?text=cafe')).status).toBe(404);
    expect((await c.get('/api/shops/demo-03/search?text=cafe&type=nada')).status).toBe(400);
  });

  it('redirects the search bar form (?q=&t=) to the canonical filter address of the chosen type', async () => {
    const r = await c.get(`/demo-03/productos?t=servicios&q=${encodeURIComponent('  Café ')}`);
    expect([302, 303]).toContain(r.status);
    expect(r.headers.location).toBe('/demo-03/servicios?filter=%22caf%C3%A9%22*');
    const sub = await c.get('/productos?t=experiencias&q=Kayak', { host: 'demo-04.localhost' });
    expect(sub.headers.location).toBe('/experiencias?filter=%22kayak%22*');
    const bad = await c.get('/demo-03/servicios?t=nada&q=x');
    expect(bad.headers.location).toBe('/demo-03/servicios?filter=%22x%22*');
  });

  it('renders the results of ?filter="text"* with the text, the count and the cards', async () => {
    const api = (await c.get('/api/shops/demo-03/search?text=cafe&limit=36')).json();
    const r = await c.get(`/demo-03/productos?filter=${encodeURIComponent('"café"*')}`);
    expect(r.status).toBe(200);
    expect(r.text).toContain('Resultados para «café»');
    const ids = [...r.text.matchAll(/data-item-id="([0-9a-f-]{36})"/g)].map((m) => m[1]);
    expect(ids).toEqual(api.results.map((x: { id: string }) => x.id));
    expect(r.text).toContain('<meta name="robots" content="noindex"');
    const none = await c.get(`/demo-03/productos?filter=${encodeURIComponent('"zzzzqqq"*')}`);
    expect(none.status).toBe(200);
    expect(none.text).toContain('No se encontraron resultados');
  });

  it('lists every item of a type without a filter: 36 products or 18 services a page, sorted', async () => {
    const all = (await c.get('/api/shops/demo-03/products?type=product&limit=100')).json();
    const cardIds = (html: string) => [...html.matchAll(/class="item-card" data-item-id="([0-9a-f-]{36})"/g)].map((m) => m[1]);
    const p1 = cardIds((await c.get('/demo-03/productos')).text);
    const p2 = cardIds((await c.get('/demo-03/productos?page=2')).text);
    expect(p1).toHaveLength(Math.min(36, all.matches_estimated));
    expect(p1).toEqual(all.results.slice(0, 36).map((x: { id: string }) => x.id));
    expect(p2).toEqual(all.results.slice(36, 72).map((x: { id: string }) => x.id));
    const services = cardIds((await c.get('/demo-03/servicios')).text);
    expect(services.length).toBeLessThanOrEqual(18);
    expect(services.length).toBeGreaterThan(0);
    const byPrice = (await c.get('/api/shops/demo-03/products?type=product&limit=36&sort=-list_price')).json();
    const prices = byPrice.results.map((x: { list_price: number }) => x.list_price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
    expect(cardIds((await c.get('/demo-03/productos?sort=-list_price')).text)).toEqual(byPrice.results.map((x: { id: string }) => x.id));
  });

  it('answers an unknown type with the shop\'s 404', async () => {
    const r = await c.get('/demo-03/zapatos');
    expect(r.status).toBe(404);
    expect(r.text).toContain('¡Página no encontrada!');
    expect(r.text).toContain('data-theme-pack="03"');
    const sub = await c.get('/zapatos', { host: 'demo-03.localhost' });
    expect(sub.status).toBe(404);
    expect(sub.text).toContain('data-theme-pack="03"');
  });
});
