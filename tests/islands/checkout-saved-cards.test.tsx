// Saved cards in the payment step (seed 001 §3 saved card: termination and expiry; checkout constants card_id,
// msi_payments): the first valid card is chosen, expired ones are shown but not choosable, paying sends card_id
// (no tokenisation), installments only for a saved credit card, the server's refusals read clearly, a new card can
// be saved for later (signed-in buyers only).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Checkout from '../../islands/checkout/Checkout.tsx';
import type { SavedCardOption } from '../../islands/checkout/CardForm.tsx';
import type { CheckoutView } from '../../src/domain/checkout/schema.ts';
import { absoluteFetch } from './cart-fixtures.ts';
import { ES, t } from './checkout-texts.ts';

const ID = '00000000-0000-4000-8000-00000000cafe';
const view = (token = 'ptk_saved_1'): CheckoutView => ({
  id: ID, status: 'open', shop: 'demo-03', source: 'cart',
  supplier: { id: 's1', name: 'Café de Altura', image: null, is_configured: true, enabled_payment_types: ['str_card', 'paypal'], fixed_shipping_cost: null, fixed_shipping_days: null },
  currency: 'MXN', lines: [{ product_id: 'p1', name: 'Café', photo: null, type: 'product', variant: {}, amount: 1, unit_price: 46900, crossout_price: null, line_total: 46900 }],
  items_total: 46900, shipping_total: 0, total: 46900, expires_at: new Date(Date.now() + 900_000).toISOString(), seconds_left: 900,
  contact: { name: 'Rosa', email: 'r@example.test', phone: '5512345678' }, guest_email: null, address_id: null, address: null, needs_delivery: true,
  delivery_type: 'collection', delivery: { branch_id: 'b1', name: 'Tostaduría Coatepec', phone: '2288165432', hours: 'Todos los días 8:00–20:00', address: 'Calle Jiménez del Campillo 18, Centro, Coatepec' },
  shipping_days: null, needs_attendees: [], attendees: [], invoicing: null, token,
  payment_methods: [{ method: 'str_card', flow: 'card', label: 'Tarjeta', installments: true }, { method: 'paypal', flow: 'redirect', label: 'PayPal', installments: false }],
  payment_metadata: {}, instalments: [3, 6, 9, 12].map((months) => ({ months, monthly_amount: 1, total: 1, financing_cost: 0 })), order_id: null, payable: true, missing: [],
});

const CARDS: SavedCardOption[] = [
  { id: '11111111-1111-4111-8111-111111111111', brand: 'visa', termination: '1881', expiry: '01/24', expired: true, type: 'credit' },
  { id: '22222222-2222-4222-8222-222222222222', brand: 'visa', termination: '4242', expiry: '12/35', expired: false, type: 'credit' },
  { id: '33333333-3333-4333-8333-333333333333', brand: 'mastercard', termination: '5556', expiry: '08/31', expired: false, type: 'debit' },
];

let pays: Record<string, unknown>[] = [];
let tokens = 0;
let answer: () => Response = () => HttpResponse.json({ order_id: 'o1', redirect_to: '/mis-compras/o1', payment: { status: 'succeeded', failure: null } });
const server = setupServer(
  http.post('http://localhost/api/payments/cards/tokens', () => { tokens++; return HttpResponse.json({ id: 'tok_new', card: { type: 'credit' }, expires_at: '' }, { status: 201 }); }),
  http.post(`http://localhost/api/checkout/${ID}/pay`, async ({ request }) => { pays.push((await request.json()) as Record<string, unknown>); return answer(); }),
  http.get(`http://localhost/api/checkout/${ID}`, () => HttpResponse.json(view('ptk_saved_2'))),
);
let restore: () => void = () => {};
const assign = vi.fn();
beforeAll(() => { server.listen({ onUnhandledRequest: 'error' }); restore = absoluteFetch(); });
beforeEach(() => {
  pays = []; tokens = 0; assign.mockReset();
  answer = () => HttpResponse.json({ order_id: 'o1', redirect_to: '/mis-compras/o1', payment: { status: 'succeeded', failure: null } });
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => { cleanup(); server.resetHandlers(); vi.unstubAllGlobals(); });
afterAll(() => { restore(); server.close(); });

async function flush() {
  for (let i = 0; i < 30; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
const payButton = () => screen.getByRole('button', { name: /^Pagar / });

describe('saved cards at checkout', () => {
  it('lists termination and expiry, chooses the first valid card, and pays with card_id and installments without tokenising', async () => {
    render(<Checkout texts={ES} initial={view()} base="/demo-03" signedIn savedAddresses={[]} savedCards={CARDS} />);
    expect(screen.getByRole('group', { name: 'Tarjetas guardadas' })).toBeTruthy();
    const expired = radio(/terminación 1881/);
    expect(expired.disabled).toBe(true);
    expect(expired.closest('label')!.textContent).toContain('Vencida 01/24');
    expect(radio(/Visa terminación 4242/).checked).toBe(true);
    expect(radio(/terminación 4242/).closest('label')!.textContent).toContain('Vence 12/35');
    // The typed-card fields stay hidden while a saved card is chosen.
    expect(screen.queryByLabelText('Número de tarjeta')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Meses sin intereses/), { target: { value: '6' } });
    fireEvent.click(payButton());
    await flush();
    expect(tokens).toBe(0);
    expect(pays).toEqual([{ payment_type: 'str_card', token: 'ptk_saved_1', card_id: CARDS[1]!.id, msi_payments: 6, return_path: `/demo-03/comprar/${ID}`, cancel_path: `/demo-03/comprar/${ID}?payment=canceled` }]);
    expect(assign).toHaveBeenCalledWith('/demo-03/mis-compras/o1');
  });

  it('offers no installments for a saved debit card', async () => {
    render(<Checkout texts={ES} initial={view()} base="/demo-03" signedIn savedAddresses={[]} savedCards={CARDS} />);
    expect(screen.getByLabelText(/Meses sin intereses/)).toBeTruthy();
    fireEvent.click(radio(/Mastercard terminación 5556/));
    expect(screen.queryByLabelText(/Meses sin intereses/)).toBeNull();
    fireEvent.click(payButton());
    await flush();
    expect(pays[0]).toMatchObject({ card_id: CARDS[2]!.id });
    expect(pays[0]).not.toHaveProperty('msi_payments');
  });

  it('reads the refusal of an expired or unknown card clearly', async () => {
    answer = () => HttpResponse.json({ error: { code: 'card_expired', message: 'The saved card ending in 4242 expired (12/35)', fields: { card_id: ['x'] } } }, { status: 400 });
    render(<Checkout texts={ES} initial={view()} base="/demo-03" signedIn savedAddresses={[]} savedCards={CARDS} />);
    fireEvent.click(payButton());
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(t('payment.savedCardExpired'));
    answer = () => HttpResponse.json({ error: { code: 'not_found', message: 'Saved card not found', fields: { card_id: ['Saved card not found'] } } }, { status: 404 });
    fireEvent.click(payButton());
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(t('payment.savedCardGone'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('a new card instead: the fields come back, and "save this card" sends save_card with the token', async () => {
    render(<Checkout texts={ES} initial={view()} base="/demo-03" signedIn savedAddresses={[]} savedCards={CARDS} />);
    fireEvent.click(radio(/Usar una tarjeta nueva/));
    fireEvent.change(screen.getByLabelText('Nombre en la tarjeta'), { target: { value: 'Rosa' } });
    fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Vencimiento (MM/AA)'), { target: { value: '1230' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    const save = screen.getByLabelText('Guardar esta tarjeta para mis próximas compras') as HTMLInputElement;
    expect(save.checked).toBe(false);
    fireEvent.click(save);
    fireEvent.click(payButton());
    await flush();
    expect(tokens).toBe(1);
    expect(pays[0]).toMatchObject({ card_token: 'tok_new', save_card: true });
    expect(pays[0]).not.toHaveProperty('card_id');
  });

  it('a guest sees no saved cards and is not offered to save one', () => {
    render(<Checkout texts={ES} initial={view()} base="/demo-03" signedIn={false} savedAddresses={[]} savedCards={CARDS} />);
    expect(screen.queryByRole('group', { name: 'Tarjetas guardadas' })).toBeNull();
    expect(screen.getByLabelText('Número de tarjeta')).toBeTruthy();
    expect(screen.queryByLabelText(/Guardar esta tarjeta/)).toBeNull();
  });

  it('shows the chosen branch address, phone and hours for a collection order', () => {
    render(<Checkout texts={ES} initial={view()} base="/demo-03" signedIn savedAddresses={[]} savedCards={[]} />);
    const chosen = screen.getByText(/Elegido:/).closest('.co-chosen')!;
    expect(chosen.textContent).toContain('Recoger en Tostaduría Coatepec');
    expect(chosen.textContent).toContain('Calle Jiménez del Campillo 18, Centro, Coatepec');
    expect(chosen.querySelector('a[href="tel:2288165432"]')).not.toBeNull();
    expect(chosen.textContent).toContain('Horario: Todos los días 8:00–20:00');
  });
});
