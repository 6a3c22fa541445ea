import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

async function standing(email: string | null, slug: string) {
  const c = new Client();
  if (email) await c.login(email);
  return (await c.get('/api/me', { host: `${slug}.localhost` })).json();
}

describe('shop permissions (seed 000 §6)', () => {
  it('makes the owner an admin of their shop only', async () => {
    const own = await standing('admin03@demo.test', 'demo-03');
    expect(own.shop).toMatchObject({ slug: 'demo-03', is_admin: true });
    expect(own.shop.permissions).toContain('admin');
    expect(own.shops.map((s: { slug: string }) => s.slug)).toContain('demo-03');
    const other = await standing('admin03@demo.test', 'demo-04');
    expect(other.shop).toMatchObject({ slug: 'demo-04', is_admin: false, permissions: [] });
  });

  it('does not make a holder of another permission an admin', async () => {
    const acc = await standing('emprendedor@demo.test', 'demo-03');
    expect(acc.shop.permissions).toEqual(['accountant']);
    expect(acc.shop.is_admin).toBe(false);
  });

  it('gives anonymous visitors and customers no standing, and anonymous visitors an anonymous id', async () => {
    const anon = await standing(null, 'demo-03');
    expect(anon).toMatchObject({ authenticated: false, user: null, shop: { is_admin: false, permissions: [] } });
    expect(anon.anonymous_id).toMatch(/^[0-9a-f-]{36}$/);
    const cust = await standing('cliente@demo.test', 'demo-03');
    expect(cust.user.user_level).toBe('ul0');
    expect(cust.shop.is_admin).toBe(false);
  });

  it('reports the user levels of the demo accounts', async () => {
    expect((await standing('emprendedor@demo.test', 'demo-basic')).user.user_level).toBe('ul1');
    expect((await standing('coordinador@demo.test', 'demo-basic')).user.user_level).toBe('ul2');
  });

  it('keeps the anonymous id stable across requests', async () => {
    const c = new Client();
    const a = (await c.get('/api/me')).json().anonymous_id;
    const b = (await c.get('/api/me')).json().anonymous_id;
    expect(a).toBe(b);
  });
});

describe('OpenAPI document', () => {
  it('lists every endpoint with its schemas', async () => {
    const doc = (await new Client().get('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const [path, method] of [['/api/auth/signup', 'post'], ['/api/auth/login', 'post'], ['/api/auth/logout', 'post'], ['/api/me', 'get'],
      ['/api/shops/{slug}', 'get'], ['/api/shops/{slug}/products', 'get'], ['/api/shops/{slug}/catalogues', 'get'], ['/api/auth/pin/request', 'post'], ['/api/auth/pin/verify', 'post']]) {
      expect(doc.paths[path!]?.[method!], `${method} ${path}`).toBeTruthy();
    }
    expect(doc.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'password', 'name']));
    expect(doc.paths['/api/shops/{slug}'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['slug', 'referral', 'campaign', 'click_id']));
  });
});
