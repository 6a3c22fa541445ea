// The checkout as one flow (issue 10): texts in the page's language, the buyer's details prefilled, one 'continue'
// that sends only what changed, the API's field errors at their fields, paying disabled while steps are missing, no
// delivery step for an experience-only purchase, and a declined card that leaves the buyer on the checkout to retry.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Checkout from '../../islands/checkout/Checkout.tsx';
import type { CheckoutView } from '../../src/domain/checkout/schema.ts';
import { absoluteFetch } from './cart-fixtures.ts';
import { EN, ES } from './checkout-texts.ts';

const ID = '00000000-0000-4000-8000-00000000f10e';
const base = (over: Partial<CheckoutView> = {}): CheckoutView => ({
  id: ID, status: 'open', shop: 'demo-03', source: 'buy_now',
  supplier: { id: 's1', name: 'Aventura MX', image: null, is_configured: true, enabled_payment_types: ['str_card', 'deposit'], fixed_shipping_cost: null, fixed_shipping_days: null },
  currency: 'MXN', lines: [{ product_id: 'p1', name: 'Globo al amanecer', photo: null, type: 'experience', variant: {}, amount: 1, unit_price: 250000, crossout_price: null, line_total: 250000 }],
  items_total: 250000, shipping_total: 0, total: 250000, expires_at: new Date(Date.now() + 900_000).toISOString(), seconds_left: 900,
  contact: null, guest_email: null, address_id: null, address: null, needs_delivery: false,
  delivery_type: null, delivery: null, shipping_days: null, needs_attendees: [{ product_id: 'p1', name: 'Globo al amanecer', count: 1 }], attendees: [], invoicing: null, token: 'ptk_1',
  payment_methods: [{ method: 'str_card', flow: 'card', label: 'Stripe card', installments: true }, { method: 'deposit', flow: 'deposit', label: 'Bank deposit to the supplier', installments: false }],
  payment_metadata: {}, instalments: [], order_id: null, payable: true, missing: ['contact', 'attendees'], ...over,
});

let patches: Record<string, unknown>[] = [];
let patchAnswer: () => Response = () => HttpResponse.json(base({ contact: { name: 'Rosa', email: 'rosa@example.test', phone: '5512345678' }, missing: [] }));
const server = setupServer(
  http.patch(`http://localhost/api/checkout/${ID}`, async ({ request }) => { patches.push((await request.json()) as Record<string, unknown>); return patchAnswer(); }),
  http.post('http://localhost/api/payments/cards/tokens', () => HttpResponse.json({ id: 'tok_1', card: { type: 'credit' }, expires_at: '' }, { status: 201 })),
  http.post(`http://localhost/api/checkout/${ID}/pay`, () => HttpResponse.json({ order_id: 'o1', redirect_to: '/mis-compras/o1', payment: { status: 'failed', failure: { code: 'card_declined', message: 'Bank payment failed, contact your bank', reload_token: true, notice: null } } })),
  http.get(`http://localhost/api/checkout/${ID}`, () => HttpResponse.json(base({ status: 'placed', order_id: 'o1', token: 'ptk_2', missing: [] }))),
);
let restore: () => void = () => {};
beforeAll(() => { server.listen({ onUnhandledRequest: 'error' }); restore = absoluteFetch(); });
beforeEach(() => { patches = []; });
afterEach(() => { cleanup(); server.resetHandlers(); });
afterAll(() => { restore(); server.close(); });

async function flush() {
  for (let i = 0; i < 30; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
const prefill = { name: 'Rosa', email: 'rosa@example.test', phone: '' };

describe('checkout flow', () => {
  it('reads in English, with words for the payment methods and no delivery step for an experience', () => {
    const { container } = render(<Checkout texts={EN} initial={base()} base="/demo-03" signedIn savedAddresses={[]} prefill={prefill} />);
    const text = container.textContent!;
    expect(screen.getByRole('heading', { name: '1. Contact' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2. Attendees' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Delivery/ })).toBeNull();
    expect(screen.getByLabelText('Credit or debit card')).toBeTruthy();
    expect(screen.getByLabelText('Bank deposit')).toBeTruthy();
    expect(text).toContain('Before paying: your contact details, the attendees\' details');
    for (const raw of ['Stripe card', 'str_card', 'Bank deposit to the supplier', 'Pagar', 'Contacto', 'Envío']) expect(text).not.toContain(raw);
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('rosa@example.test');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Rosa');
    expect((screen.getByRole('button', { name: /^Pay / }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the fields first, then sends contact and attendees in one PATCH and shows the API\'s field errors at their fields', async () => {
    render(<Checkout texts={ES} initial={base()} base="/demo-03" signedIn savedAddresses={[]} prefill={prefill} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await flush();
    expect(patches).toEqual([]);
    expect(screen.getAllByText('Escribe un teléfono de 10 dígitos').length).toBe(2);
    expect(screen.getAllByLabelText('Teléfono')[0]!.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getAllByLabelText('Teléfono')[0]!, { target: { value: '55 1234 5678' } });
    fireEvent.change(screen.getByLabelText('Globo al amanecer · asistente 1'), { target: { value: 'Luis' } });
    fireEvent.change(screen.getAllByLabelText('Teléfono')[1]!, { target: { value: '5587654321' } });
    patchAnswer = () => HttpResponse.json({ error: { code: 'validation_error', message: 'The body is not valid', fields: { 'contact.email': ['Correo no válido'] } } }, { status: 400 });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await flush();
    expect(patches).toEqual([{ contact: { name: 'Rosa', email: 'rosa@example.test', phone: '55 1234 5678' }, attendees: [{ product_id: 'p1', full_name: 'Luis', phone: '5587654321' }] }]);
    const email = screen.getByLabelText('Correo electrónico');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('Correo no válido');
    expect(screen.getByRole('alert').textContent).toBe('Revisa los datos marcados.');

    patchAnswer = () => HttpResponse.json(base({ contact: { name: 'Rosa', email: 'rosa@example.test', phone: '5512345678' }, attendees: [{ product_id: 'p1', full_name: 'Luis', phone: '5587654321' }], missing: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await flush();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: /^Pagar / }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a declined card: the bank\'s answer in the page\'s language, and the checkout stays to try another card or method', async () => {
    render(<Checkout texts={EN} initial={base({ contact: { name: 'Rosa', email: 'r@example.test', phone: '5512345678' }, attendees: [{ product_id: 'p1', full_name: 'Luis', phone: '5587654321' }], missing: [] })} base="/demo-03" signedIn savedAddresses={[]} />);
    fireEvent.change(screen.getByLabelText('Name on the card'), { target: { value: 'Rosa' } });
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '1230' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await flush();
    expect(screen.getByTestId('payment-failure').textContent).toBe('The bank payment failed, contact your bank');
    expect(screen.getByTestId('checkout-retry').textContent).toContain('Try another card or payment method.');
    expect(screen.queryByText(/no longer open|ya no está abierta/)).toBeNull();
    expect((screen.getByRole('button', { name: /^Pay / }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByLabelText('Bank deposit')).toBeTruthy();
  });
});
