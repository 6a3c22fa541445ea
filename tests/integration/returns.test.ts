// Returns over HTTP against the demo server: a fresh buyer's order taken to delivered by the demo supplier
// (proveedor@demo.test), the request with photos (JSON and multipart), the refusals (cancelled, not yet delivered,
// a second open request, more units than bought, other people's orders 404, photo types and sizes), the supplier's
// notes, refunds within the amount available (a double submit refunds once) and closing; the order pages' panel and
// form posts. The deadline passing and a refused refund are in returns-service.test.ts.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, type Res } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const supplier = new Client();
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });
const setStock = async (id: string, n: number) => expect((await supplier.request('PUT', `/api/supplier/products/${id}/stock`, { body: { stock_on_hand: n } })).status).toBe(200);
// Items no other suite buys (cart 0-4, orders 6-11, checkout 10-13, alerts 12, payments 16-22, collection 23).
const P = (i: number) => picks.textiles[[14, 15, 24][i]!]!;
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
const fixture = (name: string) => readFileSync(`tests/fixtures/uploads/${name}`);

async function cashOrder(c: Client, product: string, amount = 2): Promise<string> {
  await setStock(product, 20);
  const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: product, amount }]);
  const r = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: ck.token });
  expect(r.status, r.text).toBe(200);
  return r.json().order_id;
}

/** The demo supplier and the buyer take the order to delivered (cash collected on delivery). */
async function deliver(c: Client, id: string) {
  const step = async (r: Promise<Res>) => { const res = await r; expect(res.status, res.text).toBe(200); return res.json(); };
  await step(supplier.post(`/api/supplier/orders/${id}/next`, { estimated_delivery_date: inDays(3), shipping_cost: 9900 }));
  await step(c.post(`/api/orders/${id}/next`));
  for (let i = 0; i < 3; i++) await step(supplier.post(`/api/supplier/orders/${id}/next`, {}));
  const o = (await c.get(`/api/orders/${id}`)).json();
  expect(o).toMatchObject({ status: 'delivered', payment_status: 'paid' });
  return o;
}

/** A multipart POST with the client's cookies (fetch builds the body; Host stays the server's). */
async function multipart(c: Client, path: string, fields: Record<string, string>, files: { name: string; type: string; bytes: Buffer }[] = [], redirect: RequestRedirect = 'manual') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('photos', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const res = await fetch(new URL(path, c.base), {
    method: 'POST', body: form, redirect,
    headers: { cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': c.defaults['x-forwarded-for']! },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

const PNG = { name: 'roto.png', type: 'image/png', bytes: fixture('valid.png') };
const JPG = { name: 'caja.jpg', type: 'image/jpeg', bytes: fixture('valid.jpg') };

describe('returns: the buyer', () => {
  let c: Client;
  let id: string;
  let itemId: string;
  beforeAll(async () => {
    c = new Client();
    await signUp(c);
    id = await cashOrder(c, P(0), 2);
    itemId = (await c.get(`/api/orders/${id}`)).json().items[0].id;
  });

  it('cannot start before the order is received; then asks with photos within the deadline', async () => {
    let v = (await c.get(`/api/orders/${id}/returns`)).json();
    expect(v).toMatchObject({ order_status: 'sent_to_supplier', eligibility: { can_request: false, reason: 'not_delivered' }, requests: [] });
    expect(v.policy).toMatchObject({ return_type: '72hrs', return_policy: 'common', supplier: { name: 'Textiles del Bajío' } });
    expect(v.reasons.damaged).toContain('defective');
    const early = await c.post(`/api/orders/${id}/returns`, { reason_group: 'damaged', reason: 'defective', items: [{ order_item_id: itemId, quantity: 1 }], conditions_accepted: true });
    expect(early.status).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'invalid_transition', message: 'Las devoluciones se pueden solicitar una vez que recibes el pedido.' });

    const o = await deliver(c, id);
    v = (await c.get(`/api/orders/${id}/returns`)).json();
    expect(v.eligibility).toEqual({ can_request: true, reason: null, message: null });
    expect(v.return_deadline).toBe(o.return_deadline);
    expect(new Date(v.return_deadline).getTime() - new Date(o.delivered_at).getTime()).toBeGreaterThan(71.9 * 3600_000);
    expect(v.lines).toEqual([expect.objectContaining({ order_item_id: itemId, bought: 2, requested: 0, returnable: 2 })]);

    // More units than bought, a reason outside its group, no conditions: 400 and nothing stored.
    const over = await c.post(`/api/orders/${id}/returns`, { reason_group: 'damaged', reason: 'defective', items: [{ order_item_id: itemId, quantity: 3 }], conditions_accepted: true });
    expect(over.status).toBe(400);
    expect(over.json().error.fields['items.0.quantity']).toEqual(['Debe ser como máximo 2']);
    const wrongBranch = await c.post(`/api/orders/${id}/returns`, { reason_group: 'damaged', reason: 'wrong_size', items: [{ order_item_id: itemId, quantity: 1 }], conditions_accepted: true });
    expect(wrongBranch.status).toBe(400);
    expect(wrongBranch.json().error.fields.reason).toBeDefined();
    const noConditions = await c.post(`/api/orders/${id}/returns`, { reason_group: 'damaged', reason: 'defective', items: [{ order_item_id: itemId, quantity: 1 }] });
    expect(noConditions.json().error.fields.conditions_accepted).toBeDefined();

    // Photos: six are too many, an SVG or a disguised text file is refused (415), a file over 4 MB too (413).
    const base = { reason_group: 'damaged', reason: 'arrived_broken', comments: 'La caja llegó abierta', items: JSON.stringify([{ order_item_id: itemId, quantity: 1 }]), conditions_accepted: 'true' };
    expect((await multipart(c, `/api/orders/${id}/returns`, base, Array.from({ length: 6 }, () => PNG))).status).toBe(400);
    expect((await multipart(c, `/api/orders/${id}/returns`, base, [{ name: 'x.svg', type: 'image/svg+xml', bytes: fixture('valid.svg') }])).status).toBe(415);
    expect((await multipart(c, `/api/orders/${id}/returns`, base, [{ name: 'x.png', type: 'image/png', bytes: fixture('text-disguised.png') }])).status).toBe(415);
    expect((await multipart(c, `/api/orders/${id}/returns`, base, [{ name: 'big.png', type: 'image/png', bytes: fixture('too-large.png') }])).status).toBe(413);
    expect((await c.get(`/api/orders/${id}/returns`)).json().requests).toEqual([]);

    const created = await multipart(c, `/api/orders/${id}/returns`, base, [PNG, JPG]);
    expect(created.status, created.text).toBe(201);
    const r = created.json();
    expect(r).toMatchObject({ status: 'open', reason_group: 'damaged', reason: 'arrived_broken', comments: 'La caja llegó abierta', items: [{ order_item_id: itemId, quantity: 1 }] });
    expect(r.reference).toMatch(/^DEV-\d+$/);
    expect(r.photos.map((p: { content_type: string }) => p.content_type)).toEqual(['image/png', 'image/jpeg']);
    expect(r.history.map((h: { event: string }) => h.event)).toEqual(['open']);
    const photo = await fetch(new URL(r.photos[0].url, c.base), { headers: { cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('cache-control')).toContain('private');
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG.bytes)).toBe(true);

    // One open request at a time.
    const second = await c.post(`/api/orders/${id}/returns`, { reason_group: 'changed_mind', reason: 'no_longer_needed', items: [{ order_item_id: itemId, quantity: 1 }], conditions_accepted: true });
    expect(second.status).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'conflict', message: 'Ya tienes una solicitud de devolución abierta para este pedido.' });
    expect((await c.get(`/api/orders/${id}/returns`)).json().eligibility.reason).toBe('open_request');
  });

  it('other people get 404 for the order, its returns and its photos; guests must sign in', async () => {
    const r = (await c.get(`/api/orders/${id}/returns`)).json().requests[0];
    const other = new Client();
    await other.login('cliente@demo.test');
    expect((await other.get(`/api/orders/${id}/returns`)).status).toBe(404);
    expect((await other.post(`/api/orders/${id}/returns`, { reason_group: 'damaged', reason: 'defective', items: [{ order_item_id: itemId, quantity: 1 }], conditions_accepted: true })).status).toBe(404);
    expect((await other.get(r.photos[0].url)).status).toBe(404);
    expect((await other.get(`/api/supplier/orders/${id}/returns`)).status).toBe(403);
    expect((await new Client().post(`/api/orders/${id}/returns`, {})).status).toBe(401);
    // The supplier is not the buyer: the buyer's address of the photo is not theirs.
    expect((await supplier.get(r.photos[0].url)).status).toBe(404);
  });

  it('a cancelled order cannot be returned', async () => {
    const c2 = new Client();
    await signUp(c2);
    const cid = await cashOrder(c2, P(1), 1);
    const item = (await c2.get(`/api/orders/${cid}`)).json().items[0].id;
    expect((await c2.request('DELETE', `/api/orders/${cid}`, { body: { reason: 'requested_by_client', description: 'Ya no' } })).status).toBe(200);
    const res = await c2.post(`/api/orders/${cid}/returns`, { reason_group: 'damaged', reason: 'defective', items: [{ order_item_id: item, quantity: 1 }], conditions_accepted: true });
    expect(res.status).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'invalid_transition', message: 'No es posible devolver una orden cancelada' });
    expect((await c2.get(`/api/orders/${cid}/returns`)).json().eligibility).toMatchObject({ can_request: false, reason: 'canceled' });
  });

  describe('the supplier', () => {
    it('sees the request with its photos, adds notes for the client or internal', async () => {
      const v = (await supplier.get(`/api/supplier/orders/${id}/returns`)).json();
      const r = v.requests[0];
      expect(r).toMatchObject({ status: 'open', photos: [expect.objectContaining({ content_type: 'image/png' }), expect.anything()] });
      expect(v.actions).toEqual({ can_note: true, can_refund: true, can_close: true });
      expect((await supplier.get(r.photos[1].url)).headers['content-type']).toBe('image/jpeg');
      expect((await c.post(`/api/supplier/orders/${id}/returns/${r.id}/notes`, { text: 'hola' })).status).toBe(403);
      expect((await supplier.post(`/api/supplier/orders/${id}/returns/${r.id}/notes`, { text: 'Envíanos la caja con la guía', visibility: 'client' })).status).toBe(201);
      const internal = await supplier.post(`/api/supplier/orders/${id}/returns/${r.id}/notes`, { text: 'Revisar con almacén', visibility: 'internal' });
      expect(internal.json().notes.map((n: { text: string }) => n.text)).toEqual(['Envíanos la caja con la guía', 'Revisar con almacén']);
      const mine = (await c.get(`/api/orders/${id}/returns`)).json().requests[0];
      expect(mine.notes.map((n: { text: string }) => n.text)).toEqual(['Envíanos la caja con la guía']);
      expect(mine.history.map((h: { event: string }) => h.event)).toEqual(['open', 'note']);
      expect((await supplier.post(`/api/supplier/orders/${id}/returns/${r.id}/notes`, { text: ' ' })).status).toBe(400);
    });

    it('refunds within the amount available; a double submit refunds once; then closes the request', async () => {
      const v = (await supplier.get(`/api/supplier/orders/${id}/returns`)).json();
      const r = v.requests[0];
      const path = `/api/supplier/orders/${id}/returns/${r.id}`;
      expect(v.amount_available).toBeGreaterThan(0);
      const tooMuch = await supplier.post(`${path}/refunds`, { amount: v.amount_available + 1, idempotency_key: 'too-much-0001' });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.json().error.fields.amount).toEqual([`Debe ser como máximo ${v.amount_available}`]);
      expect((await supplier.post(`${path}/refunds`, { amount: 100 })).status).toBe(400); // no idempotency key
      expect((await c.post(`${path}/refunds`, { amount: 100, idempotency_key: 'buyer-tries-1' })).status).toBe(403);

      const amount = r.suggested_refund;
      expect(amount).toBe(r.items[0].unit_price);
      const key = `dbl-${Date.now()}`;
      const [a, b] = await Promise.all([
        supplier.post(`${path}/refunds`, { amount }, { headers: { 'idempotency-key': key } }),
        supplier.post(`${path}/refunds`, { amount }, { headers: { 'idempotency-key': key } }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.json().refund.id).toBe(b.json().refund.id);
      expect(a.json().refund).toMatchObject({ status: 'success', amount });
      const order = (await supplier.get(`/api/supplier/orders/${id}`)).json();
      expect(order).toMatchObject({ amount_refunded: amount, payment_status: 'partially_refunded' });
      expect(order.refunds.map((x: { amount: number }) => x.amount)).toEqual([amount]);
      const after = (await c.get(`/api/orders/${id}/returns`)).json();
      expect(after.amount_available).toBe(v.amount_available - amount);
      expect(after.refunds).toEqual([expect.objectContaining({ reference: r.reference, amount, status: 'success' })]);

      const closed = await supplier.post(`${path}/close`, { note: 'Producto recibido' });
      expect(closed.status).toBe(200);
      expect(closed.json()).toMatchObject({ status: 'closed' });
      expect(closed.json().history.map((h: { event: string }) => h.event)).toEqual(['open', 'note', 'note', 'refund', 'close']);
      expect((await supplier.post(`${path}/close`, {})).status).toBe(409);
      expect((await supplier.post(`${path}/refunds`, { amount: 100, idempotency_key: 'after-close-1' })).status).toBe(409);
      // The buyer's record leaves the internal note out; a new request may ask for the unit not yet returned.
      const mine = (await c.get(`/api/orders/${id}/returns`)).json();
      expect(mine.requests[0].history.map((h: { event: string }) => h.event)).toEqual(['open', 'note', 'refund', 'close']);
      expect(mine.eligibility.can_request).toBe(true);
      expect(mine.lines[0]).toMatchObject({ bought: 2, requested: 1, returnable: 1 });
    });
  });
});

describe('returns: the order pages', () => {
  it('the buyer asks through the order page form (multipart with a photo); the supplier refunds and closes with form posts', async () => {
    const c = new Client();
    await signUp(c);
    const id = await cashOrder(c, P(2), 1);
    let page = await c.get(`/${SHOP}/mis-compras/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="devoluciones"');
    expect(page.text).toContain('data-reason="not_delivered"');
    await deliver(c, id);
    page = await c.get(`/${SHOP}/mis-compras/${id}`);
    expect(page.text).toContain('data-testid="return-form"');
    expect(page.text).toContain('Política de devoluciones');
    const item = (await c.get(`/api/orders/${id}`)).json().items[0].id;
    const action = `/${SHOP}/mis-compras/${id}/devolucion`;
    // A form without the conditions box comes back with the message and what was typed.
    const bad = await multipart(c, action, { action: 'request', [`qty.${item}`]: '1', reason_group: 'wrong_item', 'reason.wrong_item': 'wrong_color', comments: 'Color distinto' }, [PNG]);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Confirma que el producto está sin usar y completo.');
    expect(bad.text).toContain('Color distinto');
    expect(bad.text).toContain('Vuelve a adjuntar tus fotos.');
    const ok = await multipart(c, action, { action: 'request', [`qty.${item}`]: '1', reason_group: 'wrong_item', 'reason.wrong_item': 'wrong_color', comments: 'Color distinto', conditions_accepted: 'on' }, [PNG]);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`/${SHOP}/mis-compras/${id}?devoluciones=solicitud&devolucion_ok=creada#devoluciones`);
    const v = (await c.get(`/api/orders/${id}/returns`)).json();
    expect(v.requests[0]).toMatchObject({ status: 'open', reason: 'wrong_color', photos: [expect.anything()] });
    page = await c.get(`/${SHOP}/mis-compras/${id}?devoluciones=solicitud&devolucion_ok=creada`);
    expect(page.text).toContain(`Recibimos tu solicitud de devolución ${v.requests[0].reference}.`);
    expect((await c.get(`/${SHOP}/mis-compras/${id}?devoluciones=registro`)).text).toContain('Solicitud abierta');

    // The supplier's page: refund (twice with one key: once), then close.
    const sales = await supplier.get(`/${SHOP}/mis-compras/ventas/${id}?as=supplier&devoluciones=reembolsos`);
    expect(sales.status).toBe(200);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(sales.text)![1]!;
    const rid = v.requests[0].id;
    const form = (extra: Record<string, string>) => new URLSearchParams({ return_id: rid, ...extra }).toString();
    const post = (body: string) => supplier.request('POST', `/${SHOP}/mis-compras/ventas/${id}/devolucion`, { raw: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const first = await post(form({ action: 'refund', amount: '50.00', idempotency_key: key }));
    expect(first.status).toBe(303);
    expect(first.headers.location).toContain('devolucion_ok=reembolso&monto=5000');
    const again = await post(form({ action: 'refund', amount: '50.00', idempotency_key: key }));
    expect(again.headers.location).toContain('devolucion_ok=reembolso_repetido');
    expect((await supplier.get(`/api/supplier/orders/${id}`)).json().refunds).toHaveLength(1);
    const tooMuch = await post(form({ action: 'refund', amount: '999999.00', idempotency_key: `${key}-2` }));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toContain('El monto del reembolso no debe exceder el monto disponible');
    // The amount is read by the money module: its reason, not a float ('1e3') nor a generic text.
    const exponent = await post(form({ action: 'refund', amount: '1e3', idempotency_key: `${key}-3` }));
    expect(exponent.status).toBe(400);
    expect(exponent.text).toContain('Escribe un monto con cifras, como 1234.50');
    expect((await post(form({ action: 'refund', amount: '0.005', idempotency_key: `${key}-4` }))).text).toContain('Como máximo 2 decimales');
    expect((await post(form({ action: 'note', text: 'Te enviamos la guía', visibility: 'client' }))).headers.location).toContain('devolucion_ok=nota');
    expect((await post(form({ action: 'close', note: 'Cerrado' }))).headers.location).toContain('devolucion_ok=cerrada');
    const mine = (await c.get(`/${SHOP}/mis-compras/${id}`)).text;
    expect(mine).toContain('Te enviamos la guía');
    expect(mine).toContain('data-status="closed"');
    expect((await c.get(`/${SHOP}/mis-compras/${id}?devoluciones=reembolsos`)).text).toContain('Exitoso');
  });

  it('lists every returns endpoint in the OpenAPI document', async () => {
    const doc = (await new Client().get('/api/openapi.json')).json();
    for (const [path, method] of [
      ['/api/orders/{id}/returns', 'get'], ['/api/orders/{id}/returns', 'post'], ['/api/orders/{id}/returns/{returnId}/photos/{photoId}', 'get'],
      ['/api/supplier/orders/{id}/returns', 'get'], ['/api/supplier/orders/{id}/returns/{returnId}/notes', 'post'],
      ['/api/supplier/orders/{id}/returns/{returnId}/refunds', 'post'], ['/api/supplier/orders/{id}/returns/{returnId}/close', 'post'],
      ['/api/supplier/return-policy', 'get'], ['/api/supplier/return-policy', 'put'],
    ] as const) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
