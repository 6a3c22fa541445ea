// Onboarding over HTTP (issue 26): sign-up and sign-in started on a landing come back to it (same-site paths only),
// the platform home's first call is the viewer's next step, the owner's checklist on a new store's home (shown only
// to the shop's admins, ticked from real data, hidden by a plain form), the plans tab (what the current plan gives,
// what each other plan would change, no 'coming soon'), and the network note on the reseller's catalogue tab.
import { describe, expect, it } from 'vitest';
import { Client, mailedCode } from '../support/http.ts';

const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const form = (c: Client, path: string, fields: Record<string, string>) => c.request('POST', path, {
  raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
async function as(email: string) {
  const c = new Client();
  await c.login(email);
  return c;
}
/** A brand-new owner of a brand-new affiliate store (through the API a person's pages use). */
async function newOwner() {
  const c = new Client();
  await c.signup(`dueno-${uniq()}@test.example`, 'Dueña Nueva');
  expect((await c.post('/api/me/entrepreneur')).status).toBe(200);
  const slug = `primeros-${uniq()}`;
  const made = await c.post('/api/me/shops', { name: `Primeros ${slug}`, slug, store_type: 'affiliate', theme_pack: 'basic' });
  expect(made.status, made.text).toBe(201);
  return { c, slug };
}
/** The checklist's steps as the page shows them: id -> done. */
const steps = (html: string) => Object.fromEntries([...html.matchAll(/data-step="(\w+)" data-done="(true|false)"/g)].map((m) => [m[1], m[2] === 'true']));
const checklistState = (html: string) => /data-testid="owner-checklist" data-state="(\w+)"/.exec(html)?.[1] ?? null;

describe('coming back to where sign-up started', () => {
  it('every platform page\'s header carries the page as the return path', async () => {
    const anon = new Client();
    for (const path of ['/emprendedores', '/proveedores', '/red-comercial', '/tiendaenlinea']) {
      const html = (await anon.get(path)).text;
      expect(html, path).toContain(`href="/signup?next=${encodeURIComponent(path)}"`);
      expect(html, path).toContain(`href="/login?next=${encodeURIComponent(path)}"`);
    }
    // On the sign-up page itself, the header keeps the return path it was given; a foreign one becomes '/'.
    expect((await anon.get('/signup?next=%2Femprendedores')).text).toContain('href="/login?next=%2Femprendedores"');
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const html = (await anon.get(`/signup?next=${encodeURIComponent(bad)}`)).text;
      expect(html, bad).not.toMatch(/href="[^"]*evil\.example/);
      expect(html, bad).toContain('href="/login?next=%2F"');
      expect(html, bad).toContain('href="/signup?next=%2F"');
    }
  });

  it('a sign-up without script started at /emprendedores ends back there, signed in; a foreign next ends at /', async () => {
    for (const [next, back] of [['/emprendedores', '/emprendedores'], ['//evil.example/', '/']] as const) {
      const c = new Client();
      const email = `vuelve-${uniq()}@test.example`;
      const r = await form(c, `/signup?next=${encodeURIComponent(next)}`, { name: 'Vuelve Pronto', email, password: 'a-long-password-1' });
      expect(r.status).toBe(303);
      expect(r.headers.location).toBe(`/login/pin?next=${encodeURIComponent(back)}&alta=1&enviado=1`);
      const pin = await mailedCode(email);
      const v = await form(c, `/login/pin?next=${encodeURIComponent(back)}&alta=1`, { step: 'verify', pin });
      expect(v.status).toBe(303);
      expect(v.headers.location).toBe(back);
      // Back on the landing, signed in: its next step is 'Quiero ser emprendedor'.
      if (back === '/emprendedores') expect((await c.get(back)).text).toContain('data-testid="become-entrepreneur"');
    }
  });

  it('the platform home leads each viewer to their next step', async () => {
    const next = (html: string) => /href="([^"]+)" data-testid="home-next"[^>]*>([^<]+)</.exec(html)?.slice(1);
    expect(next((await new Client().get('/')).text)).toEqual(['/signup?next=%2Femprendedores', 'Crear mi cuenta']);
    const ul0 = new Client();
    await ul0.signup(`inicio-${uniq()}@test.example`);
    expect(next((await ul0.get('/')).text)).toEqual(['/emprendedores', 'Quiero ser emprendedor']);
    await ul0.post('/api/me/entrepreneur');
    expect(next((await ul0.get('/')).text)).toEqual(['/asistentes/emprendedores', 'Crear mi tienda gratis']);
    expect(next((await (await as('admin03@demo.test')).get('/', { headers: { 'accept-language': 'en' } })).text)?.[0]).toBe('/demo-03/');
  });
});

describe('the owner\'s checklist', () => {
  it('shows a new store\'s admins their first steps, ticks each from real data, and never shows shoppers', async () => {
    const { c, slug } = await newOwner();
    const home = async () => (await c.get(`/${slug}/`)).text;
    let html = await home();
    expect(checklistState(html)).toBe('open');
    expect(steps(html)).toEqual({ look: false, products: false, catalogue: false, share: false });
    expect(html).toContain('0 de 4 pasos listos');
    for (const href of [`/${slug}/admin/editor`, `/${slug}/apps/me/referral`, `/${slug}/apps/me/referral/resale/catalogues`]) expect(html).toContain(`href="${href}"`);
    // Nothing of it for anonymous shoppers or another signed-in person: no markup, no form.
    for (const other of [new Client(), await as('cliente@demo.test')]) {
      const page = (await other.get(`/${slug}/`)).text;
      expect(page).not.toContain('owner-checklist');
      expect(page).not.toContain('primeros-pasos');
    }
    const enHtml = (await c.get(`/${slug}/`, { headers: { 'accept-language': 'en-US' } })).text;
    expect(enHtml).toContain('Get your store going');
    expect(enHtml).toContain('0 of 4 steps done');

    // A look: the builder's theme published.
    expect((await c.post(`/api/shops/${slug}/admin/theme/publish`, {})).status).toBe(200);
    expect(steps(await home())).toMatchObject({ look: true, products: false });
    // Two products in the store.
    const items = (await c.get(`/api/shops/${slug}/admin/resale?limit=2`)).json().results as { id: string }[];
    for (const it of items) expect((await c.request('PUT', `/api/shops/${slug}/admin/store-products/${it.id}`)).status).toBeLessThan(300);
    html = await home();
    expect(steps(html)).toMatchObject({ products: true, catalogue: false });
    expect(html).toContain('2 productos en tu tienda');
    // An empty catalogue is not enough; one holding a product is.
    const cat = (await c.post(`/api/shops/${slug}/admin/catalogues`, { name: 'Favoritos' })).json() as { id: string; slug: string };
    expect(steps(await home()).catalogue).toBe(false);
    expect((await c.post(`/api/shops/${slug}/admin/catalogues/${cat.id}/products`, { product_id: items[0]!.id })).status).toBeLessThan(300);
    html = await home();
    expect(steps(html)).toMatchObject({ catalogue: true, share: false });
    // The share step posts that catalogue to the tracked-link page.
    expect(html).toContain(`name="url" value="/${slug}/catalogos/${cat.slug}"`);
    const shared = await form(c, `/${slug}/compartir`, { url: `/${slug}/catalogos/${cat.slug}`, name: 'Favoritos' });
    expect(shared.status).toBe(200);
    expect(shared.text).toContain('data-testid="tracked-url"');
    html = await home();
    expect(checklistState(html)).toBe('complete');
    expect(html).toContain(`href="/${slug}/admin/pedidos"`);

    // Hidden by its form (a 303 home), shown again with ?checklist=1.
    const hide = await form(c, `/${slug}/admin/primeros-pasos`, {});
    expect(hide.status).toBe(303);
    expect(hide.headers.location).toBe(`/${slug}/`);
    expect(await home()).not.toContain('owner-checklist');
    expect(checklistState((await c.get(`/${slug}/?checklist=1`)).text)).toBe('complete');
  });

  it('refuses the hide form to anyone but the shop\'s admins, in the JSON error shape', async () => {
    const anon = await form(new Client(), '/demo-03/admin/primeros-pasos', {});
    expect(anon.status).toBe(401);
    expect(anon.json().error.code).toBe('unauthenticated');
    const shopper = await form(await as('cliente@demo.test'), '/demo-03/admin/primeros-pasos', {});
    expect(shopper.status).toBe(403);
    expect(shopper.json().error).toMatchObject({ code: 'forbidden', message: expect.any(String) });
  });

  it('asks an owner who sells goods of their own for payment and delivery; a franchise store for no tracked link', async () => {
    const { c, slug } = await newOwner();
    expect(Object.keys(steps((await c.get(`/${slug}/`)).text))).not.toContain('payments');
    // Becoming a supplier is not enough: the step comes with a product of their own.
    expect((await c.post('/api/suppliers', { name: `Taller ${slug}`, contact_email: `taller-${slug}@test.example`, currency: 'MXN' })).status).toBe(201);
    expect(Object.keys(steps((await c.get(`/${slug}/`)).text))).not.toContain('payments');
    const made = await c.post('/api/supplier/products', { name: 'Jarrito de barro', list_price: 25000 });
    expect(made.status, made.text).toBe(201);
    const html = (await c.get(`/${slug}/`)).text;
    expect(steps(html)).toMatchObject({ share: false, payments: false });
    // On the platform's host (the supplier's settings are not served at a shop's address).
    expect(html).toMatch(/href="(https?:\/\/[^"/]+)?\/apps\/me\/supplier"/);
    expect(html).toContain('Configura cobros y entregas');
    const franchise = steps((await (await as('adminfranquicia@demo.test')).get('/demo-franquicia/?checklist=1')).text);
    expect(Object.keys(franchise)).toEqual(['look', 'products', 'catalogue']);
  });
});

describe('the plans tab', () => {
  it('says what the current plan gives and what each other plan changes, with no text against the working button', async () => {
    const { c, slug } = await newOwner();
    const html = (await c.get(`/${slug}/apps/me/referral/resale/plans`)).text;
    expect(html).not.toMatch(/llegará pronto|coming soon|aún no está disponible/i);
    expect(html).toContain('Tu plan: Profesional');
    expect(html).toContain('Ganas $49.75 por cada venta con margen de $99.50.');
    expect(html).toContain('todavía no pagas un paquete');
    const changes = [...html.matchAll(/data-testid="plan-changes"[^>]*>([\s\S]*?)<\/ul>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '|'));
    expect(changes).toHaveLength(3);
    for (const ch of changes) {
      expect(ch).toContain('Mismo precio');
      expect(ch).toContain('La misma comisión (50');
      expect(ch).toContain('Ganarías lo mismo por venta ($49.75)');
    }
    expect(html).toContain('href="/apps/paquetes?plan=negocio_digital"');
    // A paid package shows as the current plan, with its renewal date.
    const paid = (await (await as('admin03@demo.test')).get('/demo-03/apps/me/referral/resale/plans')).text;
    expect(paid).toContain('Tu plan: Tienda en Línea');
    expect(paid).toMatch(/Paquete pagado: se renueva el /);
  });
});

describe('networks on the catalogue tab', () => {
  it('a store outside any network is told how a store joins one; a member is told where the copy is', async () => {
    const { c, slug } = await newOwner();
    const none = (await c.get(`/${slug}/apps/me/referral/resale/catalogues`)).text;
    expect(none).toContain('data-network="none"');
    expect(none).toContain('crea su cuenta desde una tienda de esa red');
    const member = (await (await as('admin03@demo.test')).get('/demo-03/apps/me/referral/resale/catalogues')).text;
    expect(member).toContain('data-network="member"');
    expect(member).toContain('«Copiar de la red»');
  });
});
