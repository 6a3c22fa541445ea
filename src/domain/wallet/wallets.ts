// What people see and do with their wallets: balances (sums of the journal), movements, cash-outs. A cash-out
// moves money from available to 'payout' at once (so it cannot be asked for twice) and the payout sweeper settles
// it with the sandbox provider: paid leaves the platform, failed comes back to available.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { inTx } from '../../db/tx.ts';
import * as repo from './repo.ts';
import { nextCutoffDate, sandboxPayoutOutcome } from './rules.ts';
import type { PayoutInput, WalletView } from './schema.ts';
import { decimalAmount } from '../../lib/shared/money.ts';
import { payoutReview } from '../../lib/server/modes.ts';
import { recordAction } from '../operator/index.ts';
import { requireOperator } from './service.ts';
import { mailPayout } from '../mail/index.ts';

function holderOf(viewer: Viewer): string {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  return viewer.user.profile_id;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * The viewer's wallets: one per wallet type whose currency they hold money in, and always the default (first)
 * type, so a new reseller sees an empty wallet rather than nothing.
 */
export async function listWallets(db: Db, viewer: Viewer, now = new Date()): Promise<{ results: WalletView[]; matches_estimated: number }> {
  const holder = holderOf(viewer);
  const [types, sums] = await Promise.all([repo.listWalletTypes(db), repo.holderSums(db, holder)]);
  const results = types
    .filter((t, i) => i === 0 || sums.some((s) => s.currency === t.currency))
    .map((t) => walletOf(t, sums, now));
  return { results, matches_estimated: results.length };
}

function walletOf(t: { id: string; currency: string; cutoff_weekday: number }, sums: { currency: string; account: string; amount: number }[], now: Date): WalletView {
  const sum = (account: string) => sums.filter((s) => s.currency === t.currency && s.account === account).reduce((n, s) => n + s.amount, 0);
  const pending = sum('pending');
  const available = sum('available');
  return {
    id: t.id, wallet_type: { id: t.id, currency: t.currency }, balance: pending + available, pending,
    available_for_cashout: Math.max(0, available), in_payout: sum('payout'), next_cutoff_date: nextCutoffDate(now, t.cutoff_weekday),
  };
}

async function walletType(db: Db, id: string) {
  const t = (await repo.listWalletTypes(db)).find((x) => x.id === id);
  if (!t) throw new AppError('not_found', 'Wallet not found');
  return t;
}

export async function walletEntries(db: Db, viewer: Viewer, walletId: string, q: { offset: number; limit: number }) {
  const holder = holderOf(viewer);
  const t = await walletType(db, walletId);
  const { rows, total } = await repo.holderMovements(db, holder, t.currency, q.offset, q.limit);
  return {
    results: rows.map((r) => {
      const a = r.accounts;
      const amount = (a.pending ?? 0) + (a.available ?? 0) + (a.revenue ?? 0);
      return {
        id: r.transaction_id, source: r.source, amount, moved: amount === 0 ? Math.max(0, ...Object.values(a).map(Math.abs)) : 0, accounts: a,
        order_id: r.order_id, order_reference: r.order_number ? `PO-${r.order_number}` : null, created_at: iso(r.created_at)!,
        held: !!r.held && (a.pending ?? 0) > 0, releases_at: r.held && (a.pending ?? 0) > 0 ? iso(r.releases_at) : null,
      };
    }),
    matches_estimated: total,
  };
}

export async function listPayouts(db: Db, viewer: Viewer, walletId: string) {
  const holder = holderOf(viewer);
  const t = await walletType(db, walletId);
  const rows = (await repo.payoutsOf(db, holder)).filter((p) => p.wallet_type === t.id);
  return { results: rows.map(payoutView), matches_estimated: rows.length };
}

function payoutView(p: Awaited<ReturnType<typeof repo.payoutsOf>>[number]) {
  return {
    id: p.id, amount: p.amount, currency: p.currency, status: p.status, destination: `…${p.destination.slice(-4)}`,
    failure_message: p.failure_message, requested_at: iso(p.requested_at)!, settled_at: iso(p.settled_at),
  };
}

/**
 * Asks for a cash-out of at most what is available. Serialised per person and currency (an advisory lock), so two
 * requests at once cannot both spend the same balance; the same idempotency key answers the first payout.
 */
export async function requestPayout(db: Db, viewer: Viewer, walletId: string, input: PayoutInput) {
  const holder = holderOf(viewer);
  const t = await walletType(db, walletId);
  return inTx(db, async (tx) => {
    await repo.lockHolderWallet(tx, holder, t.currency);
    const again = await repo.findPayoutByKey(tx, holder, input.idempotency_key);
    if (again) return { payout: payoutView(again), replayed: true };
    // What can be withdrawn: the holder's available account only (held commissions and escrow stay pending), the
    // same figure every take-back (refund) is bounded by (src/domain/wallet/service.ts postTakeBack).
    const available = Math.max(0, await repo.holderAvailable(tx, holder, t.currency));
    if (input.amount > available) {
      throw new AppError('validation_error', 'The amount is above what is available for cash-out', {
        textKey: 'wallet.aboveAvailable', vars: { max: `${decimalAmount(available)} ${t.currency}` }, fields: { amount: ['validation.atMost'] }, fieldVars: { amount: { max: decimalAmount(available) } },
      });
    }
    const p = (await repo.insertPayout(tx, { holder, wallet_type: t.id, currency: t.currency, amount: input.amount, idempotency_key: input.idempotency_key, destination: input.destination, held: payoutReview() }))!;
    await repo.postTransaction(tx, { source: 'payout_request', source_id: p.id }, [
      { holder, role: 'payee', account: 'available', currency: t.currency, amount: -p.amount },
      { holder, role: 'payee', account: 'payout', currency: t.currency, amount: p.amount },
    ]);
    return { payout: payoutView(p), replayed: false };
  });
}

/**
 * Asks for a cash-out and hands it to the provider at once (the sweeper would within its interval): the sandbox
 * provider answers within the request, so the person sees it paid or rejected on the next page. When the operator
 * reviews payouts (PAYOUTS_REVIEW) it stays requested, in the operator's queue.
 */
export async function cashOut(db: Db, viewer: Viewer, walletId: string, input: PayoutInput) {
  const asked = await requestPayout(db, viewer, walletId, input);
  if (asked.payout.status === 'requested' && !payoutReview()) {
    await processPayouts(db);
    const [now] = (await listPayouts(db, viewer, walletId)).results.filter((p) => p.id === asked.payout.id);
    if (now) return { ...asked, payout: now };
  }
  return asked;
}

/** Settles asked-for payouts with the sandbox provider; safe with several processes (SKIP LOCKED, unique sources). */
export async function processPayouts(db: Db, now = new Date(), batch = 20): Promise<number> {
  return inTx(db, async (tx) => {
    const open = await repo.claimOpenPayouts(tx, batch);
    for (const p of open) {
      const outcome = sandboxPayoutOutcome(p.destination);
      const back = outcome.ok
        ? [{ holder: p.holder, role: 'payee', account: 'payout', currency: p.currency, amount: -p.amount },
          { holder: null, role: 'bank', account: 'clearing', currency: p.currency, amount: p.amount }]
        : [{ holder: p.holder, role: 'payee', account: 'payout', currency: p.currency, amount: -p.amount },
          { holder: p.holder, role: 'payee', account: 'available', currency: p.currency, amount: p.amount }];
      await repo.postTransaction(tx, { source: outcome.ok ? 'payout_paid' : 'payout_failed', source_id: p.id }, back);
      await repo.settlePayoutRow(tx, p.id, outcome.ok ? 'paid' : 'failed', outcome.ok ? null : outcome.message, now);
      await mailPayout(tx, { id: p.id, holder: p.holder, amount: p.amount, currency: p.currency, paid: outcome.ok, reason: outcome.ok ? null : outcome.message });
    }
    return open.length;
  });
}

// ---------- the operator's payouts queue (issue 25) ----------

const masked = (destination: string) => `…${destination.slice(-4)}`;

/** The operator's queue: payouts in one status (requested by default), with the holder and the masked account. */
export async function payoutQueue(db: Db, viewer: Viewer, status: 'requested' | 'paid' | 'failed' | 'rejected' = 'requested', limit = 100) {
  requireOperator(viewer);
  const [rows, counts] = await Promise.all([repo.payoutQueue(db, status, limit), repo.payoutCounts(db)]);
  return {
    results: rows.map((p) => ({
      id: p.id, amount: p.amount, currency: p.currency, status: p.status, destination: masked(p.destination), holder: { id: p.holder, name: p.holder_name, email: p.holder_email },
      reference: p.reference, failure_message: p.failure_message, requested_at: iso(p.requested_at)!, settled_at: iso(p.settled_at),
    })),
    counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) as Record<string, number>,
  };
}

type Review = { action: 'approve'; reference: string } | { action: 'reject'; reason: string };

/**
 * The operator approves (marks paid with the transfer's reference: payout -a, bank clearing +a) or rejects (the
 * money goes back: payout -a, available +a) a requested payout. Exactly once: the payout row is locked for the
 * transaction, so a second operator (or the same one clicking twice) waits and then finds it settled (409); the
 * ledger transaction is unique on (payout_paid | payout_rejected, payout id), and the audit log row is written in
 * the same transaction.
 */
export async function reviewPayout(db: Db, viewer: Viewer, payoutId: string, review: Review, now = new Date()) {
  requireOperator(viewer);
  const actor = viewer.kind === 'user' ? viewer.user.id : '';
  return inTx(db, async (tx) => {
    const p = await repo.lockPayout(tx, payoutId);
    if (!p) throw new AppError('not_found', 'Payout not found', { textKey: 'operatorConsole.payoutMissing' });
    if (p.status !== 'requested') {
      throw new AppError('conflict', 'This payout was already settled', { textKey: 'operatorConsole.payoutSettled', vars: { status: p.status } });
    }
    const paid = review.action === 'approve';
    const lines = paid
      ? [{ holder: p.holder, role: 'payee', account: 'payout', currency: p.currency, amount: -p.amount },
        { holder: null, role: 'bank', account: 'clearing', currency: p.currency, amount: p.amount }]
      : [{ holder: p.holder, role: 'payee', account: 'payout', currency: p.currency, amount: -p.amount },
        { holder: p.holder, role: 'payee', account: 'available', currency: p.currency, amount: p.amount }];
    await repo.postTransaction(tx, { source: paid ? 'payout_paid' : 'payout_rejected', source_id: p.id, at: now }, lines);
    const after = { status: paid ? 'paid' as const : 'rejected' as const, reference: paid ? review.reference : null, failure_message: paid ? null : review.reason };
    await repo.reviewPayoutRow(tx, p.id, { ...after, reviewed_by: actor, settled_at: now });
    await mailPayout(tx, { id: p.id, holder: p.holder, amount: p.amount, currency: p.currency, paid, reference: after.reference, reason: after.failure_message });
    await recordAction(tx, actor, paid ? 'payout.approve' : 'payout.reject', { type: 'payout', id: p.id },
      { status: p.status, amount: p.amount, currency: p.currency, holder: p.holder, destination: masked(p.destination) },
      { ...after, settled_at: now.toISOString() });
    return { id: p.id, ...after };
  });
}

/**
 * Dashboards (issue 25): the viewer's ledger changes per local day of [from, to] and account, and the sums before
 * `from`, in the wallet's currency (balance history and pending / available over time are running sums of these).
 */
export async function walletDailyChanges(db: Db, viewer: Viewer, walletId: string, r: { from: string; to: string; tz: string }) {
  const holder = holderOf(viewer);
  const t = await walletType(db, walletId);
  return { currency: t.currency, ...(await repo.holderDailyChanges(db, holder, t.currency, r)) };
}
