// Package billing against a real database: renewals at renews_at with the card on file (one ledger transaction per
// paid period, once even with two sweepers racing), failed charges past due then expired after 3 tries a day apart
// (the plan rate falls back), auto-renewal off ends the plan at renews_at, and the 14-day full refund of the last
// period (reversing ledger transaction, once). The clock is the `now` argument.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { signupProven } from '../support/accounts.ts';
import type { Viewer } from '../../src/domain/accounts/viewer.ts';
import { becomeEntrepreneur, openStore } from '../../src/domain/store-opening/service.ts';
import { buyPackage, LEDGER_SOURCE, mySubscriptions } from '../../src/domain/subscriptions/service.ts';
import { REFUND_SOURCE, refundPackage, renewDue, setAutoRenew } from '../../src/domain/subscriptions/billing.ts';
import { addMonth } from '../../src/domain/subscriptions/rules.ts';
import { settleChallenge } from '../../src/domain/subscriptions/challenge.ts';
import { tokenizeCard } from '../../src/domain/payments/service.ts';
import { shopPlanId } from '../../src/domain/catalog/repo.ts';
import { ledgerEntries, ledgerTransactions, savedCards, shops, subscriptionPayments, subscriptions } from '../../src/db/schema/index.ts';

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
async function bought(slug: string, plan: 'tienda_en_linea' | 'negocio_digital' = 'tienda_en_linea') {
  const o = await owner(slug);
  const token = (await tokenizeCard(h.db, o.v, { name: 'Ana', number: '4242424242424242', cvc: '123', exp: '12/39' })).id;
  const out = await buyPackage(h.db, o.v, { plan_id: plan, card_token: token, idempotency_key: `k-${slug}` });
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
