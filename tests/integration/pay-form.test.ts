// The payment forms posted without script (issue 9, finding 3): the card form and the pay button post
// application/x-www-form-urlencoded to their page (checkout, order), which pays like the island's JSON calls and
// answers 303 to where the island would go (the order, the 3-D Secure page) or back with an outcome code shown in the
// visitor's language. The card number and CVC never appear in a Location. The cart's pay button starts the checkout.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, type Res } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const P = (i: number) => picks.textiles[20 + i]!;
const CARD = '4242424242424242';
const supplier = new Client();
beforeAll(async () => {
  await supplier.login('proveedor@demo.test');
  for (const i of [0, 1, 2]) expect((await supplier.request('PUT', `/api/supplier/products/${P(i)}/stock`, { body: { stock_on_hand: 50 } })).status).toBe(200);
});

const postForm = (c: Client, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  c.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

const card = (number: string) => ({ 'cc-name': 'Rosa Martínez', 'cc-number': number.replace(/(\d{4})(?=\d)/g, '$1 '), 'cc-exp': '12/34', 'cc-csc': '123' });

/** The redirect's target, checked to carry no card data. */
function location(r: Res): string {
  expect(r.status, r.text.slice(0, 300)).toBe(303);
  const to = String(r.headers.location);
  // Field names, not a bare 'cc-': a random order id may hold 'cc-' (hex), which is no card data.
  for (const secret of [CARD, '4242 4242', 'cc-name', 'cc-number', 'cc-exp', 'cc-csc', 'csc', 'Rosa']) expect(to).not.toContain(secret);
  return to;
}

describe('payment forms without script', () => {
  it('pays a checkout with a new card: 303 to the order, paid', async () => {
    const c = new Client();
    await signUp(c);
    const v = await readyCheckoutHttp(c, SHOP, [{ product_id: P(0), amount: 1 }]);
    const r = await postForm(c, `/${SHOP}/comprar/${v.id}`, { action: 'pay', payment_type: 'str_card', token: v.token, 'card-choice': 'new', ...card(CARD), msi: '3' });
    const to = location(r);
    expect(to).toMatch(new RegExp(`^/${SHOP}/mis-compras/[0-9a-f-]{36}$`));
    const order = (await c.get(`/api/orders/${to.split('/').pop()}`)).json();
    expect(order).toMatchObject({ payment_status: 'paid', payment_method: { last4: '4242', installments: 3 } });
    // The same form again (a double submit) charges nothing more: the token is the idempotency key.
    expect(location(await postForm(c, `/${SHOP}/comprar/${v.id}`, { action: 'pay', payment_type: 'str_card', token: v.token, ...card(CARD) }))).toBe(to);
    expect((await c.get(`/api/orders/${to.split('/').pop()}`)).json().payments).toHaveLength(1);
  });

  it('sends a bad card back to the checkout with its code, shown in the visitor\'s language', async () => {
    const c = new Client();
    await signUp(c);
    const v = await readyCheckoutHttp(c, SHOP, [{ product_id: P(1), amount: 1 }]);
    const to = location(await postForm(c, `/${SHOP}/comprar/${v.id}`, { action: 'pay', payment_type: 'str_card', token: v.token, ...card('4242424242424241') }));
    expect(to).toBe(`/${SHOP}/comprar/${v.id}?pago=card_invalid`);
    const es = await c.get(to);
    expect(es.status).toBe(200);
    expect(es.text).toContain('Revisa los datos de la tarjeta');
    const en = await c.get(to, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.text).toContain('Check the card details');
    // Nothing was placed: the checkout is still open and pays afterwards.
    expect((await c.get(`/api/checkout/${v.id}`)).json()).toMatchObject({ status: 'open', order_id: null });
    const paid = location(await postForm(c, `/${SHOP}/comprar/${v.id}`, { action: 'pay', payment_type: 'str_card', token: v.token, ...card('5555555555554444') }));
    expect((await c.get(`/api/orders/${paid.split('/').pop()}`)).json().payment_status).toBe('paid');
  });

  it('follows 3-D Secure like the island, and pays what an order owes from the order page after a decline', async () => {
    const c = new Client();
    await signUp(c);
    const v = await readyCheckoutHttp(c, SHOP, [{ product_id: P(2), amount: 1 }]);
    // Declined by the bank: the order is placed, the browser goes to it with the failure.
    const declined = location(await postForm(c, `/${SHOP}/comprar/${v.id}`, { action: 'pay', payment_type: 'str_card', token: v.token, ...card('4000000000000002') }));
    expect(declined).toMatch(new RegExp(`^/${SHOP}/mis-compras/([0-9a-f-]{36})\\?pago=card_declined$`));
    const orderId = declined.split('/').pop()!.split('?')[0]!;
    const page = await c.get(declined);
    expect(page.text).toContain('El pago con tu banco falló');
    const { token } = (await c.get(`/api/orders/${orderId}/token`)).json();
    // A stale token is refused back to the order page.
    expect(location(await postForm(c, `/${SHOP}/mis-compras/${orderId}`, { action: 'pay', payment_type: 'str_card', token: 'ptk_not_the_token', ...card(CARD) })))
      .toBe(`/${SHOP}/mis-compras/${orderId}?pago=payment_token_stale`);
    // The order page's pay form with a 3-D Secure card: to the sandbox page, which comes back to the order, paid.
    const three = location(await postForm(c, `/${SHOP}/mis-compras/${orderId}`, { action: 'pay', payment_type: 'str_card', token, 'card-choice': 'new', ...card('4000000000003220') }));
    expect(three).toMatch(/^\/sandbox\/3ds\/[0-9a-f-]{36}$/);
    const back = location(await postForm(c, three, { action: 'approve' }));
    expect(back).toMatch(new RegExp(`^/${SHOP}/mis-compras/${orderId}`));
    expect((await c.get(`/api/orders/${orderId}`)).json().payment_status).toBe('paid');
    // Nobody else can pay (or learn about) that order through the form.
    const other = new Client();
    await signUp(other);
    expect(location(await postForm(other, `/${SHOP}/mis-compras/${orderId}`, { action: 'pay', payment_type: 'str_card', token, ...card(CARD) })))
      .toBe(`/${SHOP}/mis-compras/${orderId}?pago=not_found`);
  });

  it('starts the checkout of a cart order from the cart\'s pay button', async () => {
    const c = new Client();
    await signUp(c);
    expect((await c.post('/api/cart/items', { shop: SHOP, product_id: P(0), amount: 1 })).status).toBeLessThan(300);
    const to = location(await postForm(c, `/${SHOP}/carrito`, { action: 'checkout', supplier_id: picks.suppliers.textiles, currency: 'MXN' }));
    expect(to).toMatch(new RegExp(`^/${SHOP}/comprar/[0-9a-f-]{36}$`));
    expect((await c.get(`/api/checkout/${to.split('/').pop()}`)).json()).toMatchObject({ status: 'open', source: 'cart' });
    // An unconfigured supplier: the cart page again, with the warning.
    const refused = await postForm(c, `/${SHOP}/carrito`, { action: 'checkout', supplier_id: picks.suppliers.barro, currency: 'MXN' });
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('cart-toast');
  });
});
