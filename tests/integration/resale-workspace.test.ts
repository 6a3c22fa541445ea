// The reseller's workspace (issue 13; seed 001 §2, §4, §5, §6, §9): {shop}/apps/me/referral (referral products tab,
// filters, sort, page size 10, earnings at the plan rate), .../resale/plans and .../resale/catalogues, their
// forms without script, who may see them, and a franchise store offered and allowed only its supplier's items.
// Over HTTP against the demo server (put back what it changes), then on a fresh database the rules the demo data
// cannot show (another plan rate, items not for resale, hidden items in the store).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, products, shopProducts, shops } from '../../src/db/schema/index.ts';
import { DEMO_SHOPS, DEMO_USER_BY_KEY, seedDemo, type DemoUserKey } from '../../src/db/seed/demo.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { adminContext } from '../../src/domain/admin/service.ts';
import { resaleQuerySchema } from '../../src/domain/resale/schema.ts';
import { listResale } from '../../src/domain/resale/service.ts';
import { resalePlans } from '../../src/domain/resale/workspace.ts';
import { freshDb } from '../support/db.ts';
import { Client } from '../support/http.ts';

const API = '/api/shops/demo-03/admin';
const PAGE = '/demo-03/apps/me/referral';
interface Item {
  id: string; owner: string; name: string; list_price: number; currency: string; supplier: { id: string; name: string } | null; tags: string[];
  in_store: boolean; contribution_margin: number; earning: number | null; resellable: boolean; is_dropshipping: boolean; faded: boolean;
}
/** Half up to the cent of margin x rate, by hand (rate as a fraction n/d). */
const halfUp = (margin: number, n: number, d: number) => Math.floor((margin * n * 2 + d) / (2 * d));
const rows = (html: string) => [...html.matchAll(/data-testid="resale-row" data-product="([0-9a-f-]{36})" data-in-store="(true|false)"/g)].map((m) => ({ id: m[1]!, inStore: m[2] === 'true' }));

const anon = new Client();
const owner = new Client();
const other = new Client();
const accountant = new Client();
const franchiseAdmin = new Client();
beforeAll(async () => {
  await Promise.all([owner.login('admin03@demo.test'), other.login('admin04@demo.test'), accountant.login('emprendedor@demo.test'), franchiseAdmin.login('adminfranquicia@demo.test')]);
});

describe('who may open the workspace', () => {
  const pages = [PAGE, `${PAGE}/resale/plans`, `${PAGE}/resale/catalogues`];
  it('sends anonymous visitors to the login and refuses non-admins with 403', async () => {
    for (const p of pages) {
      const r = await anon.get(p);
      expect(r.status, p).toBe(302);
      expect(r.headers.location).toBe(`/login?next=${encodeURIComponent(p)}`);
      for (const c of [other, accountant]) {
        const no = await c.get(p);
        expect(no.status, p).toBe(403);
        expect(no.text).not.toContain('data-testid="resale-row"');
        expect(no.headers['cache-control']).toContain('no-store');
      }
    }
    expect((await other.post(PAGE, undefined, { raw: `op=add&product=${randomUUID()}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(403);
  });

  it('serves the admin on the path and subdomain forms, with the tabs linked and the menu entries', async () => {
    for (const p of pages) expect((await owner.get(p)).status, p).toBe(200);
    const sub = await owner.get('/apps/me/referral', { host: 'demo-03.localhost' });
    expect(sub.status).toBe(200);
    expect(sub.text).toContain('href="/apps/me/referral/resale/plans"');
    const html = (await owner.get(PAGE)).text;
    for (const href of [PAGE, `${PAGE}/resale/plans`, `${PAGE}/resale/catalogues`]) expect(html).toContain(`href="${href}"`);
    const home = (await owner.get('/demo-03/')).text;
    expect(home).toContain(`data-testid="menu-resell"`);
    expect((await other.get('/demo-03/')).text).not.toContain('data-testid="menu-resell"');
  });
});

describe('the referral products tab', () => {
  const list = async (q: string) => {
    const r = await owner.get(`${API}/resale?scope=workspace&${q}`);
    expect(r.status, r.text).toBe(200);
    return r.json() as { results: Item[]; matches_estimated: number };
  };

  it('pages 10 at a time by -contribution_margin, with the earning at the plan rate (0.5) to the cent', async () => {
    const html = (await owner.get(PAGE)).text;
    const shown = rows(html);
    expect(shown).toHaveLength(10);
    const api = await list('sort=-contribution_margin&limit=10');
    expect(shown.map((r) => r.id)).toEqual(api.results.map((r) => r.id));
    const margins = api.results.map((r) => r.contribution_margin);
    expect(margins).toEqual([...margins].sort((a, b) => b - a));
    for (const it of api.results) {
      expect(it.earning).toBe(it.resellable ? halfUp(it.contribution_margin, 1, 2) : null);
      if (it.earning !== null) expect(html).toContain(`data-earning="${it.earning}"`);
    }
    const second = rows((await owner.get(`${PAGE}?page=2`)).text);
    expect(second).toHaveLength(10);
    expect(second.map((r) => r.id)).toEqual((await list('sort=-contribution_margin&limit=10&offset=10')).results.map((r) => r.id));
    expect(html).toMatch(/rel="next"/);
    // The shared pager (Pagination.astro, keep=filters): the next page keeps the sort, not a one-time notice.
    const noticed = (await owner.get(`${PAGE}?sort=name&aviso=added&producto=x&junk=1`)).text;
    const next = /<a class="page-step" href="([^"]+)" rel="next"/.exec(noticed)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toBe(`${PAGE}?sort=name&page=2`);
    expect(noticed).toMatch(/<nav class="pagination"/);
  });

  it('filters by text, type, supplier and category as a GET form, and sorts', async () => {
    const all = await list('limit=50');
    const pick = all.results.find((r) => r.supplier && r.tags.length > 0)!;
    const word = pick.name.split(' ')[0]!;
    const byText = rows((await owner.get(`${PAGE}?text=${encodeURIComponent(word)}`)).text);
    expect(byText.length).toBeGreaterThan(0);
    expect(byText.map((r) => r.id)).toEqual((await list(`sort=-contribution_margin&limit=10&text=${encodeURIComponent(word)}`)).results.map((r) => r.id));

    const bySupplier = await list(`supplier=${pick.supplier!.id}&limit=50`);
    expect(bySupplier.results.every((r) => r.supplier?.id === pick.supplier!.id)).toBe(true);
    const supplierPage = (await owner.get(`${PAGE}?supplier=${pick.supplier!.id}&category=${encodeURIComponent(pick.tags[0]!)}&sort=name`)).text;
    const named = (await list(`supplier=${pick.supplier!.id}&category=${encodeURIComponent(pick.tags[0]!)}&sort=name&limit=10`)).results;
    expect(rows(supplierPage).map((r) => r.id)).toEqual(named.map((r) => r.id));
    expect(named.map((r) => r.name)).toEqual([...named.map((r) => r.name)].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })));
    expect(supplierPage).toMatch(new RegExp(`<option value="${pick.supplier!.id}" selected[ >]`));

    const services = await list('type=service&limit=50');
    expect(services.results.length).toBeGreaterThan(0);
    expect(rows((await owner.get(`${PAGE}?type=service`)).text).length).toBe(Math.min(10, services.matches_estimated));
    // Bad values are dropped, not a 500.
    expect((await owner.get(`${PAGE}?supplier=nope&type=x&sort=y&page=-4`)).status).toBe(200);
    expect((await owner.get(`${PAGE}?text=zzzqqqxxx`)).text).toContain('data-testid="resale-empty"');
  });

  it('fills the dropdowns with at most 15 categories and 10 suppliers (check_at_least stays 1000)', async () => {
    const r = await owner.get(`${API}/resale/facets?type=product&scope=workspace&suppliers_limit=10&categories_limit=15`);
    expect(r.status).toBe(200);
    expect(r.json().categories.length).toBeLessThanOrEqual(15);
    expect(r.json().suppliers.length).toBeLessThanOrEqual(10);
    const one = (await owner.get(`${API}/resale/facets?type=product&categories_limit=1&suppliers_limit=1`)).json();
    expect(one.categories).toHaveLength(1);
    expect(one.suppliers).toHaveLength(1);
    expect((await list('limit=1')).matches_estimated).toBeLessThanOrEqual(1000);
  });

  it('adds to the store, removes, and adds to a catalogue through the page forms (no script)', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const outside = (await list('limit=50')).results.find((r) => !r.in_store && r.resellable)!;
    const add = await owner.post(`${PAGE}?sort=name`, undefined, { raw: `op=add&product=${outside.id}`, headers: form });
    expect(add.status).toBe(303);
    expect(add.headers.location).toBe(`${PAGE}?sort=name&aviso=added`);
    expect((await owner.post(`${API}/store-products/check`, { ids: [outside.id] })).json().in_store).toEqual([outside.id]);

    const cats = (await owner.get(`${API}/catalogues`)).json().results as { id: string; slug: string; num_products: number }[];
    const cat = cats.find((c) => c.slug === 'proximamente') ?? cats[0]!;
    const put = await owner.post(PAGE, undefined, { raw: `op=catalogue&product=${outside.id}&catalogue=${cat.id}`, headers: form });
    expect(put.headers.location).toBe(`${PAGE}?aviso=catalogued&catalogo=${cat.id}`);
    const inCat = (await owner.get(`${API}/catalogues/${cat.id}/products`)).json().results.map((x: { product_id: string }) => x.product_id);
    expect(inCat).toContain(outside.id);
    const again = await owner.post(PAGE, undefined, { raw: `op=catalogue&product=${outside.id}&catalogue=${cat.id}`, headers: form });
    expect(again.headers.location).toBe(`${PAGE}?aviso=in_catalogue&catalogo=${cat.id}`);
    expect((await owner.get(`${PAGE}?aviso=catalogued&catalogo=${cat.id}`)).text).toContain('data-testid="resale-notice"');

    const remove = await owner.post(PAGE, undefined, { raw: `op=remove&product=${outside.id}`, headers: form });
    expect(remove.headers.location).toBe(`${PAGE}?aviso=removed&producto=${outside.id}`);
    const undoPage = (await owner.get(remove.headers.location!)).text;
    expect(undoPage).toContain(`name="product" value="${outside.id}"`);
    expect((await owner.post(`${API}/store-products/check`, { ids: [outside.id] })).json().in_store).toEqual([]);
    expect((await owner.get(`${API}/catalogues/${cat.id}/products`)).json().results.map((x: { product_id: string }) => x.product_id)).not.toContain(outside.id);
    expect((await owner.post(PAGE, undefined, { raw: 'op=add&product=nope', headers: form })).headers.location).toBe(`${PAGE}?aviso=error`);
  });
});

describe('a franchise store', () => {
  const FAPI = '/api/shops/demo-franquicia/admin';
  it('is offered only its supplier\'s items, and refuses others with invalid_product', async () => {
    const mine = (await franchiseAdmin.get(`${FAPI}/resale?scope=workspace&limit=50`)).json() as { results: Item[]; matches_estimated: number };
    expect(mine.results.length).toBeGreaterThan(0);
    expect(new Set(mine.results.map((r) => r.supplier?.name))).toEqual(new Set(['Café de Altura']));
    // The add-products modal's list (default scope) and its supplier dropdown too.
    for (const type of ['product', 'service', 'experience']) {
      const modal = (await franchiseAdmin.get(`${FAPI}/resale?type=${type}&limit=50`)).json() as { results: Item[] };
      expect(modal.results.every((r) => r.supplier?.name === 'Café de Altura'), type).toBe(true);
      const facets = (await franchiseAdmin.get(`${FAPI}/resale/facets?type=${type}`)).json();
      expect(facets.suppliers.every((s: { name: string }) => s.name === 'Café de Altura'), type).toBe(true);
    }
    const foreign = (await owner.get(`${API}/resale?limit=50`)).json().results.find((r: Item) => r.supplier?.name !== 'Café de Altura') as Item;
    const refused = await franchiseAdmin.request('PUT', `${FAPI}/store-products/${foreign.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json().error.field_codes).toEqual({ product_id: ['invalid_product'] });
    expect(refused.json().error.message).toBe('Solo puedes agregar productos de la franquicia');
    const page = await franchiseAdmin.post('/demo-franquicia/apps/me/referral', undefined, { raw: `op=add&product=${foreign.id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(page.headers.location).toBe('/demo-franquicia/apps/me/referral?aviso=only_franchise');
    const html = (await franchiseAdmin.get(page.headers.location!)).text;
    expect(html).toContain('data-testid="franchise-note"');
    expect(html).toContain('Solo puedes agregar productos de la franquicia');
  });
});

describe('plans and catalogue tabs over HTTP', () => {
  it('shows the shop\'s plan and rate, the four plans at 199.00 MXN a month, the sample figures and the change-plan link', async () => {
    const html = (await owner.get(`${PAGE}/resale/plans`)).text;
    expect(html).toContain('data-plan="tienda_en_linea" data-rate="0.5"');
    expect(html.match(/data-testid="plan" data-plan=/g)).toHaveLength(4);
    expect(html).toContain('href="/apps/paquetes"');
    expect(html).toMatch(/\$199\.00/);
    expect(html.match(/data-testid="plan-sample"/g)).toHaveLength(4);
    const en = (await owner.get(`${PAGE}/resale/plans`, { headers: { 'accept-language': 'en' } })).text;
    expect(en).toMatch(/With plan Online store you would earn [^<]*\d[^<]* on these 10 items/);
  });

  it('lists the catalogues with their counts and creates one by form', async () => {
    const cats = (await owner.get(`${API}/catalogues`)).json().results as { id: string; slug: string; num_products: number }[];
    const html = (await owner.get(`${PAGE}/resale/catalogues`)).text;
    for (const c of cats) {
      expect(html).toContain(`data-slug="${c.slug}"`);
      expect(html).toContain(`href="/demo-03/catalogos/${c.slug}"`);
    }
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await owner.post(`${PAGE}/resale/catalogues`, undefined, { raw: 'name=', headers: form })).status).toBe(400);
    const made = await owner.post(`${PAGE}/resale/catalogues`, undefined, { raw: 'name=Rebajas+de+prueba', headers: form });
    expect(made.status).toBe(303);
    const id = /creado=([0-9a-f-]{36})/.exec(made.headers.location!)![1]!;
    try {
      const after = (await owner.get(made.headers.location!)).text;
      expect(after).toContain('Rebajas de prueba');
      expect(after).toContain('data-testid="resale-notice"');
    } finally {
      expect((await owner.request('DELETE', `${API}/catalogues/${id}`)).status).toBe(200);
    }
  });
});

describe('services on a fresh database', () => {
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

  it('earns at the shop\'s plan rate (half up per sale), marks items not for resale and faded ones', async () => {
    await h.db.update(plans).set({ plan_commission_rate: '0.35' }).where(eq(plans.id, 'tienda_en_linea'));
    const ctx = await adminContext(h.db, 'demo-03', viewer('admin03'));
    const q = resaleQuerySchema.parse({ scope: 'workspace', sort: '-contribution_margin', limit: 50 });
    const page = await listResale(ctx, q);
    for (const it of page.results) expect(it.earning, it.name).toBe(halfUp(it.contribution_margin, 35, 100));

    const [own] = await h.db.select({ id: shopProducts.product_id }).from(shopProducts).where(eq(shopProducts.shop_id, DEMO_SHOPS['demo-03'].id)).limit(1);
    await h.db.update(products).set({ hiden: true }).where(eq(products.id, own!.id));
    const notDs = page.results.find((r) => !r.in_store)!;
    await h.db.update(products).set({ is_dropshipping: false }).where(eq(products.id, notDs.id));
    const after = (await listResale(ctx, { ...q, limit: 50, sort: 'name', offset: 0 }));
    const all = [after, ...await Promise.all([50, 100, 150, 200].map((offset) => listResale(ctx, { ...q, sort: 'name', offset })))].flatMap((p) => p.results);
    const hidden = all.find((r) => r.id === own!.id)!;
    expect(hidden).toMatchObject({ faded: true, resellable: false, earning: null, in_store: true });
    expect(all.find((r) => r.id === notDs.id)).toMatchObject({ is_dropshipping: false, resellable: false, earning: null, faded: false });
    // The modal's scope offers neither.
    const modal = await listResale(ctx, resaleQuerySchema.parse({ limit: 50, text: notDs.name }));
    expect(modal.results.map((r) => r.id)).not.toContain(notDs.id);
  });

  it('prices the first 10 resellable store items under every plan; the default plan when the shop has none', async () => {
    const ctx = await adminContext(h.db, 'demo-03', viewer('admin03'));
    const p = await resalePlans(ctx);
    expect(p.current?.id).toBe('tienda_en_linea');
    expect(p.plans.map((x) => x.id).sort()).toEqual(['facturacion_electronica', 'negocio_digital', 'plan_profesional', 'tienda_en_linea']);
    expect(p.sample).toHaveLength(10);
    const byRate = (n: number, d: number) => {
      const sums = new Map<string, number>();
      for (const s of p.sample) sums.set(s.currency, (sums.get(s.currency) ?? 0) + halfUp(s.margin, n, d));
      return [...sums].map(([currency, amount]) => ({ currency, amount }));
    };
    expect(p.plans.find((x) => x.id === 'tienda_en_linea')!.sample_earnings).toEqual(byRate(35, 100));
    expect(p.plans.find((x) => x.id === 'plan_profesional')!.sample_earnings).toEqual(byRate(1, 2));
    expect(p.plans.every((x) => x.price === 19900 && x.currency === 'MXN' && x.periodicity === 'month')).toBe(true);

    await h.db.update(shops).set({ signup_plan: null }).where(eq(shops.id, DEMO_SHOPS['demo-04'].id));
    expect((await resalePlans(await adminContext(h.db, 'demo-04', viewer('admin04')))).current?.id).toBe('plan_profesional');
  });

  it('a franchise store with its supplier\'s items lists no other supplier in either scope', async () => {
    const ctx = await adminContext(h.db, 'demo-franquicia', viewer('adminfranquicia'));
    const cafe = DEMO_USER_BY_KEY.proveedorcafe.profileId;
    for (const scope of ['workspace', 'resellable'] as const) {
      const r = await listResale(ctx, resaleQuerySchema.parse({ scope, limit: 50 }));
      expect(r.results.every((x) => x.owner === cafe), scope).toBe(true);
    }
    const inStore = await h.db.select().from(shopProducts).where(and(eq(shopProducts.shop_id, DEMO_SHOPS['demo-franquicia'].id)));
    expect(inStore.length).toBeGreaterThan(0);
  });
});
