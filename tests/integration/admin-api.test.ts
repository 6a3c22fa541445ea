// Shop administration over HTTP against the demo server: every admin endpoint refuses anonymous visitors (401)
// and other shops' admins (403: admin04 on demo-03) and accepts the owner (admin03); uploads (size, disguised
// types, SVG sanitising); form rules; theme publish reaching the public page through the page cache.
// Everything changed on shared demo shops is put back.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Res } from '../support/http.ts';

/** validation.required in Spanish, the language of a request that names none (issue 27: never the raw 'required'). */
const REQ = 'Obligatorio';

const FIX = path.resolve(import.meta.dirname, '../fixtures/uploads');
const fixture = (name: string) => readFileSync(path.join(FIX, name));
const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/admin`;
const REJECTED_4MB = 'Imagen rechazada – El tamaño de archivo de la imagen sobrepasa el máximo permitido (4 MB). Los formatos válidos son .jpeg, .png, .svg';

const anon = new Client();
const other = new Client();
const owner = new Client();
beforeAll(async () => {
  await other.login('admin04@demo.test');
  await owner.login('admin03@demo.test');
});

const send = (c: Client, method: string, p: string, body?: unknown) => c.request(method, p, body === undefined ? {} : { body });

/** POST a multipart upload with the client's cookies (binary-safe); `chunked` sends no Content-Length. */
function upload(c: Client, p: string, file: { name: string; type?: string; bytes: Buffer }, opts: { chunked?: boolean } = {}): Promise<Res> {
  const boundary = `----admin${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, file.bytes, tail]);
  const url = new URL(p, c.base);
  const headers: Record<string, string> = {
    ...c.defaults, 'content-type': `multipart/form-data; boundary=${boundary}`,
    cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  if (!opts.chunked) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) }));
      res.on('error', reject);
    });
    // The server may answer (413) and close before the whole body is sent: that is the point.
    req.on('error', (e) => { if (!answered) setTimeout(() => { if (!answered) reject(e); }, 500); });
    if (opts.chunked) {
      const size = 256 * 1024;
      let at = 0;
      const pump = () => {
        while (at < body.length) {
          const ok = req.write(body.subarray(at, at + size));
          at += size;
          if (!ok) { req.once('drain', pump); return; }
        }
        req.end();
      };
      pump();
    } else req.end(body);
  });
}

const sectionIds = (html: string) => [...html.matchAll(/data-section-id="([^"]+)"/g)].map((m) => m[1]);
const poll = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 3000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('permissions on every admin endpoint', () => {
  const unknown = randomUUID();
  const endpoints: [string, string, unknown?][] = [
    ['GET', `${API}/store`], ['PATCH', `${API}/store`, { name: '' }],
    ['POST', `${API}/uploads`],
    ['GET', `${API}/headers`], ['POST', `${API}/headers`, {}], ['GET', `${API}/headers/${unknown}`],
    ['PATCH', `${API}/headers/${unknown}`, {}], ['DELETE', `${API}/headers/${unknown}`], ['POST', `${API}/headers/${unknown}/apply`, {}],
    ['GET', `${API}/slides`], ['POST', `${API}/slides`, {}], ['PATCH', `${API}/slides/${unknown}`, {}], ['DELETE', `${API}/slides/${unknown}`],
    ['PUT', `${API}/slides/order`, { ids: ['x'] }],
    ['GET', `${API}/banners`], ['POST', `${API}/banners`, {}], ['PATCH', `${API}/banners/${unknown}`, {}], ['DELETE', `${API}/banners/${unknown}`],
    ['GET', `${API}/catalogues`], ['POST', `${API}/catalogues`, {}], ['PATCH', `${API}/catalogues/${unknown}`, {}], ['DELETE', `${API}/catalogues/${unknown}`],
    ['POST', `${API}/catalogues/${unknown}/restore`, {}],
    ['GET', `${API}/catalogues/${unknown}/products`], ['POST', `${API}/catalogues/${unknown}/products`, {}],
    ['POST', `${API}/catalogues/${unknown}/products/move`, {}], ['DELETE', `${API}/catalogues/${unknown}/products/${unknown}`],
    ['GET', `${API}/theme`], ['PUT', `${API}/theme/draft`, {}], ['POST', `${API}/theme/publish`, { version: 999_999 }], ['POST', `${API}/theme/discard`, {}],
    ['GET', `${API}/theme/preview?page=home`],
  ];

  it('refuses anonymous visitors with 401', async () => {
    for (const [m, p, b] of endpoints) expect((await send(anon, m, p, b)).status, `${m} ${p}`).toBe(401);
  });

  it('refuses another shop\'s admin with 403, before looking at the body', async () => {
    for (const [m, p, b] of endpoints) {
      const r = await send(other, m, p, b);
      expect(r.status, `${m} ${p}`).toBe(403);
      expect(r.json().error.code).toBe('forbidden');
    }
  });

  it('lets the owner through (200 for reads; validation or not-found answers, never 401/403, for the rest)', async () => {
    for (const [m, p, b] of endpoints) {
      const r = await send(owner, m, p, b);
      if ((m === 'GET' && !p.includes(unknown)) || p.endsWith('/theme/discard')) expect(r.status, `${m} ${p}`).toBe(200);
      else expect([400, 404, 409, 415], `${m} ${p}: ${r.status} ${r.text}`).toContain(r.status);
    }
  });

  it('answers 404 for an unknown shop', async () => {
    expect((await owner.get('/api/shops/no-such-shop/admin/store')).status).toBe(404);
  });
});

describe('uploads', () => {
  const uploaded: string[] = [];
  afterAll(async () => {
    // Unused uploads are cleaned with the records that use them; these were used by none: put them in a slide
    // and delete it, which deletes its images.
    for (const url of uploaded) {
      const s = await owner.post(`${API}/slides`, { hzt_image: url, vrt_image: url, type: 'URL', action_type: 'none' });
      if (s.status === 201) await owner.request('DELETE', `${API}/slides/${s.json().id}`);
    }
  });

  it('stores a png and answers {id, url, width, height}', async () => {
    const r = await upload(owner, `${API}/uploads`, { name: 'logo.png', type: 'image/png', bytes: fixture('valid.png') });
    expect(r.status).toBe(201);
    expect(r.json()).toMatchObject({ id: expect.any(String), url: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.png$/), width: 64, height: 32, sanitized: false });
    uploaded.push(r.json().url);
    const jpg = await upload(owner, `${API}/uploads`, { name: 'foto.jpeg', type: 'image/jpeg', bytes: fixture('valid.jpg') });
    expect(jpg.status).toBe(201);
    uploaded.push(jpg.json().url);
  });

  it('refuses files over 4,000,000 bytes with 413 and the spec\'s text, with or without Content-Length', async () => {
    const big = fixture('too-large.png');
    expect(big.length).toBeGreaterThan(4_000_000);
    const r = await upload(owner, `${API}/uploads`, { name: 'grande.png', type: 'image/png', bytes: big });
    expect(r.status).toBe(413);
    expect(r.json().error.message).toBe(REJECTED_4MB);
    const chunked = await upload(owner, `${API}/uploads`, { name: 'grande.png', type: 'image/png', bytes: big }, { chunked: true });
    expect(chunked.status).toBe(413);
    expect(chunked.json().error.message).toBe(REJECTED_4MB);
  });

  it('refuses a type disguised by its extension with 415', async () => {
    const png = await upload(owner, `${API}/uploads`, { name: 'logo.svg', type: 'image/svg+xml', bytes: fixture('png-disguised.svg') });
    expect(png.status).toBe(415);
    expect(png.json().error).toMatchObject({ code: 'unsupported_media_type', message: expect.stringContaining('PNG') });
    const text = await upload(owner, `${API}/uploads`, { name: 'foto.png', type: 'image/png', bytes: fixture('text-disguised.png') });
    expect(text.status).toBe(415);
    const notMultipart = await owner.request('POST', `${API}/uploads`, { raw: 'x', headers: { 'content-type': 'image/png' } });
    expect(notMultipart.status).toBe(415);
  });

  it('sanitises an SVG with script: fetched back it has no script, no handlers, no external references', async () => {
    const r = await upload(owner, `${API}/uploads`, { name: 'evil.svg', type: 'image/svg+xml', bytes: fixture('evil.svg') });
    expect(r.status).toBe(201);
    expect(r.json()).toMatchObject({ sanitized: true, width: 100, height: 100, url: expect.stringMatching(/\.svg$/) });
    uploaded.push(r.json().url);
    const served = await anon.get(r.json().url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    expect(served.text).toMatch(/^<svg[\s>]/);
    expect(served.text).not.toMatch(/<script/i);
    expect(served.text).not.toMatch(/\son[a-z]+\s*=/i);
    expect(served.text).not.toMatch(/javascript:|evil\.example|https?:\/\/(?!www\.w3\.org\/)/i);
    expect(served.text).not.toMatch(/foreignObject|@import/i);
    expect(served.text).toContain('<circle');
  });
});

describe('store', () => {
  it('normalises colour text to hex and validates social links; restores the shop', async () => {
    const before = (await owner.get(`${API}/store`)).json();
    try {
      const r = await owner.request('PATCH', `${API}/store`, { body: { color1: 'rgb(245, 248, 250)', color2: 'hsl(0, 100%, 50%)', facebook: '', instagram: '@casanorte' } });
      expect(r.status).toBe(200);
      expect(r.json()).toMatchObject({ facebook: null, instagram: 'https://www.instagram.com/casanorte', store_theme_info: { color1: '#f5f8fa', color2: '#ff0000' } });
      const page = await poll(() => anon.get(`/${SHOP}/`), (p) => p.text.includes('--c1:#f5f8fa'));
      expect(page.text).toContain('--c1:#f5f8fa');
      const bad = await owner.request('PATCH', `${API}/store`, { body: { discord: 'no es un enlace', name: '' } });
      expect(bad.status).toBe(400);
      expect(bad.json().error.fields).toMatchObject({ discord: expect.any(Array), name: [REQ] });
    } finally {
      const { color1, color2 } = before.store_theme_info;
      await owner.request('PATCH', `${API}/store`, { body: { color1, color2, facebook: before.facebook, instagram: before.instagram } });
    }
  });
});

describe('headers', () => {
  it('applies the spec\'s limits and rules (400 with fields)', async () => {
    const r = await owner.post(`${API}/headers`, { title: 'x'.repeat(31) });
    expect(r.status).toBe(400);
    expect(r.json().error.fields.title).toBeTruthy();
    expect((await owner.post(`${API}/headers`, { title: 'Hola', action_type: 'url', button_label: 'more' })).json().error.fields).toEqual({ url: [REQ] });
    expect((await owner.post(`${API}/headers`, { title: 'Hola', action_type: 'signup' })).json().error.fields).toEqual({ button_label: [REQ] });
    expect((await owner.post(`${API}/headers`, { title: 'Hola', subtitle: 'x'.repeat(41), description: 'x'.repeat(131) })).json().error.fields)
      .toMatchObject({ subtitle: expect.any(Array), description: expect.any(Array) });
  });

  it('creates, lists (10 a page), edits and deletes; empty texts are stored as null', async () => {
    const created = await owner.post(`${API}/headers`, { title: 'Temporada', subtitle: '', description: '', action_type: 'url', url: '/catalogos/novedades', button_label: 'more', target: 'all' });
    expect(created.status).toBe(201);
    const h = created.json();
    expect(h).toMatchObject({ title: 'Temporada', subtitle: null, description: null, url: '/catalogos/novedades', active: false });
    try {
      const list = (await owner.get(`${API}/headers`)).json();
      expect(list).toMatchObject({ results: expect.arrayContaining([expect.objectContaining({ id: h.id })]), matches_estimated: expect.any(Number) });
      expect(list.results.length).toBeLessThanOrEqual(10);
      const edited = await owner.request('PATCH', `${API}/headers/${h.id}`, { body: { action_type: 'none', title: 'Temporada 2' } });
      expect(edited.json()).toMatchObject({ title: 'Temporada 2', action_type: 'none', url: null, button_label: null });
      const bad = await owner.request('PATCH', `${API}/headers/${h.id}`, { body: { action_type: 'url' } });
      expect(bad.json().error.fields).toMatchObject({ url: [REQ] });
    } finally {
      expect((await owner.request('DELETE', `${API}/headers/${h.id}`)).json()).toEqual({ id: h.id, deleted: true });
    }
  });

  it('the shown header\'s pencil on the storefront opens that header (id active)', async () => {
    const page = await owner.get(`/${SHOP}/`);
    expect(page.text).toMatch(/class="header-info"[^>]*data-edit-panel="headers"[^>]*data-edit-item="active"/);
    expect(page.text).toMatch(/href="[^"]*\/admin\/editor\?panel=headers&(amp;)?item=active"/);
    expect((await owner.get(`${API}/headers/active`)).json()).toMatchObject({ active: true, title: expect.any(String) });
  });

  it('the applied header is what the storefront shows (on a shop without one, put back after)', async () => {
    const admin = new Client();
    await admin.login('admindeshabilitada@demo.test');
    const api = '/api/shops/demo-deshabilitada/admin';
    const h = (await admin.post(`${api}/headers`, { title: 'Cerrado por inventario', apply: true })).json();
    try {
      const store = (await admin.get(`${api}/store`)).json();
      expect(store.store_theme_info.header_info).toMatchObject({ title: 'Cerrado por inventario' });
      // The storefront's pencil names the shown header 'active': it answers that header.
      expect((await admin.get(`${api}/headers/active`)).json()).toMatchObject({ id: h.id, title: 'Cerrado por inventario', active: true });
    } finally {
      await admin.request('DELETE', `${api}/headers/${h.id}`);
    }
    expect((await admin.get(`${api}/store`)).json().store_theme_info.header_info).toBeNull();
    expect((await admin.get(`${api}/headers/active`)).status).toBe(404);
  });
});

describe('carousel slides', () => {
  it('checks the link pattern (invalid_shop_carousel_link) and deletes images with the slide', async () => {
    const img = (await upload(owner, `${API}/uploads`, { name: 'slide.svg', type: 'image/svg+xml', bytes: Buffer.from(fixture('valid.svg').toString().replace('Casa Norte', `Slide ${randomUUID()}`)) })).json();
    const bad = await owner.post(`${API}/slides`, { hzt_image: img.url, vrt_image: img.url, type: 'URL', url: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(bad.json().error.field_codes).toEqual({ url: ['invalid_shop_carousel_link'] });
    expect((await owner.post(`${API}/slides`, { hzt_image: img.url, vrt_image: img.url, type: 'URL', url: 'tienda' })).json().error.field_codes).toEqual({ url: ['invalid_shop_carousel_link'] });
    expect((await owner.post(`${API}/slides`, { type: 'URL', url: 'example.com' })).json().error.fields).toMatchObject({ hzt_image: expect.any(Array), vrt_image: expect.any(Array) });
    const before = (await owner.get(`${API}/slides`)).json();
    const created = await owner.post(`${API}/slides`, { hzt_image: img.url, vrt_image: img.url, type: 'URL', url: 'www.example.com/ofertas', url_target: '_blank', position: 0 });
    expect(created.status).toBe(201);
    const s = created.json();
    expect(s).toMatchObject({ url: 'https://www.example.com/ofertas', position: 0, hzt_image_id: img.id });
    const page = await poll(() => anon.get(`/${SHOP}/`), (p) => p.text.includes(img.url));
    expect(page.text).toContain(img.url);
    const gone = await owner.request('DELETE', `${API}/slides/${s.id}`);
    expect(gone.json()).toMatchObject({ deleted: true, deleted_media: [img.id] });
    expect((await anon.get(img.url)).status).toBe(404);
    const after = (await owner.get(`${API}/slides`)).json();
    expect(after.results.map((x: { id: string }) => x.id)).toEqual(before.results.map((x: { id: string }) => x.id));
  });
  it('a slide without a link saves (action_type none); the link pattern applies in two-column mode only (seed 000 §5)', async () => {
    const img = (await upload(owner, `${API}/uploads`, { name: 'slide.svg', type: 'image/svg+xml', bytes: Buffer.from(fixture('valid.svg').toString().replace('Casa Norte', `Slide ${randomUUID()}`)) })).json();
    const columns = (await owner.get(`${API}/store`)).json().store_theme_info.columns;
    const made: string[] = [];
    try {
      const none = await owner.post(`${API}/slides`, { hzt_image: img.url, vrt_image: img.url, type: 'URL', action_type: 'none', url: null });
      expect(none.status).toBe(201);
      expect(none.json()).toMatchObject({ action_type: 'none', url: null });
      made.push(none.json().id);
      const offPattern = 'https://tienda.mx?promo=verano';
      expect((await owner.request('PATCH', `${API}/store`, { body: { columns: 2 } })).status).toBe(200);
      const two = await owner.post(`${API}/slides`, { hzt_image: img.url, vrt_image: img.url, type: 'URL', url: offPattern });
      expect(two.status).toBe(400);
      expect(two.json().error.field_codes).toEqual({ url: ['invalid_shop_carousel_link'] });
      expect((await owner.request('PATCH', `${API}/store`, { body: { columns: 1 } })).status).toBe(200);
      const one = await owner.post(`${API}/slides`, { hzt_image: img.url, vrt_image: img.url, type: 'URL', url: offPattern });
      expect(one.status).toBe(201);
      expect(one.json()).toMatchObject({ action_type: 'url', url: offPattern });
      made.push(one.json().id);
      // One column still refuses what is not a safe link.
      const unsafe = await owner.post(`${API}/slides`, { hzt_image: img.url, vrt_image: img.url, type: 'URL', url: 'javascript:alert(1)' });
      expect(unsafe.json().error.field_codes).toEqual({ url: ['invalid_shop_carousel_link'] });
    } finally {
      for (const id of made) await owner.request('DELETE', `${API}/slides/${id}`);
      await owner.request('PATCH', `${API}/store`, { body: { columns } });
    }
  });
});

describe('banners', () => {
  it('CRUD with targets; deleting deletes its images', async () => {
    const img = (await upload(owner, `${API}/uploads`, { name: 'banner.png', type: 'image/png', bytes: Buffer.concat([fixture('valid.png'), Buffer.from(randomUUID())]) })).json();
    expect((await owner.post(`${API}/banners`, { hzt_image: img.url, action_type: 'url' })).json().error.fields).toEqual({ url: [REQ] });
    const before = (await owner.get(`${API}/banners`)).json().matches_estimated as number; // the demo's banners
    const b = (await owner.post(`${API}/banners`, { hzt_image: img.url, action_type: 'signup', target: 'anon' })).json();
    expect(b).toMatchObject({ hzt_image: img.url, vrt_image: null, target: 'anon', action_type: 'signup', position: before });
    const edited = await owner.request('PATCH', `${API}/banners/${b.id}`, { body: { target: 'ul1' } });
    expect(edited.json()).toMatchObject({ target: 'ul1' });
    expect((await owner.get(`${API}/banners`)).json().results.map((x: { id: string }) => x.id)).toContain(b.id);
    expect((await owner.request('DELETE', `${API}/banners/${b.id}`)).json()).toMatchObject({ deleted: true, deleted_media: [img.id] });
  });
});

describe('catalogues', () => {
  it('name required and at most 150 (on the name field); create, rename, add/move products, delete', async () => {
    expect((await owner.post(`${API}/catalogues`, { name: '' })).json().error.fields).toEqual({ name: [REQ] });
    expect((await owner.post(`${API}/catalogues`, { name: 'x'.repeat(151) })).json().error.fields.name).toBeTruthy();
    const c = (await owner.post(`${API}/catalogues`, { name: 'Regalos de prueba' })).json();
    expect(c).toMatchObject({ name: 'Regalos de prueba', slug: 'regalos-de-prueba', num_products: 0 });
    try {
      const renamed = await owner.request('PATCH', `${API}/catalogues/${c.id}`, { body: { name: 'Regalos' } });
      expect(renamed.json()).toMatchObject({ name: 'Regalos', slug: 'regalos-de-prueba' });
      const items = (await anon.get(`/api/shops/${SHOP}/products?limit=3`)).json().results.map((x: { id: string }) => x.id);
      for (const id of items) expect((await owner.post(`${API}/catalogues/${c.id}/products`, { product_id: id })).status).toBe(201);
      const moved = await owner.post(`${API}/catalogues/${c.id}/products/move`, { product_id: items[2], queue_position: 0 });
      expect(moved.json()).toMatchObject({ queue_position: 0 });
      const list = (await owner.get(`${API}/catalogues/${c.id}/products`)).json();
      expect(list.results.map((x: { product_id: string; queue_position: number }) => [x.product_id, x.queue_position])).toEqual([[items[2], 0], [items[0], 1], [items[1], 2]]);
      const foreign = await owner.post(`${API}/catalogues/${c.id}/products`, { product_id: randomUUID() });
      expect(foreign.json().error.field_codes).toEqual({ product_id: ['invalid_product'] });
      const listed = (await anon.get(`/api/shops/${SHOP}/catalogues?limit=100`)).json();
      expect(listed.results).toContainEqual(expect.objectContaining({ id: c.id, name: 'Regalos', num_products: 3 }));
      // Two catalogues of a shop never share a name, case and spaces ignored: a field error in the request's language.
      for (const [name, lang, text] of [['Regalos', 'es-MX', 'Ya hay un catálogo con este nombre en la tienda'], ['  REGALOS ', 'en-US', 'This shop already has a catalogue with this name']] as const) {
        const dup = await owner.post(`${API}/catalogues`, { name }, { headers: { 'accept-language': lang } });
        expect(dup.status, dup.text).toBe(400);
        expect(dup.json().error.fields).toEqual({ name: [text] });
      }
      const other = (await owner.post(`${API}/catalogues`, { name: 'Regalos de temporada' })).json();
      try {
        const clash = await owner.request('PATCH', `${API}/catalogues/${other.id}`, { body: { name: 'regalos' } });
        expect(clash.status).toBe(400);
        expect(Object.keys(clash.json().error.fields)).toEqual(['name']);
        // Its own name, in other letters, is fine.
        expect((await owner.request('PATCH', `${API}/catalogues/${c.id}`, { body: { name: 'REGALOS' } })).json()).toMatchObject({ name: 'REGALOS' });
      } finally {
        await owner.request('DELETE', `${API}/catalogues/${other.id}`);
      }
    } finally {
      const del = await owner.request('DELETE', `${API}/catalogues/${c.id}`);
      expect(del.json()).toMatchObject({ id: c.id, deleted: true });
    }
  });
});

describe('theme builder data', () => {
  it('names section types and settings in the request\'s language; default titles follow the page\'s language', async () => {
    type Types = { type: string; name: string; settings: { id: string; label: string; default?: unknown; defaultKey?: string; options?: { label: string }[] }[] }[];
    const types = async (lang: string) => (await owner.get(`${API}/theme`, { headers: { 'accept-language': lang } })).json().section_types as Types;
    const [en, es] = [await types('en-US'), await types('es-MX')];
    const products = (list: Types) => list.find((t) => t.type === 'products')!;
    expect(products(en)).toMatchObject({ name: 'Products', settings: expect.arrayContaining([expect.objectContaining({ id: 'title', label: 'Title', default: 'Products', defaultKey: 'sections.products' }), expect.objectContaining({ id: 'limit', label: 'Items shown' })]) });
    expect(products(es)).toMatchObject({ name: 'Productos', settings: expect.arrayContaining([expect.objectContaining({ id: 'title', label: 'Título', default: 'Productos' }), expect.objectContaining({ id: 'limit', label: 'Elementos mostrados' })]) });
    expect(en.find((t) => t.type === 'header-carousel')!.settings.find((s) => s.id === 'height')!.options!.map((o) => o.label)).toEqual(['Small', 'Medium', 'Large']);
    expect(es.find((t) => t.type === 'header-carousel')!.name).toBe('Carrusel de encabezados');
    // The storefront: the section's default title is the visitor's language, not a Spanish literal.
    expect((await anon.get(`/${SHOP}/`, { headers: { 'accept-language': 'en-US' } })).text).toMatch(/id="products-title"[^>]*>Products\b/);
    expect((await anon.get(`/${SHOP}/`, { headers: { 'accept-language': 'es-MX' } })).text).toMatch(/id="products-title"[^>]*>Productos\b/);
  });

  it('publish refuses an invalid setting with its path, accepts a reorder, and the public page follows', async () => {
    const state = (await owner.get(`${API}/theme`)).json();
    expect(state).toMatchObject({ theme_pack: '03', draft: { pack: '03' }, page_types: expect.arrayContaining(['home', 'product']) });
    expect(state.section_types.find((t: { type: string }) => t.type === 'products').json_schema).toMatchObject({ type: 'object' });
    const original = state.draft;
    const home = original.templates.home.sections as { id: string; type: string; settings: Record<string, unknown> }[];
    // Warm the anonymous page cache so the test also shows that publishing drops it.
    await anon.get(`/${SHOP}/`);
    const cached = await anon.get(`/${SHOP}/`);
    const publicOrder = sectionIds(cached.text);
    expect(publicOrder.length).toBeGreaterThan(2);
    try {
      const at = home.findIndex((s) => s.type === 'products');
      const invalid = home.map((s, i) => (i === at ? { ...s, settings: { ...s.settings, columns: 42 } } : s));
      const saved = await owner.request('PUT', `${API}/theme/draft`, { body: { ...original, templates: { ...original.templates, home: { sections: invalid } }, version: state.draft_version } });
      expect(saved.status).toBe(200);
      expect(saved.json().warnings).toContainEqual(expect.objectContaining({ path: `templates.home.sections[${at}].settings.columns` }));
      const refused = await owner.post(`${API}/theme/publish`, {});
      expect(refused.status).toBe(400);
      expect(refused.json().error.fields[`templates.home.sections[${at}].settings.columns`]).toBeTruthy();

      const reordered = [...home].reverse();
      const ok = await owner.request('PUT', `${API}/theme/draft`, { body: { ...original, templates: { ...original.templates, home: { sections: reordered } }, version: saved.json().draft_version } });
      expect(ok.status).toBe(200);
      // Admins preview the draft; shoppers still see the published page.
      const preview = await owner.get(`/${SHOP}/?preview=draft`);
      expect(sectionIds(preview.text)).toEqual(reordered.map((s) => s.id).filter((id) => publicOrder.includes(id)));
      expect(sectionIds((await anon.get(`/${SHOP}/?preview=draft`)).text)).toEqual(publicOrder);
      const jsonPreview = (await owner.get(`${API}/theme/preview?page=home&source=draft`)).json();
      expect(jsonPreview.sections.map((s: { id: string }) => s.id)).toEqual(reordered.map((s) => s.id));

      const published = await owner.post(`${API}/theme/publish`, { version: ok.json().draft_version });
      expect(published.status).toBe(200);
      const page = await poll(() => anon.get(`/${SHOP}/`), (p) => sectionIds(p.text)[0] !== publicOrder[0]);
      expect(sectionIds(page.text)).toEqual([...publicOrder].reverse());
    } finally {
      const latest = (await owner.get(`${API}/theme`)).json();
      await owner.request('PUT', `${API}/theme/draft`, { body: { ...original, version: latest.draft_version } });
      await owner.post(`${API}/theme/publish`, {});
    }
    const restored = await poll(() => anon.get(`/${SHOP}/`), (p) => sectionIds(p.text)[0] === publicOrder[0]);
    expect(sectionIds(restored.text)).toEqual(publicOrder);
  });

  it('refuses a draft with an unknown pack or a stale version', async () => {
    const state = (await owner.get(`${API}/theme`)).json();
    const unknownPack = await owner.request('PUT', `${API}/theme/draft`, { body: { ...state.draft, pack: 'nope' } });
    expect(unknownPack.status).toBe(400);
    expect(unknownPack.json().error.fields.pack).toBeTruthy();
    const stale = await owner.request('PUT', `${API}/theme/draft`, { body: { ...state.draft, version: state.draft_version + 5 } });
    expect(stale.status).toBe(409);
  });
});
