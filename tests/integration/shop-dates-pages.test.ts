// Dates on a shop's pages follow the shop's time zone: demo-03 set to Buenos Aires (three hours ahead of Mexico
// City) shows the same order step at the Buenos Aires time on the buyer's alerts, order page and purchases list and
// on the supplier's sale page. The zone is put back at the end (demo-03 is shared by other tests).
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const STORE_API = `/api/shops/${SHOP}/admin/store`;
const supplier = new Client();
const admin = new Client();
beforeAll(async () => {
  await supplier.login('proveedor@demo.test');
  await admin.login('admin03@demo.test');
});
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
const inZone = (iso: string, timeZone: string, timeStyle?: 'short') =>
  new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle, timeZone }).format(new Date(iso));

describe('dates in the shop\'s time zone', () => {
  it('an order step shows at the shop\'s local time on every page about it', async () => {
    const c = new Client();
    await signUp(c);
    const product = picks.textiles[13]!;
    expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 5 } })).status).toBe(200);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: product, amount: 1 }]);
    const paid = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: ck.token });
    expect(paid.status, paid.text).toBe(200);
    const id = paid.json().order_id as string;
    expect((await supplier.post(`/api/supplier/orders/${id}/next`, { estimated_delivery_date: inDays(4), shipping_cost: 0 })).status).toBe(200);
    const o = (await c.get(`/api/orders/${id}`)).json();
    const at = (o.history as { machine: string; to: string; at: string }[]).find((h) => h.machine === 'status' && h.to === 'seller_confirmed')!.at;
    const placed = o.placed_at as string;

    const before = (await admin.get(STORE_API)).json().time_zone;
    expect(before).toBe('America/Mexico_City');
    try {
      const set = await admin.request('PATCH', STORE_API, { body: { time_zone: 'America/Argentina/Buenos_Aires' } });
      expect(set.status, set.text).toBe(200);
      const ba = inZone(at, 'America/Argentina/Buenos_Aires', 'short');
      const mx = inZone(at, 'America/Mexico_City', 'short');
      expect(ba).not.toBe(mx);

      const alerts = (await c.get(`/${SHOP}/alertas`)).text;
      const page = (await c.get(`/${SHOP}/mis-compras/${id}`)).text;
      const sale = (await supplier.get(`/${SHOP}/mis-compras/ventas/${id}`)).text;
      for (const html of [alerts, page, sale]) {
        expect(html).toContain(ba);
        expect(html).not.toContain(mx);
      }
      // The order was placed moments before: the page's "placed" time is the same Buenos Aires time, the list its day.
      expect(page).toContain(inZone(placed, 'America/Argentina/Buenos_Aires', 'short'));
      const list = (await c.get(`/${SHOP}/mis-compras`)).text;
      expect(list).toContain(inZone(placed, 'America/Argentina/Buenos_Aires'));
    } finally {
      await admin.request('PATCH', STORE_API, { body: { time_zone: before } });
    }
    expect((await c.get(`/${SHOP}/alertas`)).text).toContain(inZone(at, 'America/Mexico_City', 'short'));
  });
});
