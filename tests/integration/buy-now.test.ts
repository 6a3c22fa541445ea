// 'Buy now' on a product page (issue 10): the product form's second button posts action=buy_now with the line to the
// cart page, which works without script. A signed-in shopper lands on a checkout of that one line (the cart keeps
// what it had); a guest goes to the guest start page with the line; a refusal (not for sale) shows on the cart page
// in the visitor's language.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
// On-demand coffee: no stock for other test files to race for.
const P = (i: number) => picks.cafeOnDemand[i]!;

const postForm = (c: Client, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  c.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

describe('buy now', () => {
  it('the product page offers it in the same form as add to cart', async () => {
    const product = (await new Client().get(`/api/shops/${SHOP}/products?type=product&limit=1`)).json().results[0];
    const html = (await new Client().get(`/${SHOP}/productos/${product.owner}/${product.id}`, { headers: { 'accept-language': 'en' } })).text;
    const form = html.match(/<form class="pd-buy"[\s\S]*?<\/form>/)?.[0] ?? '';
    expect(form).toMatch(/<button[^>]*name="action"[^>]*value="buy_now"[^>]*>Buy now<\/button>/);
  });

  it('signed in: a checkout of that one line, the cart left as it was', async () => {
    const c = new Client();
    await signUp(c);
    expect((await c.post('/api/cart/items', { shop: SHOP, product_id: P(1), amount: 1 })).status).toBeLessThan(300);
    const r = await postForm(c, `/${SHOP}/carrito`, { action: 'buy_now', shop: SHOP, product_id: P(0), amount: '2' });
    expect(r.status, r.text.slice(0, 300)).toBe(303);
    const to = String(r.headers.location);
    expect(to).toMatch(new RegExp(`^/${SHOP}/comprar/[0-9a-f-]{36}$`));
    const ck = (await c.get(`/api/checkout/${to.split('/').pop()}`)).json();
    expect(ck.source).toBe('buy_now');
    expect(ck.lines.map((l: { product_id: string; amount: number }) => [l.product_id, l.amount])).toEqual([[P(0), 2]]);
    const cart = (await c.get(`/api/cart?shop=${SHOP}`)).json();
    expect(cart.orders.flatMap((o: { products: { product_id: string }[] }) => o.products.map((p) => p.product_id))).toEqual([P(1)]);
  });

  it('a guest goes to the guest start page with the line', async () => {
    const r = await postForm(new Client(), `/${SHOP}/carrito`, { action: 'buy_now', shop: SHOP, product_id: P(0), amount: '1' });
    expect(r.status).toBe(303);
    const to = new URL(String(r.headers.location), 'http://x');
    expect(to.pathname).toBe(`/${SHOP}/comprar/nuevo`);
    expect(JSON.parse(to.searchParams.get('items')!)).toEqual([{ product_id: P(0), variant: {}, amount: 1 }]);
  });

  it('an item not for sale: the cart page says so in the visitor\'s language', async () => {
    const c = new Client(undefined, { 'accept-language': 'en-US' });
    await signUp(c);
    const r = await postForm(c, `/${SHOP}/carrito`, { action: 'buy_now', shop: SHOP, product_id: picks.unpublished[0]!, amount: '1' });
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/<h1[^>]*>My cart<\/h1>/);
    expect(r.text).toMatch(/role="alert"[^>]*>Product temporarily unavailable</);
  });
});
