// A declined card leaves the checkout payable (issue 10): the buyer tries another card or method on the same
// checkout at once, not 'Esta compra ya no está abierta (placed)'. The checkout page stays the checkout (in the
// buyer's language); a pending reference or a paid order still goes to the order page.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
// Café de Altura's on-demand items (no stock to set); it takes cards and store cash.
const P = (i: number) => picks.cafeOnDemand[i]!;
/** The page as read: islands' props (their texts) left out. */
const visible = (html: string) => html.replace(/ props="[^"]*"/g, '');
const tokenize = async (c: Client, number: string) => {
  const r = await c.post('/api/payments/cards/tokens', { name: 'Rosa Martínez', number, cvc: '123', exp: '12/35' });
  expect(r.status, r.text).toBe(201);
  return r.json().id as string;
};

describe('retry after a declined card', () => {
  it('the checkout stays payable: its page is the checkout, and another card pays the same order', async () => {
    const c = new Client();
    await signUp(c);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: P(0), amount: 1 }]);
    const declined = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: await tokenize(c, '4000000000000002') })).json();
    expect(declined.payment.failure).toMatchObject({ code: 'card_declined' });
    const after = (await c.get(`/api/checkout/${ck.id}`)).json();
    expect(after).toMatchObject({ payable: true, order_id: declined.order_id });
    expect(after.token).toBeTruthy();
    expect(after.token).not.toBe(ck.token);
    // The page is still the checkout (not a redirect to the order), with the pay form.
    const page = await c.get(`/${SHOP}/comprar/${ck.id}`, { headers: { 'accept-language': 'es-MX' } });
    expect(page.status).toBe(200);
    expect(visible(page.text)).not.toContain('ya no está abierta');
    expect(page.text).toContain('data-testid="checkout-retry"');
    const ok = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: after.token, card_token: await tokenize(c, '4242424242424242') })).json();
    expect(ok).toMatchObject({ order_id: declined.order_id, payment_status: 'paid', payment: { status: 'succeeded', failure: null } });
    const paid = (await c.get(`/api/checkout/${ck.id}`)).json();
    expect(paid.payable).toBe(false);
    const back = await c.get(`/${SHOP}/comprar/${ck.id}`);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/${SHOP}/mis-compras/${declined.order_id}`);
    // The order page shows it paid, with the card, and no old failure text.
    const order = await c.get(`/${SHOP}/mis-compras/${declined.order_id}`, { headers: { 'accept-language': 'en-US' } });
    expect(visible(order.text)).toContain('Visa ending in 4242');
    expect(visible(order.text)).not.toMatch(/Bank payment failed|contact your bank|comunícate con tu banco/);
  });

  it('after a decline the buyer switches to a store cash reference on the same checkout; then the page is the order', async () => {
    const c = new Client();
    await signUp(c);
    const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: P(1), amount: 1 }]);
    const declined = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: await tokenize(c, '4000000000000002') })).json();
    const { token } = (await c.get(`/api/checkout/${ck.id}`)).json();
    const store = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'openpay_store', token })).json();
    expect(store).toMatchObject({ order_id: declined.order_id, payment: { status: 'pending' } });
    expect((await c.get(`/api/checkout/${ck.id}`)).json().payable).toBe(false);
    const page = await c.get(`/${SHOP}/comprar/${ck.id}`);
    expect(page.status).toBe(303);
    // The order page: the reference with its real expiry (48 h, in the shop's time zone), a scannable code, copy
    // buttons, the stores in words; no raw detail keys, no '1 hour' text, no old decline.
    const expires = new Date(store.payment.reference_expires_at);
    expect(expires.getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);
    const html = visible((await c.get(`/${SHOP}/mis-compras/${store.order_id}`, { headers: { 'accept-language': 'es-MX' } })).text);
    const when = new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(expires);
    expect(html).toContain(`Vence el ${when}`);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Código de barras de la referencia \d+"/);
    expect(html).toContain(`data-copy="${store.payment.reference}"`);
    expect(html).toContain('farmacias, tiendas de conveniencia');
    expect(html).not.toMatch(/barcode_format|stores:|1 hora|comunícate con tu banco|Bank payment failed/);
    // Canceled from its page, the buyer goes back to the purchases list.
    const cancel = await c.request('POST', `/${SHOP}/mis-compras/${store.order_id}`, {
      raw: new URLSearchParams({ action: 'cancel', reason: 'requested_by_client', description: 'Ya no lo necesito' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: c.base },
    });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.location).toBe(`/${SHOP}/mis-compras?cancelado=${store.order_id}`);
    expect((await c.get(`/api/orders/${store.order_id}`)).json().status).toBe('canceled');
  });
});
