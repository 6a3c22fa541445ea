// Reservation hoarding (issue 9, finding 10): one visitor cannot lock a product's stock. A checkout restarts at most
// CHECKOUT_MAX_RESTARTS times; one shopper (user, anonymous id or guest e-mail) holds stock in at most
// CHECKOUT_OPEN_PER_SHOPPER checkouts at once, one address in at most CHECKOUT_OPEN_PER_ADDRESS; and nobody holds more
// than holdCap() units of one product. Over HTTP against the demo server, and at service level for what needs the clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Client } from '../support/http.ts';
import { freshDb } from '../support/db.ts';
import { products } from '../../src/db/schema/index.ts';
import { checkouts } from '../../src/db/schema/commerce.ts';
import { restartCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { sweepExpired } from '../../src/domain/checkout/sweeper.ts';
import { CHECKOUT_MAX_RESTARTS, CHECKOUT_OPEN_PER_ADDRESS, CHECKOUT_OPEN_PER_SHOPPER } from '../../src/lib/shared/constants.ts';
import { demoPicks, makeWorld, type World } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
// Demo items other files use too: their stock is put back and every checkout opened here is canceled at the end.
const A = picks.textiles[7]!;
const B = picks.textiles[8]!;
const C = picks.textiles[9]!;
const supplier = new Client();
const opened: { c: Client; id: string }[] = [];
const original = new Map<string, number>();

beforeAll(async () => {
  await supplier.login('proveedor@demo.test');
  for (const id of [A, B, C]) original.set(id, (await supplier.get(`/api/supplier/products/${id}/stock`)).json().stock_on_hand);
});
afterAll(async () => {
  for (const { c, id } of opened) await c.request('DELETE', `/api/checkout/${id}`);
  for (const [id, n] of original) await supplier.request('PUT', `/api/supplier/products/${id}/stock`, { body: { stock_on_hand: n } });
});

const setStock = async (id: string, n: number) => expect((await supplier.request('PUT', `/api/supplier/products/${id}/stock`, { body: { stock_on_hand: n } })).status).toBe(200);
const mail = () => `guest-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@test.example`;

/** A guest's buy-now start; remembered so it is canceled at the end. */
async function guestStart(c: Client, email: string, items: { product_id: string; amount: number }[]) {
  const r = await c.post('/api/checkout', { shop: SHOP, items, buy_now: true, start_as_anonymous: true, guest: { email } });
  if (r.status === 201) opened.push({ c, id: r.json().id });
  return r;
}

describe('reservation hoarding over HTTP', () => {
  it('refuses a restart past the cap with restart_limit_reached, and the stock is then released on time', async () => {
    await setStock(A, 50);
    const c = new Client();
    const s = await guestStart(c, mail(), [{ product_id: A, amount: 1 }]);
    expect(s.status, s.text).toBe(201);
    for (let i = 0; i < CHECKOUT_MAX_RESTARTS; i++) expect((await c.post(`/api/checkout/${s.json().id}/restart`)).status).toBe(200);
    const refused = await c.post(`/api/checkout/${s.json().id}/restart`);
    expect(refused.status).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'restart_limit_reached', message: expect.stringMatching(/desde el carrito/) });
    // The checkout itself stays usable until its countdown ends.
    expect((await c.get(`/api/checkout/${s.json().id}`)).json().status).toBe('open');
  });

  it('lets one shopper hold stock in a few checkouts at once, even when the requests race', async () => {
    await setStock(A, 50);
    const c = new Client();
    await c.get('/api/me'); // the visitor's anonymous id cookie, before the requests race
    const email = mail();
    const answers = await Promise.all(Array.from({ length: CHECKOUT_OPEN_PER_SHOPPER + 3 }, () => guestStart(c, email, [{ product_id: A, amount: 1 }])));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(CHECKOUT_OPEN_PER_SHOPPER).fill(201), ...Array(3).fill(429)]);
    const refused = answers.find((r) => r.status === 429)!.json().error;
    expect(refused).toMatchObject({ code: 'too_many_open_checkouts', message: expect.stringMatching(/termina o cancela/) });
    // The same e-mail from another browser and address is the same shopper.
    expect((await guestStart(new Client(), email, [{ product_id: A, amount: 1 }])).status).toBe(429);
    // Canceling one frees a place.
    const mine = opened.filter((o) => o.c === c);
    expect((await c.request('DELETE', `/api/checkout/${mine[0]!.id}`)).status).toBe(200);
    expect((await guestStart(c, email, [{ product_id: A, amount: 1 }])).status).toBe(201);
  });

  it('limits the checkouts holding stock from one address, whatever cookie and e-mail each request sends', async () => {
    await setStock(C, 100);
    const address = `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i <= CHECKOUT_OPEN_PER_ADDRESS; i++) {
      statuses.push((await guestStart(new Client(undefined, { 'x-forwarded-for': address }), mail(), [{ product_id: C, amount: 1 }])).status);
    }
    expect(statuses).toEqual([...Array(CHECKOUT_OPEN_PER_ADDRESS).fill(201), 429]);
    // The refusal speaks the language of the page that asked (a Spanish page in an English browser), not the browser's.
    const page = new URL(`/${SHOP}/comprar/nuevo?lang=es`, supplier.base).href;
    const refused = await guestStart(new Client(undefined, { 'x-forwarded-for': address, 'accept-language': 'en-US,en;q=0.9', referer: page }), mail(), [{ product_id: C, amount: 1 }]);
    expect(refused.status).toBe(429);
    expect(refused.json().error.message).toMatch(/^Ya tienes compras en curso/);
    // Another address is not affected.
    expect((await guestStart(new Client(), mail(), [{ product_id: C, amount: 1 }])).status).toBe(201);
  });

  it('does not let one guest hold every unit of a product', async () => {
    await setStock(B, 40);
    const free = async () => (await supplier.get(`/api/supplier/products/${B}/stock`)).json().available as number;
    const before = await free();
    const c = new Client();
    const email = mail();
    const all = await guestStart(c, email, [{ product_id: B, amount: 40 }]);
    expect(all.status).toBe(409);
    expect(all.json().error.code).toBe('hold_limit_exceeded');
    expect(all.json().error.fields[`items.${B}`][0]).toMatch(/^Como máximo 20 unidades/);
    // Half is fine; more on top of it in another checkout is not; another shopper still finds stock.
    expect((await guestStart(c, email, [{ product_id: B, amount: 20 }])).status).toBe(201);
    const more = await guestStart(c, email, [{ product_id: B, amount: 1 }]);
    expect(more.status).toBe(409);
    expect(more.json().error.code).toBe('hold_limit_exceeded');
    expect((await guestStart(new Client(), mail(), [{ product_id: B, amount: 5 }])).status).toBe(201);
    expect(await free()).toBe(before - 25);
  });
});

describe('reservation hoarding at service level', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  let w: World;
  beforeAll(async () => { h = await freshDb(); w = await makeWorld(h.db); });
  afterAll(async () => { await h.dispose(); });
  const start = (viewer: Awaited<ReturnType<World['buyer']>>, product: string, amount = 1) =>
    startCheckout(h.db, w.shop, viewer, { items: [{ product_id: product, amount }], buy_now: true, start_as_anonymous: false });
  const expire = (id: string) => h.db.update(checkouts).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(checkouts.id, id));

  it('a restart after expiry counts against the caps like a new start', async () => {
    await h.db.update(products).set({ stock_on_hand: 50, stock_reserved: 0 }).where(eq(products.id, w.p.maxThree));
    const buyer = await w.buyer();
    const first = await start(buyer, w.p.maxThree);
    await expire(first.id);
    await sweepExpired(h.db);
    for (let i = 0; i < CHECKOUT_OPEN_PER_SHOPPER; i++) await start(buyer, w.p.maxThree);
    await expect(restartCheckout(h.db, buyer, first.id)).rejects.toMatchObject({ code: 'too_many_open_checkouts', status: 429 });
  });

  it('counts only the last hour of an address: a new shopper behind a busy shared address can still buy', async () => {
    await h.db.update(products).set({ stock_on_hand: 500, stock_reserved: 0 }).where(eq(products.id, w.p.maxThree));
    const address = `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const from = async (n: number) => startCheckout(h.db, w.shop, await w.buyer(n), {
      items: [{ product_id: w.p.maxThree, amount: 1 }], buy_now: true, start_as_anonymous: false, client_address: address,
    });
    const held: string[] = [];
    for (let i = 0; i < CHECKOUT_OPEN_PER_ADDRESS; i++) held.push((await from(100 + i)).id);
    await expect(from(200)).rejects.toMatchObject({ code: 'too_many_open_checkouts', status: 429 });
    // Two hours later the references still hold their units (store cash waits 48 h), but not the address.
    await h.db.update(checkouts).set({ created_at: new Date(Date.now() - 2 * 60 * 60 * 1000), expires_at: new Date(Date.now() + 46 * 60 * 60 * 1000) })
      .where(inArray(checkouts.id, held));
    expect((await from(201)).status).toBe('open');
  });

  it('refuses to restart a checkout older than the cap, even with restarts left', async () => {
    const buyer = await w.buyer();
    const c = await start(buyer, w.p.onDemand);
    expect((await restartCheckout(h.db, buyer, c.id)).status).toBe('open');
    await h.db.update(checkouts).set({ created_at: new Date(Date.now() - 3 * 60 * 60 * 1000) }).where(eq(checkouts.id, c.id));
    await expect(restartCheckout(h.db, buyer, c.id)).rejects.toMatchObject({ code: 'restart_limit_reached', status: 409 });
  });
});
