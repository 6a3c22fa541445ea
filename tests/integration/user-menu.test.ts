// The signed-in user's menu (seed 000 §2, §9): collaborations 5 at a time (service on a fresh database, API and
// header on the demo server), the supplier's sales link, and the preferences page behind the menu entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb } from '../support/db.ts';
import { Client } from '../support/http.ts';
import { profiles, shopMemberships, shops, users } from '../../src/db/schema/index.ts';
import { listCollaborations } from '../../src/domain/accounts/service.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const theme = { color1: '#123456', color2: '#654321', columns: 2, signup_form: 'basic', slider_info: [], header_info: null, sections_info: ['products'] };

describe('collaborations (service)', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  const user = { id: uuid(1), email: 'colab@example.test', name: 'Colab', profile_id: uuid(2), user_level: 'ul1' as const };
  beforeAll(async () => {
    h = await freshDb();
    await h.db.insert(profiles).values([{ id: uuid(2), name: 'Colab', slug: 'colab' }, { id: uuid(3), name: 'Dueña', slug: 'duena' }]);
    await h.db.insert(users).values({ id: user.id, email: user.email, name: user.name, password_hash: 'x', profile_id: uuid(2) });
    // Seven shops of someone else with a membership each, one own shop with a membership too, one shop without.
    const names = ['Gamma', 'alfa', 'Beta', 'Delta', 'Épsilon', 'Zeta', 'Eta'];
    await h.db.insert(shops).values([
      ...names.map((name, i) => ({ id: uuid(100 + i), slug: `tienda-${i}`, name, owner: uuid(3), store_theme_info: theme as never, canonical_url: i === 0 ? 'https://gamma.example/' : null })),
      { id: uuid(200), slug: 'propia', name: 'Propia', owner: uuid(2), store_theme_info: theme as never },
      { id: uuid(201), slug: 'ajena', name: 'Ajena', owner: uuid(3), store_theme_info: theme as never },
    ]);
    await h.db.insert(shopMemberships).values([...names.map((_, i) => ({ shop_id: uuid(100 + i), user_id: user.id, permissions: ['dispatcher'] })),
      { shop_id: uuid(200), user_id: user.id, permissions: ['admin'] }]);
  });
  afterAll(async () => { await h.dispose(); });

  it('pages the memberships on other people\'s shops 5 at a time, by name, with the collaborator fields', async () => {
    const p1 = await listCollaborations(h.db, user, 0, 5);
    const p2 = await listCollaborations(h.db, user, 5, 5);
    expect(p1.matches_estimated).toBe(7);
    expect(p1.results).toHaveLength(5);
    expect(p2.results).toHaveLength(2);
    const all = [...p1.results, ...p2.results];
    expect(new Set(all.map((c) => c.id)).size).toBe(7);
    expect(all.map((c) => c.store_name)).not.toContain('Propia');
    expect(all.map((c) => c.store_name)).not.toContain('Ajena');
    expect(all.find((c) => c.store_name === 'Gamma')).toMatchObject({ store_url: 'https://gamma.example/', store_photo: null });
    expect(all.find((c) => c.store_name === 'Beta')).toMatchObject({ store_url: '/tienda-2/' });
  });
});

describe('user menu (demo server)', () => {
  const menuOf = async (email: string, path = '/demo-03/') => {
    const c = new Client();
    await c.login(email);
    const html = (await c.get(path)).text;
    return /<details class="menu user-menu">[\s\S]*?<\/details>\s*<\/nav>/.exec(html)?.[0] ?? '';
  };

  it('refuses collaborations to anonymous visitors and lists a member\'s shops', async () => {
    expect((await new Client().get('/api/me/collaborations')).status).toBe(401);
    const c = new Client();
    await c.login('cliente@demo.test');
    const list = (await c.get('/api/me/collaborations')).json();
    expect(list.results.map((x: { store_name: string }) => x.store_name)).toContain('Casa Norte 03');
    expect((await c.get('/api/me/collaborations?limit=0')).status).toBe(400);
  });

  it('shows the collaborations in the menu and the sales link to suppliers only', async () => {
    const cliente = await menuOf('cliente@demo.test', '/demo-04/');
    expect(cliente).toContain('Colaboraciones');
    expect(cliente).toMatch(/<a href="\/demo-03\/"[^>]*>[\s\S]*?Casa Norte 03<\/a>/);
    expect(cliente).not.toContain('/mis-compras/ventas');
    const proveedor = await menuOf('proveedor@demo.test');
    expect(proveedor).toContain('href="/demo-03/mis-compras/ventas"');
    expect(proveedor).toContain('Mis ventas');
  });

  it('serves the preferences page and keeps what it posts', async () => {
    const c = new Client();
    const page = await c.get('/demo-03/preferencias');
    expect(page.status).toBe(200);
    expect(page.text).toContain('action="/api/preferences"');
    const res = await c.request('POST', '/api/preferences', {
      raw: 'lang=en&theme=dark&showResaleInfo=false&next=%2Fdemo-03%2Fpreferencias%3Fsaved%3D1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/demo-03/preferencias?saved=1');
    const after = await c.get('/demo-03/preferencias?saved=1');
    expect(after.text).toContain('<html lang="en"');
    expect(after.text).toContain('data-mode="dark"');
    expect(after.text).toMatch(/value="false" checked/);
    expect(after.text).toContain('Your preferences were saved.');
  });
});
