// Checkout payment (seed 001 §5, §8): the card is tokenised, then paid with the checkout token; a failure shows
// 'El intento de pago falló y no fue posible completar la transacción.' for 55 s and reloads the token; installments
// are refused for debit cards; redirects are followed.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Checkout, { shopPath } from '../../islands/checkout/Checkout.tsx';
import type { CheckoutView } from '../../src/domain/checkout/schema.ts';
import { absoluteFetch } from './cart-fixtures.ts';
import { ES, t } from './checkout-texts.ts';

const ID = '00000000-0000-4000-8000-00000000c0c0';
const view = (token: string): CheckoutView => ({
  id: ID, status: 'open', shop: 'demo-03', source: 'cart',
  supplier: { id: 's1', name: 'Café de Altura', image: null, is_configured: true, enabled_payment_types: ['str_card'], fixed_shipping_cost: null, fixed_shipping_days: null },
  currency: 'MXN', lines: [{ product_id: 'p1', name: 'Café', photo: null, type: 'product', variant: {}, amount: 1, unit_price: 46900, crossout_price: null, line_total: 46900 }],
  items_total: 46900, shipping_total: 0, total: 46900, expires_at: new Date(Date.now() + 900_000).toISOString(), seconds_left: 900,
  contact: { name: 'Rosa', email: 'r@example.test', phone: '5512345678' }, guest_email: null, address_id: null, address: null, needs_delivery: false,
  delivery_type: 'collection', delivery: null, shipping_days: null, needs_attendees: [], attendees: [], invoicing: null, token,
  payment_methods: [{ method: 'str_card', flow: 'card', label: 'Tarjeta', installments: true }], payment_metadata: {},
  instalments: [3, 6, 9, 12].map((months) => ({ months, monthly_amount: Math.ceil(46900 / months), total: 46900, financing_cost: 0 })), order_id: null, payable: true, missing: [],
});

let cardType = 'credit';
let pays: { token: string; msi_payments?: number }[] = [];
const server = setupServer(
  http.post('http://localhost/api/payments/cards/tokens', () => HttpResponse.json({ id: 'tok_1', card: { type: cardType }, expires_at: '' }, { status: 201 })),
  http.post(`http://localhost/api/checkout/${ID}/pay`, async ({ request }) => {
    pays.push((await request.json()) as { token: string });
    return HttpResponse.json({ error: { code: 'payment_failed', message: t('payment.failedNoTransaction') } }, { status: 402 });
  }),
  http.get(`http://localhost/api/checkout/${ID}`, () => HttpResponse.json(view('ptk_reloaded_2'))),
);
let restore: () => void = () => {};
beforeAll(() => { server.listen({ onUnhandledRequest: 'error' }); restore = absoluteFetch(); });
beforeEach(() => { pays = []; cardType = 'credit'; });
afterEach(() => { cleanup(); server.resetHandlers(); vi.useRealTimers(); });
afterAll(() => { restore(); server.close(); });

async function flush() {
  for (let i = 0; i < 30; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
function fillCard(msi?: string) {
  fireEvent.change(screen.getByLabelText('Nombre en la tarjeta'), { target: { value: 'Rosa' } });
  fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: '4000 0000 0000 0002' } });
  fireEvent.change(screen.getByLabelText('Vencimiento (MM/AA)'), { target: { value: '1230' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
  if (msi) fireEvent.change(screen.getByLabelText(/Meses sin intereses/), { target: { value: msi } });
  fireEvent.click(screen.getByRole('button', { name: /^Pagar / }));
}

describe('Checkout payment', () => {
  it('says the monthly amount of each number of interest-free months', () => {
    render(<Checkout texts={ES} initial={view('ptk_first_1')} base="/demo-03" signedIn savedAddresses={[]} />);
    const options = [...screen.getByLabelText(/Meses sin intereses/).querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['Una sola exhibición', '3 meses de $156.34', '6 meses de $78.17', '9 meses de $52.12', '12 meses de $39.09']);
  });

  it('shows the failure for 55 s and pays the next time with the reloaded token', async () => {
    render(<Checkout texts={ES} initial={view('ptk_first_1')} base="/demo-03" signedIn savedAddresses={[]} />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fillCard('3');
    await flush();
    expect(pays).toEqual([expect.objectContaining({ token: 'ptk_first_1', payment_type: 'str_card', card_token: 'tok_1', msi_payments: 3 })]);
    expect(screen.getByTestId('payment-failure').textContent).toBe(t('payment.failedNoTransaction'));
    await act(async () => { await vi.advanceTimersByTimeAsync(54_999); });
    expect(screen.queryByTestId('payment-failure')).not.toBeNull();
    await act(async () => { await vi.advanceTimersByTimeAsync(1); });
    expect(screen.queryByTestId('payment-failure')).toBeNull();
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: /^Pagar / }));
    await flush();
    expect(pays[1]?.token).toBe('ptk_reloaded_2');
  });

  it('refuses installments on a debit card before paying', async () => {
    cardType = 'debit';
    render(<Checkout texts={ES} initial={view('ptk_first_1')} base="/demo-03" signedIn savedAddresses={[]} />);
    fillCard('6');
    await flush();
    expect(pays).toEqual([]);
    expect(screen.getByText(t('payment.noInstallments'))).toBeTruthy();
  });

  it("puts the shop's path prefix on the API's order paths", () => {
    expect(shopPath('/demo-03', '/mis-compras/abc?payment=succeeded')).toBe('/demo-03/mis-compras/abc?payment=succeeded');
    expect(shopPath('', '/mis-compras/abc')).toBe('/mis-compras/abc');
    expect(shopPath('/demo-03', '/sandbox/3ds/x')).toBe('/sandbox/3ds/x');
  });
});
