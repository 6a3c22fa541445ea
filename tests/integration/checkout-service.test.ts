// Checkout, stock and payment rules against a real database (PGlite in memory, or PostgreSQL in the postgres
// project): reservations expire and release, payment allocates, cancel releases, webhooks and double submits
// are processed once, and concurrent checkouts never oversell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { products, shopProducts } from '../../src/db/schema/index.ts';
import { checkouts, orderHistory, orders, payments, stockReservations, webhookInbox } from '../../src/db/schema/commerce.ts';
import { cancelCheckout, chooseDelivery, restartCheckout, updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { sweepExpired } from '../../src/domain/checkout/sweeper.ts';
import { payCheckout, receiveWebhook, tokenizeCard } from '../../src/domain/payments/service.ts';
import { sign, webhookSecret } from '../../src/domain/payments/signature.ts';
import { eventBody } from '../../src/domain/payments/providers.ts';
import { customerCancel, supplierNext, customerNext, getOrderDetail } from '../../src/domain/orders/service.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { ADDRESS, CONTACT, makeWorld, type World } from './checkout.fixtures.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
let w: World;
beforeAll(async () => { h = await freshDb(); w = await makeWorld(h.db); });
afterAll(async () => { await h.dispose(); });

const stock = async (id: string) => (await h.db.select({ on: products.stock_on_hand, res: products.stock_reserved }).from(products).where(eq(products.id, id)))[0]!;
const setStock = (id: string, n: number) => h.db.update(products).set({ stock_on_hand: n, stock_reserved: 0 }).where(eq(products.id, id));

async function readyCheckout(viewer: Viewer, items: { product_id: string; amount: number; variant?: Record<string, string> }[]) {
  const c = await startCheckout(h.db, w.shop, viewer, { items, buy_now: true, start_as_anonymous: false });
  await updateCheckout(h.db, viewer, c.id, { contact: CONTACT, address: { ...addressInput.parse(ADDRESS), save: false } });
  return chooseDelivery(h.db, viewer, c.id, { delivery_type: 'fixed_delivery' });
}

describe('stock reservations', () => {
  it('reserves at start, and the sweeper releases expired reservations once', async () => {
    await setStock(w.p.tenUnits, 10);
    const buyer = await w.buyer();
    const c = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.tenUnits, amount: 3 }], buy_now: true, start_as_anonymous: false });
    expect(c.status).toBe('open');
    expect(c.seconds_left).toBeGreaterThan(14 * 60);
    expect(await stock(w.p.tenUnits)).toEqual({ on: 10, res: 3 });
    await h.db.update(checkouts).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(checkouts.id, c.id));
    expect(await sweepExpired(h.db)).toBe(1);
    expect(await sweepExpired(h.db)).toBe(0);
    expect(await stock(w.p.tenUnits)).toEqual({ on: 10, res: 0 });
    const [row] = await h.db.select().from(checkouts).where(eq(checkouts.id, c.id));
    expect(row!.status).toBe('expired');
    // Restart after expiry reserves again when the stock allows.
    const again = await restartCheckout(h.db, buyer, c.id);
    expect(again.status).toBe('open');
    expect(await stock(w.p.tenUnits)).toEqual({ on: 10, res: 3 });
    await cancelCheckout(h.db, buyer, c.id);
  });

  it('cancel releases at once; ondemand items reserve nothing', async () => {
    await setStock(w.p.tenUnits, 10);
    const buyer = await w.buyer();
    const c = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.tenUnits, amount: 4 }, { product_id: w.p.onDemand, amount: 7 }], buy_now: true, start_as_anonymous: false });
    expect(await stock(w.p.tenUnits)).toEqual({ on: 10, res: 4 });
    expect((await stock(w.p.onDemand)).res).toBe(0);
    const canceled = await cancelCheckout(h.db, buyer, c.id);
    expect(canceled.status).toBe('canceled');
    expect(await stock(w.p.tenUnits)).toEqual({ on: 10, res: 0 });
  });

  it('refuses more than the stock with insufficient_stock and holds nothing', async () => {
    await setStock(w.p.tenUnits, 2);
    const err = await startCheckout(h.db, w.shop, await w.buyer(), { items: [{ product_id: w.p.tenUnits, amount: 3 }, { product_id: w.p.maxThree, amount: 1 }], buy_now: true, start_as_anonymous: false }).catch((e) => e);
    expect(err.code).toBe('insufficient_stock');
    expect(err.fields[`items.${w.p.tenUnits}`]).toEqual(['validation.quantityExceeded']);
    expect(err.fieldVars[`items.${w.p.tenUnits}`]).toEqual({ available: 2 });
    expect((await stock(w.p.maxThree)).res).toBe(0);
  });

  it('refuses an unconfigured supplier and unpublished items', async () => {
    const buyer = await w.buyer();
    await expect(startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.foreign, amount: 1 }], buy_now: true, start_as_anonymous: false })).rejects.toMatchObject({ code: 'supplier_not_configured' });
    await expect(startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.unpublished, amount: 1 }], buy_now: true, start_as_anonymous: false })).rejects.toMatchObject({ code: 'unavailable_for_sale' });
    await expect(startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.empty, amount: 1 }], buy_now: true, start_as_anonymous: false })).rejects.toMatchObject({ code: 'out_of_stock' });
    await expect(startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.maxThree, amount: 4 }], buy_now: true, start_as_anonymous: false })).rejects.toMatchObject({ code: 'max_purchase_amount_exceeded' });
  });

  it('never oversells: 50 parallel checkouts for 10 units reserve exactly 10', async () => {
    await setStock(w.p.tenUnits, 10);
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => w.buyer(i)));
    const results = await Promise.allSettled(buyers.map((b) => startCheckout(h.db, w.shop, b, { items: [{ product_id: w.p.tenUnits, amount: 1 }], buy_now: true, start_as_anonymous: false })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => r.reason.code === 'insufficient_stock')).toBe(true);
    expect(await stock(w.p.tenUnits)).toEqual({ on: 10, res: 10 });
    const [held] = await h.db.select({ n: sql<number>`coalesce(sum(${stockReservations.quantity}),0)::int` }).from(stockReservations)
      .where(sql`${stockReservations.product_id} = ${w.p.tenUnits} and ${stockReservations.status} = 'active'`);
    expect(Number(held!.n)).toBe(10);
    for (const r of ok) await cancelCheckout(h.db, buyers[results.indexOf(r)]!, (r as PromiseFulfilledResult<{ id: string }>).value.id);
    expect(await stock(w.p.tenUnits)).toEqual({ on: 10, res: 0 });
  });
});

describe('payments', () => {
  it('a successful card payment allocates the reservation and marks the order paid', async () => {
    await setStock(w.p.tenUnits, 10);
    const buyer = await w.buyer();
    const c = await readyCheckout(buyer, [{ product_id: w.p.tenUnits, amount: 2 }]);
    expect(c.missing).toEqual([]);
    expect(c.total).toBe(2 * 10000 + 9900);
    const tok = await tokenizeCard(h.db, buyer, { name: 'Rosa', number: '4242424242424242', cvc: '123', exp: '12/40' });
    const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, card_token: tok.id, msi_payments: 6, save_card: true }, { basePath: '' });
    expect(r.payment?.status).toBe('succeeded');
    expect(r.payment_status).toBe('paid');
    expect(r.redirect_to).toBe(`/mis-compras/${r.order_id}`);
    expect(await stock(w.p.tenUnits)).toEqual({ on: 8, res: 0 });
    const d = await getOrderDetail(h.db, buyer, r.order_id);
    expect(d.amount_paid).toBe(d.order_total);
    expect(d.history.filter((x) => x.machine === 'payment').map((x) => x.to)).toEqual(['pending', 'authorized', 'paid']);
    expect(d.payment_method).toMatchObject({ brand: 'visa', last4: '4242', installments: 6 });
  });

  it('refuses installments on a debit card with the seed message', async () => {
    const buyer = await w.buyer();
    const c = await readyCheckout(buyer, [{ product_id: w.p.onDemand, amount: 1 }]);
    const tok = await tokenizeCard(h.db, buyer, { name: 'Rosa', number: '4000 0566 5566 5556', cvc: '123', exp: '12/40' });
    const err = await payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, card_token: tok.id, msi_payments: 3, save_card: false }, { basePath: '' }).catch((e) => e);
    expect(err.code).toBe('installments_not_allowed');
    expect(err.message).toBe('Card does not accept installments, try a credit card');
  });

  it('a declined card fails, asks for a new token, and the second failure brings the 55 s notice', async () => {
    const buyer = await w.buyer();
    const c = await readyCheckout(buyer, [{ product_id: w.p.onDemand, amount: 1 }]);
    const t1 = await tokenizeCard(h.db, buyer, { name: 'Rosa', number: '4000000000000002', cvc: '123', exp: '12/40' });
    const r1 = await payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, card_token: t1.id, save_card: false }, { basePath: '' });
    expect(r1.payment?.status).toBe('failed');
    expect(r1.payment?.failure).toMatchObject({ code: 'card_declined', reload_token: true, notice: null });
    // The old token is stale now.
    const t2 = await tokenizeCard(h.db, buyer, { name: 'Rosa', number: '4000000000000002', cvc: '123', exp: '12/40' });
    await expect(payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, idempotency_key: 'another-key-1', card_token: t2.id, save_card: false }, { basePath: '' }))
      .rejects.toMatchObject({ code: 'payment_token_stale' });
    const order = (await h.db.select().from(orders).where(eq(orders.id, r1.order_id)))[0]!;
    const r2 = await payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: order.payment_token, card_token: t2.id, save_card: false }, { basePath: '' });
    expect(r2.payment?.failure?.notice).toEqual({ message: 'El intento de pago falló y no fue posible completar la transacción.', seconds: 55 });
  });

  it('an order of free items only is a courtesy; one with a paid item is not', async () => {
    const [free] = await h.db.insert(products).values({ owner: w.supplier.profileId, supplier_id: w.supplier.id, type: 'product', slug: `muestra-${Date.now()}`, name: 'Muestra', list_price: 0, is_free: true, stock_on_hand: 5 }).returning();
    await h.db.insert(shopProducts).values({ shop_id: w.shop.id, product_id: free!.id });
    await setStock(w.p.tenUnits, 10);
    const buyer = await w.buyer();
    const gift = await readyCheckout(buyer, [{ product_id: free!.id, amount: 1 }]);
    const r = await payCheckout(h.db, buyer, gift.id, { payment_type: 'cash', token: gift.token!, save_card: false }, { basePath: '' });
    const [o] = await h.db.select().from(orders).where(eq(orders.id, r.order_id));
    expect(o).toMatchObject({ items_total: 0, is_courtesy: true });
    const paid = await readyCheckout(buyer, [{ product_id: w.p.tenUnits, amount: 1 }]);
    const r2 = await payCheckout(h.db, buyer, paid.id, { payment_type: 'cash', token: paid.token!, save_card: false }, { basePath: '' });
    expect((await h.db.select().from(orders).where(eq(orders.id, r2.order_id)))[0]!.is_courtesy).toBe(false);
  });

  it('the same webhook event sent 100 times makes one payment', async () => {
    await setStock(w.p.tenUnits, 10);
    const buyer = await w.buyer();
    const c = await readyCheckout(buyer, [{ product_id: w.p.tenUnits, amount: 1 }]);
    const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'openpay_bank', token: c.token!, save_card: false }, { basePath: '' });
    expect(r.payment?.status).toBe('pending');
    expect(r.payment?.reference).toMatch(/^\d{7}$/);
    const expires = new Date(r.payment!.reference_expires_at!).getTime() - Date.now();
    expect(expires).toBeGreaterThan(59 * 60_000);
    expect(expires).toBeLessThanOrEqual(60 * 60_000);
    const raw = eventBody({ id: `evt_bank_${r.payment!.charge_id}`, type: 'payment.succeeded', charge_id: r.payment!.charge_id });
    const answers = await Promise.all(Array.from({ length: 100 }, () => receiveWebhook(h.db, 'sandbox-reference', raw, sign(raw, webhookSecret()))));
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    const [o] = await h.db.select().from(orders).where(eq(orders.id, r.order_id));
    expect(o!.amount_paid).toBe(o!.order_total);
    expect(o!.payment_status).toBe('paid');
    const paid = await h.db.select().from(orderHistory).where(sql`${orderHistory.order_id} = ${r.order_id} and ${orderHistory.to_state} = 'paid'`);
    expect(paid).toHaveLength(1);
    const inbox = await h.db.select().from(webhookInbox).where(eq(webhookInbox.event_id, `evt_bank_${r.payment!.charge_id}`));
    expect(inbox).toHaveLength(1);
    expect(await stock(w.p.tenUnits)).toEqual({ on: 9, res: 0 });
  });

  it('refuses a webhook with a bad signature', async () => {
    const raw = eventBody({ id: 'evt_x', type: 'payment.succeeded', charge_id: 'ch_x' });
    await expect(receiveWebhook(h.db, 'sandbox-reference', raw, sign(raw, 'wrong-secret'))).rejects.toMatchObject({ code: 'invalid_signature', status: 401 });
    await expect(receiveWebhook(h.db, 'sandbox-reference', raw, sign(raw, webhookSecret(), Math.floor(Date.now() / 1000) - 3600))).rejects.toMatchObject({ code: 'invalid_signature' });
    await expect(receiveWebhook(h.db, 'sandbox-reference', `${raw} `, sign(raw, webhookSecret()))).rejects.toMatchObject({ code: 'invalid_signature' });
  });

  it('a double submit with the same idempotency key makes one charge', async () => {
    await setStock(w.p.tenUnits, 10);
    const buyer = await w.buyer();
    const c = await readyCheckout(buyer, [{ product_id: w.p.tenUnits, amount: 1 }]);
    const tok = await tokenizeCard(h.db, buyer, { name: 'Rosa', number: '4242424242424242', cvc: '123', exp: '12/40' });
    const input = { payment_type: 'str_card', token: c.token!, idempotency_key: 'double-click-key-1', card_token: tok.id, save_card: false };
    const [a, b] = await Promise.all([payCheckout(h.db, buyer, c.id, input, { basePath: '' }), payCheckout(h.db, buyer, c.id, input, { basePath: '' })]);
    expect(a.order_id).toBe(b.order_id);
    const rows = await h.db.select().from(payments).where(eq(payments.order_id, a.order_id));
    expect(rows).toHaveLength(1);
    const again = await payCheckout(h.db, buyer, c.id, input, { basePath: '' });
    expect(again.payment?.id).toBe(rows[0]!.id);
    const [o] = await h.db.select().from(orders).where(eq(orders.id, a.order_id));
    expect(o!.amount_paid).toBe(o!.order_total);
    expect(await stock(w.p.tenUnits)).toEqual({ on: 9, res: 0 });
  });

  it('a payment that arrives after the reservation expired is refunded, and the order stays canceled', async () => {
    await setStock(w.p.tenUnits, 10);
    const buyer = await w.buyer();
    const c = await readyCheckout(buyer, [{ product_id: w.p.tenUnits, amount: 1 }]);
    const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'openpay_bank', token: c.token!, save_card: false }, { basePath: '' });
    await h.db.update(checkouts).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(checkouts.id, c.id));
    await sweepExpired(h.db);
    let [o] = await h.db.select().from(orders).where(eq(orders.id, r.order_id));
    expect(o!.status).toBe('canceled');
    expect(o!.cancel_description).toBe('Time to complete purchase expired');
    expect(await stock(w.p.tenUnits)).toEqual({ on: 10, res: 0 });
    const raw = eventBody({ id: `evt_late_${r.payment!.charge_id}`, type: 'payment.succeeded', charge_id: r.payment!.charge_id });
    const ans = await receiveWebhook(h.db, 'sandbox-reference', raw, sign(raw, webhookSecret()));
    // The money arrived for a canceled order: it is recorded and given back at once; the stock is untouched.
    expect(ans.outcome).toBe('refunded');
    [o] = await h.db.select().from(orders).where(eq(orders.id, r.order_id));
    expect(o!.status).toBe('canceled');
    expect(o!.amount_paid).toBe(o!.order_total);
    expect(o!.amount_refunded).toBe(o!.amount_paid);
    expect(await stock(w.p.tenUnits)).toEqual({ on: 10, res: 0 });
    // Sent again: nothing more happens.
    expect((await receiveWebhook(h.db, 'sandbox-reference', raw, sign(raw, webhookSecret()))).duplicate).toBe(true);
  });

  it('cash on delivery allocates at once; the order goes through the whole flow; delivery collects the cash', async () => {
    await setStock(w.p.tenUnits, 10);
    const buyer = await w.buyer();
    const c = await readyCheckout(buyer, [{ product_id: w.p.tenUnits, amount: 2 }]);
    const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'cash', token: c.token!, save_card: false }, { basePath: '/demo' });
    expect(r.payment?.status).toBe('pending');
    expect(r.order_path).toBe(`/demo/mis-compras/${r.order_id}`);
    expect(await stock(w.p.tenUnits)).toEqual({ on: 8, res: 0 });
    // The customer cannot take the supplier's step.
    await expect(customerNext(h.db, buyer, r.order_id)).rejects.toMatchObject({ code: 'forbidden' });
    const sup = w.supplierViewer;
    await expect(supplierNext(h.db, sup, r.order_id, { as: 'supplier' })).rejects.toMatchObject({ code: 'validation_error' });
    const date = new Date(Date.now() + 5 * 86400_000).toISOString().slice(0, 10);
    let d = await supplierNext(h.db, sup, r.order_id, { as: 'supplier', estimated_delivery_date: date, shipping_cost: 12900 });
    expect(d.status).toBe('seller_confirmed');
    expect(d.extra_charge).toBe(3000);
    d = await customerNext(h.db, buyer, r.order_id);
    expect(d.status).toBe('customer_confirmed');
    await expect(supplierNext(h.db, sup, r.order_id, { as: 'dssupplier' })).rejects.toMatchObject({ code: 'forbidden' });
    d = await supplierNext(h.db, sup, r.order_id, { as: 'supplier' });
    expect(d.status).toBe('in_process');
    d = await supplierNext(h.db, sup, r.order_id, { as: 'dssupplier' });
    expect(d.status).toBe('ready_to_deliver');
    d = await supplierNext(h.db, sup, r.order_id, { as: 'supplier' });
    expect(d.status).toBe('delivered');
    expect(d.payment_status).toBe('paid');
    expect(d.fulfillment_status).toBe('delivered');
    expect(d.return_deadline).not.toBeNull();
    await expect(customerCancel(h.db, buyer, r.order_id, { reason: 'other', description: 'x' })).rejects.toMatchObject({ code: 'invalid_transition' });
    // History is append-only.
    await expect(h.db.update(orderHistory).set({ note: 'x' }).where(eq(orderHistory.order_id, r.order_id))).rejects.toThrow();
  });

  it('a paid order canceled by the customer returns its units and refunds', async () => {
    await setStock(w.p.tenUnits, 10);
    const buyer = await w.buyer();
    const c = await readyCheckout(buyer, [{ product_id: w.p.tenUnits, amount: 3 }]);
    const tok = await tokenizeCard(h.db, buyer, { name: 'Rosa', number: '4242424242424242', cvc: '123', exp: '12/40' });
    const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, card_token: tok.id, save_card: false }, { basePath: '' });
    expect(await stock(w.p.tenUnits)).toEqual({ on: 7, res: 0 });
    const d = await customerCancel(h.db, buyer, r.order_id, { reason: 'requested_by_client', description: 'Ya no lo necesito' });
    expect(d.status).toBe('canceled');
    expect(d.payment_status).toBe('refunded');
    expect(d.amount_refunded).toBe(d.amount_paid);
    expect(await stock(w.p.tenUnits)).toEqual({ on: 10, res: 0 });
  });
});
