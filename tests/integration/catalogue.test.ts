// Catalogue pages, item detail, the card fragment and the shop admin's item endpoint: the service on a fresh
// database and the built server with the demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb } from '../support/db.ts';
import { Client } from '../support/http.ts';
import { catalogueProducts, catalogues, plans, products, profiles, shopProducts, shops } from '../../src/db/schema/index.ts';
import { getShopCatalogue, getShopItem, listCatalogueItems, searchShopCatalogues } from '../../src/domain/catalog/service.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import type { ShopRow } from '../../src/domain/shops/repo.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SHOP = uuid(9001);
const OWNER = uuid(9002);
const USER_PROFILE = uuid(9003);

describe('catalogues and detail (service)', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  let shop: ShopRow;
  beforeAll(async () => {
    h = await freshDb();
    await h.db.insert(profiles).values([
      { id: OWNER, name: 'Proveedor', slug: 'proveedor-cat', main_type: 'dssupplier' },
      { id: USER_PROFILE, name: 'Emprendedora', slug: 'emprendedora-cat' },
    ]);
    await h.db.insert(plans).values({ id: 'plan_profesional', name: 'Plan Profesional', price: 19900, contribution_margin: 9950, plan_commission_rate: '0.5' }).onConflictDoNothing();
    const theme = { color1: '#123456', color2: '#654321', columns: 2, signup_form: 'basic', slider_info: [], header_info: null, sections_info: ['products'] };
    [shop] = await h.db.insert(shops).values({ id: SHOP, slug: 'tienda-catalogos', name: 'Tienda catálogos', store_theme_info: theme as never }).returning() as [ShopRow];
    // 65 items; the catalogue holds them in reverse order of creation (its own zero-based positions).
    await h.db.insert(products).values(Array.from({ length: 65 }, (_, i) => ({
      id: uuid(i + 1), owner: OWNER, type: 'product' as const, slug: `p-${i + 1}`, name: i === 7 ? 'Camisa de lino' : `Artículo ${i + 1}`,
      list_price: 10000 + i, contribution_margin: 16867, stock_on_hand: i % 7, list_state: i === 3 ? 'unpublished' as const : 'published' as const,
    })));
    await h.db.insert(shopProducts).values(Array.from({ length: 60 }, (_, i) => ({ shop_id: SHOP, product_id: uuid(i + 1), queue_position: i })));
    await h.db.insert(catalogues).values([
      { id: uuid(8001), shop_id: SHOP, slug: 'temporada', name: 'Temporada de Café' },
      { id: uuid(8002), shop_id: SHOP, slug: 'otros', name: 'Otros' },
    ]);
    await h.db.insert(catalogueProducts).values(Array.from({ length: 65 }, (_, i) => ({ catalogue_id: uuid(8001), product_id: uuid(65 - i), queue_position: i })));
  });
  afterAll(async () => { await h?.dispose(); });

  it('pages a catalogue 30 at a time in its zero-based order, without unpublished items', async () => {
    const c = await getShopCatalogue(h.db, shop, 'temporada');
    const p1 = await listCatalogueItems(h.db, shop, c, { offset: 0, limit: 30 });
    const p2 = await listCatalogueItems(h.db, shop, c, { offset: 30, limit: 30 });
    const p3 = await listCatalogueItems(h.db, shop, c, { offset: 60, limit: 30 });
    expect(p1.matches_estimated).toBe(64);
    expect([p1.results.length, p2.results.length, p3.results.length]).toEqual([30, 30, 4]);
    const ids = [...p1.results, ...p2.results, ...p3.results].map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: 65 }, (_, i) => uuid(65 - i)).filter((id) => id !== uuid(4)));
    expect(p1.results.map((r) => r.queue_position)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // Items 61..65 are in the catalogue but not in the store.
    expect(p1.results[0]).toMatchObject({ id: uuid(65), in_store: false });
    expect(p3.results.at(-1)).toMatchObject({ id: uuid(1), in_store: true });
  });

  it('filters a catalogue by text and the catalogue list by name, ignoring accents and case', async () => {
    const c = await getShopCatalogue(h.db, shop, 'temporada');
    expect((await listCatalogueItems(h.db, shop, c, { text: 'CAMISA', offset: 0, limit: 30 })).results.map((r) => r.name)).toEqual(['Camisa de lino']);
    expect((await searchShopCatalogues(h.db, shop, { name: 'cafe', offset: 0, limit: 30 })).results.map((r) => r.slug)).toEqual(['temporada']);
    expect((await searchShopCatalogues(h.db, shop, { name: '', offset: 0, limit: 30 })).matches_estimated).toBe(2);
    await expect(getShopCatalogue(h.db, shop, 'no-existe')).rejects.toMatchObject({ code: 'not_found' });
    await expect(getShopCatalogue(h.db, shop, '../x')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('finds an item offered in the store or a catalogue only, with the resale earning for levels one and two', async () => {
    const viewer = (level: 'ul0' | 'ul1' | 'ul2' | 'ul3'): Viewer => ({
      kind: 'user', anonymousId: uuid(1), sessionId: 's', user: { id: uuid(7000), email: 'e@x', name: 'E', profile_id: USER_PROFILE, user_level: level },
    });
    const anon: Viewer = { kind: 'anonymous', anonymousId: uuid(1) };
    const ref = { owner: OWNER, id: uuid(62) }; // in the catalogue only
    expect((await getShopItem(h.db, shop, anon, ref, { showResaleInfo: true })).resale_earning).toBeNull();
    expect((await getShopItem(h.db, shop, viewer('ul0'), ref, { showResaleInfo: true })).resale_earning).toBeNull();
    expect((await getShopItem(h.db, shop, viewer('ul1'), ref, { showResaleInfo: true })).resale_earning).toBe(8434); // 168.67 x 0.5
    expect((await getShopItem(h.db, shop, viewer('ul2'), ref, { showResaleInfo: true })).resale_earning).toBe(8434);
    expect((await getShopItem(h.db, shop, viewer('ul1'), ref, { showResaleInfo: false })).resale_earning).toBeNull();
    expect((await getShopItem(h.db, shop, viewer('ul1'), { owner: 'proveedor-cat', id: 'p-62' }, { showResaleInfo: true })).id).toBe(uuid(62));
    await expect(getShopItem(h.db, shop, anon, { owner: USER_PROFILE, id: uuid(62) }, { showResaleInfo: true })).rejects.toMatchObject({ code: 'not_found' });
    await expect(getShopItem(h.db, shop, anon, { owner: OWNER, id: uuid(4) }, { showResaleInfo: true })).rejects.toMatchObject({ code: 'not_found' });
    await expect(getShopItem(h.db, shop, anon, { owner: OWNER, id: uuid(99) }, { showResaleInfo: true })).rejects.toMatchObject({ code: 'not_found' });
    await expect(getShopItem(h.db, shop, anon, { owner: OWNER, id: 'not a uuid' }, { showResaleInfo: true })).rejects.toMatchObject({ code: 'not_found' });
  });
});

// ---------- over HTTP, demo data ----------

const c = new Client();
const cardIds = (html: string) => [...html.matchAll(/class="item-card" data-item-id="([0-9a-f-]{36})"/g)].map((m) => m[1]!);
const cardNames = (html: string) => [...html.matchAll(/class="item-name">([^<]+)</g)].map((m) => m[1]!);
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface ApiItem { id: string; owner: string; name: string; type: string; hide_price?: boolean; available: number; stock_type: string; sold_out: boolean; experience_date: string | null; queue_position: number; photo: string | null }
async function shopItems(slug: string): Promise<ApiItem[]> {
  const out: ApiItem[] = [];
  for (const type of ['product', 'service', 'experience']) out.push(...(await c.get(`/api/shops/${slug}/products?type=${type}&limit=100`)).json().results);
  return out;
}
const ROUTE: Record<string, string> = { product: 'productos', service: 'servicios', experience: 'experiencias' };
const detailPath = (slug: string, i: Pick<ApiItem, 'type' | 'owner' | 'id'>) => `/${slug}/${ROUTE[i.type]}/${i.owner}/${i.id}`;

describe('catalogue pages', () => {
  it('lists the shop\'s catalogues with a name search (CataloguesDubaluFilter)', async () => {
    const r = await c.get('/demo-03/catalogos');
    expect(r.status).toBe(200);
    for (const name of ['Novedades', 'Moda y textiles', 'Café y cocina']) expect(r.text).toContain(name);
    expect(r.text).toContain('href="/demo-03/catalogos/novedades"');
    const grid = (html: string) => [...(/<ul class="catalogue-grid">(.*?)<\/ul>/s.exec(html)?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(grid(r.text)).toEqual(expect.arrayContaining(['/demo-03/catalogos/novedades', '/demo-03/catalogos/moda-y-textiles']));
    expect(grid((await c.get('/demo-03/catalogos?CataloguesDubaluFilter=NOVEDADES')).text)).toEqual(['/demo-03/catalogos/novedades']);
    expect(grid((await c.get('/demo-03/catalogos?CataloguesDubaluFilter=cafe')).text)).toEqual(['/demo-03/catalogos/cafe-y-cocina']);
    expect(grid((await c.get('/demo-03/catalogos?page=2')).text)).toEqual([]);
    const none = await c.get('/demo-03/catalogos?CataloguesDubaluFilter=zzzz');
    expect(none.status).toBe(200);
    expect(none.text).toContain('Ningún catálogo coincide con «zzzz»');
  });

  it('pages a catalogue 30 at a time (page 2 differs from page 1), in the catalogue\'s order', async () => {
    const pages = [];
    for (let p = 1; p <= 4; p++) pages.push(await c.get(`/demo-03/catalogos/novedades${p > 1 ? `?page=${p}` : ''}`));
    for (const p of pages) expect(p.status).toBe(200);
    const [p1, p2, p3, p4] = pages.map((p) => cardIds(p.text));
    expect(p1).toHaveLength(30);
    expect(p2!.length).toBeGreaterThan(0);
    expect(p2!.length).toBeLessThanOrEqual(30);
    expect(p1!.filter((id) => p2!.includes(id))).toEqual([]);
    const all = [...p1!, ...p2!, ...p3!, ...p4!];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(60);
    // Novedades holds the shop's first items in the shop's order: the positions only grow.
    const pos = new Map((await shopItems('demo-03')).map((i) => [i.id, i.queue_position]));
    const seq = all.map((id) => pos.get(id)).filter((p): p is number => p !== undefined);
    expect(seq).toEqual([...seq].sort((a, b) => a - b));
    expect(pages[0]!.text).toContain('rel="next"');
    expect(pages[1]!.text).toContain('aria-current="page"');
    // The catalogue list counts what a shopper can see, as the pages do (novedades holds unpublished items too).
    const listed = (await c.get('/api/shops/demo-03/catalogues')).json().results.find((x: { slug: string }) => x.slug === 'novedades');
    expect(listed.num_products).toBe(all.length);
  });

  it('searches within the catalogue (cataloguesFilter), shows breadcrumb, share link and the live grid', async () => {
    const r = await c.get('/demo-03/catalogos/moda-y-textiles?cataloguesFilter=CAMISA');
    expect(r.status).toBe(200);
    const names = cardNames(r.text);
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(fold(n)).toContain('camisa');
    const page = await c.get('/demo-03/catalogos/novedades');
    expect(page.text).toMatch(/<nav class="breadcrumb"[^>]*>.*href="\/demo-03\/catalogos">Catálogos<\/a>.*Novedades/s);
    expect(page.text).toMatch(/value="http:\/\/demo-03\.localhost(:\d+)?\/catalogos\/novedades"/);
    expect(page.text).toContain('data-live-items="any"');
    expect(page.text).toContain('data-catalogue="novedades"');
    const own = await c.get('/catalogos/ofertas', { host: 'tienda-04.example' });
    expect(own.status).toBe(200);
    expect(own.text).toContain('value="https://tienda-04.example/catalogos/ofertas"');
  });

  it('answers an unknown catalogue with the shop\'s 404', async () => {
    for (const r of [await c.get('/demo-03/catalogos/no-existe'), await c.get('/catalogos/no-existe', { host: 'demo-03.localhost' })]) {
      expect(r.status).toBe(404);
      expect(r.text).toContain('¡Página no encontrada!');
      expect(r.text).toContain('data-theme-pack="03"');
    }
  });
});

describe('item detail', () => {
  let items: ApiItem[];
  let others: ApiItem[];
  beforeAll(async () => {
    items = await shopItems('demo-03');
    const mine = new Set(items.map((i) => i.id));
    others = (await shopItems('demo-04')).filter((i) => !mine.has(i.id));
  });

  it('shows each stock state\'s text, and "concluded" for a past experience', async () => {
    const onstock = (i: ApiItem) => i.stock_type === 'onstock' && !i.experience_date;
    const pick = {
      Disponible: items.find((i) => onstock(i) && !i.sold_out && i.available > 5),
      'Últimos disponibles': items.find((i) => onstock(i) && !i.sold_out && i.available > 0 && i.available <= 5),
      'Sobre pedido': items.find((i) => i.stock_type === 'ondemand' && !i.experience_date),
      Agotado: items.find((i) => onstock(i) && (i.sold_out || i.available <= 0)),
      'Experiencia concluida': items.find((i) => i.experience_date !== null && new Date(i.experience_date) < new Date()),
    };
    for (const [text, item] of Object.entries(pick)) {
      expect(item, text).toBeDefined();
      const r = await c.get(detailPath('demo-03', item!));
      expect(r.status, text).toBe(200);
      expect(r.text).toMatch(new RegExp(`class="[^"]*stock-badge[^"]*"[^>]*>${text}<`));
    }
    const sold = await c.get(detailPath('demo-03', pick.Agotado!));
    expect(sold.text).toMatch(/<button class="btn pd-add" type="submit" disabled/);
  });

  it('has a parseable JSON-LD Product, og:image, and an add-to-cart form for the cart page', async () => {
    // A shown price: an item whose price is on request is not a Product (tests/integration/validators.test.ts).
    const item = items.find((i) => i.photo && i.type === 'product' && !i.hide_price)!;
    const r = await c.get(detailPath('demo-03', item));
    const m = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(r.text);
    expect(m).not.toBeNull();
    const ld = JSON.parse(m![1]!);
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: item.name, sku: item.id });
    expect(ld.image[0]).toMatch(/^http:\/\/.+\/media\//);
    if (ld.offers) {
      expect(ld.offers.price).toMatch(/^\d+\.\d\d$/);
      expect(ld.offers.availability).toMatch(/^https:\/\/schema\.org\//);
    }
    // The photo's social card (a JPEG made from it): /media/{id}.{ext} -> /media/{id}/og.jpg.
    expect(r.text).toMatch(new RegExp(`<meta property="og:image" content="http://[^"]+${item.photo!.replace(/\.[a-z]+$/, '/og\\.jpg')}"`));
    expect(r.text).toContain(`<meta property="og:image:alt" content="${item.name}"`);
    expect(r.text).toContain('action="/demo-03/carrito"');
    expect(r.text).toContain(`name="product_id" value="${item.id}"`);
    expect(r.text).not.toMatch(/<script(?![^>]*application\/ld\+json)[^>]*>[^<]*<\/script>\s*<\/p>/); // description is text
  });

  it('answers unknown ids, wrong owners and items of other shops with the shop\'s 404, and redirects a wrong prefix', async () => {
    const item = items.find((i) => i.type === 'product')!;
    const other = others[0]!;
    const bad = [
      `/demo-03/productos/${item.owner}/00000000-0000-4000-8000-000000000000`,
      `/demo-03/productos/${item.owner}/no-such-item`,
      `/demo-03/productos/00000000-0000-4000-8000-000000000000/${item.id}`,
      detailPath('demo-03', other),
      `/demo-03/zapatos/${item.owner}/${item.id}`,
    ];
    for (const path of bad) {
      const r = await c.get(path);
      expect(r.status, path).toBe(404);
      expect(r.text).toContain('data-theme-pack="03"');
    }
    const wrongKind = await c.get(`/demo-03/servicios/${item.owner}/${item.id}`);
    expect(wrongKind.status).toBe(301);
    expect(wrongKind.headers.location).toBe(detailPath('demo-03', item));
  });

  it('shows the resale earning only to signed-in levels one and two, unless their showResaleInfo cookie is false', async () => {
    const item = items.find((i) => i.type === 'product' && i.available > 0)!;
    const path = detailPath('demo-03', item);
    const earning = (html: string) => /data-resale-earning="(\d+)"/.exec(html)?.[1];
    expect(earning((await new Client().get(path)).text)).toBeUndefined();
    const customer = new Client();
    await customer.login('cliente@demo.test'); // ul0
    expect(earning((await customer.get(path)).text)).toBeUndefined();
    const owner = new Client();
    await owner.login('admin03@demo.test'); // ul2
    expect(earning((await owner.get(path)).text)).toMatch(/^\d+$/);
    const ul1 = new Client();
    await ul1.login('emprendedor@demo.test');
    const shown = await ul1.get(path);
    const api = (await ul1.get(`/api/shops/demo-03/items/${item.id}`)).json();
    expect(api.resale_earning).toBeGreaterThan(0);
    expect(earning(shown.text)).toBe(String(api.resale_earning));
    expect(shown.text).toContain('action="/api/preferences"');
    const off = await ul1.request('POST', '/api/preferences', {
      raw: new URLSearchParams({ showResaleInfo: 'false', next: path }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(off.status).toBe(303);
    expect(off.headers.location).toBe(path);
    const hidden = await ul1.get(path);
    expect(earning(hidden.text)).toBeUndefined();
    expect(hidden.text).toContain('name="showResaleInfo" value="true"');
    expect((await ul1.get(`/api/shops/demo-03/items/${item.id}`)).json().resale_earning).toBeNull();
  });

  it('serves a supplier\'s item without a shop at /productos/{supplier}/{product}', async () => {
    const item = items.find((i) => i.type === 'product' && !i.hide_price)!;
    const r = await c.get(`/productos/${item.owner}/${item.id}`);
    expect(r.status).toBe(200);
    expect(r.text).toContain(item.name.replace(/&/g, '&amp;'));
    expect(JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(r.text)![1]!).sku).toBe(item.id);
    expect((await c.get(`/productos/${item.owner}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await c.get(`/productos/${item.owner}/nada`)).status).toBe(404);
    expect((await c.get(`/api/products/${item.id}`)).json()).toMatchObject({ id: item.id, name: item.name });
    expect((await c.get('/api/products/nada')).status).toBe(404);
  });
});

describe('card fragment and the admin item endpoint', () => {
  it('renders one card without a layout, 404 when the shop does not show the item there', async () => {
    const items = await shopItems('demo-03');
    const item = items[0]!;
    const r = await c.get(`/demo-03/fragments/card/${item.id}`);
    expect(r.status).toBe(200);
    expect(r.text.trim()).toMatch(/^<article class="item-card" data-item-id="/);
    expect(r.text).not.toContain('<html');
    expect(r.headers['x-item-type']).toBe(item.type);
    expect(r.headers['x-queue-position']).toBe(String(item.queue_position));
    const other = (await shopItems('demo-04')).find((i) => !items.some((m) => m.id === i.id))!;
    expect((await c.get(`/demo-03/fragments/card/${other.id}`)).status).toBe(404);
    expect((await c.get('/demo-03/fragments/card/nada')).status).toBe(404);
    const novedades = cardIds((await c.get('/demo-03/catalogos/novedades')).text);
    expect((await c.get(`/demo-03/fragments/card/${novedades[0]}?catalogue=novedades`)).headers['x-queue-position']).toMatch(/^\d+$/);
    expect((await c.get(`/demo-03/fragments/card/${novedades[0]}?catalogue=proximamente`)).status).toBe(404);
  });

  it('PATCH /api/shops/{slug}/items/{id}: 401 anonymous, 403 non-admins, moves and restores for the admin', async () => {
    const items = (await c.get('/api/shops/demo-basic/products?limit=5')).json().results as ApiItem[];
    const item = items[2]!;
    const path = `/api/shops/demo-basic/items/${item.id}`;
    expect((await new Client().request('PATCH', path, { body: { queue_position: 0 } })).status).toBe(401);
    const customer = new Client();
    await customer.login('cliente@demo.test');
    expect((await customer.request('PATCH', path, { body: { queue_position: 0 } })).status).toBe(403);
    const admin = new Client();
    await admin.login('adminbasic@demo.test');
    expect((await admin.request('PATCH', path, { body: {} })).status).toBe(400);
    expect((await admin.request('PATCH', path, { body: { queue_position: -1 } })).status).toBe(400);
    expect((await admin.request('PATCH', '/api/shops/demo-basic/items/00000000-0000-4000-8000-000000000000', { body: { in_store: true } })).status).toBe(404);
    const moved = await admin.request('PATCH', path, { body: { queue_position: 0 } });
    expect(moved.status).toBe(200);
    expect(moved.json()).toEqual({ product_id: item.id, in_store: true, queue_position: 0 });
    const now = (await c.get('/api/shops/demo-basic/products?limit=5')).json().results as ApiItem[];
    expect(now.map((i) => i.id)).toEqual([item.id, items[0]!.id, items[1]!.id, items[3]!.id, items[4]!.id]);
    const back = await admin.request('PATCH', path, { body: { queue_position: item.queue_position } });
    expect(back.json().queue_position).toBe(item.queue_position);
    expect(((await c.get('/api/shops/demo-basic/products?limit=5')).json().results as ApiItem[]).map((i) => i.id)).toEqual(items.map((i) => i.id));
    const out = await admin.request('PATCH', path, { body: { in_store: false } });
    expect(out.json()).toEqual({ product_id: item.id, in_store: false, queue_position: null });
    expect((await c.get(`/demo-basic/fragments/card/${item.id}`)).status).toBe(404);
    await admin.request('PATCH', path, { body: { in_store: true, queue_position: item.queue_position } });
    expect(((await c.get('/api/shops/demo-basic/products?limit=5')).json().results as ApiItem[]).map((i) => i.id)).toEqual(items.map((i) => i.id));
  });
});
