// Invoicing data (seed 001 §2 print preview, §3 purchase order: tax regime, CFDI use) over HTTP against the demo
// server: every field validated, the data kept on the order and shown on the order page and its print preview,
// only the buyer may set it, a canceled order refuses it; entered at checkout it travels to the order.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const ITEM = () => [{ product_id: picks.cafeOnDemand[1]!, amount: 1 }];
const GOOD = { rfc: 'mapr800101ab1', name: 'Rosa Martínez Pérez', tax_regime: '612', cfdi_use: 'G03', postal_code: '03100', email: 'facturas@test.example' };
/** The page's text without React's markers between adjacent text nodes. */
const html = (text: string) => text.replaceAll('<!-- -->', '');

async function placeOrder(c: Client) {
  const ck = await readyCheckoutHttp(c, SHOP, ITEM());
  const r = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'paypal', token: ck.token });
  expect(r.status, r.text).toBe(200);
  return r.json().order_id as string;
}

describe('invoicing data', () => {
  it('validates each field and names it', async () => {
    const c = new Client();
    await signUp(c, 'inv');
    const id = await placeOrder(c);
    const put = (body: Record<string, unknown>) => c.request('PUT', `/api/orders/${id}/invoicing`, { body });
    const cases: [Record<string, unknown>, string][] = [
      [{ rfc: 'ABC12' }, 'rfc'],
      [{ rfc: 'MAPR8001011' }, 'rfc'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ tax_regime: '999' }, 'tax_regime'],
      [{ tax_regime: '' }, 'tax_regime'],
      [{ cfdi_use: 'G99' }, 'cfdi_use'],
      [{ postal_code: '3100' }, 'postal_code'],
      [{ postal_code: 'abcde' }, 'postal_code'],
      [{ email: 'not-an-email' }, 'email'],
    ];
    for (const [patch, field] of cases) {
      const r = await put({ ...GOOD, ...patch });
      expect(r.status, `${JSON.stringify(patch)}: ${r.text}`).toBe(400);
      expect(Object.keys(r.json().error.fields)).toEqual([field]);
    }
    const missing = await put({});
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(['cfdi_use', 'name', 'postal_code', 'rfc', 'tax_regime']);
    expect(missing.json().error.fields.tax_regime).toEqual(['Elige un régimen fiscal del catálogo del SAT']);
    // Nothing was stored by the refused attempts.
    expect((await c.get(`/api/orders/${id}`)).json().invoicing).toBeNull();
  });

  it('round-trips: stored on the order (RFC upper-cased), shown on the order page and the print preview, editable again', async () => {
    const c = new Client();
    await signUp(c, 'inv');
    const id = await placeOrder(c);
    const ok = await c.request('PUT', `/api/orders/${id}/invoicing`, { body: GOOD });
    expect(ok.status, ok.text).toBe(200);
    const stored = { ...GOOD, rfc: 'MAPR800101AB1' };
    expect(ok.json().invoicing).toEqual(stored);
    expect((await c.get(`/api/orders/${id}`)).json().invoicing).toEqual(stored);
    expect((await c.get(`/api/orders/${id}/receipt`)).json()).toMatchObject({ invoicing: stored, tax_regime: '612', cfdi_use: 'G03' });

    const page = html((await c.get(`/${SHOP}/mis-compras/${id}`)).text);
    expect(page).toContain('Datos de facturación');
    expect(page).toContain('MAPR800101AB1');
    const preview = html((await c.get(`/${SHOP}/mis-compras/${id}?imprimir=1`)).text);
    expect(preview).toContain('Vista de impresión');
    for (const t of ['MAPR800101AB1', 'Rosa Martínez Pérez', '612 — Personas Físicas con Actividades Empresariales y Profesionales', 'G03 — Gastos en general', '03100', 'facturas@test.example']) {
      expect(preview).toContain(t);
    }

    // Changed later: the new data replaces the old (the e-mail is optional).
    const { email: _e, ...noEmail } = GOOD;
    const changed = await c.request('PUT', `/api/orders/${id}/invoicing`, { body: { ...noEmail, rfc: 'EKU9003173C9', name: 'Escuela Kemper Urgate', tax_regime: '601', cfdi_use: 'I04', postal_code: '26015' } });
    expect(changed.json().invoicing).toEqual({ rfc: 'EKU9003173C9', name: 'Escuela Kemper Urgate', tax_regime: '601', cfdi_use: 'I04', postal_code: '26015' });
    expect(html((await c.get(`/${SHOP}/mis-compras/${id}?imprimir=1`)).text)).toContain('601 — General de Ley Personas Morales');
  });

  it('only the buyer sets it; a canceled order refuses it', async () => {
    const c = new Client();
    await signUp(c, 'inv');
    const id = await placeOrder(c);
    const other = new Client();
    await signUp(other, 'inv-other');
    expect((await other.request('PUT', `/api/orders/${id}/invoicing`, { body: GOOD })).status).toBe(404);
    expect((await new Client().request('PUT', `/api/orders/${id}/invoicing`, { body: GOOD })).status).toBe(404);
    const cancel = await c.request('DELETE', `/api/orders/${id}`, { body: { reason: 'requested_by_client', description: 'Ya no lo necesito' } });
    expect(cancel.status, cancel.text).toBe(200);
    const late = await c.request('PUT', `/api/orders/${id}/invoicing`, { body: GOOD });
    expect(late.status).toBe(409);
    expect(late.json().error.code).toBe('invalid_transition');
  });

  it('entered at checkout, it is validated there and travels to the order', async () => {
    const c = new Client();
    await signUp(c, 'inv');
    const ck = await readyCheckoutHttp(c, SHOP, ITEM());
    const bad = await c.request('PATCH', `/api/checkout/${ck.id}`, { body: { invoicing: { ...GOOD, rfc: 'nope', cfdi_use: 'X' } } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['invoicing.cfdi_use', 'invoicing.rfc']);
    const set = await c.request('PATCH', `/api/checkout/${ck.id}`, { body: { invoicing: GOOD } });
    expect(set.json().invoicing).toMatchObject({ rfc: 'MAPR800101AB1', tax_regime: '612' });
    const paid = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'paypal', token: set.json().token })).json();
    expect((await c.get(`/api/orders/${paid.order_id}`)).json().invoicing).toMatchObject({ rfc: 'MAPR800101AB1', cfdi_use: 'G03' });
    // Cleared at checkout: null.
    const ck2 = await readyCheckoutHttp(c, SHOP, ITEM());
    await c.request('PATCH', `/api/checkout/${ck2.id}`, { body: { invoicing: GOOD } });
    expect((await c.request('PATCH', `/api/checkout/${ck2.id}`, { body: { invoicing: null } })).json().invoicing).toBeNull();
    await c.request('DELETE', `/api/checkout/${ck2.id}`);
  });
});
