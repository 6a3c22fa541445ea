// 'collection' delivery on the demo data (seed 001 §2 order detail: branch address and phone; §3 delivery types):
// the demo seed gives Textiles del Bajío two branches and Café de Altura one, deterministically; their orders are
// offered collection at checkout (no address needed, no cost), the order and its print preview show the branch's
// address, phone and hours; a supplier without branches offers no collection.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { buildDemoData, DEMO_SUPPLIER_BRANCHES, demoId, demoSupplierBranchRows } from '../../src/db/seed/demo.ts';
import { CONTACT, demoPicks, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const html = (text: string) => text.replaceAll('<!-- -->', '');
interface Option { delivery_type: string; label: string; cost: number; branch_id?: string; address?: string; phone?: string | null; hours?: string | null }

async function start(c: Client, productId: string) {
  const s = await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: productId, amount: 1 }], buy_now: true });
  expect(s.status, s.text).toBe(201);
  return s.json();
}

describe('demo supplier branches', () => {
  it('are the same rows on every seeding, for suppliers that exist', () => {
    const a = demoSupplierBranchRows();
    expect(demoSupplierBranchRows()).toEqual(a);
    expect(new Set(a.map((r) => r.id)).size).toBe(a.length);
    const suppliers = new Set(buildDemoData('x').suppliers.map((s) => s.id));
    for (const r of a) {
      expect(suppliers.has(r.supplier_id)).toBe(true);
      expect(r.phone).toMatch(/^\d{10}$/);
      expect(r.address.postal_code).toMatch(/^\d{5}$/);
      expect(r.address.formatted_address).toContain(r.address.locality!);
    }
    expect(a.filter((r) => r.supplier_id === demoId.supplier('textiles'))).toHaveLength(2);
    expect(a.filter((r) => r.supplier_id === demoId.supplier('cafe'))).toHaveLength(1);
    expect(a.filter((r) => r.supplier_id === demoId.supplier('aventura'))).toHaveLength(0);
  });

  it('Textiles del Bajío offers collection at each branch; the order and the print preview show the branch address and phone', async () => {
    const c = new Client();
    await signUp(c, 'collect');
    const ck = await start(c, picks.cafeOnDemand[0]!);
    const cafe = (await c.post(`/api/checkout/${ck.id}/rates`, {})).json();
    const cafeBranches = cafe.options.filter((o: Option) => o.delivery_type === 'collection');
    expect(cafeBranches.map((o: Option) => o.label)).toEqual(['Tostaduría Coatepec']);
    await c.request('DELETE', `/api/checkout/${ck.id}`);

    const supplier = new Client();
    await supplier.login('proveedor@demo.test');
    const product = picks.textiles[23]!;
    expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 10 } })).status).toBe(200);
    const s = await start(c, product);
    // No address yet: collection is offered anyway (nothing to ship).
    const r = (await c.post(`/api/checkout/${s.id}/rates`, {})).json();
    const seeded = DEMO_SUPPLIER_BRANCHES.filter((b) => b.supplier === 'textiles');
    const offered = r.options.filter((o: Option) => o.delivery_type === 'collection');
    for (const b of seeded) {
      expect(offered).toContainEqual(expect.objectContaining({
        label: b.name, cost: 0, phone: b.phone, hours: b.hours, address: b.address.formatted_address, branch_id: expect.any(String),
      }));
    }
    const leon = offered.find((o: Option) => o.label === 'Tienda León Centro')!;
    await c.request('PATCH', `/api/checkout/${s.id}`, { body: { contact: CONTACT } });
    const chosen = (await c.request('PUT', `/api/checkout/${s.id}/delivery`, { body: { delivery_type: 'collection', branch_id: leon.branch_id } })).json();
    expect(chosen).toMatchObject({ delivery_type: 'collection', shipping_total: 0, missing: [], delivery: { name: 'Tienda León Centro', phone: '4777123456' } });
    expect(chosen.address).toBeNull();

    const paid = await c.post(`/api/checkout/${s.id}/pay`, { payment_type: 'cash', token: chosen.token });
    expect(paid.status, paid.text).toBe(200);
    const id = paid.json().order_id;
    const order = (await c.get(`/api/orders/${id}`)).json();
    expect(order).toMatchObject({ delivery_type: 'collection', shipping_total: 0, delivery: { name: 'Tienda León Centro', phone: '4777123456', hours: leon.hours, address: leon.address } });

    const page = html((await c.get(`/${SHOP}/mis-compras/${id}`)).text);
    expect(page).toContain('Recoge en: Tienda León Centro');
    expect(page).toContain('Calle Francisco I. Madero 212, Zona Centro, León, Guanajuato, 37000, MX');
    expect(page).toContain('href="tel:4777123456"');
    expect(page).toContain('Lunes a viernes 9:00–19:00, sábado 10:00–14:00');
    const preview = html((await c.get(`/${SHOP}/mis-compras/${id}?imprimir=1`)).text);
    expect(preview).toContain('Sucursal: Tienda León Centro · Calle Francisco I. Madero 212');
    expect(preview).toContain('Tel. 4777123456');
    // The supplier's order page knows where the buyer comes.
    expect((await supplier.get(`/api/supplier/orders/${id}`)).json().delivery).toMatchObject({ name: 'Tienda León Centro' });
  });

  it('a supplier without branches offers no collection', async () => {
    const d = buildDemoData('x');
    const shopItems = new Set(d.shopProducts.filter((s) => s.shop_id === demoId.shop(SHOP)).map((s) => s.product_id));
    const gear = d.products.find((p) => shopItems.has(p.id!) && p.supplier_id === demoId.supplier('aventura') && p.type === 'product'
      && p.list_state === 'published' && p.stock_type === 'ondemand' && !p.is_free && !p.hide_price && Object.keys(p.variants ?? {}).length === 0);
    expect(gear, 'an on-demand Aventura MX product in demo-03').toBeTruthy();
    const c = new Client();
    await signUp(c, 'collect');
    const s = await start(c, gear!.id!);
    const r = (await c.post(`/api/checkout/${s.id}/rates`, { postal_code: '03100' })).json();
    expect(r.options.length).toBeGreaterThan(0);
    expect(r.options.filter((o: Option) => o.delivery_type === 'collection')).toEqual([]);
    const refused = await c.request('PUT', `/api/checkout/${s.id}/delivery`, { body: { delivery_type: 'collection', branch_id: demoSupplierBranchRows()[0]!.id } });
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields.branch_id).toEqual(['Elige una de las opciones']);
    await c.request('DELETE', `/api/checkout/${s.id}`);
  });
});
