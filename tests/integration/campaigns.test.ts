// Campaign and channel admin (issue 14; seed 001 §7, §8, §9): the API's list filters and pages, create, change and
// delete, refusals (400 bad input, 404 another shop's, 403 non-admins, 401 anonymous), visits recorded when a tracked
// link is opened (once per click id and browser), sign-ups with the campaign cookie, orders from the attribution,
// the demo's figures, the admin pages without script and the share widget only for people who may share.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/admin/campaigns`;
const tag = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function as(email: string) {
  const c = new Client();
  await c.login(email);
  return c;
}
/** Opens an absolute link as a browser would (its host in the Host header; the test server listens on one port). */
const open = (c: Client, link: string) => { const u = new URL(link); return c.get(`${u.pathname}${u.search}`, { host: u.host }); };
const patch = (c: Client, path: string, body: unknown) => c.request('PATCH', path, { body });
const del = (c: Client, path: string) => c.request('DELETE', path);

describe('campaigns API', () => {
  it('creates, lists with text, dates, sort and pages, reads, changes and deletes', async () => {
    const admin = await as('admin03@demo.test');
    const t = tag();
    const made: { id: string; name: string }[] = [];
    for (const n of ['Beta', 'Alfa', 'Gamma']) {
      const r = await admin.post(API, { name: `${t} ${n}`, url: `/${SHOP}/productos?campaign=old&x=1` });
      expect(r.status, r.text).toBe(201);
      made.push(r.json());
    }
    const first = made[0]!;
    const one = (await admin.get(`${API}/${first.id}`)).json();
    expect(one).toMatchObject({ name: `${t} Beta`, state: 'active', visits: 0, signups: 0, orders: 0, channels: 0 });
    // The page inside the shop with the tracking parameters dropped, and a tracked link back at the shop's address.
    expect(one.url).toBe('/productos?x=1');
    const link = new URL(one.encoded_mkt_url);
    expect(link.pathname).toBe('/productos');
    expect(link.searchParams.get('x')).toBe('1');
    expect(link.searchParams.get('campaign')).toBe(first.id);
    expect(link.searchParams.get('referral')).toBe('ana-trevino');

    const list = (q: string) => admin.get(`${API}?text=${encodeURIComponent(t)}&${q}`).then((r) => { expect(r.status, r.text).toBe(200); return r.json(); });
    expect((await list('sort=name')).results.map((c: { name: string }) => c.name)).toEqual([`${t} Alfa`, `${t} Beta`, `${t} Gamma`]);
    expect((await list('sort=-name')).results[0].name).toBe(`${t} Gamma`);
    const paged = await list('sort=name&limit=2&offset=2');
    expect(paged.matches_estimated).toBe(3);
    expect(paged.results.map((c: { name: string }) => c.name)).toEqual([`${t} Gamma`]);
    // Default page size 10.
    expect((await admin.get(API)).json().results.length).toBeLessThanOrEqual(10);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await list(`start_date=${yesterday}`)).matches_estimated).toBe(3);
    expect((await list(`end_date=${yesterday}`)).matches_estimated).toBe(0);
    expect((await list(`start_date=${yesterday}&end_date=${today}`)).matches_estimated).toBe(3);

    const changed = await patch(admin, `${API}/${first.id}`, { name: `${t} Renamed`, state: 'paused' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json()).toMatchObject({ name: `${t} Renamed`, state: 'paused' });
    // A paused campaign is no longer answered back to visitors.
    const visitor = new Client();
    await visitor.get(`/${SHOP}/?campaign=${first.id}`);
    expect(visitor.jar.get('campaign')).toBeUndefined();

    const gone = await del(admin, `${API}/${first.id}`);
    expect(gone.status).toBe(200);
    expect(gone.json()).toEqual({ id: first.id, deleted: true });
    expect((await admin.get(`${API}/${first.id}`)).status).toBe(404);
    expect((await list('')).matches_estimated).toBe(2);
  });

  it('refuses bad input with 400, another shop\'s campaign with 404, non-admins with 403 and anonymous with 401', async () => {
    const admin = await as('admin03@demo.test');
    const ok = (await admin.post(API, { name: `${tag()} ok`, url: `/${SHOP}/` })).json();
    const bad: unknown[] = [
      { name: '', url: `/${SHOP}/` }, { name: 'x'.repeat(101), url: `/${SHOP}/` }, { name: 'x', url: 'javascript:alert(1)' },
      { name: 'x', url: 'https://evil.example/' }, { name: 'x', url: `/${SHOP}/`, state: 'running' }, { name: 'x', url: `/${SHOP}/`, extra: 1 },
      { url: `/${SHOP}/` },
    ];
    for (const body of bad) {
      const r = await admin.post(API, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json().error.code).toBe('validation_error');
    }
    for (const q of ['limit=0', 'limit=51', 'offset=-1', 'sort=price', 'start_date=2030-02-31', 'start_date=2030-03-02&end_date=2030-03-01']) {
      expect((await admin.get(`${API}?${q}`)).status, q).toBe(400);
    }
    expect((await patch(admin, `${API}/${ok.id}`, { state: 'x' })).status).toBe(400);
    expect((await admin.get(`${API}/not-an-id`)).status).toBe(404);
    expect((await admin.get(`${API}/${crypto.randomUUID()}`)).status).toBe(404);

    const admin04 = await as('admin04@demo.test');
    for (const r of [
      await admin04.get(`/api/shops/demo-04/admin/campaigns/${ok.id}`),
      await patch(admin04, `/api/shops/demo-04/admin/campaigns/${ok.id}`, { name: 'mine' }),
      await del(admin04, `/api/shops/demo-04/admin/campaigns/${ok.id}`),
      await admin04.get(`/api/shops/demo-04/admin/campaigns/${ok.id}/channels`),
      await admin04.post(`/api/shops/demo-04/admin/campaigns/${ok.id}/channels`, { name: 'x' }),
    ]) expect(r.status).toBe(404);
    expect((await admin04.get(`${API}/${ok.id}`)).status).toBe(403);

    const customer = await as('cliente@demo.test');
    expect((await customer.get(API)).status).toBe(403);
    expect((await customer.post(API, { name: 'x', url: `/${SHOP}/` })).status).toBe(403);
    const anon = new Client();
    expect((await anon.get(API)).status).toBe(401);
    expect((await anon.post(API, { name: 'x', url: `/${SHOP}/` })).status).toBe(401);
    expect((await del(anon, `/api/shops/${SHOP}/admin/channels/${crypto.randomUUID()}`)).status).toBe(401);
  });
});

describe('channels API', () => {
  it('adds, filters, pages, changes and deletes a campaign\'s channels; refuses bad figures and other shops', async () => {
    const admin = await as('admin03@demo.test');
    const c = (await admin.post(API, { name: `${tag()} channels`, url: `/${SHOP}/` })).json();
    const base = `${API}/${c.id}/channels`;
    const fb = await admin.post(base, { name: 'Facebook', source_code: 'facebook', budget: 150000, impressions: 1000 });
    expect(fb.status, fb.text).toBe(201);
    expect(fb.json()).toMatchObject({ name: 'Facebook', state: 'active', source_code: 'facebook', currency: 'MXN', budget: 150000, spent: 0, impressions: 1000 });
    for (let i = 0; i < 11; i++) expect((await admin.post(base, { name: `Canal ${i}`, currency: 'usd' })).status).toBe(201);
    const page1 = (await admin.get(base)).json();
    expect(page1.matches_estimated).toBe(12);
    expect(page1.results).toHaveLength(10);
    expect(page1.results[0].name).toBe('Facebook');
    expect((await admin.get(`${base}?offset=10`)).json().results).toHaveLength(2);
    expect((await admin.get(`${base}?source_code=FACEBOOK`)).json().results.map((x: { name: string }) => x.name)).toEqual(['Facebook']);
    expect((await admin.get(`${base}?name=canal%201`)).json().matches_estimated).toBe(2); // Canal 1 and Canal 10
    expect((await admin.get(`${base}?name=canal 1`)).json().results.every((x: { currency: string }) => x.currency === 'USD')).toBe(true);
    expect((await admin.get(`${API}/${c.id}`)).json().channels).toBe(12);

    const id = fb.json().id;
    const changed = await patch(admin, `/api/shops/${SHOP}/admin/channels/${id}`, { spent: 170000, state: 'paused', source_code: '' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json()).toMatchObject({ spent: 170000, state: 'paused', source_code: null, budget: 150000, name: 'Facebook' });

    for (const body of [{ budget: -1 }, { budget: 1.5 }, { impressions: 'many' }, { currency: 'pesos' }, { source_code: 'no spaces' }, { name: '' }, { state: 'on' }, { budget: 3_000_000_000 }]) {
      expect((await patch(admin, `/api/shops/${SHOP}/admin/channels/${id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.post(base, {})).status).toBe(400);
    const admin04 = await as('admin04@demo.test');
    expect((await patch(admin04, `/api/shops/demo-04/admin/channels/${id}`, { name: 'x' })).status).toBe(404);
    expect((await del(admin04, `/api/shops/demo-04/admin/channels/${id}`)).status).toBe(404);
    expect((await patch(admin, `/api/shops/${SHOP}/admin/channels/${crypto.randomUUID()}`, { name: 'x' })).status).toBe(404);

    expect((await del(admin, `/api/shops/${SHOP}/admin/channels/${id}`)).json()).toEqual({ id, deleted: true });
    expect((await admin.get(base)).json().matches_estimated).toBe(11);
    // Deleting the campaign takes its channels along.
    expect((await del(admin, `${API}/${c.id}`)).status).toBe(200);
    expect((await admin.get(base)).status).toBe(404);
  });
});

describe('what a campaign brought', () => {
  it('counts a visit per browser and click id when the tracked link is opened, sign-ups with the cookie (API and page) and orders not canceled', async () => {
    const admin = await as('admin03@demo.test');
    const share = await admin.post(`/api/shops/${SHOP}/share`, { url: `/${SHOP}/productos`, name: `${tag()} visits` });
    expect(share.status).toBe(201);
    const { campaign_id: id, encoded_mkt_url: link } = share.json();
    const visitor = new Client();
    expect((await open(visitor, link)).status).toBe(200);
    await open(visitor, link); // a reload: the same visit
    const other = new Client();
    await open(other, link);
    // Pages without tracking parameters and other shops do not count.
    await visitor.get(`/${SHOP}/productos`);
    await new Client().get(`/demo-04/?campaign=${id}`);
    expect((await admin.get(`${API}/${id}`)).json()).toMatchObject({ visits: 2, signups: 0, orders: 0 });

    await signUp(visitor, 'campaign');
    await signUp(new Client(), 'nocampaign');
    expect((await admin.get(`${API}/${id}`)).json()).toMatchObject({ visits: 2, signups: 1 });
    // The sign-up page (no script) counts too.
    const email = `campaign-page-${tag()}@test.example`;
    const page = await other.request('POST', '/signup', {
      raw: new URLSearchParams({ name: 'Valeria Ortiz Campos', email, password: 'a-long-password' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: other.base },
    });
    expect(page.status).toBe(303);
    expect((await admin.get(`${API}/${id}`)).json().signups).toBe(2);

    // An order placed by a visitor carrying the campaign counts; a canceled one does not.
    const ck = await readyCheckoutHttp(visitor, SHOP, [{ product_id: demoPicks(SHOP).cafeOnDemand[0]!, amount: 1 }]);
    const card = (await visitor.post('/api/payments/cards/tokens', { name: 'Compradora', number: '4242424242424242', cvc: '123', exp: '12/35' })).json().id;
    const paid = await visitor.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: card });
    expect(paid.status, paid.text).toBe(200);
    expect((await admin.get(`${API}/${id}`)).json().orders).toBe(1);
    const orderId = paid.json().order_id ?? paid.json().id;
    const canceled = await visitor.request('DELETE', `/api/orders/${orderId}`, { body: { reason: 'requested_by_client', description: 'Ya no lo necesito' } });
    expect(canceled.status, canceled.text).toBe(200);
    expect((await admin.get(`${API}/${id}`)).json().orders).toBe(0);
  });

  it('the demo shop shows figures: visits, sign-ups, orders and a channel over budget', async () => {
    const admin = await as('admin03@demo.test');
    const demo = (await admin.get(`${API}?text=${encodeURIComponent('Verano 2026')}`)).json().results[0];
    expect(demo).toMatchObject({ visits: 23, signups: 2, orders: 2, channels: 3 });
    expect(new URL(demo.encoded_mkt_url).searchParams.get('campaign')).toBe(demo.id);
    const channels = (await admin.get(`${API}/${demo.id}/channels`)).json().results as { spent: number; budget: number }[];
    expect(channels.some((ch) => ch.spent > ch.budget && ch.budget > 0)).toBe(true);
    // The attributed orders show the campaign on the shop admin's order page.
    // Every order of the shop, page by page (the demo's month of history, src/db/seed/history.ts, comes first).
    const orders: { id: string }[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = (await admin.get(`/api/shops/${SHOP}/orders?limit=50&offset=${offset}`)).json().results as { id: string }[];
      orders.push(...page);
      if (page.length < 50) break;
    }
    const attributed = [];
    for (const o of orders) {
      const d = (await admin.get(`/api/shops/${SHOP}/orders/${o.id}`)).json();
      if (d.attribution?.campaign_id === demo.id) attributed.push(o.id);
    }
    expect(attributed.length).toBe(2);
  });
});

describe('pages', () => {
  const form = (c: Client, path: string, fields: Record<string, string>) =>
    c.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: c.base } });
  const PAGE = `/${SHOP}/apps/me/referral/campaigns`;

  it('admins manage campaigns and channels without script, with the seed\'s notices; others are refused', async () => {
    const admin = await as('admin03@demo.test');
    const t = tag();
    const made = await form(admin, PAGE, { op: 'create', name: `${t} página`, url: `/${SHOP}/`, state: 'active' });
    expect(made.status).toBe(303);
    expect(made.headers.location).toContain('aviso=created');
    const list = await admin.get(`${PAGE}?text=${t}&aviso=created`, { headers: { cookie: 'lang=en' } });
    expect(list.status).toBe(200);
    expect(list.text).toContain('Campaign was created successful');
    const id = /data-campaign="([0-9a-f-]{36})"/.exec(list.text)![1]!;
    const bad = await form(admin, PAGE, { op: 'create', name: '', url: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('data-kind="error"');

    const detail = `${PAGE}/${id}`;
    const ch = await form(admin, detail, { op: 'create-channel', name: 'Folletos', budget: '1500.00', spent: '1,800.50', impressions: '200', currency: 'MXN', source_code: 'folletos' });
    expect(ch.status).toBe(303);
    expect(ch.headers.location).toContain('aviso=channel-created');
    const page = await admin.get(`${detail}?aviso=channel-created`, { headers: { cookie: 'lang=en' } });
    expect(page.text).toContain('Channel was created');
    expect(page.text).toContain('data-spent="180050" data-budget="150000"');
    expect(page.text).toContain('Over budget');
    expect((await form(admin, detail, { op: 'create-channel', name: 'x', budget: 'mucho' })).status).toBe(400);
    const chId = /data-channel="([0-9a-f-]{36})"/.exec(page.text)![1]!;
    const upd = await form(admin, detail, { op: 'update-channel', id: chId, name: 'Folletos', spent: '100', budget: '1500' });
    expect(upd.headers.location).toContain('aviso=channel-updated');
    expect((await form(admin, PAGE, { op: 'delete', id })).headers.location).toContain('aviso=deleted');
    expect((await admin.get(detail)).status).toBe(404);

    const customer = await as('cliente@demo.test');
    expect((await customer.get(PAGE)).status).toBe(403);
    const anon = await new Client().get(PAGE);
    expect(anon.status).toBe(302);
    expect(anon.headers.location).toMatch(/^\/login\?next=/);
    // The workspace tabs lead here.
    expect((await admin.get(`/${SHOP}/apps/me/referral`)).text).toContain(`href="${PAGE}"`);
  });

  it('the share widget is on storefront pages only for people who may share, never on the hidden paths', async () => {
    const admin = await as('admin03@demo.test');
    for (const path of ['/', '/productos']) expect((await admin.get(`/${SHOP}${path}`)).text, path).toContain('data-testid="share-widget"');
    for (const path of ['/apps/me/referral', '/apps/me/referral/campaigns']) {
      expect((await admin.get(`/${SHOP}${path}`)).text, path).not.toContain('data-testid="share-widget"');
    }
    expect((await admin.get(`/${SHOP}/?preview=draft`)).text).not.toContain('data-testid="share-widget"');
    const anon = await new Client().get(`/${SHOP}/`);
    expect(anon.text).not.toContain('share-widget');
    const customer = await as('cliente@demo.test');
    expect((await customer.get(`/${SHOP}/`)).text).not.toContain('share-widget');
  });
});

describe('links that never die (issue 26)', () => {
  it('every link the demo\'s campaigns produce opens with 200 at the shop\'s address', async () => {
    const admin = await as('admin03@demo.test');
    const all: { name: string; url: string; encoded_mkt_url: string }[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = (await admin.get(`${API}?limit=50&offset=${offset}`)).json().results;
      all.push(...page);
      if (page.length < 50) break;
    }
    // The demo's three campaigns and the month's two (src/db/seed/campaigns.ts, history.ts), and any made above.
    for (const name of ['Verano 2026 · Café de altura', 'Instagram · historias', 'Navidad 2025', 'Otoño 2026 · Cafés de temporada', 'Boletín de noviembre']) {
      expect(all.map((c) => c.name)).toContain(name);
    }
    // The test server's shops live on subdomains of BASE_DOMAIN=localhost (tests/support/server.ts).
    const primary = `http://${SHOP}.localhost:${new URL(admin.base).port}`;
    for (const c of all) {
      const link = new URL(c.encoded_mkt_url);
      expect(link.origin, c.name).toBe(primary);
      expect(c.url.startsWith('/'), c.url).toBe(true);
      const r = await open(new Client(), c.encoded_mkt_url);
      expect(r.status, `${c.name}: ${c.encoded_mkt_url}`).toBe(200);
    }
  });

  it('the field\'s own example /productos, the bare-domain form and an absolute address all become a page inside the shop', async () => {
    const admin = await as('admin03@demo.test');
    for (const [given, page] of [
      ['/productos', '/productos'], [`/${SHOP}/catalogos/cafe-y-cocina/`, '/catalogos/cafe-y-cocina'], [`${admin.base}/${SHOP}/`, '/'],
    ] as const) {
      const made = await admin.post(API, { name: `${tag()} página`, url: given });
      expect(made.status, made.text).toBe(201);
      expect(made.json().url, given).toBe(page);
      expect((await open(new Client(), made.json().encoded_mkt_url)).status, given).toBe(200);
      const shared = await admin.post(`/api/shops/${SHOP}/share`, { url: given, name: `${tag()} compartir` });
      expect(shared.status, shared.text).toBe(201);
      expect(new URL(shared.json().encoded_mkt_url).pathname).toBe(page);
      expect((await open(new Client(), shared.json().encoded_mkt_url)).status, given).toBe(200);
    }
  });

  it('another shop\'s page or a page the shop does not have is a field error in the request\'s language', async () => {
    const admin = await as('admin03@demo.test');
    const port = new URL(admin.base).port;
    const cases = [
      ['/demo-04/', 'Esta tienda no tiene esa página', 'This shop has no such page'],
      [`http://demo-04.localhost:${port}/productos`, 'Solo puedes compartir páginas de esta tienda', 'You can only share pages of this shop'],
      [`${admin.base}/demo-04/productos`, 'Solo puedes compartir páginas de esta tienda', 'You can only share pages of this shop'],
      ['/catalogos/no-existe-este-catalogo', 'Esta tienda no tiene esa página', 'This shop has no such page'],
      ['/productos/nadie/00000000-0000-4000-8000-000000000000', 'Esta tienda no tiene esa página', 'This shop has no such page'],
      ['/admin/panel', 'Esta tienda no tiene esa página', 'This shop has no such page'],
    ] as const;
    const { id } = (await admin.post(API, { name: `${tag()} cambiar`, url: '/' })).json();
    for (const [url, es, en] of cases) {
      for (const [lang, text] of [['es', es], ['en', en]] as const) {
        const headers = { cookie: `lang=${lang}` };
        for (const r of [
          await admin.post(API, { name: 'x', url }, { headers }),
          await admin.request('PATCH', `${API}/${id}`, { body: { url }, headers }),
          await admin.post(`/api/shops/${SHOP}/share`, { url }, { headers }),
        ]) {
          expect(r.status, `${url} ${r.text}`).toBe(400);
          expect(r.json().error.code).toBe('validation_error');
          expect(r.json().error.fields.url.join(' '), url).toContain(text);
        }
      }
    }
    // Nothing was changed by the refused PATCHes.
    expect((await admin.get(`${API}/${id}`)).json().url).toBe('/');
  });
});
