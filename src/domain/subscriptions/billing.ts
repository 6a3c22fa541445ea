// Package billing after the purchase: renewals at renews_at, turning auto-renewal off, and refunds.
//
//   renewal    a due subscription (state active, renews_at <= now) is charged with the card on file (the saved card
//              of the purchase). Each one is handled in its own transaction that locks the row FOR UPDATE SKIP
//              LOCKED and re-checks it, and the payment is unique on (subscription, period start): two sweepers
//              never charge one period twice. Paid: one ledger transaction, the next period (renewalStart: on
//              schedule it follows renews_at; overdue beyond the tries' span it starts at the charge, so a sweep
//              charges an overdue subscription once, never once per missed month) + 1 month. Failed: past due,
//              tried again a day later; after 3 failed tries the subscription expires (the default rate applies).
//              Auto-renewal off: at renews_at the subscription ends (canceled), nothing is charged.
//   refund     the last paid period, in full, once, within 14 days of its start: under the shop's lock and the
//              subscription's row lock, the provider refunds it (keyed on the payment), the period's ledger lines
//              are reversed and the subscription ends now. The referral commission of a period is held (pending)
//              until its refund window closes (src/domain/wallet/service.ts holdCommission); a refund before that
//              reverses it from pending, and no refund takes more than a holder can withdraw (postTakeBack).
import type { Db } from '../../db/client.ts';
import { mailPackage } from '../mail/index.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { inTx } from '../../db/tx.ts';
import { expired } from '../payments/index.ts';
import { providerFor } from '../payments/index.ts';
import type { PaymentRow } from '../payments/index.ts';
import { findById as findShopById } from '../shops/index.ts';
import { postTransaction } from '../wallet/index.ts';
import { holdCommission, postTakeBack, reverseHeldCommission } from '../wallet/index.ts';
import * as repo from './repo.ts';
import { addMonth, afterRenewFailure, commissionReleaseAt, packageCharge, refundable, renewalStart, reversingEntries, subscriptionEntries } from './rules.ts';
import { LEDGER_SOURCE } from './service.ts';

export const REFUND_SOURCE = 'subscription_refunded';

export type RenewOutcome = 'renewed' | 'failed' | 'expired' | 'ended' | 'skipped';

/** Renews (or ends) one due subscription; 'skipped' when it is not due or another process holds it. */
export async function renewOne(db: Db, id: string, now = new Date()): Promise<RenewOutcome> {
  return inTx(db, async (tx) => {
    const sub = await repo.lockLiveSubscription(tx, id);
    if (!sub || sub.renews_at.getTime() > now.getTime() || (sub.retry_at && sub.retry_at.getTime() > now.getTime())) return 'skipped';
    if (!sub.auto_renew) {
      await repo.endSubscription(tx, sub.id, 'canceled', sub.renews_at);
      return 'ended';
    }
    const plan = (await repo.findPlan(tx, sub.plan_id))!;
    const card = sub.card_id ? await repo.cardOnFile(tx, sub.user_id, sub.card_id) : null;
    // Off-session: a card that needs the person on a 3-D Secure page cannot renew by itself (authentication_required).
    const charge = !card ? { ok: false as const, code: 'no_card_on_file' } : expired(card) ? { ok: false as const, code: 'card_expired' } : packageCharge(card.sandbox_behaviour);
    const start = renewalStart(sub.renews_at, now);
    const key = `renew:${sub.id}:${start.toISOString()}`;
    const base = { subscription_id: sub.id, shop_id: sub.shop_id, plan_id: plan.id, user_id: sub.user_id, amount: plan.price, currency: plan.currency, card: card ? { brand: card.brand, last4: card.last4, type: card.card_type } : null };
    if (!charge.ok) {
      await repo.insertPayment(tx, { ...base, idempotency_key: `${key}:try${sub.renew_failures + 1}`, status: 'failed', failure_code: charge.code });
      await mailPackage(tx, { key: `${key}:try${sub.renew_failures + 1}`, userId: sub.user_id, ok: false, plan: plan.name, amount: plan.price, currency: plan.currency, reason: charge.code });
      const next = afterRenewFailure(sub.renew_failures, now);
      if (next.expire) {
        await repo.endSubscription(tx, sub.id, 'expired', now);
        return 'expired';
      }
      await repo.updateSubscription(tx, sub.id, { renew_failures: next.failures, retry_at: next.retry_at });
      return 'failed';
    }
    const row = await repo.insertPayment(tx, { ...base, idempotency_key: key, status: 'succeeded', period_start: start, period_end: addMonth(start) });
    if (!row) return 'skipped';
    await repo.extendSubscription(tx, sub.id, addMonth(start));
    const shop = await findShopById(tx, sub.shop_id);
    const referrer = await repo.referrerOfUser(tx, sub.user_id);
    const lines = subscriptionEntries({ price: plan.price, currency: plan.currency, margin: plan.contribution_margin, rate: plan.plan_commission_rate, referrer });
    await postTransaction(tx, { source: LEDGER_SOURCE, source_id: row.id, memo: `${plan.id} ${shop?.slug ?? sub.shop_id} renewal` }, lines);
    if (lines.some((l) => l.account === 'pending')) await holdCommission(tx, LEDGER_SOURCE, row.id, commissionReleaseAt(start));
    await mailPackage(tx, { key: row.id, userId: sub.user_id, ok: true, plan: plan.name, amount: plan.price, currency: plan.currency, start, end: addMonth(start) });
    return 'renewed';
  });
}

/** Renews every due subscription (a batch at a time); answers the count of each outcome. */
export async function renewDue(db: Db, opts: { now?: Date; batch?: number } = {}): Promise<Record<RenewOutcome, number>> {
  const now = opts.now ?? new Date();
  const batch = opts.batch ?? 100;
  const out: Record<RenewOutcome, number> = { renewed: 0, failed: 0, expired: 0, ended: 0, skipped: 0 };
  for (;;) {
    const ids = await repo.dueSubscriptionIds(db, now, batch);
    let progressed = false;
    for (const id of ids) {
      const r = await renewOne(db, id, now);
      out[r]++;
      if (r !== 'skipped') progressed = true;
    }
    if (!progressed || ids.length < batch) return out;
  }
}

async function ownSubscription(db: Db, viewer: Viewer, id: string) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const owned = await repo.ownedShops(db, viewer.user.profile_id);
  const sub = await repo.findSubscription(db, id);
  if (!sub || !owned.some((s) => s.id === sub.shop_id)) throw new AppError('not_found', 'Subscription not found', { textKey: 'packageBilling.notFound' });
  return sub;
}

/** Turns auto-renewal on or off; the plan stays until renews_at either way. */
export async function setAutoRenew(db: Db, viewer: Viewer, id: string, on: boolean) {
  const sub = await ownSubscription(db, viewer, id);
  if (sub.state !== 'active') throw new AppError('conflict', 'This subscription already ended', { textKey: 'packageBilling.ended' });
  await repo.updateSubscription(db, sub.id, { auto_renew: on });
  return { id: sub.id, auto_renew: on, renews_at: sub.renews_at.toISOString() };
}

/** Refunds the last paid period (full, once, within 14 days of its start) and ends the subscription now. */
export async function refundPackage(db: Db, viewer: Viewer, id: string, now = new Date()) {
  const sub = await ownSubscription(db, viewer, id);
  const [last] = await repo.paidPeriods(db, sub.id);
  if (!last || last.refunded_at) throw new AppError('conflict', 'This package was already refunded', { textKey: 'packageBilling.alreadyRefunded' });
  if (sub.state !== 'active') throw new AppError('conflict', 'This subscription already ended', { textKey: 'packageBilling.ended' });
  if (!refundable(last, now)) throw new AppError('conflict', 'The 14-day refund window of this period is over', { textKey: 'packageBilling.windowOver' });
  return inTx(db, async (tx) => {
    // Checked again under the locks: a renewal or another refund that got in first changes the answer.
    await repo.lockShopPlans(tx, sub.shop_id);
    const locked = await repo.lockSubscription(tx, sub.id);
    const [latest] = await repo.paidPeriods(tx, sub.id);
    if (!locked || locked.state !== 'active' || !latest || latest.id !== last.id || latest.refunded_at) {
      throw new AppError('conflict', 'This package changed meanwhile: reload and try again', { textKey: 'packageBilling.changed' });
    }
    // The sandbox card provider refunds by payment, idempotent on its key (a real provider gets it as Idempotency-Key);
    // a refusal throws and nothing is written.
    const provider = providerFor('sandbox-card')!;
    const res = await provider.refund({ id: last.id, provider: 'sandbox-card', amount: last.amount, currency: last.currency } as unknown as PaymentRow, last.amount, `package-refund:${last.id}`);
    // A pending answer is money on its way back (the provider settles it); only a refusal stops the refund.
    if (res.status === 'failed') throw new AppError('payment_failed', 'The refund failed: try again later', { textKey: 'packageBilling.refundFailed' });
    // Its commission is still held (the window is open): the refund takes it back from pending. Released means a
    // sweeper found the window closed meanwhile, so the period is no longer refundable.
    if ((await reverseHeldCommission(tx, LEDGER_SOURCE, last.id, now)) === 'released') {
      throw new AppError('conflict', 'The 14-day refund window of this period is over', { textKey: 'packageBilling.windowOver' });
    }
    if (!(await repo.markRefunded(tx, last.id, now))) throw new AppError('conflict', 'This package was already refunded', { textKey: 'packageBilling.alreadyRefunded' });
    const lines = await repo.postedLines(tx, LEDGER_SOURCE, last.id);
    // Through the shared take-back rule: a commission posted available (books before issue 23) is taken back only
    // up to what its holder can still withdraw; the rest is the platform's loss, never a negative balance.
    await postTakeBack(tx, { source: REFUND_SOURCE, source_id: last.id, memo: `${last.plan_id} refund` }, reversingEntries(lines));
    await repo.endSubscription(tx, sub.id, 'canceled', now);
    return { id: sub.id, state: 'canceled' as const, refunded: { payment_id: last.id, amount: last.amount, currency: last.currency } };
  });
}
