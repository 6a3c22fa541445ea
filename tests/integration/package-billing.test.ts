// Package billing against a real database: renewals at renews_at with the card on file (one ledger transaction per
// paid period, once even with two sweepers racing), failed charges past due then expired after 3 tries a day apart
// (the plan rate falls back), auto-renewal off ends the plan at renews_at, and the 14-day full refund of the last
// period (reversing ledger transaction, once). The clock is the `now` argument. Issue 23: the referrer's commission
// is held (pending, no cash-out) until the period's refund window closes, then released once by the sweeper; a
// refund before that reverses it and no refund leaves a withdrawable balance below zero; an overdue subscription is
// charged once, for a period starting at the charge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { signupProven } from '../support/accounts.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { becomeEntrepreneur, openStore } from '../../src/domain/store-opening/service.ts';
import { buyPackage, LEDGER_SOURCE, mySubscriptions } from '../../src/domain/subscriptions/service.ts';
import { REFUND_SOURCE, refundPackage, renewDue, setAutoRenew } from '../../src/domain/subscriptions/billing.ts';
import { addMonth, REFUND_WINDOW_MS } from '../../src/domain/subscriptions/rules.ts';
import { settleChallenge } from '../../src/domain/subscriptions/challenge.ts';
import { tokenizeCard } from '../../src/domain/payments/service.ts';
import { shopPlanId } from '../../src/domain/catalog/repo.ts';
import { ledgerEntries, ledgerTransactions, referrals, savedCards, shops, subscriptionPayments, subscriptions } from '../../src/db/schema/index.ts';
import { releaseDueCommissions } from '../../src/domain/wallet/service.ts';
import { listWallets, requestPayout, walletEntries } from '../../src/domain/wallet/wallets.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
beforeAll(async () => { h = await freshDb(); });
afterAll(async () => { await h.dispose(); });

let n = 0;
async function owner(slug: string) {
  const u = await signupProven(h.db, { email: `pb${++n}-${Date.now()}@test.example`, password: 'a-long-password', name: `Persona ${n}` });
  const v: Extract<Viewer, { kind: 'user' }> = { kind: 'user', anonymousId: crypto.randomUUID(), user: u, sessionId: 's' };
  await becomeEntrepreneur(h.db, v);
  v.user.user_level = 'ul1';
  const opened = await openStore(h.db, v, { name: `Tienda ${slug}`, slug, store_type: 'affiliate', theme_pack: 'basic' });
  v.user.user_level = 'ul2';
  return { v, shop: opened.shop };
}
async function bought(slug: string, plan: 'tienda_en_linea' | 'negocio_digital' = 'tienda_en_linea', referrer?: Viewer, now?: Date) {
  const o = await owner(slug);
  if (referrer?.kind === 'user') await h.db.insert(referrals).values({ child_profile: o.v.user.profile_id, parent_profile: referrer.user.profile_id });
  const token = (await tokenizeCard(h.db, o.v, { name: 'Ana', number: '4242424242424242', cvc: '123', exp: '12/39' })).id;
  const out = await buyPackage(h.db, o.v, { plan_id: plan, card_token: token, idempotency_key: `k-${slug}` }, now);
  expect(out.status).toBe('succeeded');
  return { ...o, sub: out.subscription!, payment: out.payment };
}
const subRow = async (id: string) => (await h.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const paymentsOf = (id: string) => h.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.subscription_id, id)).orderBy(subscriptionPayments.created_at);
const txCount = async (source: string, id: string) => (await h.db.select().from(ledgerTransactions).where(and(eq(ledgerTransactions.source, source), eq(ledgerTransactions.source_id, id)))).length;
async function ledgerSum(source: string, id: string) {
  const rows = await h.db.select({ amount: ledgerEntries.amount }).from(ledgerEntries).innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transaction_id))
    .where(and(eq(ledgerTransactions.source, source), eq(ledgerTransactions.source_id, id)));
  return { lines: rows.length, sum: rows.reduce((a, r) => a + r.amount, 0) };
}

describe('renewal sweeper', () => {
  it('keeps the purchase card on file and charges it once per period at renews_at, even with two sweepers racing', async () => {
    const { sub } = await bought('tienda-pb-renew');
    const row = await subRow(sub.id);
    expect(row.card_id).toBeTruthy();
    expect(row.auto_renew).toBe(true);
    const before = new Date(row.renews_at.getTime() - 1000);
    await renewDue(h.db, { now: before });
    expect((await paymentsOf(sub.id)).length).toBe(1);
    const at = new Date(row.renews_at.getTime() + 1000);
    const [a, b] = await Promise.all([renewDue(h.db, { now: at }), renewDue(h.db, { now: at })]);
    expect(a.renewed + b.renewed).toBe(1);
    const pays = await paymentsOf(sub.id);
    expect(pays.map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
    expect(pays[1]!.period_start!.toISOString()).toBe(row.renews_at.toISOString());
    expect((await subRow(sub.id)).renews_at.toISOString()).toBe(addMonth(row.renews_at).toISOString());
    const led = await ledgerSum(LEDGER_SOURCE, pays[1]!.id);
    expect(led.lines).toBeGreaterThan(1);
    expect(led.sum).toBe(0);
    // A third run at the same instant finds nothing due.
    expect((await renewDue(h.db, { now: at })).renewed).toBe(0);
  });

  it('a failed charge is past due, tried again a day later, and expires after 3 tries (the plan rate falls back)', async () => {
    const { v, sub, shop } = await bought('tienda-pb-fail', 'negocio_digital');
    const row = await subRow(sub.id);
    await h.db.update(savedCards).set({ sandbox_behaviour: 'decline' }).where(eq(savedCards.id, row.card_id!));
    const shopRow = (await h.db.select().from(shops).where(eq(shops.id, shop.id)))[0]!;
    expect(await shopPlanId(h.db, shopRow)).toBe('negocio_digital');
    const t1 = new Date(row.renews_at.getTime() + 1000);
    expect((await renewDue(h.db, { now: t1 })).failed).toBe(1);
    let s = await subRow(sub.id);
    expect(s).toMatchObject({ state: 'active', renew_failures: 1 });
    const view = (await mySubscriptions(h.db, v)).results.find((r) => r.id === sub.id)!;
    expect(view).toMatchObject({ past_due: true, state: 'active' });
    // Not again before retry_at.
    expect((await renewDue(h.db, { now: new Date(t1.getTime() + 3600_000) })).failed).toBe(0);
    const t2 = new Date(s.retry_at!.getTime() + 1000);
    expect((await renewDue(h.db, { now: t2 })).failed).toBe(1);
    s = await subRow(sub.id);
    const t3 = new Date(s.retry_at!.getTime() + 1000);
    expect((await renewDue(h.db, { now: t3 })).expired).toBe(1);
    s = await subRow(sub.id);
    expect(s.state).toBe('expired');
    const pays = await paymentsOf(sub.id);
    expect(pays.filter((p) => p.status === 'failed').map((p) => p.failure_code)).toEqual(['card_declined', 'card_declined', 'card_declined']);
    // The shop's plan (and so its rate) falls back to its signup plan or the default.
    expect(await shopPlanId(h.db, shopRow)).not.toBe('negocio_digital');
  });

  it('auto-renewal off keeps the plan until renews_at, then ends it without a charge', async () => {
    const { v, sub } = await bought('tienda-pb-off');
    expect(await setAutoRenew(h.db, v, sub.id, false)).toMatchObject({ auto_renew: false });
    const row = await subRow(sub.id);
    expect((await renewDue(h.db, { now: new Date(row.renews_at.getTime() - 1000) })).ended).toBe(0);
    expect((await subRow(sub.id)).state).toBe('active');
    expect((await renewDue(h.db, { now: new Date(row.renews_at.getTime() + 1000) })).ended).toBe(1);
    expect(await subRow(sub.id)).toMatchObject({ state: 'canceled' });
    expect((await paymentsOf(sub.id)).length).toBe(1);
    await expect(setAutoRenew(h.db, v, sub.id, true)).rejects.toMatchObject({ code: 'conflict', status: 409 });
    const other = await owner('tienda-pb-other');
    await expect(setAutoRenew(h.db, other.v, sub.id, false)).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });
});

describe('package refunds', () => {
  it('refunds the last paid period in full once within 14 days: reversing ledger transaction, subscription ended', async () => {
    const { v, sub, payment } = await bought('tienda-pb-refund');
    const view = (await mySubscriptions(h.db, v)).results.find((r) => r.id === sub.id)!;
    expect(view.refundable_until).toBeTruthy();
    const out = await refundPackage(h.db, v, sub.id);
    expect(out).toMatchObject({ state: 'canceled', refunded: { payment_id: payment.id, amount: payment.amount } });
    const paid = await ledgerSum(LEDGER_SOURCE, payment.id);
    const back = await ledgerSum(REFUND_SOURCE, payment.id);
    expect(back).toEqual({ lines: paid.lines, sum: 0 });
    expect((await subRow(sub.id)).state).toBe('canceled');
    await expect(refundPackage(h.db, v, sub.id)).rejects.toMatchObject({ code: 'conflict', status: 409 });
    expect(await txCount(REFUND_SOURCE, payment.id)).toBe(1);
  });

  it('two refunds at once: one refunds, the other is a 409 (one reversing transaction)', async () => {
    const { v, sub, payment } = await bought('tienda-pb-refund2');
    const results = await Promise.allSettled([refundPackage(h.db, v, sub.id), refundPackage(h.db, v, sub.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    expect(await txCount(REFUND_SOURCE, payment.id)).toBe(1);
  });

  it('a purchase of the same plan and the sweeper at renews_at pay two different periods', async () => {
    const { v, sub } = await bought('tienda-pb-both');
    const row = await subRow(sub.id);
    const at = new Date(row.renews_at.getTime() + 1000);
    const token = (await tokenizeCard(h.db, v, { name: 'Ana', number: '4242424242424242', cvc: '123', exp: '12/39' })).id;
    await Promise.all([renewDue(h.db, { now: at }), buyPackage(h.db, v, { plan_id: 'tienda_en_linea', card_token: token, idempotency_key: 'k-both-2' }, at)]);
    const starts = (await paymentsOf(sub.id)).map((p) => p.period_start!.toISOString());
    expect(new Set(starts).size).toBe(starts.length);
    expect(starts.length).toBe(3);
    expect((await subRow(sub.id)).renews_at.toISOString()).toBe(addMonth(addMonth(row.renews_at)).toISOString());
  });

  it('refuses after the 14-day window and for another person', async () => {
    const { v, sub } = await bought('tienda-pb-late');
    const late = new Date(Date.now() + 15 * 24 * 3600_000);
    await expect(refundPackage(h.db, v, sub.id, late)).rejects.toMatchObject({ code: 'conflict', status: 409 });
    const other = await owner('tienda-pb-late2');
    await expect(refundPackage(h.db, other.v, sub.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await subRow(sub.id)).state).toBe('active');
  });
});

describe('3-D Secure cards', () => {
  const challengeCard = async (v: Viewer) => (await tokenizeCard(h.db, v, { name: 'Ana', number: '4000000000003220', cvc: '123', exp: '12/39' })).id;

  it('wait on the challenge; approving opens the plan once (card kept on file, one ledger transaction)', async () => {
    const { v } = await owner('tienda-pb-3ds');
    const out = await buyPackage(h.db, v, { plan_id: 'negocio_digital', card_token: await challengeCard(v), idempotency_key: 'k-3ds-ok' });
    expect(out).toMatchObject({ status: 'requires_action', subscription: null, action: { kind: '3ds', url: `/sandbox/3ds/paquete/${out.payment.id}` } });
    expect((await mySubscriptions(h.db, v)).results).toEqual([]);
    const [a, b] = await Promise.all([settleChallenge(h.db, out.payment.id, 'approve'), settleChallenge(h.db, out.payment.id, 'approve')]);
    expect([a.status, b.status]).toEqual(['succeeded', 'succeeded']);
    expect(await txCount(LEDGER_SOURCE, out.payment.id)).toBe(1);
    const subs = (await mySubscriptions(h.db, v)).results;
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ plan_id: 'negocio_digital', state: 'active', auto_renew: true });
    expect((await subRow(subs[0]!.id)).card_id).toBeTruthy();
    // The same key answers the settled outcome; a late 'fail' changes nothing.
    expect((await buyPackage(h.db, v, { plan_id: 'negocio_digital', card_token: 'x', idempotency_key: 'k-3ds-ok' })).status).toBe('succeeded');
    expect((await settleChallenge(h.db, out.payment.id, 'fail')).status).toBe('succeeded');
  });

  it('a failed challenge leaves no subscription and no ledger transaction', async () => {
    const { v } = await owner('tienda-pb-3ds-no');
    const out = await buyPackage(h.db, v, { plan_id: 'negocio_digital', card_token: await challengeCard(v), idempotency_key: 'k-3ds-no' });
    const after = await settleChallenge(h.db, out.payment.id, 'fail');
    expect(after).toMatchObject({ status: 'failed', failure_code: 'authentication_failed', subscription_id: null });
    expect((await settleChallenge(h.db, out.payment.id, 'approve')).status).toBe('failed');
    expect((await mySubscriptions(h.db, v)).results).toEqual([]);
    expect(await txCount(LEDGER_SOURCE, out.payment.id)).toBe(0);
  });
});

describe('held package commissions (issue 23)', () => {
  async function promoter(): Promise<Extract<Viewer, { kind: 'user' }>> {
    const u = await signupProven(h.db, { email: `pbp${++n}-${Date.now()}@test.example`, password: 'a-long-password', name: `Promotora ${n}` });
    return { kind: 'user', anonymousId: crypto.randomUUID(), user: u, sessionId: 's' };
  }
  const wallet = async (v: Viewer, now?: Date) => (await listWallets(h.db, v, now)).results[0]!;
  const CLABE = '012180001234567891';

  it('keeps the commission pending (no cash-out) until the refund window closes, then the sweeper releases it once', async () => {
    const p = await promoter();
    const t0 = new Date();
    const { v, sub } = await bought('tienda-pb-held', 'negocio_digital', p, t0);
    const w0 = await wallet(p);
    expect(w0.pending).toBeGreaterThan(0);
    expect(w0.available_for_cashout).toBe(0);
    const commission = w0.pending;
    // The wallet's movement says it is held and when it becomes available: the end of the 14-day window.
    const [paid] = (await walletEntries(h.db, p, 'mxn', { offset: 0, limit: 10 })).results;
    expect(paid).toMatchObject({ source: LEDGER_SOURCE, amount: commission, held: true, releases_at: new Date(t0.getTime() + REFUND_WINDOW_MS).toISOString() });
    await expect(requestPayout(h.db, p, 'mxn', { amount: commission, destination: CLABE, idempotency_key: 'held-cashout-1' }))
      .rejects.toMatchObject({ code: 'validation_error', status: 400 });
    // At the window's last instant the period can still be refunded: nothing is released yet.
    const end = new Date(t0.getTime() + REFUND_WINDOW_MS);
    expect(await releaseDueCommissions(h.db, end)).toBe(0);
    const after = new Date(end.getTime() + 1000);
    const [a, b] = await Promise.all([releaseDueCommissions(h.db, after), releaseDueCommissions(h.db, after)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await releaseDueCommissions(h.db, after)).toBe(0);
    const w1 = await wallet(p);
    expect(w1).toMatchObject({ pending: 0, available_for_cashout: commission, balance: commission });
    const moves = (await walletEntries(h.db, p, 'mxn', { offset: 0, limit: 10 })).results;
    expect(moves.map((m) => m.source).sort()).toEqual(['commission_release', LEDGER_SOURCE]);
    expect(moves.every((m) => !m.held && m.releases_at === null)).toBe(true);
    // Released means the window is over: no refund any more, and now it can be cashed out.
    await expect(refundPackage(h.db, v, sub.id, after)).rejects.toMatchObject({ code: 'conflict', status: 409 });
    const out = await requestPayout(h.db, p, 'mxn', { amount: commission, destination: CLABE, idempotency_key: 'held-cashout-2' });
    expect(out.payout.amount).toBe(commission);
  });

  it('a refund within the window takes the held commission back; the promoter never goes below zero', async () => {
    const p = await promoter();
    const t0 = new Date();
    const one = await bought('tienda-pb-held-r1', 'negocio_digital', p, t0);
    const two = await bought('tienda-pb-held-r2', 'negocio_digital', p, t0);
    const held = (await wallet(p)).pending;
    expect(held).toBeGreaterThan(0);
    await expect(requestPayout(h.db, p, 'mxn', { amount: held, destination: CLABE, idempotency_key: 'held-r-1' })).rejects.toMatchObject({ code: 'validation_error' });
    const day = new Date(t0.getTime() + 86400_000);
    await refundPackage(h.db, one.v, one.sub.id, day);
    // The second refund races the sweeper at the window's end: whichever is first, the books stay whole.
    const end = new Date(t0.getTime() + REFUND_WINDOW_MS);
    const [refund] = await Promise.allSettled([refundPackage(h.db, two.v, two.sub.id, end), releaseDueCommissions(h.db, new Date(end.getTime() + 1))]);
    const w1 = await wallet(p);
    expect(w1.balance).toBeGreaterThanOrEqual(0);
    expect(w1.pending).toBe(0);
    expect(w1.available_for_cashout).toBe(refund.status === 'fulfilled' ? 0 : held / 2);
    // Later sweeps release nothing that was refunded.
    expect(await releaseDueCommissions(h.db, new Date(end.getTime() + 86400_000))).toBe(0);
    expect((await wallet(p)).balance).toBe(w1.balance);
    const sums = await h.db.select({ account: ledgerEntries.account, amount: ledgerEntries.amount }).from(ledgerEntries).where(eq(ledgerEntries.holder, p.user.profile_id));
    expect(sums.filter((e) => e.account === 'available').reduce((x, e) => x + e.amount, 0)).toBeGreaterThanOrEqual(0);
  });
});

describe('overdue renewals (issue 23)', () => {
  it('charges a subscription 24 months overdue once, for a period starting at the charge', async () => {
    const { sub } = await bought('tienda-pb-overdue');
    const row = await subRow(sub.id);
    // Two years of missed renewals (the sweeper never ran): renews_at 24 months before the sweep.
    let due = row.renews_at;
    for (let i = 0; i < 24; i++) due = addMonth(due);
    const at = new Date(due.getTime() + 3600_000);
    // One sweep (the other tests' subscriptions are due too: this one's payments are what count).
    await renewDue(h.db, { now: at });
    const pays = (await paymentsOf(sub.id)).filter((p) => p.status === 'succeeded');
    expect(pays).toHaveLength(2);
    expect(pays[1]!.period_start!.toISOString()).toBe(at.toISOString());
    expect((await subRow(sub.id)).renews_at.toISOString()).toBe(addMonth(at).toISOString());
    expect(await ledgerSum(LEDGER_SOURCE, pays[1]!.id)).toMatchObject({ sum: 0 });
    await renewDue(h.db, { now: at });
    expect((await paymentsOf(sub.id)).length).toBe(2);
  });
});
