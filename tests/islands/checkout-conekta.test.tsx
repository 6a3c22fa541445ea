// Checkout with Conekta playing `conekta_card`: the page offers Conekta's card component (its own frame and button,
// from pay.conekta.com), never our card inputs; paying sends the token the component made and no card data. The
// component cannot be fetched here: a stand-in with its documented call (ConektaCheckoutComponents.Card with
// targetIFrame, publicKey, locale and the onCreateTokenSucceeded callback) plays it, as the window global does.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Checkout from '../../islands/checkout/Checkout.tsx';
import type { CheckoutView } from '../../src/domain/checkout/schema.ts';
import { absoluteFetch } from './cart-fixtures.ts';
import { ES, t } from './checkout-texts.ts';

const ID = '00000000-0000-4000-8000-00000000c6c6';
const view: CheckoutView = {
  id: ID, status: 'open', shop: 'demo-03', source: 'cart',
  supplier: { id: 's1', name: 'Café de Altura', image: null, is_configured: true, enabled_payment_types: ['conekta_card'], fixed_shipping_cost: null, fixed_shipping_days: null },
  currency: 'MXN', lines: [{ product_id: 'p1', name: 'Café', photo: null, type: 'product', variant: {}, amount: 1, unit_price: 46900, crossout_price: null, line_total: 46900 }],
  items_total: 46900, shipping_total: 0, total: 46900, expires_at: new Date(Date.now() + 900_000).toISOString(), seconds_left: 900,
  contact: { name: 'Rosa', email: 'r@example.test', phone: '5512345678' }, guest_email: null, address_id: null, address: null, needs_delivery: false,
  delivery_type: 'collection', delivery: null, shipping_days: null, needs_attendees: [], attendees: [], invoicing: null, token: 'ptk_conekta_1',
  payment_methods: [{ method: 'conekta_card', flow: 'card', label: 'Tarjeta', installments: true }],
  payment_metadata: { conekta_card: { ck_public_key: 'key_test_public', provider: 'conekta' } },
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

type Callbacks = { onCreateTokenSucceeded(token: { id: string }): void; onCreateTokenError(e: { message_to_purchaser?: string }): void };
const seen: { config?: { targetIFrame: string; publicKey: string; locale: string }; callbacks?: Callbacks } = {};
function installConekta() {
  (window as unknown as { ConektaCheckoutComponents: unknown }).ConektaCheckoutComponents = {
    Card: (opts: { config: typeof seen.config; callbacks: Callbacks }) => { seen.config = opts.config; seen.callbacks = opts.callbacks; },
  };
}

let restore: () => void = () => {};
beforeAll(() => { server.listen({ onUnhandledRequest: 'error' }); restore = absoluteFetch(); });
beforeEach(() => { pays = []; tokenised = 0; delete seen.config; delete seen.callbacks; });
afterEach(() => { cleanup(); server.resetHandlers(); delete (window as unknown as { ConektaCheckoutComponents?: unknown }).ConektaCheckoutComponents; });
afterAll(() => { restore(); server.close(); });

async function flush() {
  for (let i = 0; i < 30; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}

describe('Checkout with Conekta', () => {
  it('mounts Conekta\'s card component in the page and pays with its token, never a card of ours', async () => {
    installConekta();
    render(<Checkout texts={ES} initial={view} base="/demo-03" signedIn savedAddresses={[]} />);
    await flush();
    expect(screen.queryByLabelText('Número de tarjeta', { selector: 'input' })).toBeNull();
    expect(screen.queryByLabelText('CVC')).toBeNull();
    expect(seen.config).toMatchObject({ publicKey: 'key_test_public', locale: 'es' });
    expect(document.querySelector(seen.config!.targetIFrame)).not.toBeNull();
    // A card the component refuses: its message, no pay request.
    act(() => seen.callbacks!.onCreateTokenError({ message_to_purchaser: 'Tarjeta inválida' }));
    expect(screen.getByRole('alert').textContent).toBe('Tarjeta inválida');
    expect(pays).toEqual([]);
    act(() => seen.callbacks!.onCreateTokenSucceeded({ id: 'tok_from_conekta' }));
    await flush();
    expect(pays).toEqual([expect.objectContaining({ payment_type: 'conekta_card', token: 'ptk_conekta_1', payment_method: 'tok_from_conekta' })]);
    expect(pays[0]).not.toHaveProperty('card_token');
    expect(tokenised).toBe(0);
  });

  it('without Conekta\'s public key it says the card form cannot be used, and offers no card inputs of ours', async () => {
    installConekta();
    const noKey = { ...view, payment_metadata: { conekta_card: { ck_public_key: null, provider: 'conekta' } } };
    render(<Checkout texts={ES} initial={noKey} base="/demo-03" signedIn savedAddresses={[]} />);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(t('payment.stripeUnavailable'));
    expect(screen.queryByLabelText('Número de tarjeta', { selector: 'input' })).toBeNull();
    expect(seen.config).toBeUndefined();
  });

  it('says the card field is loading (it needs JavaScript and Conekta\'s script) until the component is there', () => {
    render(<Checkout texts={ES} initial={view} base="/demo-03" signedIn savedAddresses={[]} />);
    expect(screen.getByRole('status').textContent).toBe(t('payment.stripeLoading'));
  });
});
