// The cart drawer (seed 001 §2): merge of the local cart at sign-in, a focus-trapped right-side dialog, links for
// signed-in shoppers only, and the request state reset 500 ms after closing.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import CartDrawer from '../../islands/cart/CartDrawer.tsx';
import { $cartCount, $cartOpen, localCart, mergeLocalCart } from '../../islands/stores/cart.ts';
import { CART_STATE_RESET_MS } from '../../src/lib/shared/constants.ts';
import { absoluteFetch, cartView, esCartLabels } from './cart-fixtures.ts';

let mergeBodies: unknown[] = [];
let mergeStatus = 200;
let cartStatus = 200;
const server = setupServer(
  http.post('http://localhost/api/cart/merge', async ({ request }) => {
    mergeBodies.push(await request.json());
    return mergeStatus === 200 ? HttpResponse.json(cartView(5)) : HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: mergeStatus });
  }),
  http.get('http://localhost/api/cart', () => (cartStatus === 200 ? HttpResponse.json(cartView(2)) : HttpResponse.json({ error: { code: 'internal', message: 'Error al cargar el carrito' } }, { status: cartStatus }))),
);
let restore: () => void = () => {};
beforeAll(() => { server.listen({ onUnhandledRequest: 'error' }); restore = absoluteFetch(); });
beforeEach(() => { mergeBodies = []; mergeStatus = 200; cartStatus = 200; localStorage.clear(); localCart('demo-03').set([]); $cartOpen.set(false); $cartCount.set(0); });
afterEach(() => { cleanup(); server.resetHandlers(); vi.useRealTimers(); });
afterAll(() => { restore(); server.close(); });

async function flush() {
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
const local = { product_id: '00000000-0000-4000-8000-0000000000b1', variant: { Talla: 'M' }, amount: 2, name: 'Rebozo', photo: null, unit_price: 2000, crossout_price: null, currency: 'MXN', supplier: 'Textiles', max_purchase_amount: null, available: 5, stock_type: 'onstock' };

describe('merge at sign-in', () => {
  it('sends the local lines with their amounts, then clears the local cart', async () => {
    localCart('demo-03').set([local]);
    render(<CartDrawer shop="demo-03" base="/demo-03" signedIn count={0} label="Carrito" labels={esCartLabels} />);
    await flush();
    expect(mergeBodies).toEqual([{ shop: 'demo-03', items: [{ product_id: local.product_id, variant: { Talla: 'M' }, amount: 2 }] }]);
    expect(localCart('demo-03').get()).toEqual([]);
    expect(localStorage.getItem('cart:demo-03')).toBeNull();
    expect($cartCount.get()).toBe(5);
    expect(screen.getByText('5')).toBeTruthy();
  });

  it('keeps the local cart when the server refuses (nothing is lost) and does not call it when empty', async () => {
    mergeStatus = 500;
    localCart('demo-03').set([local]);
    expect(await mergeLocalCart('demo-03')).toBeNull();
    expect(localCart('demo-03').get()).toHaveLength(1);
    localCart('demo-03').set([]);
    mergeBodies = [];
    expect(await mergeLocalCart('demo-03')).toBeNull();
    expect(mergeBodies).toEqual([]);
  });
});

describe('drawer', () => {
  it('opens a modal dialog; links to purchases and sharing only for signed-in shoppers', async () => {
    const { unmount } = render(<CartDrawer shop="demo-03" base="/demo-03" signedIn={false} count={0} label="Carrito" labels={esCartLabels} />);
    await flush();
    fireEvent.click(screen.getByRole('link', { name: 'Carrito' }));
    const dialog = screen.getByRole('dialog', { name: 'Mi carrito' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Mis compras' })).toBeNull();
    unmount();
    $cartOpen.set(false);
    render(<CartDrawer shop="demo-03" base="/demo-03" signedIn count={2} label="Carrito" labels={esCartLabels} />);
    await flush();
    fireEvent.click(screen.getByRole('link', { name: 'Carrito' }));
    await flush();
    expect(screen.getByRole('link', { name: 'Mis compras' }).getAttribute('href')).toBe('/demo-03/mis-compras');
    expect(screen.getByRole('button', { name: 'Compartir carrito' })).toBeTruthy();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Textiles del Bajío', 'Barro y Madera']);
  });

  it('resets the request state 500 ms after closing', async () => {
    cartStatus = 500;
    render(<CartDrawer shop="demo-03" base="/demo-03" signedIn count={2} label="Carrito" labels={esCartLabels} />);
    await flush();
    fireEvent.click(screen.getByRole('link', { name: 'Carrito' }));
    await flush();
    expect(screen.getByText('Error al cargar el carrito')).toBeTruthy();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.keyDown(document, { key: 'Escape' });
    await act(async () => { await vi.advanceTimersByTimeAsync(CART_STATE_RESET_MS - 1); });
    expect(screen.queryByText('Error al cargar el carrito')).not.toBeNull();
    await act(async () => { await vi.advanceTimersByTimeAsync(1); });
    expect(screen.queryByText('Error al cargar el carrito')).toBeNull();
  });
});
