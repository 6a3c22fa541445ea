// Issue 14 (and 13's sliders): PIN sign-in through the HTML forms (no script), the contact endpoint and page, the
// footer pages, and the storefront sliders' rendering rules.
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { Client } from '../support/http.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (c: Client, path: string, data: Record<string, string>, headers: Record<string, string> = {}) =>
  c.request('POST', path, { raw: new URLSearchParams(data).toString(), headers: { ...FORM, origin: c.base, ...headers } });

/** The newest PIN mailed to `email`, read from the demo outbox (newest first). */
async function pinFor(c: Client, email: string): Promise<string> {
  const html = (await c.get('/dev/outbox')).text;
  const pin = html.match(new RegExp(`${email.replace(/[.]/g, '\\.')}[\\s\\S]*?(\\d{6})`))?.[1];
  if (!pin) throw new Error(`no PIN for ${email}`);
  return pin;
}

describe('PIN sign-in pages (no script)', () => {
  it('mails a PIN from the login page, refuses a wrong one in the page language and signs in with the right one', async () => {
    const c = new Client();
    const login = await c.get('/login?next=%2Fdemo-03%2F');
    expect(login.text).toContain('formaction="/login/pin?next=%2Fdemo-03%2F"');
    expect(login.text).toContain('Enviar PIN');

    const asked = await form(c, '/login/pin?next=%2Fdemo-03%2F', { step: 'request', email: 'emprendedor@demo.test' });
    expect(asked.status).toBe(303);
    expect(asked.headers.location).toBe('/login/pin?next=%2Fdemo-03%2F&enviado=1');
    expect(String(asked.headers['set-cookie'])).toMatch(/pin_email=[^;]+;.*HttpOnly/i);
    expect(asked.headers.location).not.toContain('emprendedor');
    const page = await c.get(asked.headers.location!);
    expect(page.text).toContain('data-pin-stage="verify"');
    expect(page.text).toContain('emprendedor@demo.test');

    const pin = await pinFor(c, 'emprendedor@demo.test');
    const wrong = await form(c, '/login/pin?next=%2Fdemo-03%2F', { step: 'verify', email: 'emprendedor@demo.test', pin: pin === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('PIN inválido');
    const wrongEn = await form(c, '/login/pin', { step: 'verify', email: 'emprendedor@demo.test', pin: pin === '000000' ? '111111' : '000000' }, { cookie: 'lang=en' });
    expect(wrongEn.text).toContain('PIN invalid');
    const badFormat = await form(c, '/login/pin', { step: 'verify', email: 'emprendedor@demo.test', pin: '12ab' });
    expect(badFormat.status).toBe(400);
    expect(badFormat.text).toContain('field-error');

    const ok = await form(c, '/login/pin?next=%2Fdemo-03%2F', { step: 'verify', email: 'emprendedor@demo.test', pin });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/demo-03/');
    expect((await c.get('/api/me')).json()).toMatchObject({ authenticated: true, user: { email: 'emprendedor@demo.test' } });
    // Used once: the same PIN again is invalid.
    const again = await form(new Client(), '/login/pin', { step: 'verify', email: 'emprendedor@demo.test', pin });
    expect(again.text).toContain('PIN inválido');
  });

  // The PIN's 5 minutes are made to pass in the database (PostgreSQL only: the PGlite server's database is its own).
  it('says a PIN has expired, in the page language', async (ctx) => {
    ctx.skip(!inject('serverDatabaseUrl'), "PostgreSQL only: it needs a second connection to the server's database (PGlite is opened by the server process alone)");
    const c = new Client();
    await form(c, '/login/pin', { step: 'request', email: 'cliente@demo.test' });
    const pin = await pinFor(c, 'cliente@demo.test');
    const db = new pg.Client({ connectionString: inject('serverDatabaseUrl')! });
    await db.connect();
    try {
      await db.query(`update sign_in_pins set expires_at = now() - interval '1 minute' where email = $1 and used_at is null`, ['cliente@demo.test']);
    } finally { await db.end(); }
    const es = await form(c, '/login/pin', { step: 'verify', email: 'cliente@demo.test', pin });
    expect(es.status).toBe(400);
    expect(es.text).toContain('PIN expirado, solicita uno nuevo');
    const en = await form(c, '/login/pin', { step: 'verify', email: 'cliente@demo.test', pin }, { cookie: 'lang=en' });
    expect(en.text).toContain('PIN expired, ask for a new one');
  });

  it('answers the same for an unknown e-mail and shows field errors for a bad one', async () => {
    const c = new Client();
    const unknown = await form(c, '/login/pin', { step: 'request', email: `nadie-${Date.now()}@test.example` });
    expect(unknown.status).toBe(303);
    const bad = await form(new Client(), '/login/pin', { step: 'request', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('field-error');
    expect(bad.text).toContain('data-pin-stage="request"');
  });
});

describe('contact the shop', () => {
  it('mails a valid message to the shop contact e-mail through the outbox (202)', async () => {
    const c = new Client();
    const text = `¿Hacen envíos a Mérida? ${Date.now()}`;
    const r = await c.post('/api/shops/demo-03/contact', { mode: 'shop', name: 'Lucía Pérez', email: 'lucia@test.example', phone: '55 1234 5678', message: text });
    expect(r.status).toBe(202);
    expect(r.json()).toEqual({ sent: true });
    const outbox = (await c.get('/dev/outbox')).text;
    const at = outbox.indexOf(text);
    expect(at).toBeGreaterThan(0);
    expect(outbox.slice(Math.max(0, at - 1200), at)).toContain('hola@casanorte.example');
    expect(outbox.slice(Math.max(0, at - 1200), at)).toContain('lucia@test.example');
  });

  it('names the product asked about, and refuses items the shop does not offer (404)', async () => {
    const c = new Client();
    const item = (await c.get('/api/shops/demo-03/products?type=product&limit=1')).json().results[0] as { id: string; name: string };
    const text = `Pregunta por producto ${Date.now()}`;
    const r = await c.post('/api/shops/demo-03/contact', { mode: 'item', item_id: item.id, name: 'Ana', email: 'ana@test.example', message: text });
    expect(r.status).toBe(202);
    const outbox = (await c.get('/dev/outbox')).text;
    const at = outbox.indexOf(text);
    expect(outbox.slice(Math.max(0, at - 1500), at)).toContain(item.name);
    const missing = await c.post('/api/shops/demo-03/contact', { mode: 'item', item_id: '00000000-0000-4000-8000-000000000000', name: 'Ana', email: 'ana@test.example', message: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('answers bad input with 4xx JSON and field messages in the request language', async () => {
    const c = new Client();
    const empty = await c.post('/api/shops/demo-03/contact', { name: '', email: 'nope', message: '' });
    expect(empty.status).toBe(400);
    expect(empty.json().error.code).toBe('validation_error');
    expect(Object.keys(empty.json().error.fields)).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    const long = await c.post('/api/shops/demo-03/contact', { name: 'A', email: 'a@test.example', message: 'x'.repeat(2001) }, { headers: { cookie: 'lang=en' } });
    expect(long.status).toBe(400);
    expect(long.json().error.fields.message[0]).toMatch(/2000/);
    const mode = await c.post('/api/shops/demo-03/contact', { mode: 'other', name: 'A', email: 'a@test.example', message: 'hola' });
    expect(mode.status).toBe(400);
    const nul = await c.post('/api/shops/demo-03/contact', { name: 'A\u0000', email: 'a@test.example', message: 'hola' });
    expect(nul.status).toBe(400);
    const xml = await c.request('POST', '/api/shops/demo-03/contact', { raw: '<a/>', headers: { 'content-type': 'text/xml' } });
    expect(xml.status).toBe(415);
    expect((await c.post('/api/shops/no-such-shop-x/contact', { name: 'A', email: 'a@test.example', message: 'hola' })).status).toBe(404);
  });

  it('limits one sender address to 5 messages in 15 minutes (429 with Retry-After)', async () => {
    const c = new Client();
    const body = { name: 'Spam', email: 'spam@test.example', message: 'hola' };
    for (let i = 0; i < 5; i++) expect((await c.post('/api/shops/demo-04/contact', body)).status).toBe(202);
    const r = await c.post('/api/shops/demo-04/contact', body);
    expect(r.status).toBe(429);
    expect(r.json().error.code).toBe('rate_limited');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await new Client().post('/api/shops/demo-04/contact', body)).status).toBe(202);
  });

  it('works as a plain form on {shop}/contacto: 303 when sent, field errors otherwise, product preselected', async () => {
    const c = new Client();
    const page = await c.get('/demo-03/contacto');
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="mode" value="shop"');
    expect(page.text).not.toMatch(/<script[^>]+src=[^>]*contact/i);
    const sent = await form(c, '/demo-03/contacto', { mode: 'shop', name: 'Luis', email: 'luis@test.example', message: `Hola ${Date.now()}` });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe('/demo-03/contacto?enviado=1');
    expect((await c.get(sent.headers.location!)).text).toContain('Tu mensaje se envió');
    const bad = await form(c, '/demo-03/contacto', { mode: 'shop', name: '', email: 'x', message: '' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('field-error');
    const item = (await c.get('/api/shops/demo-03/products?type=product&limit=1')).json().results[0] as { id: string; name: string; owner: string };
    const product = await c.get(`/demo-03/productos/${item.owner}/${item.id}`);
    expect(product.text).toContain(`/demo-03/contacto?producto=${item.id}`);
    const about = await c.get(`/demo-03/contacto?producto=${item.id}`);
    expect(about.text).toContain(`data-contact-item="${item.id}"`);
    expect(about.text).toMatch(/name="mode" value="item" checked/);
  });
});

describe('footer pages', () => {
  it('serves the platform legal pages in the reader language', async () => {
    const c = new Client();
    const terms = await c.get('/ayuda/terminos');
    expect(terms.status).toBe(200);
    expect(terms.text).toContain('Términos y condiciones');
    const privacy = await c.get('/ayuda/privacidad', { headers: { cookie: 'lang=en' } });
    expect(privacy.status).toBe(200);
    expect(privacy.text).toContain('Privacy notice');
    expect(privacy.text).toContain('ARCO');
    const ar = await c.get('/ayuda/terminos', { headers: { cookie: 'lang=es-AR' } });
    expect(ar.text).toContain('los aceptás');
  });

  it('answers {shop}/acerca only when the shop has an owner and a published about entry, and links the footer to them', async () => {
    const c = new Client();
    const about = await c.get('/demo-basic/acerca');
    expect(about.status).toBe(200);
    expect(about.text).toContain('Quiénes somos');
    expect((await c.get('/demo-03/acerca')).status).toBe(404);
    const home = await c.get('/demo-basic/');
    for (const href of ['/demo-basic/acerca', '/demo-basic/contacto', '/ayuda/terminos', '/ayuda/privacidad']) expect(home.text).toContain(`href="${href}"`);
    const other = await c.get('/demo-03/');
    expect(other.text).not.toContain('href="/demo-03/acerca"');
    expect(other.text).toContain('href="/demo-03/contacto"');
  });
});

describe('storefront sliders', () => {
  const API = '/api/shops/demo-basic/admin';
  // Astro inlines the small autoplay module (allowed by the CSP's script hashes): its code names this data attribute.
  const AUTOPLAY_CODE = 'autoplayStarted';
  it('renders the demo sliders (autoplay off) with no script for them', async () => {
    const home = await new Client().get('/demo-basic/');
    expect(home.text).toContain('data-slider="catalogue"');
    expect(home.text).toMatch(/data-slider="product" data-layout="slider"/);
    expect(home.text).not.toContain('data-autoplay-ms');
    expect(home.text.includes(AUTOPLAY_CODE), 'no autoplay script').toBe(false);
  });

  it('is a grid below 6 products, and ships the autoplay script only when a slider autoplays', async () => {
    const owner = new Client();
    await owner.login('adminbasic@demo.test');
    const state = (await owner.get(`${API}/theme`)).json();
    expect(state.section_types.map((t: { type: string }) => t.type)).toEqual(expect.arrayContaining(['catalogue-slider', 'product-slider']));
    const home = state.draft.templates.home.sections as { id: string; type: string; settings: Record<string, unknown> }[];
    const sections = home.map((s) => (s.type === 'product-slider' ? { ...s, settings: { ...s.settings, limit: 3, autoplay: true } }
      : s.type === 'catalogue-slider' ? { ...s, settings: { ...s.settings, autoplay: true } } : s));
    try {
      const saved = await owner.request('PUT', `${API}/theme/draft`, { body: { ...state.draft, templates: { ...state.draft.templates, home: { sections } }, version: state.draft_version } });
      expect(saved.status).toBe(200);
      const preview = (await owner.get('/demo-basic/?preview=draft')).text;
      expect(preview).toMatch(/data-slider="product" data-layout="grid"/);
      expect(preview).toContain('data-autoplay-ms="6000"');
      expect(preview).not.toContain('data-autoplay-ms="4000"'); // a grid does not autoplay
      expect(preview.includes(AUTOPLAY_CODE), 'the autoplay script is on the page').toBe(true);
    } finally {
      await owner.post(`${API}/theme/discard`, {});
    }
    expect((await owner.get('/demo-basic/?preview=draft')).text.includes(AUTOPLAY_CODE), 'no autoplay script after discarding').toBe(false);
  });
});
