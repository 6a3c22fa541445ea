// Checkout with Stripe playing `str_card`: the page offers Stripe's card field (its own frame, from Stripe.js), never
// our card inputs; paying sends the PaymentMethod Stripe.js made and no card data; without Stripe.js the shopper is
// told. Stripe.js cannot be fetched here: a stand-in with its documented calls (elements().create('card'),
// createPaymentMethod) plays it, as `window.Stripe` does in the browser.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Checkout from '../../islands/checkout/Checkout.tsx';
import type { CheckoutView } from '../../src/domain/checkout/schema.ts';
import { absoluteFetch } from './cart-fixtures.ts';
import { ES, t } from './checkout-texts.ts';

const ID = '00000000-0000-4000-8000-00000000c5c5';
const view: CheckoutView = {
  id: ID, status: 'open', shop: 'demo-03', source: 'cart',
  supplier: { id: 's1', name: 'Café de Altura', image: null, is_configured: true, enabled_payment_types: ['str_card'], fixed_shipping_cost: null, fixed_shipping_days: null },
  currency: 'MXN', lines: [{ product_id: 'p1', name: 'Café', photo: null, type: 'product', variant: {}, amount: 1, unit_price: 46900, crossout_price: null, line_total: 46900 }],
  items_total: 46900, shipping_total: 0, total: 46900, expires_at: new Date(Date.now() + 900_000).toISOString(), seconds_left: 900,
  contact: { name: 'Rosa', email: 'r@example.test', phone: '5512345678' }, guest_email: null, address_id: null, address: null, needs_delivery: false,
  delivery_type: 'collection', delivery: null, shipping_days: null, needs_attendees: [], attendees: [], invoicing: null, token: 'ptk_stripe_1',
  payment_methods: [{ method: 'str_card', flow: 'card', label: 'Tarjeta', installments: true }],
  payment_metadata: { str_card: { str_public_key: 'pk_test_local', provider: 'stripe' } },
  instalments: [], order_id: null, payable: true, missing: [],
};

let pays: Record<string, unknown>[] = [];
let tokenised = 0;
const server = setupServer(
  http.post('http://localhost/api/payments/cards/tokens', () => { tokenised++; return HttpResponse.json({}, { status: 500 }); }),
  http.post(`http://localhost/api/checkout/${ID}/pay`, async ({ request }) => {
    pays.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ error: { code: 'payment_failed', message: 'x' } }, { status: 402 });
  }),
  http.get(`http://localhost/api/checkout/${ID}`, () => HttpResponse.json(view)),
);

/** What the stand-in was asked: the key it was made with, where the card field went. */
const seen: { key?: string; mountedIn?: HTMLElement } = {};
function installStripeJs() {
  (window as unknown as { Stripe: unknown }).Stripe = (key: string) => {
    seen.key = key;
    const card = { mount: (el: HTMLElement) => { seen.mountedIn = el; }, destroy: () => {}, on: () => {} };
    return { elements: () => ({ create: () => card }), createPaymentMethod: async () => ({ paymentMethod: { id: 'pm_from_stripe_js' } }) };
  };
}

let restore: () => void = () => {};
beforeAll(() => { server.listen({ onUnhandledRequest: 'error' }); restore = absoluteFetch(); });
beforeEach(() => { pays = []; tokenised = 0; });
afterEach(() => { cleanup(); server.resetHandlers(); delete (window as unknown as { Stripe?: unknown }).Stripe; });
afterAll(() => { restore(); server.close(); });

async function flush() {
  for (let i = 0; i < 30; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}

describe('Checkout with Stripe', () => {
  it('mounts Stripe\'s card field and pays with its payment method, never a card of ours', async () => {
    installStripeJs();
    render(<Checkout texts={ES} initial={view} base="/demo-03" signedIn savedAddresses={[]} />);
    await flush();
    expect(screen.queryByLabelText('Número de tarjeta', { selector: 'input' })).toBeNull();
    expect(screen.queryByLabelText('CVC')).toBeNull();
    expect(seen.key).toBe('pk_test_local');
    expect(seen.mountedIn?.id).toBe('stripe-card');
    fireEvent.click(screen.getByRole('button', { name: /^Pagar / }));
    await flush();
    expect(pays).toEqual([expect.objectContaining({ payment_type: 'str_card', token: 'ptk_stripe_1', payment_method: 'pm_from_stripe_js' })]);
    expect(pays[0]).not.toHaveProperty('card_token');
    expect(tokenised).toBe(0);
  });

  it('says the card field is loading (it needs JavaScript and Stripe.js) and keeps the pay button off meanwhile', () => {
    render(<Checkout texts={ES} initial={view} base="/demo-03" signedIn savedAddresses={[]} />);
    expect(screen.getByRole('status').textContent).toBe(t('payment.stripeLoading'));
    expect((screen.getByRole('button', { name: /^Pagar / }) as HTMLButtonElement).disabled).toBe(true);
  });
});
