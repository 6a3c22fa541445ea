// Invoicing data form (seed 001 §2 print preview, §3 purchase order): RFC, name or business name, tax regime and
// CFDI use selects from the SAT catalogues, fiscal postal code; validation messages before any request, the server's
// field errors on their fields, the saved data shown with an edit button. On the order page (PUT) and at checkout (PATCH).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import OrderInvoicing from '../../islands/checkout/OrderInvoicing.tsx';
import Checkout from '../../islands/checkout/Checkout.tsx';
import { INVOICING_MESSAGES } from '../../islands/checkout/invoicing.ts';
import type { CheckoutView } from '../../src/domain/checkout/schema.ts';
import { CFDI_USES, TAX_REGIMES } from '../../src/lib/shared/constants.ts';
import { absoluteFetch } from './cart-fixtures.ts';
import { ES, t } from './checkout-texts.ts';

const ORDER = '00000000-0000-4000-8000-0000000000f1';
const CK = '00000000-0000-4000-8000-0000000000c1';
const STORED = { rfc: 'MAPR800101AB1', name: 'Rosa Martínez', tax_regime: '612', cfdi_use: 'G03', postal_code: '03100' };

let puts: Record<string, unknown>[] = [];
let patches: Record<string, unknown>[] = [];
let putAnswer: (body: Record<string, unknown>) => Response = (body) => HttpResponse.json({ id: ORDER, invoicing: body });
const ckView = (invoicing: Record<string, string> | null): CheckoutView => ({
  id: CK, status: 'open', shop: 'demo-03', source: 'cart',
  supplier: { id: 's1', name: 'Textiles del Bajío', image: null, is_configured: true, enabled_payment_types: ['cash'], fixed_shipping_cost: null, fixed_shipping_days: null },
  currency: 'MXN', lines: [], items_total: 10000, shipping_total: 0, total: 10000, expires_at: new Date(Date.now() + 900_000).toISOString(), seconds_left: 900,
  contact: null, guest_email: null, address_id: null, address: null, needs_delivery: false, delivery_type: null, delivery: null, shipping_days: null,
  needs_attendees: [], attendees: [], invoicing, token: 'ptk_1', payment_methods: [{ method: 'cash', flow: 'cash_on_delivery', label: 'Cash', installments: false }],
  payment_metadata: {}, instalments: [], order_id: null, payable: true, missing: [],
});
const server = setupServer(
  http.put(`http://localhost/api/orders/${ORDER}/invoicing`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    puts.push(body);
    return putAnswer(body);
  }),
  http.patch(`http://localhost/api/checkout/${CK}`, async ({ request }) => {
    const body = (await request.json()) as { invoicing: Record<string, string> | null };
    patches.push(body);
    if (body.invoicing && body.invoicing.cfdi_use === 'S01') {
      return HttpResponse.json({ error: { code: 'validation_error', message: 'Invalid', fields: { 'invoicing.cfdi_use': ['Choose a CFDI use of the SAT catalogue'] } } }, { status: 400 });
    }
    return HttpResponse.json(ckView(body.invoicing));
  }),
);
let restore: () => void = () => {};
beforeAll(() => { server.listen({ onUnhandledRequest: 'error' }); restore = absoluteFetch(); });
beforeEach(() => { puts = []; patches = []; putAnswer = (body) => HttpResponse.json({ id: ORDER, invoicing: body }); });
afterEach(() => { cleanup(); server.resetHandlers(); });
afterAll(() => { restore(); server.close(); });

async function flush() {
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fill(v: Partial<Record<'rfc' | 'name' | 'tax_regime' | 'cfdi_use' | 'postal_code' | 'email', string>>) {
  if (v.rfc !== undefined) change('RFC', v.rfc);
  if (v.name !== undefined) change('Nombre o razón social', v.name);
  if (v.tax_regime !== undefined) change('Régimen fiscal', v.tax_regime);
  if (v.cfdi_use !== undefined) change('Uso del CFDI', v.cfdi_use);
  if (v.postal_code !== undefined) change('Código postal fiscal', v.postal_code);
  if (v.email !== undefined) change(/Correo para la factura/, v.email);
}
const save = async () => { fireEvent.click(screen.getByRole('button', { name: 'Guardar datos de facturación' })); await flush(); };

describe('invoicing form on the order page', () => {
  it('offers the SAT catalogues in the selects', () => {
    render(<OrderInvoicing texts={ES} orderId={ORDER} initial={null} editable />);
    const regimes = [...(screen.getByLabelText('Régimen fiscal') as HTMLSelectElement).options].map((o) => o.value);
    expect(regimes).toEqual(['', ...TAX_REGIMES]);
    const uses = [...(screen.getByLabelText('Uso del CFDI') as HTMLSelectElement).options];
    expect(uses.map((o) => o.value)).toEqual(['', ...CFDI_USES]);
    expect(uses.find((o) => o.value === 'G03')!.textContent).toBe('G03 — Gastos en general');
  });

  it('shows every validation message and sends nothing while the data is wrong', async () => {
    render(<OrderInvoicing texts={ES} orderId={ORDER} initial={null} editable />);
    await save();
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([t(INVOICING_MESSAGES.rfc), t(INVOICING_MESSAGES.name), t(INVOICING_MESSAGES.tax_regime), t(INVOICING_MESSAGES.cfdi_use), t(INVOICING_MESSAGES.postal_code)]);
    expect(screen.getByLabelText('RFC').getAttribute('aria-invalid')).toBe('true');
    fill({ rfc: 'MAPR8001', name: 'Rosa', tax_regime: '612', cfdi_use: 'G03', postal_code: '3100', email: 'nope' });
    await save();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([t(INVOICING_MESSAGES.rfc), t(INVOICING_MESSAGES.postal_code), t(INVOICING_MESSAGES.email)]);
    expect(puts).toEqual([]);
  });

  it('saves (RFC upper-cased, empty e-mail left out), then shows the data with an edit button that brings it back', async () => {
    render(<OrderInvoicing texts={ES} orderId={ORDER} initial={null} editable />);
    fill({ rfc: 'mapr800101ab1', name: ' Rosa Martínez ', tax_regime: '612', cfdi_use: 'G03', postal_code: '03100' });
    await save();
    expect(puts).toEqual([STORED]);
    expect(screen.getByRole('status').textContent).toBe('Datos de facturación guardados.');
    const summary = screen.getByTestId('invoicing-summary').textContent!;
    expect(summary).toContain('MAPR800101AB1');
    expect(summary).toContain('612 — Personas Físicas con Actividades Empresariales y Profesionales');
    expect(summary).toContain('G03 — Gastos en general');
    fireEvent.click(screen.getByRole('button', { name: 'Editar datos de facturación' }));
    expect((screen.getByLabelText('RFC') as HTMLInputElement).value).toBe('MAPR800101AB1');
    expect((screen.getByLabelText('Régimen fiscal') as HTMLSelectElement).value).toBe('612');
    fill({ cfdi_use: 'I04', email: 'facturas@test.example' });
    await save();
    expect(puts[1]).toEqual({ ...STORED, cfdi_use: 'I04', email: 'facturas@test.example' });
  });

  it("puts the server's field errors on their fields", async () => {
    putAnswer = () => HttpResponse.json({ error: { code: 'validation_error', message: 'Invalid', fields: { rfc: ['Enter a valid RFC'] } } }, { status: 400 });
    render(<OrderInvoicing texts={ES} orderId={ORDER} initial={null} editable />);
    fill({ rfc: 'MAPR800101AB1', name: 'Rosa', tax_regime: '612', cfdi_use: 'G03', postal_code: '03100' });
    await save();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([t(INVOICING_MESSAGES.rfc)]);
    putAnswer = () => HttpResponse.json({ error: { code: 'invalid_transition', message: 'The order is canceled' } }, { status: 409 });
    await save();
    expect(screen.getByText('The order is canceled')).toBeTruthy();
  });

  it('starts on the saved data; a canceled order shows it without the edit button', () => {
    render(<OrderInvoicing texts={ES} orderId={ORDER} initial={STORED} editable={false} />);
    expect(screen.getByTestId('invoicing-summary').textContent).toContain('MAPR800101AB1');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('invoicing at checkout', () => {
  it('"Quiero factura" opens the form; the data goes with the checkout; unticking clears it', async () => {
    render(<Checkout texts={ES} initial={ckView(null)} base="/demo-03" signedIn savedAddresses={[]} />);
    expect(screen.queryByLabelText('RFC')).toBeNull();
    fireEvent.click(screen.getByLabelText('Quiero factura'));
    fill({ rfc: 'MAPR800101AB1', name: 'Rosa Martínez', tax_regime: '612', cfdi_use: 'S01', postal_code: '03100' });
    await save();
    // The server's 'invoicing.cfdi_use' lands on the CFDI use field.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([t(INVOICING_MESSAGES.cfdi_use)]);
    fill({ cfdi_use: 'G03' });
    await save();
    expect(patches.at(-1)).toEqual({ invoicing: STORED });
    expect(screen.getByTestId('invoicing-summary').textContent).toContain('Rosa Martínez');
    fireEvent.click(screen.getByLabelText('Quiero factura'));
    await flush();
    expect(patches.at(-1)).toEqual({ invoicing: null });
    expect(screen.queryByTestId('invoicing-summary')).toBeNull();
  });
});
