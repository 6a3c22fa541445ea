import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

describe('theme packs on the storefront', () => {
  it('renders every demo shop with its own pack', async () => {
    const c = new Client();
    for (const [slug, pack] of [['demo-03', '03'], ['demo-04', '04'], ['demo-fifth', 'fifth'], ['demo-basic', 'basic']]) {
      const r = await c.get(`/${slug}/`);
      expect(r.status).toBe(200);
      expect(r.text).toContain(`data-theme-pack="${pack}"`);
    }
  });

  it('lets the shop admin switch to a pack added as a folder of JSON and CSS, and refuses everyone else', async () => {
    const anon = new Client();
    expect((await anon.request('PUT', '/api/shops/demo-deshabilitada/theme', { body: { theme_pack: 'aurora' } })).status).toBe(401);
    const other = new Client();
    await other.login('admin03@demo.test');
    expect((await other.request('PUT', '/api/shops/demo-deshabilitada/theme', { body: { theme_pack: 'aurora' } })).status).toBe(403);

    const admin = new Client();
    await admin.login('admindeshabilitada@demo.test');
    const list = (await admin.get('/api/shops/demo-deshabilitada/theme')).json();
    expect(list.packs.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(['basic', '03', '04', 'fifth', 'aurora']));
    const bad = await admin.request('PUT', '/api/shops/demo-deshabilitada/theme', { body: { theme_pack: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields.theme_pack).toBeTruthy();

    const before = list.theme_pack;
    try {
      expect((await admin.request('PUT', '/api/shops/demo-deshabilitada/theme', { body: { theme_pack: 'aurora' } })).json()).toEqual({ theme_pack: 'aurora' });
      const page = await new Client().get('/demo-deshabilitada/');
      expect(page.text).toContain('data-theme-pack="aurora"');
      expect(page.text).toContain('Bienvenido a Aurora');
      expect(page.text).toContain('#8e44ad'); // the pack's own stylesheet
    } finally {
      await admin.request('PUT', '/api/shops/demo-deshabilitada/theme', { body: { theme_pack: before } });
    }
  });

  it('sets html lang from the language cookie and keeps the dark mode choice', async () => {
    const c = new Client();
    const es = await c.get('/demo-basic/');
    expect(es.text).toMatch(/<html lang="es"/);
    const en = await c.get('/demo-basic/', { headers: { cookie: 'lang=en; theme=dark' } });
    expect(en.text).toMatch(/<html lang="en"/);
    expect(en.text).toContain('data-mode="dark"');
    expect(en.text).toContain('Log in');
  });
});
