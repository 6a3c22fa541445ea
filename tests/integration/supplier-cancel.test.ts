// The supplier cancels from its sale page (seed 001 §4/§8): a plain form with the seed's reasons in words and a
// description; a missing description is a message on the page, another user cannot cancel; once canceled the
// supplier is back on the sales list with a message, the buyer sees the reason, and the form is gone.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const supplier = new Client();
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });
const postForm = (c: Client, path: string, fields: Record<string, string>) =>
  c.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('supplier cancels from the sale page', () => {
  it('with a reason and a description, back to the sales list', async () => {
    const c = new Client();
    await signUp(c);
    const product = picks.textiles[14]!;
    expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 5 } })).status).toBe(200);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: product, amount: 1 }]);
    const paid = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: ck.token });
    expect(paid.status, paid.text).toBe(200);
    const id = paid.json().order_id as string;
    const reference = (await c.get(`/api/orders/${id}`)).json().reference as string;
    const salePath = `/${SHOP}/mis-compras/ventas/${id}`;

    const page = await supplier.get(salePath);
    expect(page.status).toBe(200);
    const form = /<form[^>]*data-testid="supplier-cancel"[\s\S]*?<\/form>/.exec(page.text)?.[0] ?? '';
    expect(form).toMatch(/name="action" value="cancel"/);
    for (const [value, words] of [['requested_by_client', 'Lo pidió el cliente'], ['cannot_be_fulfilled', 'No se puede surtir'],
      ['duplicated_transaction', 'Compra duplicada'], ['suspected_fraud', 'Sospecha de fraude'], ['other', 'Otro motivo']]) {
      expect(form).toMatch(new RegExp(`<option value="${value}"[^>]*>${words}</option>`));
    }
    expect(form).toContain('<textarea name="description"');
    const en = await supplier.get(salePath, { headers: { cookie: 'lang=en' } });
    expect(en.text).toContain('It cannot be fulfilled');

    // Without a description: the page says so and nothing changes.
    const empty = await postForm(supplier, salePath, { action: 'cancel', reason: 'cannot_be_fulfilled', description: ' ' });
    expect(empty.status).toBe(400); // the page again, with its alert (a refused form is a 4xx, as every bad input)
    expect(empty.text).toContain('role="alert"');
    expect((await c.get(`/api/orders/${id}`)).json().status).toBe('sent_to_supplier');
    // Someone else posting the form does not cancel it.
    const other = new Client();
    await other.login('cliente@demo.test');
    expect((await postForm(other, salePath, { action: 'cancel', reason: 'other', description: 'no' })).status).toBe(404);
    expect((await c.get(`/api/orders/${id}`)).json().status).toBe('sent_to_supplier');

    const done = await postForm(supplier, salePath, { action: 'cancel', reason: 'cannot_be_fulfilled', description: 'Se agotó la tela' });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe(`/${SHOP}/mis-compras/ventas?cancelada=${reference}`);
    const list = await supplier.get(done.headers.location!);
    expect(list.status).toBe(200);
    expect(list.text).toContain(`La venta ${reference} fue cancelada.`);

    const o = (await c.get(`/api/orders/${id}`)).json();
    expect(o).toMatchObject({ status: 'canceled', cancel_reason: 'cannot_be_fulfilled', cancel_description: 'Se agotó la tela' });
    expect((await c.get(`/${SHOP}/mis-compras/${id}`)).text).toContain('Se agotó la tela');
    expect((await supplier.get(salePath)).text).not.toContain('data-testid="supplier-cancel"');
  });
});
