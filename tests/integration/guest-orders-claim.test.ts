// A guest's orders join the account without anyone calling POST /api/orders/claim: at sign-up (once its mailed code
// proves the e-mail) and at password sign-in (orders placed in this browser with the account's e-mail), and at a PIN
// sign-in (the mailbox is proven: orders with that e-mail from any browser). Another browser's orders with an e-mail nobody proved stay apart.
import { describe, expect, it } from 'vitest';
import { Client, mailedCode } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const unique = (p: string) => `${p}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@test.example`;

async function guestOrder(c: Client, email: string): Promise<string> {
  const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: picks.cafeOnDemand[1]!, amount: 1 }], { start_as_anonymous: true, guest: { email }, buy_now: false });
  const r = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'openpay_store', token: ck.token });
  expect(r.status, r.text).toBe(200);
  return r.json().order_id;
}
const listed = async (c: Client) => ((await c.get('/api/orders')).json().results as { id: string }[]).map((o) => o.id);

describe('guest orders join the account at sign-in', () => {
  it('sign-up with the e-mail the guest bought with (API): Mis compras lists the order at once', async () => {
    const g = new Client();
    const email = unique('guest');
    const id = await guestOrder(g, email);
    await g.signup(email, 'Invitada');
    expect(await listed(g)).toEqual([id]);
  });

  it('sign-up through the HTML form claims them too', async () => {
    const g = new Client();
    const email = unique('guest-form');
    const id = await guestOrder(g, email);
    const form = new URLSearchParams({ name: 'Invitada', email, password: 'a-long-password' }).toString();
    const r = await g.request('POST', '/signup', { raw: form, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: g.base } });
    expect(r.status, r.text.slice(0, 300)).toBe(303);
    // Nobody is signed in until the mailed code proves the e-mail, on the page the form leads to.
    expect((await g.get('/api/orders')).status).toBe(401);
    const code = new URLSearchParams({ step: 'verify', pin: await mailedCode(email) }).toString();
    const v = await g.request('POST', r.headers.location!, { raw: code, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: g.base } });
    expect(v.status, v.text.slice(0, 300)).toBe(303);
    expect(await listed(g)).toEqual([id]);
  });

  it('password sign-in in the browser that bought; not another browser\'s guest orders', async () => {
    const email = unique('buyer');
    const owner = new Client();
    await owner.signup(email, 'Dueña');
    // Someone else types this e-mail as a guest in their own browser: not the account's, nothing proves it.
    const stranger = new Client();
    const strangers = await guestOrder(stranger, email);
    // The owner buys as a guest in a fresh browser, then signs in there.
    const g = new Client();
    const mine = await guestOrder(g, email.toUpperCase());
    expect((await g.post('/api/auth/login', { email, password: 'a-long-password' })).status).toBe(200);
    const ids = await listed(g);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(strangers);
    expect((await owner.get(`/api/orders/${strangers}`)).status).toBe(404);
  });

  it('a PIN sign-in proves the mailbox: guest orders with that e-mail from any browser', async () => {
    const email = unique('pin');
    const owner = new Client();
    await owner.signup(email, 'Dueña');
    const elsewhere = await guestOrder(new Client(), email);
    const c = new Client();
    expect((await c.post('/api/auth/pin/request', { email })).status).toBe(202);
    const pin = (await c.get('/dev/outbox')).text.match(new RegExp(`${email.replace(/[.]/g, '\\.')}[\\s\\S]*?(\\d{6})`))?.[1];
    expect(pin).toMatch(/^\d{6}$/);
    expect((await c.post('/api/auth/pin/verify', { email, pin })).status).toBe(200);
    expect(await listed(c)).toContain(elsewhere);
  });
});
