// Paying with a saved card (seed 001 §3 saved card, checkout constant card_id): only the buyer's own cards (another
// user's or a guest's attempt is 404, whether the card exists or not), an expired card is refused with a clear 400
// card_expired, and the buyer's own card pays once (a double submit finds the same charge). Installments keep their
// rule (credit cards only). Service level on a fresh database, then over HTTP against the demo server.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { Client } from '../support/http.ts';
import { checkouts, orders, payments, savedCards } from '../../src/db/schema/commerce.ts';
import { chooseDelivery, updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { listCards, payCheckout } from '../../src/domain/payments/service.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { ADDRESS, CONTACT, demoPicks, makeWorld, readyCheckoutHttp, signUp, type World } from './checkout.fixtures.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
let w: World;
beforeAll(async () => { h = await freshDb(); w = await makeWorld(h.db); });
afterAll(async () => { await h.dispose(); });

const OPTS = { basePath: '/t' };

async function readyCheckout(viewer: Viewer) {
  const c = await startCheckout(h.db, w.shop, viewer, { items: [{ product_id: w.p.onDemand, amount: 1 }], buy_now: true, start_as_anonymous: false });
  await updateCheckout(h.db, viewer, c.id, { contact: CONTACT, address: { ...addressInput.parse(ADDRESS), save: false } });
  return chooseDelivery(h.db, viewer, c.id, { delivery_type: 'fixed_delivery' });
}

async function saveCard(viewer: Viewer, v: { last4: string; exp_month: number; exp_year: number; type?: 'credit' | 'debit'; behaviour?: string }) {
  if (viewer.kind !== 'user') throw new Error('users only');
  const [row] = await h.db.insert(savedCards).values({
    user_id: viewer.user.id, provider: 'sandbox-card', name: 'Rosa Martínez', brand: 'visa', last4: v.last4, card_type: v.type ?? 'credit',
    bank: 'Banco Sandbox', exp_month: v.exp_month, exp_year: v.exp_year, sandbox_behaviour: v.behaviour ?? 'approve', fingerprint: randomUUID(),
  }).returning();
  return row!;
}

const nextYear = new Date().getUTCFullYear() + 1;

describe('saved cards (service)', () => {
  it("another user's card is not found (404) and places nothing; a guest cannot use one either", async () => {
    const owner = await w.buyer(1);
    const other = await w.buyer(2);
    const card = await saveCard(owner, { last4: '4242', exp_month: 12, exp_year: nextYear });
    const c = await readyCheckout(other);
    await expect(payCheckout(h.db, other, c.id, { payment_type: 'str_card', token: c.token!, card_id: card.id, save_card: false }, OPTS))
      .rejects.toMatchObject({ status: 404, code: 'not_found', fields: { card_id: expect.any(Array) } });
    // An id that names no card at all answers the same.
    await expect(payCheckout(h.db, other, c.id, { payment_type: 'str_card', token: c.token!, card_id: randomUUID(), save_card: false }, OPTS))
      .rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(await h.db.select().from(orders).where(eq(orders.checkout_id, c.id))).toHaveLength(0);
    expect((await h.db.select().from(checkouts).where(eq(checkouts.id, c.id)))[0]!.status).toBe('open');

    const guest: Viewer = { kind: 'anonymous', anonymousId: randomUUID() };
    const g = await startCheckout(h.db, w.shop, guest, { items: [{ product_id: w.p.onDemand, amount: 1 }], buy_now: true, start_as_anonymous: true, guest: { email: 'g@test.example' } });
    await updateCheckout(h.db, guest, g.id, { contact: CONTACT, address: { ...addressInput.parse(ADDRESS), save: false } });
    const gd = await chooseDelivery(h.db, guest, g.id, { delivery_type: 'fixed_delivery' });
    await expect(payCheckout(h.db, guest, g.id, { payment_type: 'str_card', token: gd.token!, card_id: card.id, save_card: false }, OPTS))
      .rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('an expired saved card is refused with a clear 400 card_expired and places nothing', async () => {
    const buyer = await w.buyer(3);
    const old = await saveCard(buyer, { last4: '1881', exp_month: 1, exp_year: 2024 });
    const listed = (await listCards(h.db, buyer)).results.find((r) => r.id === old.id)!;
    expect(listed).toMatchObject({ termination: '1881', expiry: '01/24', expired: true });
    const c = await readyCheckout(buyer);
    const err = await payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, card_id: old.id, save_card: false }, OPTS).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: 'card_expired' });
    expect((err as Error).message).toBe('The saved card ending in 1881 expired (01/24): choose another card or enter a new one');
    expect((err as { fields: Record<string, string[]> }).fields.card_id).toEqual(['validation.savedCardExpired']);
    expect((err as { vars: Record<string, string> }).vars).toEqual({ last4: '1881', exp: '01/24' });
    expect(await h.db.select().from(orders).where(eq(orders.checkout_id, c.id))).toHaveLength(0);
  });

  it('the buyer\'s own card pays once: a repeated or concurrent submit finds the same charge', async () => {
    const buyer = await w.buyer(4);
    const card = await saveCard(buyer, { last4: '4444', exp_month: new Date().getUTCMonth() + 1, exp_year: new Date().getUTCFullYear() });
    // A card valid until the end of this month still pays.
    expect((await listCards(h.db, buyer)).results[0]).toMatchObject({ id: card.id, expired: false });
    const c = await readyCheckout(buyer);
    const body = { payment_type: 'str_card', token: c.token!, card_id: card.id, save_card: false };
    const [a, b] = await Promise.all([payCheckout(h.db, buyer, c.id, body, OPTS), payCheckout(h.db, buyer, c.id, body, OPTS)]);
    const again = await payCheckout(h.db, buyer, c.id, body, OPTS);
    expect(a.payment!.id).toBe(b.payment!.id);
    expect(again.payment!.id).toBe(a.payment!.id);
    // The concurrent twin may answer while the charge is still under way; once both are done it is paid.
    expect(again).toMatchObject({ payment_status: 'paid', payment: { status: 'succeeded', card: { last4: '4444', brand: 'visa', type: 'credit' } } });
    const rows = await h.db.select().from(payments).where(eq(payments.order_id, a.order_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.card_token_id).toBeNull();
    const [o] = await h.db.select().from(orders).where(eq(orders.id, a.order_id));
    expect(o!.amount_paid).toBe(o!.order_total);
    expect(o!.payment_method).toMatchObject({ last4: '4444' });
  });

  it('installments stay for credit cards only; a saved card and a new card together are refused', async () => {
    const buyer = await w.buyer(5);
    const debit = await saveCard(buyer, { last4: '5556', exp_month: 12, exp_year: nextYear, type: 'debit' });
    const credit = await saveCard(buyer, { last4: '4242', exp_month: 12, exp_year: nextYear });
    const c = await readyCheckout(buyer);
    await expect(payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, card_id: debit.id, msi_payments: 3, save_card: false }, OPTS))
      .rejects.toMatchObject({ code: 'installments_not_allowed', message: 'Card does not accept installments, try a credit card' });
    await expect(payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, card_id: credit.id, card_token: 'tok_x', save_card: false }, OPTS))
      .rejects.toMatchObject({ status: 400, fields: { card_id: expect.any(Array) } });
    const ok = await payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, card_id: credit.id, msi_payments: 6, save_card: false }, OPTS);
    expect(ok.payment).toMatchObject({ status: 'succeeded', installments: 6 });
  });

  it('a saved card declined by the bank fails the attempt like a typed card', async () => {
    const buyer = await w.buyer(6);
    const card = await saveCard(buyer, { last4: '0002', exp_month: 12, exp_year: nextYear, behaviour: 'decline' });
    const c = await readyCheckout(buyer);
    const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, card_id: card.id, save_card: false }, OPTS);
    expect(r.payment_status).toBe('failed');
    expect(r.payment!.failure).toMatchObject({ code: 'card_declined', reload_token: true });
  });
});

describe('saved cards (HTTP)', () => {
  const picks = demoPicks();
  const SHOP = picks.shopSlug;
  const item = () => [{ product_id: picks.cafeOnDemand[0]!, amount: 1 }];

  it('a card saved at payment is listed with termination and expiry; another user gets 404 with it, its owner pays once', async () => {
    const owner = new Client();
    await signUp(owner, 'cards');
    const ck = await readyCheckoutHttp(owner, SHOP, item());
    const tok = await owner.post('/api/payments/cards/tokens', { name: 'Rosa Martínez', number: '4242 4242 4242 4242', cvc: '123', exp: '12/35' });
    expect(tok.status, tok.text).toBe(201);
    const first = await owner.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: tok.json().id, save_card: true });
    expect(first.json().payment.status).toBe('succeeded');
    const list = (await owner.get('/api/payments/cards')).json();
    expect(list.results).toHaveLength(1);
    const card = list.results[0];
    expect(card).toMatchObject({ brand: 'visa', termination: '4242', last4: '4242', expiry: '12/35', expired: false, type: 'credit' });

    // The payment step lists it for its owner only.
    const ck2 = await readyCheckoutHttp(owner, SHOP, item());
    const page = await owner.get(`/${SHOP}/comprar/${ck2.id}`);
    expect(page.status).toBe(200);
    const html = page.text.replaceAll('<!-- -->', '');
    expect(html).toContain('Visa terminación 4242');
    expect(html).toContain('Vence 12/35');

    const other = new Client();
    await signUp(other, 'thief');
    const oc = await readyCheckoutHttp(other, SHOP, item());
    expect((await other.get(`/${SHOP}/comprar/${oc.id}`)).text.replaceAll('<!-- -->', '')).not.toContain('terminación 4242');
    const stolen = await other.post(`/api/checkout/${oc.id}/pay`, { payment_type: 'str_card', token: oc.token, card_id: card.id });
    expect(stolen.status).toBe(404);
    expect(stolen.json().error).toMatchObject({ code: 'not_found', fields: { card_id: ['Esa tarjeta guardada ya no está disponible'] } });
    expect((await other.get(`/api/checkout/${oc.id}`)).json()).toMatchObject({ status: 'open', order_id: null });
    expect((await new Client().post(`/api/checkout/${oc.id}/pay`, { payment_type: 'str_card', token: oc.token, card_id: card.id })).status).toBe(404);

    const body = { payment_type: 'str_card', token: ck2.token, card_id: card.id };
    const paid = await owner.post(`/api/checkout/${ck2.id}/pay`, body);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json()).toMatchObject({ payment_status: 'paid', payment: { status: 'succeeded', card: { last4: '4242' } } });
    const replay = await owner.post(`/api/checkout/${ck2.id}/pay`, body);
    expect(replay.json().payment.id).toBe(paid.json().payment.id);
    const order = (await owner.get(`/api/orders/${paid.json().order_id}`)).json();
    expect(order.payments).toHaveLength(1);
    expect(order.amount_paid).toBe(order.order_total);
    expect((await owner.request('DELETE', `/api/payments/cards/${card.id}`)).status).toBe(200);
  });
});
