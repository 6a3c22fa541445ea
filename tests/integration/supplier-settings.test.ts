// Becoming a supplier and the supplier's settings (issue 11), over HTTP against the demo server and through the
// services on a fresh database: 201 then 409, validation with fields, 401/403, is_configured following the settings
// (the cart's 'supplier configuration missing' block clears), courier shipping off, the deposit account shown to the
// buyer, and the franchise packing lists.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { freshDb } from '../support/db.ts';
import { products, profiles, shopProducts, shops, users } from '../../src/db/schema/index.ts';
import type { Db } from '../../src/db/client.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { addItem, getCart } from '../../src/domain/cart/service.ts';
import { addBranch, chooseDelivery, deliveryOptions, updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { payCheckout } from '../../src/domain/payments/service.ts';
import { becomeSupplier, getSettings, putSettings } from '../../src/domain/suppliers/service.ts';
import { binpacked, markBoxItem, markItem, notpacked, packingBoard } from '../../src/domain/suppliers/packing.ts';
import { supplierSettingsInput, type SupplierSettingsInput } from '../../src/domain/suppliers/schema.ts';
import { ADDRESS, CONTACT } from './checkout.fixtures.ts';

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
async function signedUp() {
  const c = new Client();
  await c.signup(`sup-${tag()}@test.example`, 'Proveedora Nueva');
  return c;
}
const postForm = (c: Client, path: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
  return c.request('POST', path, { raw: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
};
const SETTINGS = { name: 'Taller Nuevo', contact_email: 'taller@test.example', enabled_payment_types: ['str_card'], fixed_shipping_cost: 9900, fixed_shipping_days: 4, courier_shipping: false };

describe('becoming a supplier over HTTP', () => {
  it('answers 401 signed out and 403 to a user who is no supplier', async () => {
    const anon = new Client();
    expect((await anon.get('/api/supplier/settings')).status).toBe(401);
    expect((await anon.post('/api/suppliers', { name: 'X', contact_email: 'x@test.example' })).status).toBe(401);
    expect((await anon.get(`/api/supplier/franchise/orders/${randomUUID()}/binpacked`)).status).toBe(401);
    const c = await signedUp();
    const r = await c.get('/api/supplier/settings');
    expect(r.status).toBe(403);
    expect(r.json().error.code).toBe('forbidden');
    expect((await c.request('PUT', '/api/supplier/settings', { body: SETTINGS })).status).toBe(403);
    expect((await c.get(`/api/supplier/franchise/orders/${randomUUID()}/notpacked`)).status).toBe(403);
    const cafe = new Client();
    await cafe.login('cafe@demo.test');
    expect((await cafe.get(`/api/supplier/franchise/orders/${randomUUID()}/binpacked`)).status).toBe(404);
    const patch = await cafe.request('PATCH', `/api/supplier/franchise/orders/${randomUUID()}/binpacked/1/${randomUUID()}`, { body: { packed: 'yes' } });
    expect(patch.status).toBe(400);
    expect(Object.keys(patch.json().error.fields)).toEqual(['packed']);
    expect((await cafe.get('/apps/me/supplier/packing')).status).toBe(200);
  });

  it('creates the supplier (201, not configured yet), then refuses a second one (409 already_supplier)', async () => {
    const c = await signedUp();
    const r = await c.post('/api/suppliers', { name: 'Cerámica Luna', contact_email: 'luna@test.example', contact_phone: '55 1234 5678', currency: 'MXN' });
    expect(r.status, r.text).toBe(201);
    expect(r.json()).toMatchObject({ name: 'Cerámica Luna', contact_phone: '5512345678', currency: 'MXN', is_configured: false, missing: ['payment_method', 'delivery'] });
    const again = await c.post('/api/suppliers', { name: 'Otra', contact_email: 'otra@test.example' });
    expect(again.status).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'already_supplier', message: 'Ya eres proveedor' });
    const bad = await (await signedUp()).post('/api/suppliers', { name: '', contact_email: 'no', image: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['contact_email', 'image', 'name']);
  });

  it('validates the settings with fields, then is configured once a method and a delivery way are enabled', async () => {
    const c = await signedUp();
    expect((await c.post('/api/suppliers', { name: 'Taller Nuevo', contact_email: 'taller@test.example' })).status).toBe(201);
    const en = { headers: { 'accept-language': 'en' } };
    let r = await c.request('PUT', '/api/supplier/settings', { ...en, body: {
      ...SETTINGS, image: 'javascript:alert(1)', enabled_payment_types: ['deposit'],
      deposit_account: { bank: 'BBVA', clabe: '01218000123456789', beneficiary: 'Taller' },
    } });
    expect(r.status).toBe(400);
    const f = r.json().error.fields;
    expect(f['deposit_account.clabe']).toEqual(['CLABE: 18 digits']);
    expect(f.image).toEqual(['An https:// image or an uploaded one']);
    r = await c.request('PUT', '/api/supplier/settings', { ...en, body: { ...SETTINGS, fixed_shipping_days: null } });
    expect(r.status).toBe(400);
    expect(r.json().error.fields).toEqual({ fixed_shipping_days: ['Give both the fixed shipping cost and its days'] });
    r = await c.request('PUT', '/api/supplier/settings', { body: { ...SETTINGS, enabled_payment_types: ['deposit'] } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json().error.fields)).toEqual(['deposit_account']);

    r = await c.request('PUT', '/api/supplier/settings', { body: { ...SETTINGS, enabled_payment_types: [], fixed_shipping_cost: null, fixed_shipping_days: null } });
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toMatchObject({ is_configured: false, missing: ['payment_method', 'delivery'] });
    r = await c.request('PUT', '/api/supplier/settings', { body: SETTINGS });
    expect(r.json()).toMatchObject({ is_configured: true, missing: [], fixed_shipping_cost: 9900, courier_shipping: false });
    const got = (await c.get('/api/supplier/settings')).json();
    expect(got).toMatchObject({ is_configured: true, enabled_payment_types: ['str_card'], needs_delivery: true, branches: 0 });
    const card = got.payment_methods.find((m: { method: string }) => m.method === 'str_card');
    expect(card).toMatchObject({ enabled: true, available: true, flow: 'card', sandbox: { mode: 'sandbox', keys: { str_public_key: expect.any(String) } } });
    expect(card.sandbox.test_cards.map((x: { number: string }) => x.number)).toContain('4242424242424242');
    expect(got.payment_methods.find((m: { method: string }) => m.method === 'cash')).toMatchObject({ available: true, sandbox: null });
  });

  it('works without script: the landing form (303 to the products), the settings form (303, then ready to sell)', async () => {
    const anon = await new Client().get('/proveedores');
    expect(anon.status).toBe(200);
    expect(anon.text).toContain('href="/login?next=%2Fproveedores"');
    const c = await signedUp();
    const refused = await postForm(c, '/proveedores', { name: '', contact_email: 'nope', currency: 'MXN' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('field-error');
    const ok = await postForm(c, '/proveedores', { name: 'Huerta Viva', contact_email: 'huerta@test.example', contact_phone: '', currency: 'MXN' });
    expect(ok.status, ok.text.slice(0, 300)).toBe(303);
    expect(ok.headers.location).toBe('/apps/me/products');
    expect((await c.get('/proveedores')).text).toContain('/apps/me/supplier');
    const page = await c.get('/apps/me/supplier');
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-gap="payment_method"');
    const bad = await postForm(c, '/apps/me/supplier', { name: 'Huerta Viva', enabled_payment_types: ['deposit'], 'deposit_account.clabe': '123', fixed_shipping_cost: '99.5' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('CLABE: 18 dígitos');
    const saved = await postForm(c, '/apps/me/supplier', { name: 'Huerta Viva', enabled_payment_types: ['str_card', 'cash'], fixed_shipping_cost: '99.50', fixed_shipping_days: '3' });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/apps/me/supplier?guardado=1');
    const settings = (await c.get('/api/supplier/settings')).json();
    expect(settings).toMatchObject({ is_configured: true, fixed_shipping_cost: 9950, fixed_shipping_days: 3, enabled_payment_types: ['str_card', 'cash'], courier_shipping: false });
    expect((await c.get('/apps/me/supplier?guardado=1')).text).toContain('Listo para vender');
  });

  it('shows the workspace link to suppliers in the platform header', async () => {
    const sup = new Client();
    await sup.login('proveedor@demo.test');
    expect((await sup.get('/red-comercial')).text).toContain('href="/apps/me/products"');
    const cli = new Client();
    await cli.login('cliente@demo.test');
    expect((await cli.get('/red-comercial')).text).not.toContain('href="/apps/me/products"');
    expect((await cli.get('/apps/me/supplier')).status).toBe(403);
    expect((await new Client().get('/apps/me/supplier/packing')).status).toBe(302);
  });

  it('keeps the demo\'s unconfigured supplier unconfigured, with the reason', async () => {
    const { DEMO_SUPPLIERS } = await import('../../src/db/seed/demo.ts');
    expect(Object.values(DEMO_SUPPLIERS).filter((s) => !s.is_configured).map((s) => s.key)).toEqual(['barro']);
  });
});

// ---------- services on a fresh database ----------

let h: Awaited<ReturnType<typeof freshDb>>;
beforeAll(async () => { h = await freshDb(); });
afterAll(async () => { await h.dispose(); });

async function person(db: Db, name: string): Promise<Extract<Viewer, { kind: 'user' }>> {
  const [p] = await db.insert(profiles).values({ name, slug: `p-${tag()}` }).returning();
  const [u] = await db.insert(users).values({ email: `${tag()}@test.example`, name, password_hash: 'x', profile_id: p!.id }).returning();
  return { kind: 'user', anonymousId: randomUUID(), sessionId: 'test', user: { id: u!.id, email: u!.email, name, profile_id: p!.id, user_level: null } };
}

async function world(storeType: 'affiliate' | 'franchise' = 'affiliate') {
  const db = h.db;
  const supplier = await person(db, 'Proveedora');
  const s = await becomeSupplier(db, supplier, { name: 'Taller Prueba', image: null, contact_email: 'taller@test.example', contact_phone: null, currency: 'MXN' });
  const owner = await person(db, 'Dueña');
  const [shop] = await db.insert(shops).values({ slug: `t-${tag()}`, name: 'Tienda', owner: owner.user.profile_id, store_type: storeType, store_theme_info: {} as never }).returning();
  const mk = async (slug: string, v: Partial<typeof products.$inferInsert>) => {
    const [row] = await db.insert(products).values({ owner: supplier.user.profile_id, supplier_id: s.id, type: 'product', slug: `${slug}-${tag()}`, name: slug, list_price: 10000, stock_on_hand: 50, ...v }).returning();
    await db.insert(shopProducts).values({ shop_id: shop!.id, product_id: row!.id });
    return row!.id;
  };
  const p = {
    crate: await mk('Caja de madera', { weight_g: 4000, length_cm: 30, width_cm: 20, height_cm: 20 }),
    mug: await mk('Taza', {}),
  };
  const settings = (patch: Partial<SupplierSettingsInput>) => putSettings(db, supplier, supplierSettingsInput.parse({ ...SETTINGS, ...patch }));
  return { db, supplier, s, shop: shop!, p, settings, buyer: () => person(db, 'Comprador') };
}

async function checkoutWithAddress(w: Awaited<ReturnType<typeof world>>, buyer: Viewer, items: { product_id: string; amount: number }[]) {
  const c = await startCheckout(w.db, w.shop, buyer, { items, buy_now: true, start_as_anonymous: false });
  await updateCheckout(w.db, buyer, c.id, { contact: CONTACT, address: { ...addressInput.parse(ADDRESS), save: false } });
  return c;
}

describe('is_configured follows the settings', () => {
  it('clears the cart\'s supplier_not_configured block once a method and a delivery way are enabled', async () => {
    const w = await world();
    const buyer = await w.buyer();
    let cart = await addItem(w.db, w.shop, buyer, { product_id: w.p.mug, amount: 1 });
    expect(cart.orders[0]!.blocked?.code).toBe('supplier_not_configured');
    await expect(startCheckout(w.db, w.shop, buyer, { items: [{ product_id: w.p.mug, amount: 1 }], buy_now: true, start_as_anonymous: false })).rejects.toMatchObject({ code: 'supplier_not_configured' });
    // A method alone is not enough: nothing delivers yet.
    let s = await w.settings({ fixed_shipping_cost: null, fixed_shipping_days: null });
    expect(s.missing).toEqual(['delivery']);
    expect((await getCart(w.db, w.shop, buyer)).orders[0]!.blocked?.code).toBe('supplier_not_configured');
    // A branch is a way to deliver (recomputed in the branch's transaction).
    await addBranch(w.db, w.supplier, { name: 'Taller', phone: '5512345678', address: { ...addressInput.parse(ADDRESS) } });
    s = await getSettings(w.db, w.supplier);
    expect(s).toMatchObject({ is_configured: true, missing: [], branches: 1 });
    cart = await getCart(w.db, w.shop, buyer);
    expect(cart.orders[0]).toMatchObject({ is_configured: true, blocked: null });
    // No method this server takes: unconfigured again.
    s = await w.settings({ enabled_payment_types: [] });
    expect(s.missing).toEqual(['payment_method']);
    expect((await getCart(w.db, w.shop, buyer)).orders[0]!.blocked?.code).toBe('supplier_not_configured');
  });

  it('offers no courier options when courier shipping is off', async () => {
    const w = await world();
    await w.settings({ courier_shipping: false });
    const buyer = await w.buyer();
    const c = await checkoutWithAddress(w, buyer, [{ product_id: w.p.mug, amount: 1 }]);
    let o = await deliveryOptions(w.db, buyer, c.id, {});
    expect(o.options.map((x) => x.delivery_type)).toEqual(['fixed_delivery']);
    await expect(chooseDelivery(w.db, buyer, c.id, { delivery_type: 'shipping', rate_id: 'x' })).rejects.toMatchObject({ code: 'no_shipping_options' });
    await w.settings({ courier_shipping: true });
    o = await deliveryOptions(w.db, buyer, c.id, {});
    expect(o.options.map((x) => x.delivery_type)).toEqual(expect.arrayContaining(['fixed_delivery', 'shipping', 'to_branch']));
  });

  it('shows the supplier\'s deposit account to the buyer paying by deposit', async () => {
    const w = await world();
    const account = { bank: 'Banorte', clabe: '072180001234567894', beneficiary: 'Taller Prueba' };
    await w.settings({ enabled_payment_types: ['deposit'], deposit_account: account });
    const buyer = await w.buyer();
    const c = await checkoutWithAddress(w, buyer, [{ product_id: w.p.mug, amount: 1 }]);
    const v = await chooseDelivery(w.db, buyer, c.id, { delivery_type: 'fixed_delivery' });
    const paid = await payCheckout(w.db, buyer, c.id, { payment_type: 'deposit', token: v.token!, save_card: false }, { basePath: '' });
    expect(paid.payment?.reference_details).toMatchObject(account);
  });
});

describe('franchise packing lists', () => {
  it('packs the units first-fit decreasing, keeps the plan and its marks, and shows only to the franchise supplier', async () => {
    const w = await world('franchise');
    await w.settings({ enabled_payment_types: ['cash'] });
    const buyer = await w.buyer();
    const c = await checkoutWithAddress(w, buyer, [{ product_id: w.p.crate, amount: 3 }, { product_id: w.p.mug, amount: 2 }]);
    const v = await chooseDelivery(w.db, buyer, c.id, { delivery_type: 'fixed_delivery' });
    const order = await payCheckout(w.db, buyer, c.id, { payment_type: 'cash', token: v.token!, save_card: false }, { basePath: '' });

    // Crates (12,000 cm³, 4 kg) first: two fill box 1 to 8 kg, the third opens box 2; the mugs (1 kg) fit box 1.
    const list = await binpacked(w.db, w.supplier, order.order_id);
    expect(list.box_size).toEqual({ length_cm: 40, width_cm: 30, height_cm: 30, max_weight_g: 10_000 });
    expect(list.boxes.map((b) => ({ box: b.box, weight: b.weight_g, items: b.items.map((i) => `${i.units} ${i.name}`) }))).toEqual([
      { box: 1, weight: 10_000, items: ['2 Caja de madera', '2 Taza'] },
      { box: 2, weight: 4000, items: ['1 Caja de madera'] },
    ]);
    expect(list).toMatchObject({ total_units: 5, packed_units: 0, all_packed: false });
    const crate = list.boxes[0]!.items.find((i) => i.name === 'Caja de madera')!.item_id;
    const mug = list.boxes[0]!.items.find((i) => i.name === 'Taza')!.item_id;

    const after = await markBoxItem(w.db, w.supplier, order.order_id, 1, crate, true);
    expect(after.packed_units).toBe(2);
    expect(after.boxes[0]!.items.find((i) => i.item_id === crate)).toMatchObject({ packed: true, packed_at: expect.any(String) });
    let left = await notpacked(w.db, w.supplier, order.order_id);
    expect(left.results.map((r) => [r.name, r.units_left, r.boxes])).toEqual([['Caja de madera', 1, [2]], ['Taza', 2, [1]]]);
    left = await markItem(w.db, w.supplier, order.order_id, mug, true);
    expect(left.results.map((r) => r.name)).toEqual(['Caja de madera']);
    await expect(markBoxItem(w.db, w.supplier, order.order_id, 2, mug, true)).rejects.toMatchObject({ code: 'not_found' });
    await markItem(w.db, w.supplier, order.order_id, crate, true);
    expect(await binpacked(w.db, w.supplier, order.order_id)).toMatchObject({ packed_units: 5, all_packed: true });
    expect((await markBoxItem(w.db, w.supplier, order.order_id, 2, crate, false)).packed_units).toBe(4);

    // The plan is kept: a product's new weight does not reshuffle the boxes.
    const { eq } = await import('drizzle-orm');
    await w.db.update(products).set({ weight_g: 100 }).where(eq(products.id, w.p.crate));
    expect((await binpacked(w.db, w.supplier, order.order_id)).boxes).toHaveLength(2);
    expect((await packingBoard(w.db, w.supplier)).orders.map((o) => o.order.id)).toEqual([order.order_id]);

    // Another supplier, and the same supplier's sale in a shop that is no franchise, answer 404.
    const other = await world('franchise');
    await expect(binpacked(w.db, other.supplier, order.order_id)).rejects.toMatchObject({ code: 'not_found' });
    const plain = await world('affiliate');
    await plain.settings({ enabled_payment_types: ['cash'] });
    const b2 = await plain.buyer();
    const c2 = await checkoutWithAddress(plain, b2, [{ product_id: plain.p.mug, amount: 1 }]);
    const v2 = await chooseDelivery(plain.db, b2, c2.id, { delivery_type: 'fixed_delivery' });
    const o2 = await payCheckout(plain.db, b2, c2.id, { payment_type: 'cash', token: v2.token!, save_card: false }, { basePath: '' });
    await expect(notpacked(plain.db, plain.supplier, o2.order_id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await packingBoard(plain.db, plain.supplier)).orders).toEqual([]);
  });
});
