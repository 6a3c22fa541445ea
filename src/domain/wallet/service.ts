// The money side of orders (issue 12): every business event posts one balanced, idempotent ledger transaction in
// the caller's database transaction. Who gets what is src/domain/wallet/rules.ts; the SQL is repo.ts.
//
//   order paid        bank clearing -P; supplier, reseller, promoter pending +parts; platform revenue +rest
//   extra charge paid bank clearing -E; supplier pending +E
//   refund R          each party's share of the order -R in proportion (pending before release, available after);
//                     bank clearing +R
//   release           per party: pending -x, available +x (return window over with no open return, or return closed)
//   payout request    holder available -a, payout +a; paid: payout -a, bank clearing +a; failed: payout -a, available +a
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../accounts/viewer.ts';
import { shopPlanRate } from '../catalog/repo.ts';
import { inTx } from '../checkout/tx.ts';
import * as repo from './repo.ts';
import { allocate, splitOrder } from './rules.ts';

type OrderLike = { id: string; currency: string; delivered_at?: Date | null; return_deadline?: Date | null };

const PARTY_ACCOUNT = (role: string) => (role === 'platform' ? 'revenue' : 'pending');

/** A payment of the order succeeded: its money is split and held in escrow until the return window ends. */
export async function recordPayment(tx: Db, order: OrderLike, payment: { id: string; amount: number; kind: string }, at?: Date) {
  const facts = await repo.orderMoneyFacts(tx, order.id);
  if (!facts) return;
  const bank = { holder: null, role: 'bank', account: 'clearing', currency: order.currency, amount: -payment.amount };
  if (payment.kind !== 'order') {
    // An extra charge is shipping the seller confirmed above what was charged: all of it is the supplier's.
    await repo.postTransaction(tx, { source: 'extra_charge', source_id: payment.id, order_id: order.id, at }, [
      bank, { holder: facts.supplier_profile, role: 'supplier', account: 'pending', currency: order.currency, amount: payment.amount },
    ]);
    await repo.openHold(tx, order.id);
    return;
  }
  const rate = (await shopPlanRate(tx, { id: facts.shop_id, signup_plan: facts.plan })) ?? '0';
  const others = new Set([facts.reseller, facts.supplier_profile, facts.buyer_profile]);
  const parts = splitOrder({
    paid: payment.amount, lines: facts.lines, rate, supplier: facts.supplier_profile, reseller: facts.reseller,
    promoter: facts.promoter && !others.has(facts.promoter) ? facts.promoter : null,
  });
  await repo.postTransaction(tx, { source: 'order_paid', source_id: payment.id, order_id: order.id, at }, [
    bank, ...parts.map((p) => ({ holder: p.holder, role: p.role, account: PARTY_ACCOUNT(p.role), currency: order.currency, amount: p.amount })),
  ]);
  await repo.openHold(tx, order.id);
}

/**
 * `amount` went back to the buyer: every party gives up its share of the order in proportion to what it holds of
 * it now (to the cent, largest remainder). `key` names this refund application (unique per order and moment).
 */
export async function recordRefund(tx: Db, order: OrderLike, amount: number, key: string) {
  if (amount <= 0) return;
  const net = (await repo.orderNet(tx, order.id)).filter((r) => r.role !== 'bank' && r.amount > 0 && r.currency === order.currency);
  const shares = allocate(amount, net.map((r) => r.amount));
  // Whatever cannot be taken from the parties (nothing recorded for this order) is the platform's loss.
  const short = amount - shares.reduce((a, b) => a + b, 0);
  await repo.postTransaction(tx, { source: 'refund', source_id: key, order_id: order.id }, [
    { holder: null, role: 'bank', account: 'clearing', currency: order.currency, amount },
    ...net.map((r, i) => ({ holder: r.holder, role: r.role, account: r.account, currency: r.currency, amount: -shares[i]! })),
    ...(short ? [{ holder: null, role: 'platform', account: 'revenue', currency: order.currency, amount: -short }] : []),
  ]);
}

/** The order was delivered: its escrow becomes due when the return window closes (at once when returns are not allowed). */
export async function startReturnWindow(tx: Db, order: OrderLike & { delivered_at: Date | null; return_deadline: Date | null }) {
  const facts = await repo.orderMoneyFacts(tx, order.id);
  const due = facts?.return_type === 'disallowed' ? (order.delivered_at ?? new Date()) : (order.return_deadline ?? new Date());
  await repo.setReleaseAfter(tx, order.id, due);
}

/**
 * Moves what the parties hold pending on the order to their available balance, once. Safe with several processes:
 * the hold row is claimed with FOR UPDATE SKIP LOCKED and the transaction is unique on ('release', order id).
 */
export async function releaseOrder(tx: Db, orderId: string, now = new Date()): Promise<boolean> {
  const hold = await repo.lockHold(tx, orderId);
  if (!hold) return false;
  const pending = (await repo.orderNet(tx, orderId)).filter((r) => r.account === 'pending' && r.amount !== 0);
  await repo.postTransaction(tx, { source: 'release', source_id: orderId, order_id: orderId, at: now }, pending.flatMap((r) => [
    { holder: r.holder, role: r.role, account: 'pending', currency: r.currency, amount: -r.amount },
    { holder: r.holder, role: r.role, account: 'available', currency: r.currency, amount: r.amount },
  ]));
  await repo.markReleased(tx, orderId, now);
  return true;
}

/** Releases every hold that is due (window over, no open return). Answers how many it released. */
export async function releaseDue(db: Db, now = new Date(), batch = 50): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await inTx(db, async (tx) => {
      const ids = await repo.claimDueHolds(tx, now, batch);
      for (const id of ids) await releaseOrder(tx, id, now);
      return ids.length;
    });
    done += n;
    if (n < batch) return done;
  }
}

/**
 * The platform operator: a user of level three (ul3). The spec names the level without a role; the operator is the
 * only one who sees every order's money (decision recorded in docs/architecture-notes.md).
 */
export function requireOperator(viewer: Viewer) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  if (viewer.user.user_level !== 'ul3') throw new AppError('forbidden', 'Only the platform operator can see this');
}

/** The operator's reconciliation: orders whose money does not add up (empty when the books are right). */
export async function reconciliation(db: Db) {
  const bad = await repo.unreconciledOrders(db);
  return { results: bad, matches_estimated: bad.length };
}

export function assertPositiveAmount(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0) throw new AppError('validation_error', 'Enter an amount above 0', { fields: { amount: ['validation.amountAboveZero'] } });
}
