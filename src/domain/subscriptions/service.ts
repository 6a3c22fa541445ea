// Buying a package (issue 14; seed 001 §2 /apps/paquetes, §3 plans, §7 'buy a package (plan id)'): the owner of a
// store pays a plan's monthly price with a sandbox card (tokenised by POST /api/payments/cards/tokens, or a saved
// card). One database transaction records the payment (unique on the buyer's idempotency key), opens or renews the
// shop's subscription and posts its ledger transaction (source 'subscription_paid', unique on the payment). The
// shop's plan rate (src/domain/catalog/repo.ts shopPlanRate) follows its active subscription from then on.
//   same plan active      the payment renews it: the next period starts at its renewal date
//   another plan active   that one is replaced (ended now); the new one starts now
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { resaleEarning } from '../catalog/schema.ts';
import { inTx } from '../../db/tx.ts';
import { assertProviderUsable } from '../payments/index.ts';
import * as payRepo from '../payments/repo.ts';
import { expired } from '../payments/index.ts';
import { findById as findShopById } from '../shops/index.ts';
import { postTransaction } from '../wallet/index.ts';
import { mailPackage } from '../mail/index.ts';
import { holdCommission } from '../wallet/index.ts';
import * as repo from './repo.ts';
import { addMonth, commissionReleaseAt, packageCharge, REFUND_WINDOW_MS, refundable, subscriptionEntries } from './rules.ts';
import type { BuyPackageInput, BuyPackageOutput, PlanView, SubscriptionView } from './schema.ts';

export const LEDGER_SOURCE = 'subscription_paid';

export function toPlanView(p: repo.PlanRow): PlanView {
  return {
    id: p.id as PlanView['id'], name: p.name, price: p.price, currency: p.currency, periodicity: p.periodicity,
    plan_commission_rate: p.plan_commission_rate, contribution_margin: p.contribution_margin,
    earning: resaleEarning(p.contribution_margin, p.plan_commission_rate),
  };
}

export async function listPlans(db: Db): Promise<PlanView[]> {
  return (await repo.listPlans(db)).map(toPlanView);
}

const iso = (d: Date | string) => new Date(d).toISOString();

function subView(sub: repo.SubscriptionRow, plan: repo.PlanRow, shop: { id: string; slug: string; name: string }, refundableUntil: Date | null = null): SubscriptionView {
  return {
    auto_renew: sub.auto_renew, past_due: sub.state === 'active' && sub.renew_failures > 0, retry_at: sub.retry_at ? iso(sub.retry_at) : null,
    refundable_until: refundableUntil ? iso(refundableUntil) : null,
    id: sub.id, shop, plan_id: plan.id, plan_name: plan.name, state: sub.state, started_at: iso(sub.started_at), renews_at: iso(sub.renews_at),
    price: plan.price, currency: plan.currency, plan_commission_rate: plan.plan_commission_rate,
  };
}

/** The packages page: the viewer's shops and their subscriptions (newest first). */
export async function mySubscriptions(db: Db, viewer: Viewer) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const [shops, rows] = await Promise.all([repo.ownedShops(db, viewer.user.profile_id), repo.subscriptionsOfOwner(db, viewer.user.profile_id)]);
  const now = Date.now();
  const results = await Promise.all(rows.map(async (r) => {
    if (r.sub.state !== 'active') return subView(r.sub, r.plan, r.shop);
    const [last] = await repo.paidPeriods(db, r.sub.id);
    const until = last && refundable(last, new Date(now)) ? new Date(last.period_start!.getTime() + REFUND_WINDOW_MS) : null;
    return subView(r.sub, r.plan, r.shop, until);
  }));
  return { shops, results, matches_estimated: rows.length };
}

async function resolveCard(db: Db, viewer: Extract<Viewer, { kind: 'user' }>, input: BuyPackageInput) {
  if (input.card_id && input.card_token) throw new AppError('validation_error', 'Pay with a saved card or a new card, not both', { fields: { card_id: ['validation.cardOrToken'] } });
  if (input.card_id) {
    const s = await payRepo.findSavedCard(db, viewer.user.id, input.card_id);
    if (!s) throw new AppError('not_found', 'Saved card not found', { textKey: 'apiErrors.saved_card_gone', fields: { card_id: ['validation.savedCardGone'] } });
    if (expired(s)) throw new AppError('card_expired', 'The saved card expired', { fields: { card_id: ['validation.savedCardExpired'] } });
    return { tokenId: null, savedId: s.id as string | null, token: null, behaviour: s.sandbox_behaviour, display: { brand: s.brand, last4: s.last4, type: s.card_type } };
  }
  if (!input.card_token) throw new AppError('validation_error', 'Tokenise the card first', { fields: { card_token: ['validation.cardRequired'] } });
  const t = await payRepo.findCardToken(db, input.card_token);
  const mine = t && (t.user_id === viewer.user.id || t.anonymous_id === viewer.anonymousId);
  if (!t || !mine || t.used_at || t.expires_at.getTime() <= Date.now()) {
    throw new AppError('card_invalid', 'The card token is not valid: request a new one', { fields: { card_token: ['validation.cardTokenRenew'] } });
  }
  return { tokenId: t.id, savedId: null, token: t, behaviour: t.sandbox_behaviour, display: { brand: t.brand, last4: t.last4, type: t.card_type } };
}

async function outcomeOf(db: Db, pay: repo.SubscriptionPaymentRow): Promise<BuyPackageOutput> {
  const sub = pay.subscription_id ? await repo.findSubscription(db, pay.subscription_id) : null;
  const plan = (await repo.findPlan(db, pay.plan_id))!;
  return {
    status: pay.status, action: pay.status === 'requires_action' ? { kind: '3ds', url: `/sandbox/3ds/paquete/${pay.id}` } : null,
    payment: {
      id: pay.id, amount: pay.amount, currency: pay.currency, status: pay.status, failure_code: pay.failure_code, card: pay.card,
      period_start: pay.period_start ? iso(pay.period_start) : null, period_end: pay.period_end ? iso(pay.period_end) : null,
    },
    subscription: sub ? subView(sub, plan, await shopOf(db, sub.shop_id)) : null,
  };
}

async function shopOf(db: Db, shopId: string) {
  const s = (await findShopById(db, shopId))!;
  return { id: s.id, slug: s.slug, name: s.name };
}

/** A failed charge as the API answers it: 402 payment_failed with the card's reason (the row is kept). */
export function failureError(code: string | null) {
  return new AppError('payment_failed', 'The payment failed', { textKey: `plans.failure-${code ?? 'processing_error'}`, fields: { card: [code ?? 'processing_error'] } });
}

/**
 * Buys (or renews) a plan for the viewer's own shop. Answers the outcome; a repeat with the same idempotency key
 * answers the first attempt's outcome without charging again. Failed charges are answered, not thrown.
 */
export async function buyPackage(db: Db, viewer: Viewer, input: BuyPackageInput, now = new Date()): Promise<BuyPackageOutput> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const owned = await repo.ownedShops(db, viewer.user.profile_id);
  if (!owned.length) throw new AppError('forbidden', 'Open a store first: packages are for store owners', { textKey: 'plans.needStore' });
  const shop = input.shop ? owned.find((s) => s.slug === input.shop) : owned.length === 1 ? owned[0] : undefined;
  if (!shop) {
    if (input.shop) throw new AppError('not_found', 'Shop not found among yours', { fields: { shop: ['validation.invalidOption'] } });
    throw new AppError('validation_error', 'Choose which of your shops', { fields: { shop: ['validation.required'] } });
  }
  const plan = await repo.findPlan(db, input.plan_id);
  if (!plan) throw new AppError('not_found', 'Plan not found', { fields: { plan_id: ['validation.invalidOption'] } });
  const key = `${viewer.user.id}:${input.idempotency_key}`;
  const prior = await repo.findPaymentByKey(db, key);
  if (prior) {
    if (prior.plan_id !== plan.id || prior.shop_id !== shop.id) throw new AppError('idempotency_conflict', 'This idempotency key belongs to another purchase');
    return outcomeOf(db, prior);
  }
  assertProviderUsable('sandbox-card');
  const card = await resolveCard(db, viewer, input);
  const charge = purchaseCharge(card.behaviour);
  const referrer = await repo.referrerOf(db, viewer.user.profile_id);
  const pay = await inTx(db, async (tx) => {
    await repo.lockShopPlans(tx, shop.id);
    const same = await repo.findPaymentByKey(tx, key);
    if (same) return same;
    if (card.tokenId && !(await payRepo.useCardToken(tx, card.tokenId))) {
      throw new AppError('card_invalid', 'The card token was already used: request a new one', { fields: { card_token: ['validation.cardTokenRenew'] } });
    }
    const base = { shop_id: shop.id, plan_id: plan.id, user_id: viewer.user.id, idempotency_key: key, amount: plan.price, currency: plan.currency, card: card.display };
    // A card that asks for 3-D Secure: the payment waits on the sandbox challenge (settleChallenge opens the plan).
    if (charge.ok === 'challenge') return (await repo.insertPayment(tx, { ...base, status: 'requires_action', card_token_id: card.tokenId, saved_card_id: card.savedId }))!;
    if (!charge.ok) return (await repo.insertPayment(tx, { ...base, status: 'failed', failure_code: charge.code }))!;
    const row = (await repo.insertPayment(tx, { ...base, status: 'succeeded' }))!;
    return paidPeriod(tx, row, { shop, plan, userId: viewer.user.id, token: card.token, savedId: card.savedId, referrer }, now);
  });
  return outcomeOf(db, pay);
}

type TokenRow = NonNullable<Awaited<ReturnType<typeof payRepo.findCardToken>>>;
type PeriodCtx = { shop: { id: string; slug: string }; plan: repo.PlanRow; userId: string; token: TokenRow | null; savedId: string | null; referrer: string | null };

/**
 * A paid purchase (inside the shop's lock): keeps the card on file (a saved card of the buyer, charged again by
 * billing.ts), opens or renews the subscription, completes the payment row and posts its ledger transaction.
 *   same plan active      the payment renews it: the next period starts at its renewal date
 *   another plan active   that one is replaced (ended now); the new one starts now
 */
export async function paidPeriod(tx: Db, row: repo.SubscriptionPaymentRow, c: PeriodCtx, now: Date): Promise<repo.SubscriptionPaymentRow> {
  const t = c.token;
  const cardId = c.savedId ?? (t ? (await payRepo.saveCard(tx, {
    user_id: c.userId, provider: 'sandbox-card', name: t.name, brand: t.brand, last4: t.last4, card_type: t.card_type,
    bank: t.bank, exp_month: t.exp_month, exp_year: t.exp_year, sandbox_behaviour: t.sandbox_behaviour, fingerprint: t.fingerprint,
  })).id : null);
  const active = await repo.lockActiveSubscription(tx, c.shop.id);
  let sub: repo.SubscriptionRow;
  let start: Date;
  if (active && active.plan_id === c.plan.id) {
    // A renewal: the next period follows the paid one (or starts now when that one has lapsed).
    start = active.renews_at.getTime() > now.getTime() ? active.renews_at : now;
    await repo.extendSubscription(tx, active.id, addMonth(start), cardId);
    sub = active;
  } else {
    if (active) await repo.endSubscription(tx, active.id, 'replaced', now);
    start = now;
    sub = await repo.insertSubscription(tx, { shop_id: c.shop.id, plan_id: c.plan.id, user_id: c.userId, state: 'active', started_at: now, renews_at: addMonth(now), card_id: cardId });
  }
  const done = await repo.completePayment(tx, row.id, { status: 'succeeded', subscription_id: sub.id, period_start: start, period_end: addMonth(start) });
  const p = c.plan;
  const lines = subscriptionEntries({ price: p.price, currency: p.currency, margin: p.contribution_margin, rate: p.plan_commission_rate, referrer: c.referrer });
  await postTransaction(tx, { source: LEDGER_SOURCE, source_id: row.id, memo: `${p.id} ${c.shop.slug}` }, lines);
  // The referrer's commission stays pending until this period can no longer be refunded (issue 23).
  if (lines.some((l) => l.account === 'pending')) await holdCommission(tx, LEDGER_SOURCE, row.id, commissionReleaseAt(start));
  await mailPackage(tx, { key: row.id, userId: c.userId, ok: true, plan: p.name, amount: p.price, currency: p.currency, start, end: addMonth(start) });
  return done;
}

/** The sandbox card's answer for a purchase made with the buyer present: 3-D Secure cards go to the challenge. */
function purchaseCharge(behaviour: string): { ok: true } | { ok: 'challenge' } | { ok: false; code: string } {
  return behaviour === 'challenge_3ds' || behaviour === 'requires_action' ? { ok: 'challenge' } : packageCharge(behaviour);
}
