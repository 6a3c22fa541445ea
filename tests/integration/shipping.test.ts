// Shipment tracking over HTTP (issue 10; seed 001 §4 "status advances automatically with shipment tracking"):
// the supplier's shipment starts the tracking, the demo's sandbox courier moves it step by step, a courier's
// signed webhook records each event once, and 'delivered' delivers the order (cash collected on delivery).
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WEBHOOK_SECRET, sign } from '../../src/domain/payments/signature.ts';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const supplier = new Client();
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });
const P = (i: number) => picks.textiles[20 + i]!;
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

/** A cash order sent by courier (`rate`), taken by the supplier to 'shipped' with `tracking`. */
async function shippedOrder(buyer: Client, product: string, rate: string, tracking: string) {
  expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 10 } })).status).toBe(200);
  const ck = await readyCheckoutHttp(buyer, SHOP, [{ product_id: product, amount: 1 }]);
  const d = await buyer.request('PUT', `/api/checkout/${ck.id}/delivery`, { body: { delivery_type: 'shipping', rate_id: rate } });
  expect(d.status, d.text).toBe(200);
  const paid = await buyer.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: d.json().token });
  expect(paid.status, paid.text).toBe(200);
  const id = paid.json().order_id as string;
  const o = (await buyer.get(`/api/orders/${id}`)).json();
  const step = async (c: Client, path: string, body?: unknown) => { const r = await c.post(path, body); expect(r.status, r.text).toBe(200); return r.json(); };
  await step(supplier, `/api/supplier/orders/${id}/next`, { estimated_delivery_date: inDays(3), shipping_cost: o.shipping_total });
  await step(buyer, `/api/orders/${id}/next`);
  await step(supplier, `/api/supplier/orders/${id}/next`, {});
  await step(supplier, `/api/supplier/orders/${id}/next`, {});
  const shipped = await step(supplier, `/api/supplier/orders/${id}/ship`, { tracking_number: tracking });
  expect(shipped).toMatchObject({ status: 'ready_to_deliver', fulfillment_status: 'shipped', tracking_number: tracking });
  return id;
}

const unique = (p: string) => `${p}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const statuses = (t: { events: { status: string }[] }) => t.events.map((e) => e.status);

function courierPost(courier: string, event: Record<string, unknown>, secret = DEMO_WEBHOOK_SECRET) {
  const raw = JSON.stringify(event);
  return new Client().request('POST', `/api/shipping/webhooks/${courier}`, { raw, headers: { 'content-type': 'application/json', 'x-signature': sign(raw, secret) } });
}

describe('shipment tracking', () => {
  it('the sandbox courier walks the parcel to delivered, which delivers the order and collects the cash', async () => {
    const buyer = new Client();
    await signUp(buyer);
    const tracking = unique('SBX');
    const id = await shippedOrder(buyer, P(0), 'economica.standard.A.0', tracking);
    let t = (await buyer.get(`/api/orders/${id}/tracking`)).json();
    expect(t).toMatchObject({ order_id: id, tracking_number: tracking, courier: 'economica', sandbox: true });
    expect(statuses(t)).toEqual(['label_created']);
    // The supplier sees the same tracking; other people do not see it at all.
    expect(statuses((await supplier.get(`/api/orders/${id}/tracking`)).json())).toEqual(['label_created']);
    const other = new Client();
    await other.login('cliente@demo.test');
    expect((await other.get(`/api/orders/${id}/tracking`)).status).toBe(404);
    expect((await new Client().get(`/api/orders/${id}/tracking`)).status).toBe(404);
    expect((await other.post(`/api/orders/${id}/tracking/sandbox`)).status).toBe(404);

    for (const expected of ['picked_up', 'in_transit', 'out_for_delivery']) {
      t = (await buyer.post(`/api/orders/${id}/tracking/sandbox`)).json();
      expect(statuses(t).at(-1)).toBe(expected);
      expect((await buyer.get(`/api/orders/${id}`)).json().status).toBe('ready_to_deliver');
    }
    // The last step, asked for five times at once, is taken once: one 'delivered' event, one delivery.
    await Promise.all(Array.from({ length: 5 }, () => buyer.post(`/api/orders/${id}/tracking/sandbox`)));
    t = (await buyer.get(`/api/orders/${id}/tracking`)).json();
    expect(statuses(t)).toEqual(['label_created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(t.events[1].location).toBeTruthy();
    const o = (await buyer.get(`/api/orders/${id}`)).json();
    expect(o).toMatchObject({ status: 'delivered', fulfillment_status: 'delivered', payment_status: 'paid' });
    expect(o.return_deadline).not.toBeNull();
    const delivered = o.history.filter((h: { machine: string; to: string }) => h.machine === 'status' && h.to === 'delivered');
    expect(delivered).toHaveLength(1);
    expect(delivered[0].actor_role).toBe('system');
    // The order page shows the tracking in the reader's language.
    const es = await buyer.get(`/${SHOP}/mis-compras/${id}`, { headers: { 'accept-language': 'es-MX' } });
    expect(es.text).toContain('Seguimiento del envío');
    expect(es.text).toMatch(/Recolectado por la paquetería[\s\S]*Guía generada/);
    const en = await buyer.get(`/${SHOP}/mis-compras/${id}`, { headers: { 'accept-language': 'en-US' } });
    expect(en.text).toContain('Shipment tracking');
    expect(en.text).toMatch(/Delivered<\/strong>[\s\S]*Out for delivery[\s\S]*Label created/);
    // Nothing further: the parcel has arrived.
    expect(statuses((await buyer.post(`/api/orders/${id}/tracking/sandbox`)).json())).toHaveLength(5);
  });

  it('a courier webhook records each event once and delivers the order on "delivered"', async () => {
    const buyer = new Client();
    await signUp(buyer);
    const tracking = unique('RAP');
    const id = await shippedOrder(buyer, P(1), 'rapida.express.A.0', tracking);
    const at = new Date().toISOString();
    const transit = { event_id: `${tracking}-1`, tracking_number: tracking, status: 'in_transit', occurred_at: at, location: 'Querétaro' };
    const first = await courierPost('rapida', transit);
    expect(first.status, first.text).toBe(200);
    expect(first.json()).toEqual({ recorded: true, order_id: id });
    expect((await courierPost('rapida', transit)).json()).toEqual({ recorded: false, order_id: id });
    let t = (await buyer.get(`/api/orders/${id}/tracking`)).json();
    expect(statuses(t)).toEqual(['label_created', 'in_transit']);
    expect(t.events[1].location).toBe('Querétaro');

    // Refused: a bad signature, another courier's name, an unknown number, a malformed event.
    const forged = await courierPost('rapida', { ...transit, event_id: 'x2' }, 'not-the-secret');
    expect(forged.status).toBe(401);
    expect(forged.json().error.code).toBe('invalid_signature');
    expect((await courierPost('economica', { ...transit, event_id: 'x3' })).status).toBe(404);
    expect((await courierPost('rapida', { ...transit, event_id: 'x4', tracking_number: 'NOPE-0' })).status).toBe(404);
    const bad = await courierPost('rapida', { ...transit, event_id: 'x5', status: 'teleported' });
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields.status).toBeDefined();
    expect(statuses((await buyer.get(`/api/orders/${id}/tracking`)).json())).toEqual(['label_created', 'in_transit']);

    const done = await courierPost('rapida', { event_id: `${tracking}-2`, tracking_number: tracking, status: 'delivered', occurred_at: new Date().toISOString() });
    expect(done.json()).toEqual({ recorded: true, order_id: id });
    expect((await buyer.get(`/api/orders/${id}`)).json()).toMatchObject({ status: 'delivered', fulfillment_status: 'delivered' });
    t = (await buyer.get(`/api/orders/${id}/tracking`)).json();
    expect(statuses(t)).toEqual(['label_created', 'in_transit', 'delivered']);
  });
});
