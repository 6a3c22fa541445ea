// The store menu (seed 001 §2) on the demo server: an entry per enabled section, the admin's plus buttons and
// 'My catalogues' entry for that shop's admins only, the /franquicias and /info pages, and the delete buttons on
// catalogue cards for admins.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const menuOf = (html: string) => /<nav class="store-menu"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
const entries = (menu: string) => [...menu.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);

async function page(path: string, email?: string) {
  const c = new Client();
  if (email) await c.login(email);
  return c.get(path);
}

describe('store menu', () => {
  it('lists the enabled sections in the shop order, plain for shoppers', async () => {
    const res = await page('/demo-03/');
    expect(res.status).toBe(200);
    const menu = menuOf(res.text);
    expect(entries(menu)).toEqual([
      ['/demo-03/productos', 'Productos'], ['/demo-03/servicios', 'Servicios'],
      ['/demo-03/experiencias', 'Experiencias'], ['/demo-03/franquicias', 'Franquicias'],
    ]);
    expect(menu).not.toContain('data-admin-action');
    expect(res.text).not.toContain('card-delete');
  });

  it('offers the retail contact entry on franchise-type stores only', async () => {
    const franchise = menuOf((await page('/demo-franquicia/')).text);
    expect(entries(franchise).map((e) => e[0])).toContain('/demo-franquicia/info');
    const info = await page('/demo-franquicia/info');
    expect(info.status).toBe(200);
    expect(info.text).toContain('franquicias@cafedealtura.example');
    expect(info.text).toMatch(/<h1 class="section-title" id="retail-title"/);
    expect((await page('/demo-03/info')).status).toBe(404);
  });

  it('lists the franchises a shop carries at /franquicias, and 404s where the section is off', async () => {
    const res = await page('/demo-03/franquicias');
    expect(res.status).toBe(200);
    expect(res.text).toContain('href="/demo-franquicia/"');
    expect(res.text).toMatch(/<h1 class="section-title" id="franchises-title"/);
    expect((await page('/demo-basic/franquicias')).status).toBe(404);
  });

  it('says so at /franquicias when the shop carries none (and the home section disappears)', async () => {
    const admin = new Client();
    await admin.login('admin03@demo.test');
    const list = (await admin.get('/api/shops/demo-03/admin/franchises?limit=50')).json();
    const carried = list.results.filter((f: { in_store: boolean }) => f.in_store).map((f: { id: string }) => f.id) as string[];
    expect(carried.length).toBeGreaterThan(0);
    try {
      for (const id of carried) expect((await admin.request('DELETE', `/api/shops/demo-03/admin/franchises/${id}`)).status).toBe(200);
      const res = await page('/demo-03/franquicias');
      expect(res.status).toBe(200);
      expect(res.text).toContain('Esta tienda aún no tiene franquicias.');
      expect((await page('/demo-03/')).text).not.toContain('id="franchises-title"');
    } finally {
      for (const id of carried) await admin.request('PUT', `/api/shops/demo-03/admin/franchises/${id}`);
    }
    expect((await page('/demo-03/franquicias')).text).toContain('href="/demo-franquicia/"');
  });

  it("adds the plus buttons and 'My catalogues' for the shop's admin", async () => {
    const res = await page('/demo-03/', 'admin03@demo.test');
    const menu = menuOf(res.text);
    expect(menu).toContain('data-admin-action="add-items" data-type="product"');
    expect(menu).toContain('data-admin-action="add-items" data-type="service"');
    expect(menu).toContain('data-admin-action="add-items" data-type="experience"');
    expect(menu).toContain('data-admin-action="franchises"');
    expect(menu).toContain('data-admin-action="catalogues"');
    expect(menu).toContain('Mis catálogos');
    const retail = menuOf((await page('/demo-franquicia/', 'coordinador@demo.test')).text);
    expect(retail).toMatch(/<a class="plus" href="\/demo-franquicia\/admin\/configuracion"/);
  });

  it('keeps the plain menu for admins of other shops, customers and non-admin members', async () => {
    for (const email of ['admin04@demo.test', 'cliente@demo.test', 'emprendedor@demo.test']) {
      const res = await page('/demo-03/', email);
      expect(menuOf(res.text), email).not.toContain('data-admin-action');
      expect(res.text, email).not.toContain('card-delete');
    }
  });

  it('puts a delete button on each catalogue card for admins, naming the catalogue and its item count', async () => {
    const res = await page('/demo-03/catalogos', 'admin03@demo.test');
    const buttons = [...res.text.matchAll(/<li data-catalogue-card>[\s\S]*?<button class="card-delete"[^>]*data-id="([^"]+)"[^>]*data-name="([^"]+)"[^>]*data-products="(\d+)"/g)];
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.map((b) => b[2])).toContain('Novedades');
    for (const b of buttons) expect(b[1]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
