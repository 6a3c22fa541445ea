// What goes inside a catalogue and forks (issue 13; seed 001 §2, §4, §7): the add-products modal's candidates,
// add all by filter (one statement, idempotent), the admin's ordered list, and forking a catalogue of the network
// (copies name, photo and items in order, records origin_id, 'forked from' on the page). Over HTTP on the demo:
// admin03 owns demo-03 (under the root store red-demo), admin04 owns demo-04 (no network). Catalogues made here
// are deleted afterwards.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Client } from '../support/http.ts';

const API = '/api/shops/demo-03/admin';
const owner = new Client();
const other = new Client();
const anon = new Client();
const made: { shop: string; id: string }[] = [];

beforeAll(async () => { await Promise.all([owner.login('admin03@demo.test'), other.login('admin04@demo.test')]); });
afterAll(async () => {
  for (const m of made) await (m.shop === 'demo-03' ? owner : other).request('DELETE', `/api/shops/${m.shop}/admin/catalogues/${m.id}`);
});

async function newCatalogue(name: string): Promise<string> {
  const r = await owner.post(`${API}/catalogues`, { name });
  expect(r.status, r.text).toBe(201);
  made.push({ shop: 'demo-03', id: r.json().id });
  return r.json().id;
}
async function items(id: string, c = owner) {
  const r = await c.get(`${API}/catalogues/${id}/items?limit=100`);
  expect(r.status, r.text).toBe(200);
  return r.json() as { results: { product_id: string; name: string; queue_position: number }[]; matches_estimated: number };
}
async function catalogueId(shop: string, slug: string): Promise<string> {
  const r = await anon.get(`/api/shops/${shop}/catalogues?limit=50`);
  expect(r.status, r.text).toBe(200);
  const found = (r.json().results as { id: string; slug: string }[]).find((c) => c.slug === slug);
  expect(found, `${shop}/${slug}`).toBeTruthy();
  return found!.id;
}

describe('candidates and add by filter', () => {
  it('lists candidates 10 a page with in_catalogue, and adds every match once', async () => {
    const id = await newCatalogue(`Herramientas ${randomUUID().slice(0, 6)}`);
    const facets = (await owner.get(`${API}/resale/facets?type=product`)).json() as { categories: string[] };
    const category = facets.categories[0]!;
    const first = await owner.get(`${API}/catalogues/${id}/candidates?type=product&category=${encodeURIComponent(category)}`);
    expect(first.status, first.text).toBe(200);
    const page = first.json();
    expect(page.results.length).toBeLessThanOrEqual(10);
    expect(page.matches_estimated).toBeGreaterThan(0);
    expect(page.results.every((r: { in_catalogue: boolean }) => !r.in_catalogue)).toBe(true);

    const add = await owner.post(`${API}/catalogues/${id}/products/by-filter`, { type: 'product', category });
    expect(add.status, add.text).toBe(200);
    expect(add.json().added).toBe(page.matches_estimated);
    expect(add.json().num_products).toBe(page.matches_estimated);
    const list = await items(id);
    expect(list.results.map((r) => r.queue_position)).toEqual(list.results.map((_, i) => i));

    // A move (with its lock timeout) still renumbers zero-based.
    const last = list.results[list.results.length - 1]!;
    const moved = await owner.post(`${API}/catalogues/${id}/products/move`, { product_id: last.product_id, queue_position: 0 });
    expect(moved.status, moved.text).toBe(200);
    const reordered = await items(id);
    expect(reordered.results[0]!.product_id).toBe(last.product_id);
    expect(reordered.results.map((r) => r.queue_position)).toEqual(list.results.map((_, i) => i));

    const again = await owner.post(`${API}/catalogues/${id}/products/by-filter`, { type: 'product', category });
    expect(again.json()).toMatchObject({ added: 0, added_to_store: 0, num_products: page.matches_estimated });
    const after = (await owner.get(`${API}/catalogues/${id}/candidates?type=product&category=${encodeURIComponent(category)}`)).json();
    expect(after.results.every((r: { in_catalogue: boolean; in_store: boolean }) => r.in_catalogue && r.in_store)).toBe(true);
    // Everything added is in the store too, so the storefront catalogue page shows it.
    const slug = (await owner.get(`${API}/catalogues?limit=100`)).json().results.find((c: { id: string }) => c.id === id).slug;
    const pageHtml = await anon.get(`/demo-03/catalogos/${slug}`);
    expect(pageHtml.status).toBe(200);
    expect(pageHtml.text).toContain(list.results[0]!.name.replace(/&/g, '&amp;'));
  });

  it('adds by text, then by text and supplier without duplicates', async () => {
    const id = await newCatalogue(`Texto ${randomUUID().slice(0, 6)}`);
    const a = await owner.post(`${API}/catalogues/${id}/products/by-filter`, { type: 'product', text: 'playera' });
    expect(a.status, a.text).toBe(200);
    const n = a.json().added;
    expect(n).toBeGreaterThan(0);
    const cands = (await owner.get(`${API}/catalogues/${id}/candidates?type=product&text=playera&limit=50`)).json();
    expect(cands.results.filter((r: { in_catalogue: boolean }) => r.in_catalogue)).toHaveLength(Math.min(n, 50));
    const b = await owner.post(`${API}/catalogues/${id}/products/by-filter`, { type: 'product', text: 'playera', supplier: cands.results[0].supplier.id });
    expect(b.json().added).toBe(0);
  });

  it('issue 26: an empty filter needs all: true; one undo takes the whole batch back out of the catalogue and the store', async () => {
    const id = await newCatalogue(`Todo ${randomUUID().slice(0, 6)}`);
    const refused = await owner.post(`${API}/catalogues/${id}/products/by-filter`, { type: 'product', text: '  ' }, { headers: { 'accept-language': 'en' } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json().error.code).toBe('validation_error');
    expect(refused.json().error.fields.text[0]).toMatch(/Without a filter the whole resale catalogue/);
    expect((await items(id)).results).toEqual([]);

    const storeBefore = (await anon.get('/api/shops/demo-03/products?type=product&limit=1')).json().matches_estimated as number;
    const total = (await owner.get(`${API}/catalogues/${id}/candidates?type=product`)).json().matches_estimated as number;
    const all = await owner.post(`${API}/catalogues/${id}/products/by-filter`, { type: 'product', all: true });
    expect(all.status, all.text).toBe(200);
    const batch = all.json();
    expect(batch.added).toBe(total);
    expect(batch.added_ids).toHaveLength(batch.added);
    expect(batch.added_to_store_ids).toHaveLength(batch.added_to_store);
    expect(batch.added_to_store).toBeGreaterThan(0);
    expect((await anon.get('/api/shops/demo-03/products?type=product&limit=1')).json().matches_estimated).toBe(storeBefore + batch.added_to_store);

    const undo = await owner.post(`${API}/catalogues/${id}/products/by-filter/undo`, { added_ids: batch.added_ids, added_to_store_ids: batch.added_to_store_ids });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json()).toEqual({ catalogue_id: id, removed: batch.added, removed_from_store: batch.added_to_store, num_products: 0 });
    expect((await items(id)).results).toEqual([]);
    expect((await anon.get('/api/shops/demo-03/products?type=product&limit=1')).json().matches_estimated).toBe(storeBefore);
    // Idempotent, and bad ids are field errors.
    expect((await owner.post(`${API}/catalogues/${id}/products/by-filter/undo`, { added_ids: batch.added_ids })).json()).toMatchObject({ removed: 0, removed_from_store: 0 });
    const bad = await owner.post(`${API}/catalogues/${id}/products/by-filter/undo`, { added_ids: ['nope'] });
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['added_ids.0']);
    expect((await other.post(`${API}/catalogues/${id}/products/by-filter/undo`, { added_ids: [] })).status).toBe(403);
  });

  it('refuses bad input with fields, other admins and anonymous visitors', async () => {
    const id = await newCatalogue(`Permisos ${randomUUID().slice(0, 6)}`);
    const bad = await owner.post(`${API}/catalogues/${id}/products/by-filter`, { type: 'boat', supplier: 'x', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.json().error.code).toBe('validation_error');
    expect(Object.keys(bad.json().error.fields ?? {})).toEqual(expect.arrayContaining(['type', 'supplier']));
    const badQuery = await owner.get(`${API}/catalogues/${id}/candidates?limit=500`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.json().error.fields).toHaveProperty('limit');
    for (const [c, status] of [[other, 403], [anon, 401]] as const) {
      expect((await c.post(`${API}/catalogues/${id}/products/by-filter`, { type: 'product' })).status).toBe(status);
      expect((await c.get(`${API}/catalogues/${id}/candidates`)).status).toBe(status);
      expect((await c.get(`${API}/catalogues/${id}/items`)).status).toBe(status);
      expect((await c.post(`${API}/catalogues/fork`, { origin_slug: 'novedades' })).status).toBe(status);
    }
    expect((await owner.get(`${API}/catalogues/${randomUUID()}/items`)).status).toBe(404);
  });
});

describe('fork', () => {
  it('copies a root-store catalogue: name, free slug, photo, items in order, origin link', async () => {
    const originId = await catalogueId('red-demo', 'novedades');
    const origin = (await new Client().get('/api/shops/red-demo/catalogues?limit=50')).json().results.find((c: { id: string }) => c.id === originId);
    const r = await owner.post(`${API}/catalogues/fork`, { origin_slug: 'novedades' });
    expect(r.status, r.text).toBe(201);
    const fork = r.json();
    made.push({ shop: 'demo-03', id: fork.id });
    // The shop has a catalogue of that name already: the copy is 'Name 2' (names never repeat in a shop).
    const own = (await anon.get('/api/shops/demo-03/catalogues?limit=100')).json().results.map((c: { name: string }) => c.name);
    expect(fork.name).toMatch(new RegExp(`^${origin.name}( \\d+)?$`));
    expect(own.filter((n: string) => n.toLowerCase() === fork.name.toLowerCase())).toHaveLength(1);
    expect(fork.slug).toMatch(/^novedades-\d+$/);
    expect(fork.photo).toBe(origin.photo);
    expect(fork.origin).toMatchObject({ id: originId, slug: 'novedades', shop_slug: 'red-demo' });
    // Order: the origin's public catalogue page order equals the fork's.
    const coordinador = new Client();
    await coordinador.login('coordinador@demo.test');
    const originItems = (await coordinador.get(`/api/shops/red-demo/admin/catalogues/${originId}/items?limit=100`)).json();
    const forkItems = await items(fork.id);
    // Items shoppers cannot see (unpublished, hidden, disabled) are not copied.
    const visible = originItems.results.filter((x: { visible: boolean }) => x.visible).map((x: { product_id: string }) => x.product_id);
    expect(visible.length).toBeGreaterThan(5);
    expect(forkItems.results.map((x) => x.product_id)).toEqual(visible);
    expect(forkItems.results.map((x) => x.queue_position)).toEqual(visible.map((_: string, i: number) => i));
    expect(fork.num_products).toBe(visible.length);
    // The fork's page says where it comes from and links there.
    const page = await anon.get(`/demo-03/catalogos/${fork.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/data-testid="forked-from"[^>]*>[^<]*<a href="\/red-demo\/catalogos\/novedades"/);
    // By id as well, and a second fork takes the next free slug.
    const byId = await owner.post(`${API}/catalogues/fork`, { origin_id: originId });
    expect(byId.status, byId.text).toBe(201);
    made.push({ shop: 'demo-03', id: byId.json().id });
    expect(byId.json().slug).not.toBe(fork.slug);
    expect(byId.json().name).not.toBe(fork.name);
  });

  it('answers 404 for a catalogue of another network, 400 with fields for bad input', async () => {
    const foreign = await catalogueId('demo-04', (await anon.get('/api/shops/demo-04/catalogues?limit=1')).json().results[0].slug);
    const r = await owner.post(`${API}/catalogues/fork`, { origin_id: foreign });
    expect(r.status).toBe(404);
    // demo-04 is in no network: it cannot fork the root store's catalogues either.
    const back = await other.post('/api/shops/demo-04/admin/catalogues/fork', { origin_slug: 'novedades', origin_shop: 'red-demo' });
    expect(back.status).toBe(404);
    expect((await owner.post(`${API}/catalogues/fork`, { origin_slug: 'no-existe' })).status).toBe(404);
    for (const body of [{}, { origin_id: foreign, origin_slug: 'novedades' }, { origin_id: 'nope' }, { origin_slug: 'x', origin_shop: 'Bad Slug!' }]) {
      const bad = await owner.post(`${API}/catalogues/fork`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json().error.fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
  });
});

describe('the network\'s catalogues', () => {
  it('lists the other network shops\' catalogues, the root store first; none outside a network', async () => {
    const r = await owner.get(`${API}/catalogues/network`);
    expect(r.status, r.text).toBe(200);
    const list = r.json().results as { id: string; slug: string; shop_slug: string; num_products: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.shop_slug === 'red-demo')).toBe(true);
    expect(list.map((c) => c.slug)).toContain('novedades');
    const found = await owner.get(`${API}/catalogues/network?text=NOVEDADES`);
    expect(found.json().results.map((c: { slug: string }) => c.slug)).toEqual(['novedades']);
    const none = await other.get('/api/shops/demo-04/admin/catalogues/network');
    expect(none.status).toBe(200);
    expect(none.json()).toEqual({ results: [], matches_estimated: 0 });
    expect((await other.get(`${API}/catalogues/network`)).status).toBe(403);
    expect((await owner.get(`${API}/catalogues/network?limit=51`)).status).toBe(400);
    // The root store's admin sees demo-03's catalogues.
    const coordinador = new Client();
    await coordinador.login('coordinador@demo.test');
    const down = (await coordinador.get('/api/shops/red-demo/admin/catalogues/network')).json().results as { shop_slug: string }[];
    expect(down.length).toBeGreaterThan(0);
    expect(new Set(down.map((c) => c.shop_slug))).toEqual(new Set(['demo-03']));
  });
});

describe('franchise stores', () => {
  it("offer and add only their franchise supplier's items (seed 001 §5 invalid_product)", async () => {
    const admin = new Client();
    await admin.login('adminfranquicia@demo.test');
    const api = '/api/shops/demo-franquicia/admin';
    const created = await admin.post(`${api}/catalogues`, { name: `Franquicia ${randomUUID().slice(0, 6)}` });
    expect(created.status, created.text).toBe(201);
    const id = created.json().id as string;
    try {
      const r = (await admin.get(`${api}/catalogues/${id}/candidates?type=product&limit=50`)).json();
      expect(r.results.length).toBeGreaterThan(0);
      expect(new Set(r.results.map((x: { supplier: { name: string } | null }) => x.supplier?.name)).size).toBe(1);
      const added = await admin.post(`${api}/catalogues/${id}/products/by-filter`, { type: 'product', all: true });
      expect(added.status, added.text).toBe(200);
      expect(added.json().added_to_store).toBe(0);
      const names = new Set(((await admin.get(`${api}/catalogues/${id}/candidates?type=product&limit=50`)).json().results as { supplier: { name: string } | null }[]).map((x) => x.supplier?.name));
      expect(names.size).toBe(1);
    } finally {
      await admin.request('DELETE', `${api}/catalogues/${id}`);
    }
  });
});

describe('position update while the order is locked', () => {
  // PostgreSQL only: PGlite has one connection, so nothing can hold the lock while the server waits for it.
  it('answers 400 updating_position_error after the lock timeout', async (ctx) => {
    ctx.skip(!inject('serverDatabaseUrl'), "PostgreSQL only: it needs a second connection to the server's database (PGlite is opened by the server process alone)");
    const id = await newCatalogue(`Bloqueo ${randomUUID().slice(0, 6)}`);
    await owner.post(`${API}/catalogues/${id}/products/by-filter`, { type: 'product', text: 'taza' });
    const first = (await items(id)).results[0]!;
    const db = new pg.Client({ connectionString: inject('serverDatabaseUrl')! });
    await db.connect();
    try {
      await db.query('begin');
      await db.query('select pg_advisory_xact_lock(hashtext($1))', [`catalogue-order:${id}`]);
      const r = await owner.post(`${API}/catalogues/${id}/products/move`, { product_id: first.product_id, queue_position: 1 });
      expect(r.status, r.text).toBe(400);
      expect(r.json().error.code).toBe('updating_position_error');
      await db.query('rollback');
      const ok = await owner.post(`${API}/catalogues/${id}/products/move`, { product_id: first.product_id, queue_position: 1 });
      expect(ok.status, ok.text).toBe(200);
    } finally {
      await db.end();
    }
  }, 20_000);
});
