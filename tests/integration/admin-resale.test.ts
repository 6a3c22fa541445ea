// Resale and franchises for shop admins (seed 001 §2 'Catalogues, resale and franchises', §4, §7): the
// add-products modal's list and filters, add to / remove from the store (and its catalogues), the in-store
// check, and the franchise modal. Over HTTP against the demo server (admin03 on demo-03; admin04 is the other
// shop's admin), then the rules the demo data cannot show on a fresh database (more franchise stores, a
// franchise store's supplier, hidden items, concurrent adds). Everything changed on the shared demo shops is
// put back.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProducts, catalogues, products, shopFranchises, shopProducts, shops } from '../../src/db/schema/index.ts';
import { DEMO_SHOPS, DEMO_USER_BY_KEY, seedDemo, type DemoUserKey } from '../../src/db/seed/demo.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { adminContext } from '../../src/domain/admin/service.ts';
import { resaleQuerySchema } from '../../src/domain/resale/schema.ts';
import { addFranchise, addToStore, listFranchiseChoices, listResale, removeFranchise, removeFromStore } from '../../src/domain/resale/service.ts';
import { AppError } from '../../src/lib/shared/errors.ts';
import { freshDb } from '../support/db.ts';
import { Client } from '../support/http.ts';

const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/admin`;
const FRANCHISE = DEMO_SHOPS['demo-franquicia'];

const anon = new Client();
const other = new Client();
const accountant = new Client();
const owner = new Client();
beforeAll(async () => {
  await Promise.all([other.login('admin04@demo.test'), accountant.login('emprendedor@demo.test'), owner.login('admin03@demo.test')]);
});

interface Item { id: string; owner: string; name: string; type: string; photo: string | null; list_price: number; currency: string; supplier: { id: string; name: string } | null; tags: string[]; in_store: boolean }
const send = (c: Client, method: string, p: string, body?: unknown) => c.request(method, p, body === undefined ? {} : { body });
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const poll = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 3000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};
/** Every resellable item of a type (pages of 50). */
async function allResale(type: string, extra = ''): Promise<Item[]> {
  const out: Item[] = [];
  for (let offset = 0; ; offset += 50) {
    const r = await owner.get(`${API}/resale?type=${type}&limit=50&offset=${offset}&sort=name${extra}`);
    expect(r.status, r.text).toBe(200);
    out.push(...r.json().results);
    if (r.json().results.length < 50) return out;
  }
}
const franchiseSection = (html: string) => /<section class="franchises[^"]*"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

describe('permissions on every resale endpoint', () => {
  const unknown = randomUUID();
  const endpoints: [string, string, unknown?][] = [
    ['GET', `${API}/resale?type=product`], ['GET', `${API}/resale/facets?type=service`],
    ['PUT', `${API}/store-products/${unknown}`], ['DELETE', `${API}/store-products/${unknown}`],
    ['POST', `${API}/store-products/check`, { ids: [unknown] }],
    ['GET', `${API}/franchises`], ['PUT', `${API}/franchises/${unknown}`], ['DELETE', `${API}/franchises/${unknown}`],
  ];

  it('refuses anonymous visitors with 401', async () => {
    for (const [m, p, b] of endpoints) expect((await send(anon, m, p, b)).status, `${m} ${p}`).toBe(401);
  });

  it('refuses another shop\'s admin and a member without the admin permission with 403', async () => {
    for (const c of [other, accountant]) {
      for (const [m, p, b] of endpoints) {
        const r = await send(c, m, p, b);
        expect(r.status, `${m} ${p}`).toBe(403);
        expect(r.json().error.code).toBe('forbidden');
      }
    }
  });

  it('lets the owner through: 200 for reads and the check, 404 for unknown ids', async () => {
    for (const [m, p, b] of endpoints) {
      const r = await send(owner, m, p, b);
      expect(r.status, `${m} ${p}: ${r.text}`).toBe(m === 'GET' || m === 'POST' ? 200 : 404);
    }
  });

  it('answers 404 for an unknown shop and lists every endpoint in the OpenAPI document', async () => {
    expect((await owner.get('/api/shops/no-such-shop/admin/resale')).status).toBe(404);
    const doc = (await anon.get('/api/openapi.json')).json();
    const want: [string, string][] = [
      ['/api/shops/{slug}/admin/resale', 'get'], ['/api/shops/{slug}/admin/resale/facets', 'get'],
      ['/api/shops/{slug}/admin/store-products/{productId}', 'put'], ['/api/shops/{slug}/admin/store-products/{productId}', 'delete'],
      ['/api/shops/{slug}/admin/store-products/check', 'post'], ['/api/shops/{slug}/admin/franchises', 'get'],
      ['/api/shops/{slug}/admin/franchises/{shopId}', 'put'], ['/api/shops/{slug}/admin/franchises/{shopId}', 'delete'],
    ];
    for (const [p, m] of want) expect(doc.paths[p]?.[m], `${m} ${p}`).toBeTruthy();
  });
});

describe('resale list and filters', () => {
  it('answers a stable page of resellable items of the type, 10 by default by margin, with the list item fields', async () => {
    const r = await owner.get(`${API}/resale?type=product`);
    expect(r.status).toBe(200);
    const page = r.json();
    expect(page.results).toHaveLength(10);
    expect(page.matches_estimated).toBeGreaterThan(100);
    expect(page.results[0]).toEqual({
      id: expect.any(String), owner: expect.any(String), name: expect.any(String), type: 'product', photo: expect.stringMatching(/^\/media\//),
      list_price: expect.any(Number), currency: expect.any(String), supplier: { id: expect.any(String), name: expect.any(String) },
      tags: expect.any(Array), in_store: expect.any(Boolean),
      // The reseller's figures (issue 13): margin, earning at the shop's plan rate; every item of this scope is resellable.
      contribution_margin: expect.any(Number), earning: expect.any(Number), resellable: true, is_dropshipping: true, faded: false,
    });
    // Pages fit together (offset 10 continues offset 0); by default 10 a page, the biggest margin first (issue 26:
    // the store menu's window and the workspace share these rules), and the name order on asking.
    const a = (await owner.get(`${API}/resale?type=product&limit=10&sort=name`)).json().results.map((x: Item) => x.id);
    const b = (await owner.get(`${API}/resale?type=product&limit=10&offset=10&sort=name`)).json().results.map((x: Item) => x.id);
    const named = (await owner.get(`${API}/resale?type=product&limit=20&sort=name`)).json().results as Item[];
    expect([...a, ...b]).toEqual(named.map((x: Item) => x.id));
    const margins = (page.results as (Item & { contribution_margin: number })[]).map((x) => x.contribution_margin);
    expect(margins).toEqual([...margins].sort((x, y) => y - x));
    const names = named.map((x: Item) => fold(x.name));
    expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
    const services = await allResale('service');
    expect(services.length).toBeGreaterThan(10);
    expect(new Set(services.map((x) => x.type))).toEqual(new Set(['service']));
  });

  it('text matches accent- and case-insensitively', async () => {
    const all = await allResale('product');
    const pantalones = all.filter((x) => fold(x.name).includes('pantalon')).map((x) => x.id);
    expect(pantalones.length).toBeGreaterThan(1);
    const found = (await allResale('product', '&text=PANTALON')).map((x) => x.id);
    expect(found).toEqual(expect.arrayContaining(pantalones));
    expect((await allResale('product', `&text=${encodeURIComponent(' pantalón ')}`)).map((x) => x.id)).toEqual(found);
    // A whole name, typed without accents in capitals, finds its item.
    const accented = all.find((x) => /[áéíóúñ]/i.test(x.name))!;
    const byName = await allResale('product', `&text=${encodeURIComponent(fold(accented.name).toUpperCase())}`);
    expect(byName.map((x) => x.id)).toContain(accented.id);
    expect((await owner.get(`${API}/resale?type=product&text=zzzzqqq`)).json()).toEqual({ results: [], matches_estimated: 0 });
  });

  it('filters by supplier and by category (a tag, accents aside); facets list both', async () => {
    const facets = (await owner.get(`${API}/resale/facets?type=product`)).json();
    expect(facets.suppliers.length).toBeGreaterThan(1);
    expect(facets.categories).toEqual(expect.arrayContaining(['ropa', 'café', 'hogar']));
    expect(facets.categories).not.toContain('experiencia');
    const sortedCats = [...facets.categories].sort((x: string, y: string) => x.localeCompare(y, 'es', { sensitivity: 'base' }));
    expect(facets.categories).toEqual(sortedCats);
    expect((await owner.get(`${API}/resale/facets?type=experience`)).json().categories).toEqual(['experiencia']);

    const all = await allResale('product');
    const sup = facets.suppliers[0];
    const bySupplier = await allResale('product', `&supplier=${sup.id}`);
    expect(bySupplier.length).toBe(all.filter((x) => x.supplier?.id === sup.id).length);
    expect(bySupplier.every((x) => x.supplier?.id === sup.id)).toBe(true);

    const ropa = await allResale('product', '&category=ropa');
    expect(ropa.length).toBe(all.filter((x) => x.tags.includes('ropa')).length);
    const cafe = await allResale('product', '&category=CAFE');
    expect(cafe.length).toBe(all.filter((x) => x.tags.includes('café')).length);
    expect(cafe.length).toBeGreaterThan(0);
    // Filters combine; an empty value means "all".
    const both = await allResale('product', `&category=ropa&supplier=${sup.id}&supplier=`);
    expect(both.length).toBe(ropa.length);
  });

  it('in_store follows the shop\'s store (the check endpoint agrees)', async () => {
    const page = (await owner.get(`${API}/resale?type=product&limit=50`)).json().results as Item[];
    expect(page.some((x) => x.in_store)).toBe(true);
    expect(page.some((x) => !x.in_store)).toBe(true);
    const check = await owner.post(`${API}/store-products/check`, { ids: page.map((x) => x.id) });
    expect(check.status).toBe(200);
    expect(check.json().in_store).toEqual(page.filter((x) => x.in_store).map((x) => x.id));
    // Another shop sees its own flags.
    const other04 = new Client();
    await other04.login('admin04@demo.test');
    const theirs = (await other04.get(`/api/shops/demo-04/admin/resale?type=product&limit=50`)).json().results as Item[];
    expect(theirs.map((x) => x.id)).toEqual(page.map((x) => x.id));
    expect(theirs.map((x) => x.in_store)).not.toEqual(page.map((x) => x.in_store));
  });

  it('refuses malformed filters and pages with 400 and fields', async () => {
    for (const q of ['limit=51', 'limit=0', 'offset=-1', 'type=food', 'supplier=not-a-uuid', 'limit=abc']) {
      const r = await owner.get(`${API}/resale?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'validation_error', fields: expect.any(Object) });
    }
    expect((await owner.get(`${API}/resale?limit=50`)).status).toBe(200);
    expect((await owner.get(`${API}/resale/facets?type=x`)).status).toBe(400);
  });
});

describe('add to store / remove from store', () => {
  it('adds at the end (idempotent), the storefront sells it; removing takes it out of the store and every catalogue', async () => {
    const candidate = (await allResale('product')).find((x) => !x.in_store && x.photo)!;
    expect(candidate).toBeTruthy();
    const pagePath = `/${SHOP}/productos/${candidate.owner}/${candidate.id}`;
    expect((await anon.get(pagePath)).status).toBe(404);
    const before = (await anon.get(`/api/shops/${SHOP}/products?type=product&limit=1`)).json().matches_estimated as number;
    const created = (await owner.post(`${API}/catalogues`, { name: `Reventa ${randomUUID().slice(0, 8)}` })).json();
    const novedades = (await owner.get(`${API}/catalogues?limit=100`)).json().results.find((c: { slug: string }) => c.slug === 'novedades');
    const novedadesBefore = (await owner.get(`${API}/catalogues/${novedades.id}/products`)).json().results.map((x: { product_id: string }) => x.product_id);
    try {
      const added = await owner.request('PUT', `${API}/store-products/${candidate.id}`);
      expect(added.status, added.text).toBe(200);
      expect(added.json()).toEqual({ product_id: candidate.id, in_store: true, queue_position: expect.any(Number), restored_to_catalogues: 0 });
      const again = await owner.request('PUT', `${API}/store-products/${candidate.id.toUpperCase()}`);
      expect(again.json()).toEqual(added.json());

      // The public store lists it last, its page answers, and the modal shows it as in the store.
      const list = (await anon.get(`/api/shops/${SHOP}/products?type=product&limit=1&offset=${before}`)).json();
      expect(list.matches_estimated).toBe(before + 1);
      expect(list.results.map((x: Item) => x.id)).toEqual([candidate.id]);
      const lastPage = Math.ceil((before + 1) / 36);
      const html = await poll(() => anon.get(`/${SHOP}/productos?page=${lastPage}`), (p) => p.text.includes(candidate.id));
      expect(html.text).toContain(candidate.id);
      expect((await anon.get(pagePath)).status).toBe(200);
      expect((await owner.post(`${API}/store-products/check`, { ids: [candidate.id, randomUUID(), candidate.id] })).json()).toEqual({ in_store: [candidate.id] });
      const found = (await owner.get(`${API}/resale?type=product&limit=50&text=${encodeURIComponent(candidate.name)}`)).json().results;
      expect(found).toContainEqual(expect.objectContaining({ id: candidate.id, in_store: true }));

      // In two catalogues (a new one and the seeded novedades), then out of the store: out of both as well.
      expect((await owner.post(`${API}/catalogues/${created.id}/products`, { product_id: candidate.id })).status).toBe(201);
      expect((await owner.post(`${API}/catalogues/${novedades.id}/products`, { product_id: candidate.id, queue_position: 3 })).status).toBe(201);
      const removed = await owner.request('DELETE', `${API}/store-products/${candidate.id}`);
      expect(removed.status, removed.text).toBe(200);
      expect(removed.json()).toEqual({ product_id: candidate.id, in_store: false, removed_from_catalogues: 2 });
      const twice = await owner.request('DELETE', `${API}/store-products/${candidate.id}`);
      expect(twice.json()).toEqual({ product_id: candidate.id, in_store: false, removed_from_catalogues: 0 });

      expect((await anon.get(`/api/shops/${SHOP}/products?type=product&limit=1`)).json().matches_estimated).toBe(before);
      expect((await poll(() => anon.get(pagePath), (p) => p.status === 404)).status).toBe(404);
      expect((await owner.get(`${API}/catalogues/${created.id}/products`)).json()).toEqual({ results: [], matches_estimated: 0 });
      const novedadesAfter = (await owner.get(`${API}/catalogues/${novedades.id}/products`)).json().results;
      expect(novedadesAfter.map((x: { product_id: string }) => x.product_id)).toEqual(novedadesBefore);
      expect(novedadesAfter.map((x: { queue_position: number }) => x.queue_position)).toEqual(novedadesBefore.map((_: string, i: number) => i));
      expect((await owner.post(`${API}/store-products/check`, { ids: [candidate.id] })).json()).toEqual({ in_store: [] });

      // Issue 26: back in the store, it is back in both catalogues at the places it had (novedades: 4th).
      const back = await owner.request('PUT', `${API}/store-products/${candidate.id}`);
      expect(back.json()).toEqual({ product_id: candidate.id, in_store: true, queue_position: expect.any(Number), restored_to_catalogues: 2 });
      expect((await owner.get(`${API}/catalogues/${created.id}/products`)).json().results)
        .toEqual([expect.objectContaining({ product_id: candidate.id, queue_position: 0 })]);
      const novedadesBack = (await owner.get(`${API}/catalogues/${novedades.id}/products`)).json().results as { product_id: string; queue_position: number }[];
      const expected = [...novedadesBefore]; expected.splice(3, 0, candidate.id);
      expect(novedadesBack.map((x) => x.product_id)).toEqual(expected);
      expect(novedadesBack.map((x) => x.queue_position)).toEqual(expected.map((_, i) => i));
      // Once restored, the memory is spent: a second PUT restores nothing, and a removal remembers afresh.
      expect((await owner.request('PUT', `${API}/store-products/${candidate.id}`)).json().restored_to_catalogues).toBe(0);
      // A catalogue deleted while the item is out takes the memory with it: only novedades comes back.
      expect((await owner.request('DELETE', `${API}/store-products/${candidate.id}`)).json().removed_from_catalogues).toBe(2);
      expect((await owner.request('DELETE', `${API}/catalogues/${created.id}`)).status).toBeLessThan(300);
      expect((await owner.request('PUT', `${API}/store-products/${candidate.id}`)).json().restored_to_catalogues).toBe(1);
      expect((await owner.request('DELETE', `${API}/store-products/${candidate.id}`)).json().removed_from_catalogues).toBe(1);
    } finally {
      await owner.request('DELETE', `${API}/store-products/${candidate.id}`);
      await owner.request('DELETE', `${API}/catalogues/${created.id}`);
    }
  });

  it('answers 404 for unknown items and 400 for malformed ids or check bodies', async () => {
    const unknown = randomUUID();
    for (const m of ['PUT', 'DELETE']) {
      const r = await owner.request(m, `${API}/store-products/${unknown}`);
      expect(r.status).toBe(404);
      expect(r.json().error.code).toBe('not_found');
      const bad = await owner.request(m, `${API}/store-products/not-an-id`);
      expect(bad.status).toBe(400);
      expect(bad.json().error.fields.productId).toBeTruthy();
    }
    const tooMany = await owner.post(`${API}/store-products/check`, { ids: Array.from({ length: 101 }, () => randomUUID()) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json().error.fields.ids).toBeTruthy();
    expect((await owner.post(`${API}/store-products/check`, { ids: ['x'] })).json().error.fields['ids.0']).toBeTruthy();
    expect((await owner.post(`${API}/store-products/check`, {})).status).toBe(400);
    expect((await owner.post(`${API}/store-products/check`, { ids: [] })).json()).toEqual({ in_store: [] });
  });
});

describe('franchises', () => {
  it('lists enabled franchise stores (page size 2) with in_store; text ignores accents and case', async () => {
    const r = await owner.get(`${API}/franchises`);
    expect(r.status).toBe(200);
    const list = r.json();
    expect(list.results.length).toBeLessThanOrEqual(2);
    expect(list.matches_estimated).toBe(1);
    expect(list.results).toEqual([{
      id: FRANCHISE.id, slug: 'demo-franquicia', name: FRANCHISE.name, photo: expect.stringMatching(/^\/media\//), canonical_url: null, in_store: true,
    }]);
    expect((await owner.get(`${API}/franchises?text=${encodeURIComponent('CAFE DE altura')}`)).json().results.map((x: { id: string }) => x.id)).toEqual([FRANCHISE.id]);
    expect((await owner.get(`${API}/franchises?text=${encodeURIComponent('Café')}&offset=1`)).json()).toEqual({ results: [], matches_estimated: 1 });
    expect((await owner.get(`${API}/franchises?text=nada`)).json()).toEqual({ results: [], matches_estimated: 0 });
    for (const q of ['limit=51', 'limit=0', 'offset=x']) expect((await owner.get(`${API}/franchises?${q}`)).status, q).toBe(400);
  });

  it('removes and adds back (idempotent); the home page\'s franchises section follows', async () => {
    const link = `href="/demo-franquicia/"`;
    const home = () => anon.get(`/${SHOP}/`);
    expect(franchiseSection((await home()).text)).toContain(link);
    try {
      const removed = await owner.request('DELETE', `${API}/franchises/${FRANCHISE.id}`);
      expect(removed.status, removed.text).toBe(200);
      expect(removed.json()).toEqual({ id: FRANCHISE.id, in_store: false });
      expect((await owner.request('DELETE', `${API}/franchises/${FRANCHISE.id}`)).json()).toEqual({ id: FRANCHISE.id, in_store: false });
      expect((await owner.get(`${API}/franchises`)).json().results[0]).toMatchObject({ id: FRANCHISE.id, in_store: false });
      const without = await poll(home, (p) => !franchiseSection(p.text).includes(link));
      expect(franchiseSection(without.text)).not.toContain(link);

      const added = await owner.request('PUT', `${API}/franchises/${FRANCHISE.id}`);
      expect(added.status, added.text).toBe(200);
      expect(added.json()).toEqual({ id: FRANCHISE.id, in_store: true });
      expect((await owner.request('PUT', `${API}/franchises/${FRANCHISE.id}`)).json()).toEqual({ id: FRANCHISE.id, in_store: true });
      const back = await poll(home, (p) => franchiseSection(p.text).includes(link));
      expect(franchiseSection(back.text)).toContain(link);
    } finally {
      await owner.request('PUT', `${API}/franchises/${FRANCHISE.id}`);
    }
  });

  it('refuses non-franchise, unknown and malformed ids, and a franchise store carrying itself', async () => {
    const notFranchise = await owner.request('PUT', `${API}/franchises/${DEMO_SHOPS['demo-04'].id}`);
    expect(notFranchise.status).toBe(404);
    expect((await owner.request('PUT', `${API}/franchises/${DEMO_SHOPS['demo-03'].id}`)).status).toBe(409);
    expect((await owner.request('PUT', `${API}/franchises/${randomUUID()}`)).status).toBe(404);
    expect((await owner.request('DELETE', `${API}/franchises/${randomUUID()}`)).status).toBe(404);
    const bad = await owner.request('PUT', `${API}/franchises/demo-franquicia`);
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields.shopId).toBeTruthy();
    // The franchise store's admin (coordinador holds 'admin' there) never sees it in its own list.
    const coord = new Client();
    await coord.login('coordinador@demo.test');
    const own = `/api/shops/demo-franquicia/admin/franchises`;
    expect((await coord.get(own)).json()).toEqual({ results: [], matches_estimated: 0 });
    const self = await coord.request('PUT', `${own.replace(/\/franchises$/, '')}/franchises/${FRANCHISE.id}`);
    expect(self.status).toBe(409);
    expect(self.json().error.code).toBe('conflict');
  });
});

describe('services on a fresh database (rules the demo data cannot show over HTTP)', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  beforeAll(async () => {
    h = await freshDb();
    await seedDemo(h);
  }, 180_000);
  afterAll(async () => { await h?.dispose(); });

  const viewer = (key: DemoUserKey): Viewer => {
    const u = DEMO_USER_BY_KEY[key];
    return { kind: 'user', anonymousId: '00000000-0000-4000-8000-000000000000', sessionId: 's', user: { id: u.id, email: u.email, name: u.name, profile_id: u.profileId, user_level: u.user_level } };
  };
  const statusOf = async (p: Promise<unknown>) => { try { await p; return 200; } catch (e) { if (e instanceof AppError) return e.status; throw e; } };

  it('pages franchise stores two at a time, without disabled or proxy shops', async () => {
    const [{ theme }] = await h.db.select({ theme: shops.store_theme_info }).from(shops).where(eq(shops.id, FRANCHISE.id)) as [{ theme: typeof shops.$inferSelect['store_theme_info'] }];
    const extra = [
      { slug: 'franquicia-nandu', name: 'Ñandú Helados', store_type: 'franchise' },
      { slug: 'franquicia-aurora', name: 'Aurora Panadería', store_type: 'franchise' },
      { slug: 'franquicia-cerrada', name: 'Cerrada Franquicia', store_type: 'franchise', disabled: true },
      { slug: 'franquicia-proxy', name: 'Proxy Franquicia', store_type: 'franchise', is_proxy: true },
    ];
    const ids = await h.db.insert(shops).values(extra.map((s) => ({ ...s, store_theme_info: theme }))).returning({ id: shops.id, slug: shops.slug });
    const id = (slug: string) => ids.find((x) => x.slug === slug)!.id;
    const ctx = await adminContext(h.db, 'demo-03', viewer('admin03'));
    const first = await listFranchiseChoices(ctx, { offset: 0, limit: 2 });
    expect(first.matches_estimated).toBe(3);
    expect(first.results.map((x) => x.name)).toEqual(['Aurora Panadería', FRANCHISE.name]);
    const second = await listFranchiseChoices(ctx, { offset: 2, limit: 2 });
    expect(second.results.map((x) => [x.name, x.in_store])).toEqual([['Ñandú Helados', false]]);
    expect((await listFranchiseChoices(ctx, { text: 'NANDU', offset: 0, limit: 2 })).results.map((x) => x.id)).toEqual([id('franquicia-nandu')]);

    expect(await addFranchise(ctx, id('franquicia-nandu'))).toEqual({ id: id('franquicia-nandu'), in_store: true });
    expect(await addFranchise(ctx, id('franquicia-aurora'))).toEqual({ id: id('franquicia-aurora'), in_store: true });
    const rows = await h.db.select({ f: shopFranchises.franchise_id, p: shopFranchises.position }).from(shopFranchises).where(eq(shopFranchises.shop_id, ctx.shop.id));
    expect(rows.sort((a, b) => a.p - b.p).map((r) => r.f)).toEqual([FRANCHISE.id, id('franquicia-nandu'), id('franquicia-aurora')]);
    expect(await statusOf(addFranchise(ctx, id('franquicia-cerrada')))).toBe(404);
    expect(await statusOf(addFranchise(ctx, id('franquicia-proxy')))).toBe(404);
    expect(await removeFranchise(ctx, id('franquicia-aurora'))).toEqual({ id: id('franquicia-aurora'), in_store: false });
    expect(await removeFranchise(ctx, id('franquicia-cerrada'))).toEqual({ id: id('franquicia-cerrada'), in_store: false });
  });

  it('refuses hidden or unpublished items and, in a franchise store, other suppliers\' items (invalid_product)', async () => {
    const ctx = await adminContext(h.db, 'demo-03', viewer('admin03'));
    const [unpublished] = await h.db.select({ id: products.id }).from(products).where(eq(products.list_state, 'unpublished')).limit(1);
    expect(await statusOf(addToStore(ctx, unpublished!.id))).toBe(404);
    const q = resaleQuerySchema.parse({ type: 'product', limit: 50 });
    const all = (await Promise.all([0, 50, 100, 150, 200].map((offset) => listResale(ctx, { ...q, offset })))).flatMap((p) => p.results);
    expect(all.map((x) => x.id)).not.toContain(unpublished!.id);

    const fctx = await adminContext(h.db, 'demo-franquicia', viewer('coordinador'));
    const foreign = all.find((x) => x.supplier?.name !== 'Café de Altura')!;
    const err = await addToStore(fctx, foreign.id).catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect((err as AppError).fields).toEqual({ product_id: ['invalid_product'] });
    // Its own supplier's items are fine (this one is in its store already: the add changes nothing).
    const own = all.find((x) => x.supplier?.name === 'Café de Altura')!;
    const [{ p: at }] = await h.db.select({ p: shopProducts.queue_position }).from(shopProducts)
      .where(and(eq(shopProducts.shop_id, fctx.shop.id), eq(shopProducts.product_id, own.id))) as [{ p: number }];
    expect(await addToStore(fctx, own.id)).toEqual({ product_id: own.id, in_store: true, queue_position: at, restored_to_catalogues: 0 });
  });

  it("issue 26: a shop owner's own item that is not dropshipped goes in its own store only (exclusive), listed without an earning", async () => {
    const ctx = await adminContext(h.db, 'demo-basic', viewer('adminbasic'));
    const others = await adminContext(h.db, 'demo-04', viewer('admin04'));
    const q = resaleQuerySchema.parse({ type: 'product', limit: 50, sort: 'name' });
    const pick = (await listResale(ctx, q)).results.find((x) => !x.in_store)!;
    await h.db.update(products).set({ owner: ctx.shop.owner!, is_dropshipping: false }).where(eq(products.id, pick.id));
    const mine = (await listResale(ctx, resaleQuerySchema.parse({ type: 'product', text: pick.name, limit: 50 }))).results.find((x) => x.id === pick.id);
    expect(mine).toMatchObject({ resellable: true, is_dropshipping: false, earning: null, in_store: false });
    const theirs = (await listResale(others, resaleQuerySchema.parse({ type: 'product', text: pick.name, limit: 50 }))).results;
    expect(theirs.map((x) => x.id)).not.toContain(pick.id);
    expect(await addToStore(ctx, pick.id)).toMatchObject({ product_id: pick.id, in_store: true });
    await expect(addToStore(others, pick.id)).rejects.toMatchObject({ code: 'not_found' });
    // Open to resellers again once the owner dropships it.
    await h.db.update(products).set({ is_dropshipping: true }).where(eq(products.id, pick.id));
    expect(await addToStore(others, pick.id)).toMatchObject({ in_store: true });
  });

  it('concurrent adds get distinct places at the end; a removal renumbers the catalogues it leaves', async () => {
    const ctx = await adminContext(h.db, 'demo-basic', viewer('adminbasic'));
    const q = resaleQuerySchema.parse({ type: 'product', limit: 50 });
    const outside = (await listResale(ctx, q)).results.filter((x) => !x.in_store).slice(0, 6);
    expect(outside).toHaveLength(6);
    const [{ last }] = await h.db.select({ last: sql<number>`max(${shopProducts.queue_position})::int` }).from(shopProducts).where(eq(shopProducts.shop_id, ctx.shop.id)) as [{ last: number }];
    const placed = await Promise.all(outside.map((x) => addToStore(ctx, x.id)));
    expect(placed.map((p) => p.queue_position).sort((a, b) => a - b)).toEqual(outside.map((_, i) => last + 1 + i));

    const [cat] = await h.db.select({ id: catalogues.id }).from(catalogues).where(and(eq(catalogues.shop_id, ctx.shop.id), eq(catalogues.slug, 'novedades')));
    const members = await h.db.select().from(catalogueProducts).where(eq(catalogueProducts.catalogue_id, cat!.id));
    const victim = members.find((m) => m.queue_position === 2)!.product_id;
    expect(await removeFromStore(ctx, victim)).toEqual({ product_id: victim, in_store: false, removed_from_catalogues: expect.any(Number) });
    const after = await h.db.select({ p: catalogueProducts.queue_position }).from(catalogueProducts).where(eq(catalogueProducts.catalogue_id, cat!.id));
    expect(after.map((r) => r.p).sort((a, b) => a - b)).toEqual(members.slice(1).map((_, i) => i));
    const leftover = await h.db.select().from(catalogueProducts)
      .where(and(eq(catalogueProducts.product_id, victim), inArray(catalogueProducts.catalogue_id, h.db.select({ id: catalogues.id }).from(catalogues).where(eq(catalogues.shop_id, ctx.shop.id)))));
    expect(leftover).toEqual([]);
  });
});
