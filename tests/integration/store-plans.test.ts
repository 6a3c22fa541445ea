// Opening a store and plans over HTTP (issue 14): who may see each page (redirect, 401, 403, 200), the live
// address check and its codes, opening a store through the API and through the form without script (303 to the
// builder), the level change, the plan landings, and buying a package through the API and the form.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function signUp(opts: { entrepreneur?: boolean } = {}) {
  const c = new Client();
  const r = await c.signup(`abre-${uniq()}@test.example`, 'Nueva Emprendedora');
  expect(r.user.user_level).toBe('ul0');
  if (opts.entrepreneur) expect((await c.post('/api/me/entrepreneur')).json()).toEqual({ user_level: 'ul1' });
  return c;
}
async function as(email: string) {
  const c = new Client();
  await c.login(email);
  return c;
}
const form = (c: Client, path: string, fields: Record<string, string>) => c.request('POST', path, {
  raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('access', () => {
  it('sends anonymous visitors to sign in (pages) or answers 401 (API)', async () => {
    const anon = new Client();
    for (const path of ['/asistentes/emprendedores', '/apps/paquetes']) {
      const r = await anon.get(path);
      expect(r.status, path).toBe(302);
      expect(r.headers.location).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
    expect((await anon.get('/api/me/shops/slug-check?slug=algo')).status).toBe(401);
    expect((await anon.post('/api/me/shops', { name: 'X', slug: 'xx-yy', store_type: 'affiliate', theme_pack: 'basic' })).status).toBe(401);
    expect((await anon.post('/api/me/subscriptions', { plan_id: 'negocio_digital', idempotency_key: 'anon-key-1' })).status).toBe(401);
    expect((await anon.get('/api/me/subscriptions')).status).toBe(401);
    expect((await anon.get('/api/plans')).status).toBe(200);
  });

  it('answers each landing with 200 for everyone, with the next step for the viewer', async () => {
    const anon = new Client();
    const ul0 = await signUp();
    const owner = await as('admin03@demo.test');
    for (const [path, plan] of [['/tiendaenlinea', 'tienda_en_linea'], ['/negociodigital', 'negocio_digital'], ['/mkt/facturacion', 'facturacion_electronica'], ['/emprendedores', 'plan_profesional']]) {
      const a = await anon.get(path);
      expect(a.status, path).toBe(200);
      expect(a.text).toContain(`data-plan="${plan}"`);
      expect(a.text).toContain('$199.00');
      expect(a.text).toContain(`/signup?next=${encodeURIComponent(path!)}`);
      expect((await ul0.get(path!)).text).toContain('data-testid="become-entrepreneur"');
      expect((await owner.get(path!)).text).toContain(`/apps/paquetes?plan=${plan}`);
    }
  });

  it('gives the assistant to level one only: 403 pages for level 0, owners and other levels; 200 for ul1', async () => {
    const ul0 = await (await signUp()).get('/asistentes/emprendedores');
    expect(ul0.status).toBe(403);
    expect(ul0.text).toContain('data-testid="become-entrepreneur"');
    const ownerPage = await (await as('admin03@demo.test')).get('/asistentes/emprendedores');
    expect(ownerPage.status).toBe(403);
    expect(ownerPage.text).toContain('href="/demo-03/"');
    expect((await (await as('operador@demo.test')).get('/asistentes/emprendedores')).status).toBe(403);
    const ul1 = await (await as('emprendedor@demo.test')).get('/asistentes/emprendedores');
    expect(ul1.status).toBe(200);
    expect(ul1.text).toContain('data-testid="open-store-form"');
    // Packages: owners 200 with the form; a person without a store 403 with the way to open one.
    const pk = await (await as('admin03@demo.test')).get('/apps/paquetes');
    expect(pk.status).toBe(200);
    expect(pk.text).toContain('data-testid="package-form"');
    expect(pk.text).toContain('data-plan="tienda_en_linea"'); // the demo subscription
    const none = await (await as('emprendedor@demo.test')).get('/apps/paquetes');
    expect(none.status).toBe(403);
    expect(none.text).toContain('data-testid="packages-denied"');
  });

  it('shows the earn-commissions button to level one people without a store only', async () => {
    expect((await (await as('emprendedor@demo.test')).get('/demo-03/')).text).toContain('data-testid="earn-commissions"');
    for (const c of [new Client(), await as('cliente@demo.test'), await as('admin03@demo.test')]) {
      expect((await c.get('/demo-03/')).text).not.toContain('data-testid="earn-commissions"');
    }
  });
});

describe('opening a store', () => {
  it('checks addresses live with their codes, refuses bad ones with 4xx codes, opens the store and moves the level to ul2', async () => {
    const c = await signUp({ entrepreneur: true });
    const check = async (slug: string) => (await c.get(`/api/me/shops/slug-check?slug=${encodeURIComponent(slug)}`)).json();
    expect(await check('demo-03')).toEqual({ slug: 'demo-03', available: false, reason: 'slug_taken' });
    expect(await check('api')).toMatchObject({ available: false, reason: 'slug_reserved' });
    expect(await check('Mi Tienda!')).toMatchObject({ available: false, reason: 'slug_invalid' });
    const slug = `nueva-${uniq()}`;
    expect(await check(slug.toUpperCase())).toEqual({ slug, available: true, reason: null });
    const body = { name: 'Mi nueva tienda', store_type: 'affiliate', theme_pack: '03' };
    const taken = await c.post('/api/me/shops', { ...body, slug: 'demo-03' });
    expect(taken.status).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'conflict', field_codes: { slug: ['slug_taken'] } });
    const reserved = await c.post('/api/me/shops', { ...body, slug: 'api' });
    expect(reserved.status).toBe(400);
    expect(reserved.json().error).toMatchObject({ code: 'validation_error', field_codes: { slug: ['slug_reserved'] } });
    expect((await c.post('/api/me/shops', { ...body, slug: 'a--b' })).json().error.field_codes.slug).toEqual(['slug_invalid']);
    expect((await c.post('/api/me/shops', { ...body, slug, store_type: 'franchise' })).json().error.field_codes.store_type).toEqual(['store_type_not_allowed']);
    expect((await c.post('/api/me/shops', { ...body, slug, name: 'x'.repeat(81) })).status).toBe(400);
    const ok = await c.post('/api/me/shops', { ...body, slug });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json()).toMatchObject({ shop: { slug, name: 'Mi nueva tienda', store_type: 'affiliate', theme_pack: '03' }, editor_path: `/${slug}/admin/editor`, user_level: 'ul2' });
    const me = (await c.get('/api/me')).json();
    expect(me.user.user_level).toBe('ul2');
    expect(me.shops).toContainEqual(expect.objectContaining({ slug, is_owner: true }));
    expect((await c.get(`/${slug}/admin/editor`)).status).toBe(200);
    expect((await new Client().get(`/${slug}/`)).status).toBe(200);
    expect((await c.post('/api/me/shops', { ...body, slug: `${slug}-2` })).status).toBe(409);
  });

  it('opens a store from the form without script: 303 to the builder; errors come back on the page', async () => {
    const c = await signUp({ entrepreneur: true });
    const bad = await form(c, '/asistentes/emprendedores', { name: 'Tienda sin script', slug: 'demo-03', store_type: 'affiliate', theme_pack: 'basic' });
    expect(bad.status).toBe(409);
    expect(bad.text).toContain('Esa dirección ya la usa otra tienda');
    const slug = `sin-script-${uniq()}`;
    const ok = await form(c, '/asistentes/emprendedores', { name: 'Tienda sin script', slug, store_type: 'affiliate', theme_pack: 'fifth' });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(`/${slug}/admin/editor`);
  });

  it('lets a registered person become an entrepreneur from a landing without script', async () => {
    const c = await signUp();
    const r = await c.request('POST', '/emprendedores');
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/asistentes/emprendedores');
    expect((await c.get('/api/me')).json().user.user_level).toBe('ul1');
    expect((await c.get('/asistentes/emprendedores')).status).toBe(200);
  });
});

describe('buying a package', () => {
  async function newOwner() {
    const c = await signUp({ entrepreneur: true });
    const slug = `paquete-${uniq()}`;
    expect((await c.post('/api/me/shops', { name: 'Tienda con plan', slug, store_type: 'affiliate', theme_pack: 'basic' })).status).toBe(201);
    return { c, slug };
  }
  const token = async (c: Client, number: string) => (await c.post('/api/payments/cards/tokens', { name: 'Ana', number, cvc: '123', exp: '12/39' })).json().id as string;

  it('pays with a sandbox card (201), answers a repeat of the key with the same payment, and 402 with the reason for a declined card', async () => {
    const { c, slug } = await newOwner();
    const ok = await c.post('/api/me/subscriptions', { plan_id: 'negocio_digital', card_token: await token(c, '4242424242424242'), idempotency_key: `key-${uniq()}` });
    expect(ok.status, ok.text).toBe(201);
    const paid = ok.json();
    expect(paid).toMatchObject({ status: 'succeeded', payment: { amount: 19900, currency: 'MXN', status: 'succeeded' }, subscription: { plan_id: 'negocio_digital', state: 'active', shop: { slug } } });
    const list = (await c.get('/api/me/subscriptions')).json();
    expect(list.results).toHaveLength(1);
    const key = `key-${uniq()}`;
    const declined = await c.post('/api/me/subscriptions', { plan_id: 'tienda_en_linea', card_token: await token(c, '4000000000000002'), idempotency_key: key });
    expect(declined.status).toBe(402);
    expect(declined.json().error).toMatchObject({ code: 'payment_failed', field_codes: { card: ['card_declined'] } });
    const repeat = await c.post('/api/me/subscriptions', { plan_id: 'tienda_en_linea', card_token: await token(c, '4242424242424242'), idempotency_key: key });
    expect(repeat.status).toBe(402);
    expect((await c.get('/api/me/subscriptions')).json().results.map((s: { plan_id: string }) => s.plan_id)).toEqual(['negocio_digital']);
    expect((await c.post('/api/me/subscriptions', { plan_id: 'nope', idempotency_key: 'bad-plan-1' })).status).toBe(400);
    // Another person's shop is not found among the buyer's (404); no store at all is 403.
    expect((await c.post('/api/me/subscriptions', { plan_id: 'negocio_digital', shop: 'demo-03', card_token: await token(c, '4242424242424242'), idempotency_key: `key-${uniq()}` })).status).toBe(404);
    const noStore = await signUp({ entrepreneur: true });
    const refused = await noStore.post('/api/me/subscriptions', { plan_id: 'negocio_digital', card_token: await token(noStore, '4242424242424242'), idempotency_key: `key-${uniq()}` });
    expect(refused.status).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
  });

  it('package billing over HTTP: a 3-D Secure card answers 202 with the challenge page; auto-renewal and refund answer JSON errors with codes', async () => {
    const { c } = await newOwner();
    const r = await c.post('/api/me/subscriptions', { plan_id: 'negocio_digital', card_token: await token(c, '4000000000003220'), idempotency_key: `key-${uniq()}` });
    expect(r.status, r.text).toBe(202);
    const waiting = r.json();
    expect(waiting).toMatchObject({ status: 'requires_action', subscription: null, action: { kind: '3ds', url: `/sandbox/3ds/paquete/${waiting.payment.id}` } });
    expect((await c.get(waiting.action.url)).status).toBe(200);
    const approved = await form(c, waiting.action.url, { action: 'approve' });
    expect(approved.status).toBe(303);
    expect(approved.headers.location).toBe('/apps/paquetes?pago=ok');
    const [sub] = (await c.get('/api/me/subscriptions')).json().results;
    expect(sub).toMatchObject({ plan_id: 'negocio_digital', state: 'active', auto_renew: true, past_due: false });
    const bad = await c.request('PUT', `/api/me/subscriptions/${sub.id}/auto-renew`, { body: { auto_renew: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.code).toBe('validation_error');
    expect((await c.request('PUT', '/api/me/subscriptions/not-a-uuid/auto-renew', { body: { auto_renew: false } })).status).toBe(400);
    const off = await c.request('PUT', `/api/me/subscriptions/${sub.id}/auto-renew`, { body: { auto_renew: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.json()).toMatchObject({ id: sub.id, auto_renew: false });
    const other = await (await newOwner()).c.post(`/api/me/subscriptions/${sub.id}/refund`);
    expect(other.status).toBe(404);
    expect(other.json().error).toMatchObject({ code: 'not_found', message: 'No encontramos esa suscripción entre tus tiendas.' });
    const refunded = await c.post(`/api/me/subscriptions/${sub.id}/refund`);
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.json()).toMatchObject({ state: 'canceled', refunded: { amount: 19900, currency: 'MXN' } });
    const again = await c.post(`/api/me/subscriptions/${sub.id}/refund`);
    expect(again.status).toBe(409);
    expect(again.json().error.code).toBe('conflict');
  });

  it('buys from the form without script: 303 with the outcome only, and the page shows the subscription', async () => {
    const { c } = await newOwner();
    const page = await c.get('/apps/paquetes?plan=tienda_en_linea');
    const idem = /name="idempotency_key" value="([^"]+)"/.exec(page.text)![1]!;
    const r = await form(c, '/apps/paquetes', { idempotency_key: idem, plan_id: 'tienda_en_linea', name: 'Ana', number: '4242 4242 4242 4242', exp: '12/39', cvc: '123' });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/apps/paquetes?pago=ok');
    const after = await c.get('/apps/paquetes?pago=ok');
    expect(after.text).toContain('data-testid="package-outcome"');
    expect(after.text).toContain('data-testid="subscription" data-plan="tienda_en_linea"');
    const bad = await form(c, '/apps/paquetes', { idempotency_key: `k-${uniq()}`, plan_id: 'tienda_en_linea', name: 'Ana', number: '1234', exp: '12/39', cvc: '123' });
    expect(bad.status).toBe(400);
    expect(bad.text).not.toContain('1234"');
  });
});
