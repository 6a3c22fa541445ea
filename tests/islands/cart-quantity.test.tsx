// Cart quantity rules (seed 001 §5): whole numbers from 1, '.', 'e', '-' blocked, zero/empty ignored; the server's
// adjustment notice shows the 7 s warning toast (seed 001 §8); the local cart clamps to stock / max purchase amount.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import QuantityInput from '../../islands/cart/QuantityInput.tsx';
import CartPanel from '../../islands/cart/CartPanel.tsx';
import { parseQuantity } from '../../islands/cart/quantity.ts';
import { addLocal, clampAmount, localCart, setLocalAmount, type LocalItem } from '../../islands/stores/cart.ts';
import { CART_WARNING_TOAST_MS } from '../../src/lib/shared/constants.ts';
import { absoluteFetch, cartView, esCartLabels } from './cart-fixtures.ts';

const patches: unknown[] = [];
const server = setupServer(
  http.get('http://localhost/api/cart', () => HttpResponse.json(cartView(2))),
  http.patch('http://localhost/api/cart/items/:id', async ({ request }) => {
    const body = (await request.json()) as { amount: number };
    patches.push(body);
    return HttpResponse.json(cartView(3, [{ code: 'quantity_exceeded', message: 'Quantity exceeded: only 3 available', requested: body.amount, available: 3 }]));
  }),
);
let restore: () => void = () => {};
beforeAll(() => { server.listen({ onUnhandledRequest: 'error' }); restore = absoluteFetch(); });
beforeEach(() => { patches.length = 0; localStorage.clear(); localCart('t-shop').set([]); });
afterEach(() => { cleanup(); server.resetHandlers(); vi.useRealTimers(); });
afterAll(() => { restore(); server.close(); });

async function flush() {
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}

describe('quantity rules', () => {
  it('accepts whole numbers from 1 and ignores the rest', () => {
    expect(parseQuantity('3')).toBe(3);
    for (const bad of ['', ' ', '0', '00', '1.5', '-1', '2e1', 'abc']) expect(parseQuantity(bad)).toBeNull();
  });

  it("blocks '.', 'e' and '-' keys; zero and empty are ignored; a whole number is committed", () => {
    const onCommit = vi.fn();
    render(<QuantityInput value={2} label="Cantidad" onCommit={onCommit} />);
    const input = screen.getByLabelText('Cantidad') as HTMLInputElement;
    for (const key of ['.', 'e', '-', 'E']) expect(fireEvent.keyDown(input, { key })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(true);
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
    expect(input.value).toBe('2');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledWith(4);
  });

  it('clamps the local cart to stock and max_purchase_amount (on demand has no stock limit)', () => {
    expect(clampAmount({ max_purchase_amount: 2, available: 10, stock_type: 'onstock' }, 5)).toMatchObject({ amount: 2, notice: { code: 'max_purchase_amount_exceeded' } });
    expect(clampAmount({ max_purchase_amount: null, available: 3, stock_type: 'onstock' }, 5)).toMatchObject({ amount: 3, notice: { code: 'quantity_exceeded' } });
    expect(clampAmount({ max_purchase_amount: null, available: 0, stock_type: 'ondemand' }, 5)).toMatchObject({ amount: 5, notice: null });
    const item: LocalItem = { product_id: 'p', variant: { Talla: 'M' }, amount: 2, name: 'Rebozo', photo: null, unit_price: 100, crossout_price: null, currency: 'MXN', supplier: 'S', max_purchase_amount: 4, available: 10, stock_type: 'onstock' };
    addLocal('t-shop', item);
    expect(addLocal('t-shop', { ...item, amount: 3 })?.code).toBe('max_purchase_amount_exceeded');
    expect(localCart('t-shop').get()).toHaveLength(1);
    expect(localCart('t-shop').get()[0]!.amount).toBe(4);
    expect(setLocalAmount('t-shop', 0, 0)).toBeNull();
    expect(localCart('t-shop').get()[0]!.amount).toBe(4);
    expect(JSON.parse(localStorage.getItem('cart:t-shop')!)[0].amount).toBe(4);
  });
});

describe('CartPanel (signed in)', () => {
  it('sends the new amount; the server adjustment shows the 7 s warning toast', async () => {
    render(<CartPanel shop="demo-03" base="/demo-03" signedIn initial={cartView(2)} labels={esCartLabels} />);
    await flush();
    const input = screen.getByLabelText('Cantidad de Rebozo') as HTMLInputElement;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.blur(input);
    await flush();
    expect(patches).toEqual([{ shop: 'demo-03', amount: 9 }]);
    expect(screen.getByTestId('cart-toast').textContent).toBe('Cantidad ajustada: solo hay 3 disponibles');
    expect((screen.getByLabelText('Cantidad de Rebozo') as HTMLInputElement).value).toBe('3');
    await act(async () => { await vi.advanceTimersByTimeAsync(CART_WARNING_TOAST_MS - 1); });
    expect(screen.queryByTestId('cart-toast')).not.toBeNull();
    await act(async () => { await vi.advanceTimersByTimeAsync(1); });
    expect(screen.queryByTestId('cart-toast')).toBeNull();
  });

  it("blocks an unconfigured supplier's pay button with the supplier-missing-configuration warning", async () => {
    render(<CartPanel shop="demo-03" base="/demo-03" signedIn initial={cartView(2)} labels={esCartLabels} />);
    await flush();
    const order = screen.getByRole('region', { name: 'Barro y Madera' });
    const pay = order.querySelector('button.cart-pay') as HTMLButtonElement;
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(pay);
    expect(screen.getByTestId('cart-toast').textContent).toBe('No es posible realizar la compra en este momento: falta configuración del vendedor');
  });
});
