// The promoted network (issue 12; seed 001 §2, seed 000 §7): signing up with a promoter's referral cookie joins their
// tree (never twice, never oneself), the promoted list at the first level or every level (only one's own branch can
// be opened), follow / unfollow (idempotent), the referred people and their filters, and the pages without script.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { Client, mailedCode } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp } from './checkout.fixtures.ts';
import { signupProven } from '../support/accounts.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { joinReferralTree, listPromoted } from '../../src/domain/promoted/service.ts';
import { promotedQuery } from '../../src/domain/promoted/schema.ts';
import { profiles, referrals } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/lib/shared/errors.ts';

const SHOP = 'demo-03';
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const form = (c: Client, path: string, fields: Record<string, string>, host?: string) =>
  c.request('POST', path, { raw: new URLSearchParams(fields).toString(), host, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: host ? `http://${host}` : c.base } });

/** A new account through the API; answers the client (signed in) and its profile id and referral code. */
async function person(name: string, opts: { host?: string; c?: Client } = {}) {
  const c = opts.c ?? new Client();
  await c.signup(`${name.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase()}-${uniq()}@test.example`, name, { host: opts.host });
  const me = (await c.get('/api/me/promoted')).json();
  return { c, id: me.parent.id as string, code: me.parent.slug as string, name };
}

/** Visits a shop page with tracking parameters (the middleware stores them as cookies), then signs up. */
async function referred(name: string, code: string, extra = '', host?: string) {
  const c = new Client();
  const visit = await c.get(host ? `/?referral=${code}${extra}` : `/${SHOP}/?referral=${code}${extra}`, { host });
  expect(visit.status).toBe(200);
  expect(c.jar.get('referral')).toBe(code);
  return person(name, { c, host });
}

describe('the referral tree (service)', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  beforeAll(async () => { h = await freshDb(); });
  afterAll(async () => { await h.dispose(); });
  const user = async (name: string) => {
    const u = await signupProven(h.db, { email: `${name}@test.example`, password: 'a-long-password', name });
    const [p] = await h.db.select().from(profiles).where(eq(profiles.id, u.profile_id));
    const viewer: Viewer = { kind: 'user', anonymousId: crypto.randomUUID(), sessionId: 't', user: u };
    return { id: u.profile_id, slug: p!.slug, viewer };
  };

  it('ignores self-referral, unknown codes, a second parent and a cycle', async () => {
    const [a, b, c] = [await user('a'), await user('b'), await user('c')];
    expect(await joinReferralTree(h.db, a.id, { referral: a.slug })).toBe(false);
    expect(await joinReferralTree(h.db, a.id, { referral: 'nobody-here' })).toBe(false);
    expect(await joinReferralTree(h.db, b.id, { referral: a.slug.toUpperCase(), campaign: 'otoño<script>', click_id: 'clk-1' })).toBe(true);
    expect(await joinReferralTree(h.db, b.id, { referral: c.slug })).toBe(false);
    expect(await joinReferralTree(h.db, c.id, { referral: b.slug })).toBe(true);
    // a is above c: a joining under c would close a loop.
    expect(await joinReferralTree(h.db, a.id, { referral: c.slug })).toBe(false);
    const rows = await h.db.select().from(referrals);
    expect(rows.map((r) => [r.child_profile, r.parent_profile]).sort()).toEqual([[b.id, a.id], [c.id, b.id]].sort());
    expect(rows.find((r) => r.child_profile === b.id)).toMatchObject({ campaign: null, click_id: 'clk-1', shop_id: null });
    const all = await listPromoted(h.db, a.viewer, promotedQuery.parse({ children: 'all' }));
    expect(all.results.map((r) => [r.id, r.depth, r.parent_id])).toEqual([[b.id, 1, a.id], [c.id, 2, b.id]]);
    const up = await listPromoted(h.db, c.viewer, promotedQuery.parse({ parent: a.id })).catch((e) => e);
    expect(up).toBeInstanceOf(AppError);
    expect((up as AppError).code).toBe('not_found');
  });
});

describe('the promoted network over HTTP', () => {
  it('refuses anonymous visitors: 401 on the API, the pages send to sign-in', async () => {
    const c = new Client();
    expect((await c.get('/api/me/promoted')).status).toBe(401);
    expect((await c.get('/api/me/referred')).status).toBe(401);
    expect((await c.request('PUT', `/api/me/follows/${crypto.randomUUID()}`)).status).toBe(401);
    expect((await c.request('DELETE', `/api/me/follows/${crypto.randomUUID()}`)).status).toBe(401);
    for (const page of ['promoted?OnlyChilds=false', 'referidos']) {
      const r = await c.get(`/${SHOP}/${page}`);
      expect(r.status).toBe(302);
      expect(r.headers.location).toBe(`/login?next=${encodeURIComponent(`/${SHOP}/${page}`)}`);
    }
  });

  it('a sign-up carrying the referral cookie joins the tree; first level vs every level; only one\'s own branch opens', async () => {
    const p = await person('Promotora');
    const child = await referred('Hija', p.code, '&campaign=camp-1&click_id=clk-9', `${SHOP}.localhost`);
    const grandchild = await referred('Nieta', child.code);
    const first = (await p.c.get('/api/me/promoted')).json();
    expect(first.matches_estimated).toBe(1);
    expect(first.results[0]).toMatchObject({ id: child.id, name: 'Hija', state_follow: false, depth: 1, parent_id: p.id, children_count: 1 });
    expect(first.results[0].updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const all = (await p.c.get('/api/me/promoted?children=all')).json();
    expect(all.results.map((r: { id: string; depth: number }) => [r.id, r.depth])).toEqual([[child.id, 1], [grandchild.id, 2]]);
    expect((await p.c.get('/api/me/promoted?children=all&limit=1&offset=1')).json()).toMatchObject({ matches_estimated: 2, results: [{ id: grandchild.id }] });
    const opened = (await p.c.get(`/api/me/promoted?parent=${child.id}`)).json();
    expect(opened.parent).toMatchObject({ id: child.id, name: 'Hija' });
    expect(opened.results.map((r: { id: string }) => r.id)).toEqual([grandchild.id]);
    // Upwards, sideways and unknown: 404 alike.
    expect((await grandchild.c.get(`/api/me/promoted?parent=${p.id}`)).status).toBe(404);
    const stranger = await person('Extraña');
    expect((await stranger.c.get(`/api/me/promoted?parent=${child.id}`)).status).toBe(404);
    expect((await p.c.get(`/api/me/promoted?parent=${crypto.randomUUID()}`)).status).toBe(404);
    const bad = await p.c.get('/api/me/promoted?parent=nope&children=some&limit=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['children', 'limit', 'parent']);
    // The sign-up on the shop's host recorded the shop and the cookies' campaign and click id.
    const mine = (await p.c.get('/api/me/referred')).json();
    expect(mine.results).toEqual([expect.objectContaining({ id: child.id, campaign: 'camp-1', click_id: 'clk-9', shop: { slug: SHOP, name: expect.any(String) }, customer: false, following: false })]);
    // The sign-up page (no script) with `next` on a shop path records that shop.
    const c = new Client();
    await c.get(`/${SHOP}/?referral=${p.code}`);
    const email = `pagina-${uniq()}@test.example`;
    const page = await form(c, `/signup?next=${encodeURIComponent(`/${SHOP}/`)}`, { name: 'Por Página', email, password: 'a-long-password' });
    expect(page.status).toBe(303);
    // Nobody joins before the e-mail is proven: the code the sign-up mailed, on the page it leads to.
    expect((await p.c.get('/api/me/referred?text=p%C3%A1gina')).json().results).toEqual([]);
    const proof = await form(c, page.headers.location!, { step: 'verify', pin: await mailedCode(email) });
    expect(proof.status).toBe(303);
    expect(proof.headers.location).toBe(`/${SHOP}/`);
    const viaPage = (await p.c.get('/api/me/referred?text=p%C3%A1gina')).json();
    expect(viaPage.results).toEqual([expect.objectContaining({ name: 'Por Página', shop: expect.objectContaining({ slug: SHOP }), campaign: null })]);
  });

  it('follows and unfollows idempotently; oneself is 400, unknown people 404', async () => {
    const p = await person('Seguidora');
    const child = await referred('Seguida', p.code);
    for (let i = 0; i < 2; i++) {
      const r = await p.c.request('PUT', `/api/me/follows/${child.id}`);
      expect(r.status).toBe(200);
      expect(r.json()).toEqual({ id: child.id, following: true });
    }
    expect((await p.c.get('/api/me/promoted')).json().results[0].state_follow).toBe(true);
    expect((await p.c.get('/api/me/referred')).json().results[0].following).toBe(true);
    for (let i = 0; i < 2; i++) expect((await p.c.request('DELETE', `/api/me/follows/${child.id}`)).json()).toEqual({ id: child.id, following: false });
    expect((await p.c.get('/api/me/promoted')).json().results[0].state_follow).toBe(false);
    const self = await p.c.request('PUT', `/api/me/follows/${p.id}`);
    expect(self.status).toBe(400);
    expect(self.json().error.code).toBe('validation_error');
    expect((await p.c.request('PUT', `/api/me/follows/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await p.c.request('PUT', '/api/me/follows/not-a-profile')).status).toBe(404);
    // Without script: the page's form follows and answers 303 back to the same list.
    const back = await form(p.c, `/${SHOP}/promoted?OnlyChilds=true`, { profile: child.id, follow: 'true' });
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/${SHOP}/promoted?OnlyChilds=true`);
    expect((await p.c.get('/api/me/promoted')).json().results[0].state_follow).toBe(true);
    const failed = await form(p.c, `/${SHOP}/promoted`, { profile: p.id, follow: 'true' });
    expect(failed.headers.location).toBe(`/${SHOP}/promoted?seguir=fallo`);
  });

  it('filters the referred people: campaign, customers through the referral, registered with a campaign, text, dates, tags', async () => {
    const p = await person('Referente');
    const buyer = await referred('Compradora', p.code, '&campaign=promo-x');
    const other = await referred('Curiosa', p.code);
    // The buyer pays by card a checkout that carries p's referral cookie.
    const ck = await readyCheckoutHttp(buyer.c, SHOP, [{ product_id: demoPicks(SHOP).cafeOnDemand[0]!, amount: 1 }]);
    const tok = (await buyer.c.post('/api/payments/cards/tokens', { name: 'Compradora', number: '4242424242424242', cvc: '123', exp: '12/35' })).json().id;
    const paid = (await buyer.c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: tok })).json();
    expect(paid.payment_status).toBe('paid');
    const ids = async (q: string) => (await p.c.get(`/api/me/referred${q}`)).json().results.map((r: { id: string }) => r.id);
    expect(await ids('')).toEqual([other.id, buyer.id]);
    expect(await ids('?sort=-created_at&limit=1&offset=1')).toEqual([buyer.id]);
    expect(await ids('?customer_by_campaign=true')).toEqual([buyer.id]);
    expect(await ids('?registered_by_campaign=true')).toEqual([buyer.id]);
    expect(await ids('?campaign=PROMO-X')).toEqual([buyer.id]);
    expect(await ids('?campaign=otra')).toEqual([]);
    expect(await ids('?text=curi')).toEqual([other.id]);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await ids(`?start_date=${yesterday}&end_date=${later}`)).sort()).toEqual([other.id, buyer.id].sort());
    expect(await ids(`?start_date=${later}`)).toEqual([]);
    expect(await ids(`?end_date=${yesterday}`)).toEqual([]);
    expect((await p.c.get('/api/me/referred')).json().results.find((r: { id: string }) => r.id === buyer.id).customer).toBe(true);
    const bad = await p.c.get('/api/me/referred?customer_by_campaign=maybe&limit=0&sort=name');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['customer_by_campaign', 'limit', 'sort']);
    const reversed = await p.c.get(`/api/me/referred?start_date=${later}&end_date=${today}`);
    expect(reversed.status).toBe(400);
    expect(Object.keys(reversed.json().error.fields)).toEqual(['end_date']);
    expect((await p.c.get('/api/me/referred?start_date=2030-02-31')).json().error.fields.start_date).toBeDefined();
  });

  it('shows admin03\'s demo network and tags; the pages list it', async () => {
    const c = new Client();
    await c.login('admin03@demo.test');
    const first = (await c.get('/api/me/promoted')).json();
    // The demo's network; other suites' buyers who signed up through admin03's links join it too.
    expect(first.results.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Carlos Mendoza Pérez', 'Lucía Hernández Ruiz', 'Sofía García Luna']));
    const lucia = first.results.find((r: { name: string }) => r.name.startsWith('Lucía'));
    expect(lucia).toMatchObject({ children_count: 2 });
    expect((await c.get('/api/me/promoted?children=all')).json().matches_estimated).toBe(first.matches_estimated + 2);
    const hers = (await c.get(`/api/me/promoted?parent=${lucia.id}`)).json();
    expect(hers.results.map((r: { name: string }) => r.name).sort()).toEqual(['Ana Torres Villalobos', 'Jorge Ramírez Soto']);
    expect(hers.results.find((r: { name: string }) => r.name.startsWith('Ana')).state_follow).toBe(true);
    const tagged = (await c.get('/api/me/referred?tags=cafe,%20otra')).json();
    expect(tagged.results.map((r: { name: string }) => r.name).sort()).toEqual(['Carlos Mendoza Pérez', 'Lucía Hernández Ruiz']);
    expect((await c.get('/api/me/referred?tags=mayoreo')).json().results).toEqual([]);
    const page = await c.get(`/${SHOP}/promoted?PromotedList=${lucia.id}&PromotedLisLabel=${encodeURIComponent(lucia.name)}&OnlyChilds=true`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Jorge Ramírez Soto');
    expect(page.text).toContain('data-filter-tag');
    expect(page.text).toContain('data-widget="wallet"');
    const notMine = await c.get(`/${SHOP}/promoted?PromotedList=${crypto.randomUUID()}`);
    expect(notMine.status).toBe(404);
    const list = await c.get(`/${SHOP}/referidos?registered_by_campaign=true`);
    expect(list.text).toContain('Sofía García Luna');
    expect(list.text).not.toContain('Carlos Mendoza Pérez');
    const wrong = await c.get(`/${SHOP}/referidos?start_date=2030-01-02&end_date=2030-01-01`);
    expect(wrong.text).toContain('role="alert"');
    const menu = await c.get(`/${SHOP}/`);
    expect(menu.text).toContain(`href="/${SHOP}/promoted"`);
    expect(menu.text).toContain(`href="/${SHOP}/referidos"`);
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const doc = (await new Client().get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths['/api/me/promoted'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/me/referred'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/me/follows/{profileId}']).sort()).toEqual(['delete', 'put']);
  });
});
