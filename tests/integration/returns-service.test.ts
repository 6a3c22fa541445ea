// Return rules against a real database (PGlite in memory, or PostgreSQL in the postgres project), for what the HTTP
// suite cannot reach: a return deadline in the past, a refund the provider refuses (recorded as failed, nothing moved,
// the key usable again), concurrent double submits, the supplier's 'disallowed' policy, photo checks and the
// append-only history. Also the order refunds' two steps (the row committed, the provider asked after the commit):
// a row a stopped process left requested is asked again with the same key, or settled by the provider's event.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { orders, refunds } from '../../src/db/schema/commerce.ts';
import { returnHistory, returnRefunds } from '../../src/db/schema/returns.ts';
import { chooseDelivery, updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { askStaleRefunds, customerCancel, customerNext, settleRefund, supplierNext, supplierRefund } from '../../src/domain/orders/service.ts';
import { payCheckout } from '../../src/domain/payments/service.ts';
import { offline } from '../../src/domain/payments/providers.ts';
import { checkReturnPhoto } from '../../src/domain/returns/photos.ts';
import { createReturnInput, returnInputFromFields, type CreateReturnInput } from '../../src/domain/returns/schema.ts';
import {
  closeReturn, createReturn, customerReturns, refundReturn, refusalOf, setMyPolicy, supplierReturns,
} from '../../src/domain/returns/service.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { ADDRESS, CONTACT, makeWorld, type World } from './checkout.fixtures.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
let w: World;
beforeAll(async () => { h = await freshDb(); w = await makeWorld(h.db); });
afterAll(async () => { await h.dispose(); });
afterEach(() => { vi.restoreAllMocks(); });

const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

/** A cash order of `amount` units, optionally taken all the way to delivered by the supplier. */
async function order(buyer: Viewer, amount = 2, deliver = true) {
  const c = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.onDemand, amount }], buy_now: true, start_as_anonymous: false });
  await updateCheckout(h.db, buyer, c.id, { contact: CONTACT, address: { ...addressInput.parse(ADDRESS), save: false } });
  const ready = await chooseDelivery(h.db, buyer, c.id, { delivery_type: 'fixed_delivery' });
  const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'cash', token: ready.token!, save_card: false }, { basePath: '' });
  if (!deliver) return r.order_id as string;
  const sup = w.supplierViewer;
  await supplierNext(h.db, sup, r.order_id, { as: 'supplier', estimated_delivery_date: inDays(3), shipping_cost: 9900 });
  await customerNext(h.db, buyer, r.order_id);
  for (let i = 0; i < 3; i++) await supplierNext(h.db, sup, r.order_id, { as: 'supplier' });
  return r.order_id as string;
}

async function ask(buyer: Viewer, orderId: string, quantity = 1): Promise<CreateReturnInput> {
  const v = await customerReturns(h.db, buyer, orderId);
  return createReturnInput.parse({
    reason_group: 'damaged', reason: 'defective', comments: 'No enciende', conditions_accepted: true,
    items: [{ order_item_id: v.lines[0]!.order_item_id, quantity }],
  });
}

describe('return rules', () => {
  it('refuses an undelivered or canceled order, an expired deadline, more units than bought and other people', async () => {
    const buyer = await w.buyer();
    const placed = await order(buyer, 1, false);
    const input = await ask(buyer, placed);
    await expect(createReturn(h.db, buyer, placed, input, [])).rejects.toMatchObject({ code: 'invalid_transition', reason: 'not_delivered' });
    await customerCancel(h.db, buyer, placed, { reason: 'other', description: 'prueba' });
    await expect(createReturn(h.db, buyer, placed, input, [])).rejects.toMatchObject({ code: 'invalid_transition', reason: 'canceled', message: 'Cannot return a cancelled order' });

    const id = await order(buyer, 2);
    const v = await customerReturns(h.db, buyer, id);
    expect(v.eligibility).toEqual({ can_request: true, reason: null, message: null });
    expect(v.policy).toMatchObject({ return_type: '72hrs', return_policy: 'common', is_default: true });
    const tooMany = await createReturn(h.db, buyer, id, await ask(buyer, id, 3), []).catch((e) => e);
    expect(tooMany).toMatchObject({ code: 'validation_error' });
    expect(tooMany.fields['items.0.quantity']).toEqual(['validation.atMost']);
    expect(tooMany.fieldVars['items.0.quantity']).toEqual({ max: 2 });
    const other = await w.buyer(1);
    await expect(createReturn(h.db, other, id, await ask(buyer, id), [])).rejects.toMatchObject({ code: 'not_found' });
    await expect(customerReturns(h.db, other, id)).rejects.toMatchObject({ code: 'not_found' });

    await h.db.update(orders).set({ return_deadline: new Date(Date.now() - 1000) }).where(eq(orders.id, id));
    await expect(createReturn(h.db, buyer, id, await ask(buyer, id), [])).rejects.toMatchObject({ reason: 'expired', message: 'Return time limit expired' });
    expect((await customerReturns(h.db, buyer, id)).eligibility).toMatchObject({ can_request: false, reason: 'expired' });
  });

  it('checks in order: canceled, not delivered, disallowed, expired, open request, nothing left', () => {
    const now = Date.now();
    const later = new Date(now + 1000);
    const base = { status: 'delivered' as const, return_deadline: later };
    expect(refusalOf({ ...base, status: 'canceled' }, { return_type: '72hrs' }, [], [{ returnable: 1 }], now)).toBe('canceled');
    expect(refusalOf({ ...base, status: 'in_process' }, { return_type: '72hrs' }, [], [{ returnable: 1 }], now)).toBe('not_delivered');
    expect(refusalOf(base, { return_type: 'disallowed' }, [], [{ returnable: 1 }], now)).toBe('disallowed');
    expect(refusalOf({ ...base, return_deadline: new Date(now - 1) }, { return_type: '72hrs' }, [], [{ returnable: 1 }], now)).toBe('expired');
    expect(refusalOf(base, { return_type: '72hrs' }, [{ status: 'open' }], [{ returnable: 1 }], now)).toBe('open_request');
    expect(refusalOf(base, { return_type: '72hrs' }, [{ status: 'closed' }], [{ returnable: 0 }], now)).toBe('nothing_left');
    expect(refusalOf(base, { return_type: '72hrs' }, [{ status: 'closed' }], [{ returnable: 1 }], now)).toBeNull();
  });

  it('a supplier that takes no returns is named on the order, and no request starts', async () => {
    const buyer = await w.buyer();
    const id = await order(buyer, 1);
    await setMyPolicy(h.db, w.supplierViewer, { return_type: 'disallowed', return_fees: 'free', return_policy: 'customized', return_policy_legend: 'Sin devoluciones', return_shipping_label: 'inbox', restocking_fees: 0 });
    try {
      const v = await customerReturns(h.db, buyer, id);
      expect(v.policy).toMatchObject({ return_type: 'disallowed', text: 'Sin devoluciones', is_default: false });
      await expect(createReturn(h.db, buyer, id, await ask(buyer, id), [])).rejects.toMatchObject({ reason: 'disallowed' });
    } finally {
      await setMyPolicy(h.db, w.supplierViewer, { return_type: '72hrs', return_fees: 'restocking_fees', return_policy: 'common', return_shipping_label: 'download', restocking_fees: 500 });
    }
  });
});

describe('refunds for a return', () => {
  it('a double submit (even at the same moment) refunds once; never above the amount available', async () => {
    const buyer = await w.buyer();
    const id = await order(buyer, 2);
    const r = await createReturn(h.db, buyer, id, await ask(buyer, id, 1), []);
    const sup = w.supplierViewer;
    const view = await supplierReturns(h.db, sup, id);
    // The returned unit's value less the restocking fee (500) set by the previous test.
    expect(view.requests[0]!.suggested_refund).toBe(10000 - 500);
    const paid = view.amount_available;
    await expect(refundReturn(h.db, sup, id, r.id, { amount: paid + 1, idempotency_key: 'too-much-1' })).rejects.toMatchObject({ code: 'validation_error' });
    const [a, b] = await Promise.all([
      refundReturn(h.db, sup, id, r.id, { amount: 4000, idempotency_key: 'double-click-1' }),
      refundReturn(h.db, sup, id, r.id, { amount: 4000, idempotency_key: 'double-click-1' }),
    ]);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(a.refund.id).toBe(b.refund.id);
    expect((await h.db.select().from(refunds).where(eq(refunds.order_id, id))).map((x) => x.amount)).toEqual([4000]);
    const [o] = await h.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({ amount_refunded: 4000, payment_status: 'partially_refunded' });
    // The same key for another amount is a mistake, not a replay.
    await expect(refundReturn(h.db, sup, id, r.id, { amount: 100, idempotency_key: 'double-click-1' })).rejects.toMatchObject({ code: 'idempotency_conflict' });
    const after = await supplierReturns(h.db, sup, id);
    expect(after.amount_available).toBe(paid - 4000);
    expect(after.requests[0]!.refunded).toBe(4000);
  });

  it('a refund the provider refuses is recorded as failed, moves nothing, and the same key may try again', async () => {
    const buyer = await w.buyer();
    const id = await order(buyer, 1);
    const r = await createReturn(h.db, buyer, id, await ask(buyer, id, 1), []);
    const sup = w.supplierViewer;
    vi.spyOn(offline, 'refund').mockResolvedValueOnce({ status: 'failed' });
    await expect(refundReturn(h.db, sup, id, r.id, { amount: 2500, idempotency_key: 'retry-key-1' }))
      .rejects.toMatchObject({ code: 'payment_failed', status: 402, reason: 'refund_failed', message: 'Refund could not be completed' });
    // The order's refund row was committed before the provider was asked (outside the order's lock): it stays failed.
    expect((await h.db.select().from(refunds).where(eq(refunds.order_id, id))).map((x) => x.status)).toEqual(['failed']);
    expect((await h.db.select().from(orders).where(eq(orders.id, id)))[0]).toMatchObject({ amount_refunded: 0, payment_status: 'paid' });
    let v = await supplierReturns(h.db, sup, id);
    expect(v.refunds.map((x) => x.status)).toEqual(['failed']);
    expect(v.requests[0]!.history.map((x) => x.event)).toEqual(['open', 'refund_failed']);
    const ok = await refundReturn(h.db, sup, id, r.id, { amount: 2500, idempotency_key: 'retry-key-1' });
    expect(ok).toMatchObject({ replayed: false, refund: { status: 'success', amount: 2500 } });
    v = await customerReturns(h.db, buyer, id);
    expect(v.refunds.map((x) => x.status)).toEqual(['success', 'failed']);
  });

  it('closing is final: open -> closed once, no refund afterwards; the history cannot be rewritten', async () => {
    const buyer = await w.buyer();
    const id = await order(buyer, 1);
    const r = await createReturn(h.db, buyer, id, await ask(buyer, id, 1), []);
    const sup = w.supplierViewer;
    const closed = await closeReturn(h.db, sup, id, r.id, { note: 'Recibido' });
    expect(closed).toMatchObject({ status: 'closed' });
    expect(closed.history.map((x) => `${x.event}:${x.to}`)).toEqual(['open:open', 'close:closed']);
    await expect(closeReturn(h.db, sup, id, r.id, {})).rejects.toMatchObject({ code: 'invalid_transition', reason: 'closed' });
    await expect(refundReturn(h.db, sup, id, r.id, { amount: 100, idempotency_key: 'after-close' })).rejects.toMatchObject({ reason: 'closed' });
    // Everything was asked for already: no new request.
    expect((await customerReturns(h.db, buyer, id)).eligibility.reason).toBe('nothing_left');
    await expect(h.db.update(returnHistory).set({ note: 'x' }).where(eq(returnHistory.return_id, r.id))).rejects.toThrow();
    await expect(h.db.delete(returnHistory).where(eq(returnHistory.return_id, r.id))).rejects.toThrow();
    expect(await h.db.select().from(returnRefunds).where(eq(returnRefunds.return_id, r.id))).toHaveLength(0);
  });
});

describe('order refunds asked after the commit', () => {
  const lost = () => vi.spyOn(offline, 'refund').mockRejectedValueOnce(new Error('process stopped before the provider answered'));
  const rowsOf = (id: string) => h.db.select().from(refunds).where(eq(refunds.order_id, id));

  it('a refund left requested is asked again with the same key (the job, or the same request again) and applied once', async () => {
    const buyer = await w.buyer();
    const id = await order(buyer, 2);
    const spy = lost();
    const first = await supplierRefund(h.db, w.supplierViewer, id, { amount: 1000, idempotency_key: 'crash-1' });
    // Committed before the provider was asked: in process, nothing moved yet.
    expect(first.refunds).toMatchObject([{ amount: 1000, status: 'pending' }]);
    expect(first.amount_refunded).toBe(0);
    const [row] = await rowsOf(id);
    expect(row!.requested_at).not.toBeNull();
    // The supplier's same request again asks the provider again, with the row's key.
    const again = await supplierRefund(h.db, w.supplierViewer, id, { amount: 1000, idempotency_key: 'crash-1' });
    expect(again).toMatchObject({ amount_refunded: 1000, payment_status: 'partially_refunded' });
    expect(spy.mock.calls.map((c) => c[2])).toEqual([row!.idempotency_key, row!.idempotency_key]);

    // Left requested again; the job (past the caller's time) asks once and applies once.
    lost();
    await supplierRefund(h.db, w.supplierViewer, id, { amount: 500, idempotency_key: 'crash-2' });
    expect(await askStaleRefunds(h.db, 60_000)).toBe(0); // too recent: its caller may still be asking
    expect(await askStaleRefunds(h.db, 0)).toBe(1);
    expect(await askStaleRefunds(h.db, 0)).toBe(0);
    expect((await rowsOf(id)).map((r) => [r.amount, r.status, r.requested_at])).toEqual([[1000, 'success', null], [500, 'success', null]]);
    expect((await h.db.select().from(orders).where(eq(orders.id, id)))[0]!.amount_refunded).toBe(1500);
  });

  it('the provider\'s event settles a requested refund first; nobody asks the provider again', async () => {
    const buyer = await w.buyer();
    const id = await order(buyer, 2);
    const spy = lost();
    await supplierRefund(h.db, w.supplierViewer, id, { amount: 700, idempotency_key: 'event-first' });
    const [row] = await rowsOf(id);
    expect(await settleRefund(h.db, row!.id, 'success')).toBe('applied');
    expect(await askStaleRefunds(h.db, 0)).toBe(0);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(await settleRefund(h.db, row!.id, 'success')).toBe('duplicate');
    expect((await h.db.select().from(orders).where(eq(orders.id, id)))[0]!.amount_refunded).toBe(700);
  });
});

describe('return form and photos', () => {
  it('reads the order page form: quantities per line, the chosen group\'s reason, the conditions box', () => {
    const item = '6f1c2b8e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
    const fields: Record<string, string> = {
      [`qty.${item}`]: '2', 'qty.00000000-0000-4000-8000-000000000000': '0', reason_group: 'wrong_item', 'reason.damaged': 'defective',
      'reason.wrong_item': 'wrong_size', comments: ' Talla M ', conditions_accepted: 'on',
    };
    const parsed = createReturnInput.parse(returnInputFromFields((k) => fields[k], Object.keys(fields)));
    expect(parsed).toEqual({ reason_group: 'wrong_item', reason: 'wrong_size', comments: 'Talla M', conditions_accepted: true, items: [{ order_item_id: item, quantity: 2 }] });
    const mismatch = createReturnInput.safeParse({ ...parsed, reason: 'defective' });
    expect(mismatch.success).toBe(false);
    expect(createReturnInput.safeParse({ ...parsed, conditions_accepted: false }).success).toBe(false);
  });

  it('takes JPEG and PNG by content; refuses SVG, disguised files and files over 4 MB', async () => {
    const f = (name: string, type = '') => ({ name, type, bytes: readFileSync(`tests/fixtures/uploads/${name}`) });
    await expect(checkReturnPhoto(f('valid.png', 'image/png'))).resolves.toMatchObject({ content_type: 'image/png' });
    await expect(checkReturnPhoto(f('valid.jpg', 'image/jpeg'))).resolves.toMatchObject({ content_type: 'image/jpeg' });
    await expect(checkReturnPhoto(f('valid.svg', 'image/svg+xml'))).rejects.toThrow(expect.objectContaining({ code: 'unsupported_media_type' }));
    await expect(checkReturnPhoto(f('text-disguised.png', 'image/png'))).rejects.toThrow(expect.objectContaining({ code: 'unsupported_media_type' }));
    await expect(checkReturnPhoto(f('too-large.png', 'image/png'))).rejects.toThrow(expect.objectContaining({ code: 'payload_too_large' }));
  });
});
