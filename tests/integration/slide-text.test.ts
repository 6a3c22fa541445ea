// A carousel slide's words over HTTP (issue 15): title, subtitle and button are optional, bounded, and the button's
// link passes the carousel link rule (the shared URL-safety checks); stored words reach the public page as escaped
// HTML with their per-breakpoint places. The slide made here is deleted again (its pictures are the demo slide's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

/** validation.required in Spanish, the language of a request that names none (issue 27: never the raw 'required'). */
const REQ = 'Obligatorio';

const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/admin`;
const anon = new Client();
const owner = new Client();
let images: { hzt_image: string; vrt_image: string };
const made: string[] = [];

beforeAll(async () => {
  await owner.login('admin03@demo.test');
  const first = (await owner.get(`${API}/slides`)).json().results[0];
  images = { hzt_image: first.hzt_image, vrt_image: first.vrt_image };
});
afterAll(async () => { for (const id of made) await owner.request('DELETE', `${API}/slides/${id}`); });

const slide = (extra: Record<string, unknown>) => ({ ...images, type: 'URL', action_type: 'none', target: 'all', ...extra });

async function poll<T>(get: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('slide words', () => {
  it('refuses an unsafe or missing button link and words past their limits, with field errors', async () => {
    const js = await owner.post(`${API}/slides`, slide({ button_label: 'Ver', button_url: 'javascript:alert(1)' }));
    expect(js.status).toBe(400);
    expect(js.json().error.field_codes).toEqual({ button_url: ['invalid_shop_carousel_link'] });
    expect((await owner.post(`${API}/slides`, slide({ button_label: 'Ver', button_url: '//evil.example/x' }))).json().error.field_codes)
      .toEqual({ button_url: ['invalid_shop_carousel_link'] });
    expect((await owner.post(`${API}/slides`, slide({ button_label: 'Ver' }))).json().error.fields).toEqual({ button_url: [REQ] });
    const long = await owner.post(`${API}/slides`, slide({ title: 'x'.repeat(61), subtitle: 'y'.repeat(121), button_label: 'z'.repeat(31), button_url: '/catalogos' }));
    expect(long.status).toBe(400);
    expect(Object.keys(long.json().error.fields).sort()).toEqual(['button_label', 'subtitle', 'title']);
    expect((await owner.post(`${API}/slides`, slide({ text_phone: 'sideways' }))).status).toBe(400);
    expect((await owner.post(`${API}/slides`, slide({ title: 'a\u0000b' }))).status).toBe(400);
  });

  it('stores the words and shows them on the storefront as escaped HTML, placed per breakpoint', async () => {
    const title = `Rebajas <b>${Date.now()}</b>`;
    const res = await owner.post(`${API}/slides`, slide({ title, subtitle: 'Solo esta semana', button_label: 'Ver ofertas', button_url: '/catalogos/ofertas', text_desktop: 'below', text_phone: 'over', position: 0 }));
    expect(res.status).toBe(201);
    const s = res.json();
    made.push(s.id);
    expect(s).toMatchObject({ title, subtitle: 'Solo esta semana', button_label: 'Ver ofertas', button_url: '/catalogos/ofertas', text_desktop: 'below', text_phone: 'over' });
    const escaped = title.replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const page = await poll(() => anon.get(`/${SHOP}/`), (p) => p.text.includes(escaped));
    expect(page.text).toContain(escaped);
    expect(page.text).not.toContain(title);
    expect(page.text).toMatch(/class="slide-text d-below p-over"/);
    expect(page.text).toContain(`href="/${SHOP}/catalogos/ofertas">Ver ofertas</a>`);
    // Clearing the words (empty strings become null) leaves a picture-only slide.
    const cleared = await owner.request('PATCH', `${API}/slides/${s.id}`, { body: { title: '', subtitle: '', button_label: '', button_url: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.json()).toMatchObject({ title: null, subtitle: null, button_label: null, button_url: null });
  });
});
