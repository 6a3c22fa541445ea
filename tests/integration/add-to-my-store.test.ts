// 'Add to my store' on other shops' items (issue 26; seed 001: an 'add to my store' button on items), over HTTP
// against the demo server: admin03 (owner of demo-03) on demo-04's item page and cards sees a plain form that puts
// the item in demo-03 (303 back), then 'in your store'; anonymous visitors get none of its markup; bad input and
// a store the viewer does not administer are 4xx in the JSON error shape. What it adds is taken out again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const anon = new Client();
const admin = new Client();
const ADD = '/demo-04/apps/me/referral/agregar';
interface Item { id: string; owner: string; name: string; in_store: boolean }
let item: Item;
const pagePath = () => `/demo-04/productos/${item.owner}/${item.id}`;
const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

beforeAll(async () => {
  const admin04 = new Client();
  await Promise.all([admin.login('admin03@demo.test'), admin04.login('admin04@demo.test')]);
  // An item demo-04 sells and demo-03 does not (both resell the demo suppliers' items).
  const theirs = (await admin04.get('/api/shops/demo-04/admin/resale?type=product&limit=50&sort=name')).json().results as Item[];
  const ours = new Set(((await admin.post('/api/shops/demo-03/admin/store-products/check', { ids: theirs.filter((x) => x.in_store).map((x) => x.id) })).json()).in_store as string[]);
  item = theirs.find((x) => x.in_store && !ours.has(x.id))!;
  expect(item, 'an item of demo-04 that demo-03 lacks').toBeTruthy();
});
afterAll(async () => { if (item) await admin.request('DELETE', `/api/shops/demo-03/admin/store-products/${item.id}`); });

describe("'add to my store' on another shop's item", () => {
  it('anonymous visitors get no trace of it', async () => {
    const page = await anon.get(pagePath());
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('add-mine');
    expect(page.text).not.toContain('/apps/me/referral/agregar');
    expect((await anon.get('/demo-04/productos')).text).not.toContain('add-mine');
  });

  it('a shop admin adds it to her store with a plain form, and then reads that it is there', async () => {
    const page = await admin.get(pagePath());
    expect(page.status).toBe(200);
    expect(page.headers['cache-control'] ?? '').not.toMatch(/public/);
    const box = /<section class="add-mine-box"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '';
    expect(box).toContain('data-state="addable"');
    expect(box).toContain(`action="${ADD}"`);
    expect(box).toContain('name="tienda" value="demo-03"');
    expect(box).toContain(`aria-label="Agregar a mi tienda: ${item.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`);
    // The cards of demo-04's listing carry it too.
    expect((await admin.get('/demo-04/productos')).text).toContain('data-testid="add-mine"');

    const sent = await admin.request('POST', ADD, form({ product: item.id, tienda: 'demo-03', volver: pagePath() }));
    expect(sent.status, sent.text).toBe(303);
    expect(sent.headers.location).toBe(`${pagePath()}#mi-tienda`);
    expect((await admin.post('/api/shops/demo-03/admin/store-products/check', { ids: [item.id] })).json()).toEqual({ in_store: [item.id] });
    const after = /<section class="add-mine-box"[\s\S]*?<\/section>/.exec((await admin.get(pagePath())).text)?.[0] ?? '';
    expect(after).toMatch(/data-state="held"[\s\S]*?✓ En tu tienda Casa Norte 03/);
    expect(after).not.toContain('data-state="addable"');
    // A card's form comes back to the listing's public address (not the internal /s/ path).
    const listing = (await admin.get('/demo-04/productos')).text;
    expect(listing).toMatch(/name="volver" value="\/demo-04\/productos\/?"/);
  });

  it('refuses bad input and stores the viewer does not administer, in the JSON error shape', async () => {
    const foreign = await admin.request('POST', ADD, { ...form({ product: item.id, tienda: 'demo-04', volver: '/' }), headers: { ...form({}).headers, 'accept-language': 'en' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json().error.code).toBe('forbidden');
    for (const [fields, field] of [
      [{ product: 'nope', tienda: 'demo-03', volver: '/' }, 'product'],
      [{ product: item.id, tienda: 'demo-03', volver: '//evil.example/' }, 'volver'],
      [{ product: item.id, tienda: 'demo-03', volver: 'https://evil.example/' }, 'volver'],
      [{ product: item.id, tienda: 'Demo 03!', volver: '/' }, 'tienda'],
    ] as const) {
      const r = await admin.request('POST', ADD, form(fields));
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.json().error.fields).toHaveProperty([field]);
    }
    const signedOut = await anon.request('POST', ADD, form({ product: item.id, tienda: 'demo-03', volver: '/' }));
    expect(signedOut.status).toBe(401);
  });
});
