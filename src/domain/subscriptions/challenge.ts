// A package bought with a card that asks for 3-D Secure (sandbox cards challenge_3ds and requires_action): the
// purchase is kept as a payment waiting on the challenge (status requires_action, no subscription yet) and the buyer
// goes to the sandbox card provider's challenge page (/sandbox/3ds/paquete/{payment}), like an order's card payment.
// Approving opens (or renews) the plan exactly as a card approved at once; failing leaves no subscription. The
// payment row is locked and settled once: a second answer (double submit, another tab) changes nothing.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { inTx } from '../../db/tx.ts';
import * as payRepo from '../payments/repo.ts';
import { findById as findShopById } from '../shops/index.ts';
import * as repo from './repo.ts';
import { paidPeriod } from './service.ts';

export const CHALLENGE_PATH = '/sandbox/3ds/paquete';
export const challengeUrl = (paymentId: string) => `${CHALLENGE_PATH}/${paymentId}`;

/** What the challenge page shows; null for an unknown id. */
export async function challengeView(db: Db, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const p = await repo.findPayment(db, id);
  if (!p) return null;
  const plan = (await repo.findPlan(db, p.plan_id))!;
  return { id: p.id, status: p.status, amount: p.amount, currency: p.currency, plan_name: plan.name, card: p.card as { brand?: string; last4?: string } | null };
}

/** The buyer answered the challenge: approve opens the plan, fail ends the attempt (authentication_failed). */
export async function settleChallenge(db: Db, id: string, action: 'approve' | 'fail', now = new Date()) {
  const p0 = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findPayment(db, id) : null;
  if (!p0) throw new AppError('not_found', 'Payment not found');
  return inTx(db, async (tx) => {
    await repo.lockShopPlans(tx, p0.shop_id);
    const p = await repo.lockWaitingPayment(tx, p0.id);
    if (!p) return (await repo.findPayment(tx, p0.id))!;
    if (action === 'fail') return repo.completePayment(tx, p.id, { status: 'failed', failure_code: 'authentication_failed' });
    const plan = (await repo.findPlan(tx, p.plan_id))!;
    const shop = (await findShopById(tx, p.shop_id))!;
    const token = p.card_token_id ? await payRepo.findCardToken(tx, p.card_token_id) : null;
    const referrer = await repo.referrerOfUser(tx, p.user_id);
    return paidPeriod(tx, p, { shop, plan, userId: p.user_id, token, savedId: p.saved_card_id, referrer }, now);
  });
}
