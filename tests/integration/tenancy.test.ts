import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const c = new Client();

describe('tenancy', () => {
  it('serves a shop from its subdomain with that shop\'s data', async () => {
    const r = await c.get('/', { host: 'demo-03.localhost' });
    expect(r.status).toBe(200);
    expect(r.text).toContain('data-theme-pack="03"');
    const shop = (await c.get('/api/shops/demo-03')).json();
    expect(r.text).toContain(shop.name);
  });

  it('serves the same shop under a path prefix on the bare domain', async () => {
    const r = await c.get('/demo-03/');
    expect(r.status).toBe(200);
    expect(r.text).toContain('data-theme-pack="03"');
    // One address per page: the home of a path-addressed shop is /{slug}/ (src/lib/server/tenancy.ts preferredPath).
    const bare = await c.get('/demo-basic');
    expect([bare.status, bare.headers.location]).toEqual([301, '/demo-basic/']);
    const r2 = await c.get('/demo-basic/');
    expect(r2.status).toBe(200);
    expect(r2.text).toContain('data-theme-pack="basic"');
  });

  it('serves a shop on its own domain (canonical_url)', async () => {
    const shop = (await c.get('/api/shops/demo-04')).json();
    expect(shop.canonical_url).toBeTruthy();
    const host = new URL(shop.canonical_url).host;
    const r = await c.get('/', { host });
    expect(r.status).toBe(200);
    expect(r.text).toContain('data-theme-pack="04"');
    expect(r.text).toContain(shop.name);
  });

  it('answers an unknown shop with the "Tienda no encontrada" screen and 404, in every mode', async () => {
    for (const r of [await c.get('/', { host: 'no-existe.localhost' }), await c.get('/no-existe/'), await c.get('/', { host: 'unknown-domain.example' })]) {
      expect(r.status).toBe(404);
      expect(r.text).toContain('Tienda no encontrada');
      expect(r.text).toContain('Lo sentimos, pero la tienda no existe');
    }
    expect((await c.get('/api/shops/no-existe')).status).toBe(404);
  });

  it('answers an unknown page with "¡Página no encontrada!" and a link back', async () => {
    const r = await c.get('/demo-03/no/such/page');
    expect(r.status).toBe(404);
    expect(r.text).toContain('¡Página no encontrada!');
    expect(r.text).toContain('href="/demo-03/"');
    const p = await c.get('/ayuda/nada');
    expect(p.status).toBe(404);
    expect(p.text).toContain('¡Página no encontrada!');
  });

  it('renders a disabled shop with the warning linking to the help page', async () => {
    const r = await c.get('/demo-deshabilitada/');
    expect(r.status).toBe(200);
    expect(r.text).toContain('href="/ayuda/proveedores/deshabilitado"');
    expect(r.text).toMatch(/role="alert"/);
    expect((await c.get('/ayuda/proveedores/deshabilitado')).status).toBe(200);
    const enabled = await c.get('/demo-03/');
    expect(enabled.text).not.toContain('href="/ayuda/proveedores/deshabilitado"');
  });

  it('keeps reserved words as platform routes, never shops', async () => {
    expect((await c.get('/red-comercial')).status).toBe(200);
    expect((await c.get('/login')).status).toBe(200);
    expect((await c.get('/s/')).status).toBe(404); // internal shop routes are not public addresses
    const list = await c.get('/red-comercial');
    expect(list.text).toContain('href="/demo-03/"');
    expect(list.text).not.toContain('href="/demo-deshabilitada/"');
  });

  it('keeps the API and sign-in on a shop host, and /api/me knows the shop', async () => {
    const me = await c.get('/api/me', { host: 'demo-03.localhost' });
    expect(me.status).toBe(200);
    expect(me.json().shop).toMatchObject({ slug: 'demo-03', is_admin: false, visitor_role: 'affinity' });
    expect((await c.get('/login', { host: 'demo-03.localhost' })).status).toBe(200);
  });
});

describe('GET /api/shops/{slug}', () => {
  it('answers the public shop data', async () => {
    const r = await c.get('/api/shops/demo-03');
    expect(r.status).toBe(200);
    const s = r.json();
    expect(s).toMatchObject({ slug: 'demo-03', theme_pack: '03', disabled: false, permissions: [] });
    expect(s.store_theme_info.columns === 1 || s.store_theme_info.columns === 2).toBe(true);
    expect(s.root_affinity_store_info).toMatchObject({ slug: 'red-demo' });
    expect(s).not.toHaveProperty('domain');
    expect((await c.get('/api/shops/demo-franquicia')).json().visitor_role).toBe('franchise');
    expect((await c.get('/api/shops/demo-basic')).json().visitor_role).toBe('affiliate');
  });

  it('answers referral, campaign and click id back only when valid', async () => {
    const s = (await c.get('/api/shops/demo-03?campaign=verano-2026&gclid=abc.123&referral=no-such-profile')).json();
    expect(s.campaign).toBe('verano-2026');
    expect(s.click_id).toBe('abc.123');
    expect(s.referral).toBeNull();
    const bad = (await c.get('/api/shops/demo-03?campaign=%3Cscript%3E')).json();
    expect(bad.campaign).toBeNull();
    const none = (await c.get('/api/shops/demo-03')).json();
    expect([none.referral, none.campaign, none.click_id]).toEqual([null, null, null]);
  });

  it('lists items and catalogues as {results, matches_estimated} with offset/limit', async () => {
    const page = (await c.get('/api/shops/demo-03/products?limit=5&offset=0')).json();
    expect(page.results).toHaveLength(5);
    expect(page.matches_estimated).toBeGreaterThan(5);
    const next = (await c.get('/api/shops/demo-03/products?limit=5&offset=5')).json();
    expect(next.results[0].id).not.toBe(page.results[0].id);
    const cats = (await c.get('/api/shops/demo-03/catalogues')).json();
    expect(cats.matches_estimated).toBeGreaterThanOrEqual(3);
    const novedades = cats.results.find((x: { slug: string }) => x.slug === 'novedades');
    expect(novedades.num_products).toBeGreaterThanOrEqual(65);
    const bad = await c.get('/api/shops/demo-03/products?limit=abc');
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields.limit).toBeTruthy();
  });
});
