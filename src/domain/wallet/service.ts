// The money side of orders (issue 12): every business event posts one balanced, idempotent ledger transaction in
// the caller's database transaction. Who gets what is src/domain/wallet/rules.ts; the SQL is repo.ts.
//
//   order paid        bank clearing -P; supplier, reseller, promoter pending +parts; platform revenue +rest
//   extra charge paid bank clearing -E; supplier pending +E
//   refund R          each party's share of the order -R in proportion (pending before release, available after);
//                     bank clearing +R
//   release           per party: pending -x, available +x (return window over with no open return, or return closed)
//   payout request    holder available -a, payout +a; paid: payout -a, bank clearing +a; failed: payout -a, available +a
//   held commission   (issue 23) a package's referral commission: promoter pending +c, held (commission_holds) until
//                     the package's refund window closes; then 'commission_release' pending -c, available +c, once
//   any take-back     (refunds of orders and packages) never takes more from a holder's available balance than the
//                     holder can withdraw now: postTakeBack below is the one place that rule lives
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { shopPlanRate } from '../catalog/index.ts';
import { inTx } from '../../db/tx.ts';
import * as repo from './repo.ts';
import type { EntryInput, TxSource } from './repo.ts';
import { allocate, splitOrder } from './rules.ts';
import { decimalAmount } from '../../lib/shared/money.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/shared/intl.ts';
import type { FiguresQuery } from './schema.ts';
import { requireOperator } from '../operator/index.ts';

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

/** What a refund of `amount` takes from each party of the order: its share of what it holds of the order now. */
async function refundLines(tx: Db, order: OrderLike, amount: number): Promise<EntryInput[]> {
  const net = (await repo.orderNet(tx, order.id)).filter((r) => r.role !== 'bank' && r.amount > 0 && r.currency === order.currency);
  const shares = allocate(amount, net.map((r) => r.amount));
  // Whatever cannot be taken from the parties (nothing recorded for this order) is the platform's loss.
  const short = amount - shares.reduce((a, b) => a + b, 0);
  return [
    { holder: null, role: 'bank', account: 'clearing', currency: order.currency, amount },
    ...net.map((r, i) => ({ holder: r.holder, role: r.role, account: r.account, currency: r.currency, amount: -shares[i]! })),
    ...(short ? [{ holder: null, role: 'platform', account: 'revenue', currency: order.currency, amount: -short }] : []),
  ];
}

/**
 * `amount` went back to the buyer: every party gives up its share of the order in proportion to what it holds of
 * it now (to the cent, largest remainder), through postTakeBack (never below a withdrawable zero). `key` names this
 * refund application (unique per order and moment). `payer`: the holder who chose to refund (the supplier), whose
 * own part must be covered (else the refund is refused, see assertRefundCovered).
 */
export async function recordRefund(tx: Db, order: OrderLike, amount: number, key: string, payer: string | null = null) {
  if (amount <= 0) return;
  await postTakeBack(tx, { source: 'refund', source_id: key, order_id: order.id }, await refundLines(tx, order, amount), { payer });
}

/**
 * Before any money moves at the provider: refuses a refund of `amount` that `payer`'s available balance cannot
 * cover for its own part (a supplier refunding an order already released and cashed out). Takes the payer's wallet
 * lock for the rest of the transaction, so a cash-out cannot spend it before recordRefund posts.
 */
export async function assertRefundCovered(tx: Db, order: OrderLike, amount: number, payer: string | null) {
  if (amount <= 0 || !payer) return;
  await coverTakeBack(tx, await refundLines(tx, order, amount), { payer });
}

/** The holder of an order's supplier part (the party who pays back its own part of a refund it makes). */
export async function supplierHolderOf(tx: Db, orderId: string): Promise<string | null> {
  return (await repo.orderMoneyFacts(tx, orderId))?.supplier_profile ?? null;
}

/**
 * Posts a transaction that takes money back from the parties (a refund of an order or of a package). The rule every
 * refund path shares: a line that takes from a holder's available balance takes at most what that holder can
 * withdraw now, read under the wallet lock a cash-out takes (so neither can spend the same money). What cannot be
 * taken from a holder is refused when the holder is `payer` (the party who chose to refund), and otherwise is the
 * platform's loss (platform revenue, in the same transaction, so the books still balance). Pending lines are taken
 * as given: they are the holder's share of this very order or package, still held. False when already posted.
 */
export async function postTakeBack(tx: Db, src: TxSource, entries: EntryInput[], opts: { payer?: string | null } = {}): Promise<boolean> {
  if (await repo.hasTransaction(tx, src.source, src.source_id, src.leg ?? '')) return false;
  return repo.postTransaction(tx, src, await coverTakeBack(tx, entries, opts));
}

/** The lines of a take-back as they can be posted (see postTakeBack); throws when `payer` cannot cover its part. */
export async function coverTakeBack(tx: Db, entries: EntryInput[], opts: { payer?: string | null } = {}): Promise<EntryInput[]> {
  const debits = new Map<string, { holder: string; currency: string; total: number }>();
  for (const e of entries) {
    if (!e.holder || e.account !== 'available' || e.amount >= 0) continue;
    const k = `${e.holder}|${e.currency}`;
    const d = debits.get(k) ?? { holder: e.holder, currency: e.currency, total: 0 };
    d.total -= e.amount;
    debits.set(k, d);
  }
  if (!debits.size) return entries;
  const out = entries.map((e) => ({ ...e }));
  // Locks in one order (holder, currency): two refunds never wait on each other's locks crosswise.
  for (const k of [...debits.keys()].sort()) {
    const d = debits.get(k)!;
    await repo.lockHolderWallet(tx, d.holder, d.currency);
    const can = Math.max(0, await repo.holderAvailable(tx, d.holder, d.currency));
    const short = d.total - can;
    if (short <= 0) continue;
    if (opts.payer && d.holder === opts.payer) {
      throw new AppError('conflict', 'Your available balance does not cover your part of this refund', {
        textKey: 'walletHeld.refundNotCovered', vars: { part: `${decimalAmount(d.total)} ${d.currency}`, max: `${decimalAmount(can)} ${d.currency}` },
      });
    }
    let left = short;
    for (let i = out.length - 1; i >= 0 && left > 0; i--) {
      const e = out[i]!;
      if (e.holder !== d.holder || e.currency !== d.currency || e.account !== 'available' || e.amount >= 0) continue;
      const cut = Math.min(left, -e.amount);
      e.amount += cut;
      left -= cut;
    }
    out.push({ holder: null, role: 'platform', account: 'revenue', currency: d.currency, amount: -short });
  }
  return out;
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

// ---------- held commissions (issue 23) ----------

/** The pending credit posted as (source, sourceId) waits until `releaseAfter` (the end of its refund window). */
export async function holdCommission(tx: Db, source: string, sourceId: string, releaseAfter: Date) {
  await repo.openCommissionHold(tx, source, sourceId, releaseAfter);
}

export const COMMISSION_RELEASE_SOURCE = 'commission_release';

/** Moves one held credit's pending lines to available, once (the release is unique on its source). */
async function releaseCommission(tx: Db, source: string, sourceId: string, now: Date) {
  const pending = (await repo.transactionLines(tx, source, sourceId)).filter((l) => l.holder && l.account === 'pending' && l.amount !== 0);
  await repo.postTransaction(tx, { source: COMMISSION_RELEASE_SOURCE, source_id: `${source}:${sourceId}`, at: now }, pending.flatMap((l) => [
    { ...l, account: 'pending', amount: -l.amount },
    { ...l, account: 'available', amount: l.amount },
  ]));
  await repo.settleCommissionHold(tx, source, sourceId, { released_at: now });
}

/**
 * Releases every held commission whose window closed before `now` (the sweeper, a batch per transaction). Safe with
 * several processes: holds are claimed FOR UPDATE SKIP LOCKED, and a refund takes the same row lock first.
 */
export async function releaseDueCommissions(db: Db, now = new Date(), batch = 50): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await inTx(db, async (tx) => {
      const due = await repo.claimDueCommissionHolds(tx, now, batch);
      for (const h of due) await releaseCommission(tx, h.source, h.source_id, now);
      return due.length;
    });
    done += n;
    if (n < batch) return done;
  }
}

/**
 * A refund of what (source, sourceId) credited, inside the refund's transaction: waits for the hold's row lock (a
 * sweeper releasing it finishes first). 'held': it was still held and is now marked reversed (the refund's reversing
 * lines take it back from pending); 'released': it was already released (its window is over); 'none': no hold.
 */
export async function reverseHeldCommission(tx: Db, source: string, sourceId: string, now: Date): Promise<'held' | 'released' | 'none'> {
  const hold = await repo.lockCommissionHold(tx, source, sourceId);
  if (!hold) return 'none';
  if (hold.released_at) return 'released';
  if (!hold.reversed_at) await repo.settleCommissionHold(tx, source, sourceId, { reversed_at: now });
  return 'held';
}

// The platform operator's check lives with the operator's console (src/domain/operator); re-exported for the APIs.
export { requireOperator };

/** The operator's reconciliation: orders whose money does not add up (empty when the books are right). */
export async function reconciliation(db: Db) {
  const bad = await repo.unreconciledOrders(db);
  return { results: bad, matches_estimated: bad.length };
}

/**
 * The operator's view of one order's money (the reconciliation page links each mismatch here): what was paid and
 * refunded, every ledger line of it, and the sums the reconciliation compares.
 */
export async function orderLedger(db: Db, viewer: Viewer, orderId: string) {
  requireOperator(viewer);
  const order = await repo.orderMoneySummary(db, orderId);
  if (!order) throw new AppError('not_found', 'Order not found');
  const entries = await repo.orderEntries(db, orderId);
  const parties = entries.filter((e) => e.role !== 'bank').reduce((n, e) => n + e.amount, 0);
  const clearing = entries.filter((e) => e.role === 'bank').reduce((n, e) => n + e.amount, 0);
  const net_paid = order.amount_paid - order.amount_refunded;
  return { order, entries, net_paid, parties, clearing, reconciled: parties === net_paid && clearing === -net_paid };
}

/**
 * The operator's home (issue 25): per day, week or month of a range, GMV, the platform's revenue (commission share
 * and package income), refunds, escrow released and held at the end of each period, payouts asked for / paid /
 * given back; plus what is held now with a release date. Every figure is a sum of ledger lines (repo.ledgerFigures).
 */
export async function platformFigures(db: Db, viewer: Viewer, q: FiguresQuery, tz = DEFAULT_TIME_ZONE) {
  requireOperator(viewer);
  const [rows, before, due] = await Promise.all([
    repo.ledgerFigures(db, { ...q, tz }), repo.pendingBefore(db, q.currency, q.from, tz), repo.dueToRelease(db, q.currency),
  ]);
  let held = before;
  const results = rows.map((r) => {
    held += r.pending_change;
    const { pending_change: _, ...rest } = r;
    return { ...rest, revenue: r.commission + r.packages, escrow_held: held };
  });
  const sum = (k: keyof (typeof results)[number]) => results.reduce((n, r) => n + (r[k] as number), 0);
  const totals = {
    gmv: sum('gmv'), commission: sum('commission'), packages: sum('packages'), revenue: sum('revenue'), refunds: sum('refunds'), released: sum('released'),
    payouts_requested: sum('payouts_requested'), payouts_paid: sum('payouts_paid'), payouts_rejected: sum('payouts_rejected'), escrow_held: held,
  };
  return { ...q, time_zone: tz, results, totals, due_to_release: { amount: due.amount, next_at: due.next_at ? new Date(due.next_at).toISOString() : null } };
}

export function assertPositiveAmount(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0) throw new AppError('validation_error', 'Enter an amount above 0', { fields: { amount: ['validation.amountAboveZero'] } });
}
