// The money ledger against a real database: a paid order is split to the cent, held in escrow, released once
// (also with two sweepers at once), refunds take back in proportion before and after release, closing a return
// releases at once, an order partially refunded before delivery is still prepared, delivered and released, and the
// reconciliation report stays empty throughout. Issue 23: no refund takes a withdrawable balance below zero (what a
// reseller already cashed out is the platform's loss; a supplier refunding more than it can cover is refused before
// any money moves).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { plans, products, users } from '../../src/db/schema/index.ts';
import { escrowHolds, ledgerEntries, ledgerTransactions } from '../../src/db/schema/wallet.ts';
import { chooseDelivery, updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { customerNext, markPaid, supplierNext, supplierOrderDetail, supplierRefund } from '../../src/domain/orders/service.ts';
import { payCheckout } from '../../src/domain/payments/service.ts';
import { closeReturn, createReturn, customerReturns } from '../../src/domain/returns/service.ts';
import { createReturnInput } from '../../src/domain/returns/schema.ts';
import * as walletRepo from '../../src/domain/wallet/repo.ts';
import { reconciliation, releaseDue } from '../../src/domain/wallet/service.ts';
import { listPayouts, listWallets, processPayouts, requestPayout, walletEntries } from '../../src/domain/wallet/wallets.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { PLAN_DEFAULTS } from '../../src/lib/shared/constants.ts';
import { ADDRESS, CONTACT, makeWorld, type World } from './checkout.fixtures.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
let w: World;
const PRICE = 10000;
const MARGIN = 3001; // odd on purpose: half of it is 1500.5, rounded half up to 1501 per unit
beforeAll(async () => {
  h = await freshDb();
  w = await makeWorld(h.db);
  await h.db.insert(plans).values({ id: 'plan_profesional', name: 'Plan profesional', ...PLAN_DEFAULTS }).onConflictDoNothing();
  await h.db.update(products).set({ contribution_margin: MARGIN }).where(eq(products.id, w.p.onDemand));
});
afterAll(async () => { await h.dispose(); });

const inDays = (n: number) => new Date(Date.now() + n * 86400_000);
const day = (n: number) => inDays(n).toISOString().slice(0, 10);

async function placed(buyer: Viewer, amount: number, payment: 'cash' | 'deposit') {
  const c = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.onDemand, amount }], buy_now: true, start_as_anonymous: false });
  await updateCheckout(h.db, buyer, c.id, { contact: CONTACT, address: { ...addressInput.parse(ADDRESS), save: false } });
  const ready = await chooseDelivery(h.db, buyer, c.id, { delivery_type: 'fixed_delivery' });
  const r = await payCheckout(h.db, buyer, c.id, { payment_type: payment, token: ready.token!, save_card: false }, { basePath: '' });
  return r.order_id as string;
}

async function deliver(buyer: Viewer, orderId: string) {
  const sup = w.supplierViewer;
  await supplierNext(h.db, sup, orderId, { as: 'supplier', estimated_delivery_date: day(3), shipping_cost: 9900 });
  await customerNext(h.db, buyer, orderId);
  for (let i = 0; i < 3; i++) await supplierNext(h.db, sup, orderId, { as: 'supplier' });
}

async function parts(orderId: string) {
  const rows = await walletRepo.orderNet(h.db, orderId);
  const by = (role: string, account?: string) => rows.filter((r) => r.role === role && (!account || r.account === account)).reduce((n, r) => n + r.amount, 0);
  return { rows, by };
}

describe('the ledger of one order', () => {
  it('splits a paid order to the cent: supplier, reseller (margin x 0.5 per unit), platform; all pending until the window ends', async () => {
    const buyer = await w.buyer(1);
    const id = await placed(buyer, 3, 'cash');
    await deliver(buyer, id); // cash on delivery: paid when delivered
    const { by } = await parts(id);
    const paid = 3 * PRICE + 9900;
    expect(by('bank')).toBe(-paid);
    expect(by('reseller', 'pending')).toBe(3 * 1501);
    expect(by('platform', 'revenue')).toBe(3 * MARGIN - 3 * 1501);
    expect(by('supplier', 'pending')).toBe(3 * (PRICE - MARGIN) + 9900);
    expect((await reconciliation(h.db)).results).toEqual([]);
    const [hold] = await h.db.select().from(escrowHolds).where(eq(escrowHolds.order_id, id));
    expect(hold!.release_after).not.toBeNull();
    expect(hold!.released_at).toBeNull();

    // Not due yet: nothing moves. Three days later two sweepers race: one release, once.
    expect(await releaseDue(h.db, new Date())).toBe(0);
    const later = inDays(4);
    const [a, b] = await Promise.all([releaseDue(h.db, later), releaseDue(h.db, later)]);
    expect(a + b).toBe(1);
    expect(await releaseDue(h.db, later)).toBe(0);
    const released = await h.db.select().from(ledgerTransactions).where(sql`${ledgerTransactions.source} = 'release' and ${ledgerTransactions.order_id} = ${id}`);
    expect(released).toHaveLength(1);
    const after = await parts(id);
    expect(after.by('reseller', 'pending')).toBe(0);
    expect(after.by('reseller', 'available')).toBe(3 * 1501);
    expect(after.by('supplier', 'available')).toBe(3 * (PRICE - MARGIN) + 9900);

    // A refund after release is taken back from what each party holds, in proportion, to the cent.
    await supplierRefund(h.db, w.supplierViewer, id, { amount: 1001, idempotency_key: 'after-release' });
    await supplierRefund(h.db, w.supplierViewer, id, { amount: 1001, idempotency_key: 'after-release' }); // replay: nothing more
    const net = await parts(id);
    expect(net.by('bank')).toBe(-(paid - 1001));
    expect(net.by('supplier') + net.by('reseller') + net.by('platform')).toBe(paid - 1001);
    expect((await reconciliation(h.db)).results).toEqual([]);
  });

  it('takes a refund before release from the pending parts, and a closed return releases at once', async () => {
    const buyer = await w.buyer(2);
    const id = await placed(buyer, 2, 'deposit');
    await markPaid(h.db, w.supplierViewer, id);
    const paid = 2 * PRICE + 9900;
    await deliver(buyer, id);
    await supplierRefund(h.db, w.supplierViewer, id, { amount: 5000 });
    const { by } = await parts(id);
    expect(by('supplier', 'pending') + by('reseller', 'pending') + by('platform', 'revenue')).toBe(paid - 5000);
    expect(by('reseller', 'pending')).toBeLessThan(2 * 1501);
    const v = await customerReturns(h.db, buyer, id);
    const input = createReturnInput.parse({ reason_group: 'damaged', reason: 'defective', comments: '', conditions_accepted: true, items: [{ order_item_id: v.lines[0]!.order_item_id, quantity: 1 }] });
    const ret = await createReturn(h.db, buyer, id, input, []);
    // An open return blocks the release even when the window is over.
    expect(await releaseDue(h.db, inDays(10))).toBe(0);
    await closeReturn(h.db, w.supplierViewer, id, ret.id, {});
    const after = await parts(id);
    expect(after.by('supplier', 'pending')).toBe(0);
    expect(after.by('supplier', 'available')).toBeGreaterThan(0);
    expect((await reconciliation(h.db)).results).toEqual([]);
  });

  it('cashes out at most what is available, once per key, and gives a failed payout back', async () => {
    const [u] = await h.db.insert(users).values({ email: `reseller-${Date.now()}@test.example`, name: 'Dueña', password_hash: 'x', profile_id: w.shop.owner! }).returning();
    const reseller: Viewer = { kind: 'user', anonymousId: randomUUID(), sessionId: 'test', user: { id: u!.id, email: u!.email, name: u!.name, profile_id: u!.profile_id, user_level: u!.user_level } };
    const [wallet] = (await listWallets(h.db, reseller)).results;
    expect(wallet!.wallet_type).toEqual({ id: 'mxn', currency: 'MXN' });
    const available = wallet!.available_for_cashout;
    expect(available).toBeGreaterThan(0);
    expect(wallet!.next_cutoff_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(requestPayout(h.db, reseller, 'mxn', { amount: available + 1, destination: '012180001234567891', idempotency_key: 'too-much-1' }))
      .rejects.toMatchObject({ code: 'validation_error' });
    // Two requests for everything at once: one wins, the other finds nothing left.
    const tries = await Promise.allSettled([
      requestPayout(h.db, reseller, 'mxn', { amount: available, destination: '012180001234567891', idempotency_key: 'race-aaaa' }),
      requestPayout(h.db, reseller, 'mxn', { amount: available, destination: '012180001234567891', idempotency_key: 'race-bbbb' }),
    ]);
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    const wonKey = tries[0]!.status === 'fulfilled' ? 'race-aaaa' : 'race-bbbb';
    const replay = await requestPayout(h.db, reseller, 'mxn', { amount: available, destination: '012180001234567891', idempotency_key: wonKey });
    expect(replay.replayed).toBe(true);
    let now = (await listWallets(h.db, reseller)).results[0]!;
    expect(now.available_for_cashout).toBe(0);
    expect(now.in_payout).toBe(available);
    expect(await processPayouts(h.db)).toBe(1);
    now = (await listWallets(h.db, reseller)).results[0]!;
    expect(now.in_payout).toBe(0);
    expect((await listPayouts(h.db, reseller, 'mxn')).results[0]!.status).toBe('paid');

    // A refund after the payout never takes the reseller below zero: the part already cashed out is the platform's
    // loss (recorded on the order, so the books still reconcile).
    const releasedOrder = (await h.db.select().from(ledgerTransactions).where(sql`${ledgerTransactions.source} = 'release'`))[0]!.order_id!;
    const platformBefore = (await parts(releasedOrder)).by('platform');
    await supplierRefund(h.db, w.supplierViewer, releasedOrder, { amount: 2000 });
    const after = (await listWallets(h.db, reseller)).results[0]!;
    expect(after.balance).toBeGreaterThanOrEqual(0);
    expect(after.available_for_cashout).toBe(0);
    expect(await walletRepo.holderAvailable(h.db, reseller.user.profile_id, 'MXN')).toBe(0);
    expect((await parts(releasedOrder)).by('platform')).toBeLessThan(platformBefore);
    const entries = await walletEntries(h.db, reseller, 'mxn', { offset: 0, limit: 50 });
    expect(entries.results.map((e) => e.source)).toEqual(expect.arrayContaining(['order_paid', 'release', 'payout_request', 'payout_paid', 'refund']));
    expect((await reconciliation(h.db)).results).toEqual([]);
  });

  it('returns a failed payout to the wallet', async () => {
    const buyer = await w.buyer(3);
    const id = await placed(buyer, 1, 'cash');
    await deliver(buyer, id);
    await releaseDue(h.db, inDays(4));
    const sup = w.supplierViewer;
    const before = (await listWallets(h.db, sup)).results[0]!;
    const r = await requestPayout(h.db, sup, 'mxn', { amount: before.available_for_cashout, destination: '012180001234560000', idempotency_key: 'fails-0001' });
    expect(r.payout.status).toBe('requested');
    await processPayouts(h.db);
    const after = (await listWallets(h.db, sup)).results[0]!;
    expect(after.available_for_cashout).toBe(before.available_for_cashout);
    expect((await listPayouts(h.db, sup, 'mxn')).results[0]).toMatchObject({ status: 'failed' });
  });

  it('prepares, delivers and releases an order partially refunded before delivery (issue 23)', async () => {
    // Paid, then the supplier gives part back before confirming: the order used to freeze at 'start preparing'
    // (409 invalid_transition while the page offered the button) and its escrow never released.
    const buyer = await w.buyer(4);
    const sup = w.supplierViewer;
    const id = await placed(buyer, 2, 'deposit');
    await markPaid(h.db, sup, id);
    const paid = 2 * PRICE + 9900;
    let o = await supplierRefund(h.db, sup, id, { amount: 3000, idempotency_key: 'before-delivery' });
    expect(o).toMatchObject({ payment_status: 'partially_refunded', amount_paid: paid, amount_refunded: 3000 });
    o = await supplierNext(h.db, sup, id, { as: 'supplier', estimated_delivery_date: day(3), shipping_cost: 9900 });
    expect(o.actions.next).toBeNull();
    expect((await customerNext(h.db, buyer, id)).actions).toMatchObject({ next: null, next_actor: ['supplier'] });
    // 'Empezar a preparar el pedido', 'listo' and 'entregado': each offered on the supplier's page and accepted.
    for (const [step, status] of [['process', 'in_process'], ['ready', 'ready_to_deliver'], ['deliver', 'delivered']] as const) {
      expect((await supplierOrderDetail(h.db, sup, id, 'supplier')).actions.next).toBe(step);
      o = await supplierNext(h.db, sup, id, { as: 'supplier' });
      expect(o.status).toBe(status);
    }
    expect(o).toMatchObject({ fulfillment_status: 'delivered', payment_status: 'partially_refunded', actions: { next: null, can_cancel: false } });

    // Held until the return window closes, then released once: every party's share of what was kept.
    const [hold] = await h.db.select().from(escrowHolds).where(eq(escrowHolds.order_id, id));
    expect(hold!.release_after!.toISOString()).toBe(o.return_deadline);
    await releaseDue(h.db, new Date());
    expect((await h.db.select().from(escrowHolds).where(eq(escrowHolds.order_id, id)))[0]!.released_at).toBeNull();
    await releaseDue(h.db, inDays(4));
    expect((await h.db.select().from(escrowHolds).where(eq(escrowHolds.order_id, id)))[0]!.released_at).not.toBeNull();
    const { by } = await parts(id);
    expect(by('supplier', 'pending') + by('reseller', 'pending')).toBe(0);
    expect(by('supplier', 'available') + by('reseller', 'available') + by('platform', 'revenue')).toBe(paid - 3000);
    expect(by('bank')).toBe(-(paid - 3000));
    expect((await reconciliation(h.db)).results).toEqual([]);
  });

  it('refuses a supplier refund its available balance cannot cover, before any money moves', async () => {
    const buyer = await w.buyer(4);
    const id = await placed(buyer, 1, 'cash');
    await deliver(buyer, id);
    await releaseDue(h.db, inDays(4));
    const sup = w.supplierViewer;
    const all = (await listWallets(h.db, sup)).results[0]!.available_for_cashout;
    await requestPayout(h.db, sup, 'mxn', { amount: all, destination: '012180001234567891', idempotency_key: 'sup-all-0001' });
    await processPayouts(h.db);
    const before = await parts(id);
    await expect(supplierRefund(h.db, sup, id, { amount: 5000, idempotency_key: 'not-covered' })).rejects.toMatchObject({ code: 'conflict', status: 409 });
    expect((await parts(id)).rows).toEqual(before.rows);
    expect(await walletRepo.holderAvailable(h.db, (sup as Extract<Viewer, { kind: 'user' }>).user.profile_id, 'MXN')).toBe(0);
    expect((await reconciliation(h.db)).results).toEqual([]);
  });

  it('never changes a posted entry', async () => {
    const refused = async (p: Promise<unknown>) => {
      const err = await p.then(() => null, (e: Error & { cause?: Error }) => e);
      return `${err?.message} ${err?.cause?.message ?? ''}`;
    };
    expect(await refused(h.db.execute(sql`update ledger_entries set amount = amount + 1`))).toMatch(/append-only/);
    expect(await refused(h.db.delete(ledgerEntries))).toMatch(/append-only/);
  });
});
