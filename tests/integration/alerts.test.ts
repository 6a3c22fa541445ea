// The header's alerts over HTTP on the demo server: a buyer hears of the supplier's confirmation (badge, then the
// alerts page linking to the order), opening the page clears the badge; the supplier hears of the buyer's steps.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const supplier = new Client();
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
const badge = (html: string) => /<a class="tool" href="[^"]*\/alertas" aria-label="([^"]+)"[^>]*>[\s\S]*?<\/a>/.exec(html);

describe('alerts', () => {
  it('tells the buyer of the supplier\'s step and the supplier of the buyer\'s, once', async () => {
    const c = new Client();
    await signUp(c);
    const product = picks.textiles[12]!;
    expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 5 } })).status).toBe(200);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: product, amount: 1 }]);
    const paid = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: ck.token });
    expect(paid.status, paid.text).toBe(200);
    const id = paid.json().order_id as string;
    const reference = (await c.get(`/api/orders/${id}`)).json().reference as string;

    // Nothing new for the buyer yet: their own steps are not alerts.
    expect(badge((await c.get(`/${SHOP}/`)).text)?.[1]).toBe('Alertas');
    expect((await supplier.post(`/api/supplier/orders/${id}/next`, { estimated_delivery_date: inDays(4), shipping_cost: 0 })).status).toBe(200);
    const home = (await c.get(`/${SHOP}/`)).text;
    expect(badge(home)?.[1]).toBe('Alertas, 1 nueva');
    expect(badge(home)?.[0]).toContain('<span class="badge">1</span>');

    const page = await c.get(`/${SHOP}/alertas`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Tu pedido ${reference}`);
    expect(page.text).toContain('Confirmado por el vendedor');
    expect(page.text).toContain(`href="/${SHOP}/mis-compras/${id}"`);
    expect(badge((await c.get(`/${SHOP}/`)).text)?.[1]).toBe('Alertas');

    // The buyer confirms: the supplier's alerts show it, linked to the sales page.
    expect((await c.post(`/api/orders/${id}/next`)).status).toBe(200);
    const sales = await supplier.get(`/${SHOP}/alertas`);
    expect(sales.text).toContain(`Venta ${reference}`);
    expect(sales.text).toContain(`href="/${SHOP}/mis-compras/ventas/${id}"`);
  });

  it('sends anonymous visitors to sign in and shows no alerts button to them', async () => {
    const anon = new Client();
    const res = await anon.get(`/${SHOP}/alertas`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toContain('/login?next=');
    expect(badge((await anon.get(`/${SHOP}/`)).text)).toBeNull();
  });
});
