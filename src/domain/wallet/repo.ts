// The only SQL of the ledger. Transactions are written once (unique source key) and never changed (triggers of
// migration 0017 refuse UPDATE and DELETE on ledger_transactions and ledger_entries).
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { provenProfile } from '../accounts/index.ts';
import { commissionHolds, escrowHolds, ledgerEntries, ledgerTransactions, payouts, returnRequests, walletTypes } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/tx.ts';

export interface EntryInput { holder: string | null; role: string; account: string; currency: string; amount: number }
export interface TxSource { source: string; source_id: string; leg?: string; order_id?: string | null; memo?: string | null; /** Seeds only: when it happened. */ at?: Date }

/**
 * Writes one balanced transaction. Answers false (and writes nothing) when its source was already posted: the
 * event is idempotent. Throws on an unbalanced transaction (a bug, never user input).
 */
export async function postTransaction(tx: Db, src: TxSource, entries: EntryInput[]): Promise<boolean> {
  const lines = entries.filter((e) => e.amount !== 0);
  const per = new Map<string, number>();
  for (const e of lines) {
    if (!Number.isInteger(e.amount)) throw new TypeError('ledger amounts are integer minor units');
    per.set(e.currency, (per.get(e.currency) ?? 0) + e.amount);
  }
  for (const [cur, n] of per) if (n !== 0) throw new Error(`unbalanced ledger transaction ${src.source}:${src.source_id} (${cur} ${n})`);
  if (!lines.length) return false;
  const [row] = await tx.insert(ledgerTransactions)
    .values({ source: src.source, source_id: src.source_id, leg: src.leg ?? '', order_id: src.order_id ?? null, memo: src.memo ?? null, ...(src.at ? { created_at: src.at } : {}) })
    .onConflictDoNothing({ target: [ledgerTransactions.source, ledgerTransactions.source_id, ledgerTransactions.leg] })
    .returning({ id: ledgerTransactions.id });
  if (!row) return false;
  await tx.insert(ledgerEntries).values(lines.map((e) => ({ ...e, transaction_id: row.id, order_id: src.order_id ?? null, ...(src.at ? { created_at: src.at } : {}) })));
  return true;
}

export async function hasTransaction(db: Db, source: string, sourceId: string, leg = ''): Promise<boolean> {
  const rows = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.source, source), eq(ledgerTransactions.source_id, sourceId), eq(ledgerTransactions.leg, leg))).limit(1);
  return rows.length > 0;
}

/** An order's net per holder, role and account (what each party holds of it now). */
export async function orderNet(db: Db, orderId: string) {
  return db.select({
    holder: ledgerEntries.holder, role: ledgerEntries.role, account: ledgerEntries.account, currency: ledgerEntries.currency,
    amount: sql<number>`sum(${ledgerEntries.amount})::int`,
  }).from(ledgerEntries).where(eq(ledgerEntries.order_id, orderId))
    .groupBy(ledgerEntries.holder, ledgerEntries.role, ledgerEntries.account, ledgerEntries.currency);
}

// ---------- escrow ----------

export async function openHold(tx: Db, orderId: string) {
  await tx.insert(escrowHolds).values({ order_id: orderId }).onConflictDoNothing();
}

export async function setReleaseAfter(tx: Db, orderId: string, at: Date) {
  await tx.update(escrowHolds).set({ release_after: at }).where(and(eq(escrowHolds.order_id, orderId), isNull(escrowHolds.released_at)));
}

/** Locks one hold for release; null when another process has it, or it is released already. */
export async function lockHold(tx: Db, orderId: string) {
  const rows = rowsOf<{ order_id: string; released_at: Date | null }>(await tx.execute(sql`
    select order_id, released_at from escrow_holds where order_id = ${orderId} and released_at is null for update skip locked`));
  return rows[0] ?? null;
}

/** Holds due now: their window passed and their order has no open return request. Claimed by this process only. */
export async function claimDueHolds(tx: Db, now: Date, limit: number): Promise<string[]> {
  const rows = rowsOf<{ order_id: string }>(await tx.execute(sql`
    select h.order_id from escrow_holds h
    where h.released_at is null and h.release_after <= ${now.toISOString()}::timestamptz
      and not exists (select 1 from return_requests r where r.order_id = h.order_id and r.status = 'open')
    order by h.release_after limit ${limit} for update of h skip locked`));
  return rows.map((r) => r.order_id);
}

export async function markReleased(tx: Db, orderId: string, at: Date) {
  await tx.update(escrowHolds).set({ released_at: at }).where(eq(escrowHolds.order_id, orderId));
}

export async function holdOf(db: Db, orderId: string) {
  const [row] = await db.select().from(escrowHolds).where(eq(escrowHolds.order_id, orderId)).limit(1);
  return row ?? null;
}

export async function hasOpenReturn(db: Db, orderId: string): Promise<boolean> {
  const rows = await db.select({ id: returnRequests.id }).from(returnRequests).where(and(eq(returnRequests.order_id, orderId), eq(returnRequests.status, 'open'))).limit(1);
  return rows.length > 0;
}

// ---------- held commissions (issue 23) ----------

export async function openCommissionHold(tx: Db, source: string, sourceId: string, releaseAfter: Date) {
  await tx.insert(commissionHolds).values({ source, source_id: sourceId, release_after: releaseAfter }).onConflictDoNothing();
}

/** Locks one hold, waiting for another process that has it (a refund must know whether it was released). */
export async function lockCommissionHold(tx: Db, source: string, sourceId: string) {
  const [row] = await tx.select().from(commissionHolds).where(and(eq(commissionHolds.source, source), eq(commissionHolds.source_id, sourceId))).for('update').limit(1);
  return row ?? null;
}

/**
 * Holds whose window closed strictly before `now` (a refund is allowed up to and including its last instant), neither
 * released nor reversed. Claimed by this process only (FOR UPDATE SKIP LOCKED).
 */
export async function claimDueCommissionHolds(tx: Db, now: Date, limit: number) {
  return rowsOf<{ source: string; source_id: string }>(await tx.execute(sql`
    select source, source_id from commission_holds
    where released_at is null and reversed_at is null and release_after < ${now.toISOString()}::timestamptz
    order by release_after limit ${limit} for update skip locked`));
}

export async function settleCommissionHold(tx: Db, source: string, sourceId: string, set: { released_at: Date } | { reversed_at: Date }) {
  await tx.update(commissionHolds).set(set).where(and(eq(commissionHolds.source, source), eq(commissionHolds.source_id, sourceId)));
}

/** The lines one transaction posted (its first leg). */
export async function transactionLines(db: Db, source: string, sourceId: string): Promise<EntryInput[]> {
  return db.select({ holder: ledgerEntries.holder, role: ledgerEntries.role, account: ledgerEntries.account, currency: ledgerEntries.currency, amount: ledgerEntries.amount })
    .from(ledgerEntries).innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transaction_id))
    .where(and(eq(ledgerTransactions.source, source), eq(ledgerTransactions.source_id, sourceId), eq(ledgerTransactions.leg, '')));
}

// ---------- wallets ----------

export const listWalletTypes = (db: Db) => db.select().from(walletTypes).orderBy(asc(walletTypes.position), asc(walletTypes.id));

/** A holder's sums per currency and account. */
export async function holderSums(db: Db, holder: string) {
  return db.select({ currency: ledgerEntries.currency, account: ledgerEntries.account, amount: sql<number>`sum(${ledgerEntries.amount})::int` })
    .from(ledgerEntries).where(eq(ledgerEntries.holder, holder)).groupBy(ledgerEntries.currency, ledgerEntries.account);
}

/** What a holder can withdraw in one currency: the sum of their 'available' account (may be below zero in old books). */
export async function holderAvailable(db: Db, holder: string, currency: string): Promise<number> {
  const [row] = await db.select({ amount: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` }).from(ledgerEntries)
    .where(and(eq(ledgerEntries.holder, holder), eq(ledgerEntries.currency, currency), eq(ledgerEntries.account, 'available')));
  return row?.amount ?? 0;
}

/**
 * One wallet's movements, newest first: one row per ledger transaction that touched the holder in `currency`, with
 * its net change per account (a release is pending -x and available +x: one movement).
 */
export async function holderMovements(db: Db, holder: string, currency: string, offset: number, limit: number) {
  const where = sql`e.holder = ${holder} and e.currency = ${currency}`;
  // held: the credit still waits in pending (an order's escrow not released, or a held commission); releases_at: when
  // it becomes available (null while an order's return window has not started).
  const rows = rowsOf<{ transaction_id: string; source: string; order_id: string | null; order_number: number | null; created_at: Date | string; accounts: Record<string, number>; held: boolean; releases_at: Date | string | null }>(await db.execute(sql`
    select t.id as transaction_id, t.source, t.order_id, o.number as order_number, t.created_at,
      jsonb_object_agg(x.account, x.amount) as accounts,
      (ch.source is not null or eh.order_id is not null) as held, coalesce(ch.release_after, eh.release_after) as releases_at
    from ledger_transactions t
    join (select e.transaction_id, e.account, sum(e.amount)::int as amount from ledger_entries e where ${where} group by e.transaction_id, e.account) x
      on x.transaction_id = t.id
    left join orders o on o.id = t.order_id
    left join commission_holds ch on ch.source = t.source and ch.source_id = t.source_id and ch.released_at is null and ch.reversed_at is null
    left join escrow_holds eh on t.source in ('order_paid', 'extra_charge') and eh.order_id = t.order_id and eh.released_at is null
    group by t.id, t.source, t.order_id, o.number, t.created_at, ch.source, ch.release_after, eh.order_id, eh.release_after
    order by t.created_at desc, t.id desc
    offset ${offset} limit ${limit}`));
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(distinct e.transaction_id)::int as n from ledger_entries e where ${where}`));
  return { rows, total: count?.n ?? 0 };
}

/** Serialises a holder's cash-outs of one currency (two requests at once cannot both spend the same balance). */
export async function lockHolderWallet(tx: Db, holder: string, currency: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wallet:${holder}:${currency}`}))`);
}

export async function insertPayout(tx: Db, p: typeof payouts.$inferInsert) {
  const [row] = await tx.insert(payouts).values(p).onConflictDoNothing({ target: [payouts.holder, payouts.idempotency_key] }).returning();
  return row ?? null;
}

export async function findPayoutByKey(db: Db, holder: string, key: string) {
  const [row] = await db.select().from(payouts).where(and(eq(payouts.holder, holder), eq(payouts.idempotency_key, key))).limit(1);
  return row ?? null;
}

export async function claimOpenPayouts(tx: Db, limit: number): Promise<(typeof payouts.$inferSelect)[]> {
  return rowsOf<typeof payouts.$inferSelect>(await tx.execute(sql`
    select * from payouts where status = 'requested' and not held order by requested_at limit ${limit} for update skip locked`));
}

export async function settlePayoutRow(tx: Db, id: string, status: 'paid' | 'failed', message: string | null, at: Date) {
  await tx.update(payouts).set({ status, failure_message: message, settled_at: at }).where(and(eq(payouts.id, id), eq(payouts.status, 'requested')));
}

/** One payout, locked for this transaction (waits for another operator's action on it to finish). */
export async function lockPayout(tx: Db, id: string) {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update').limit(1);
  return row ?? null;
}

/** The operator's decision on a requested payout (only while it is still requested). */
export async function reviewPayoutRow(tx: Db, id: string, set: { status: 'paid' | 'rejected'; reference: string | null; failure_message: string | null; reviewed_by: string; settled_at: Date }) {
  const rows = await tx.update(payouts).set(set).where(and(eq(payouts.id, id), eq(payouts.status, 'requested'))).returning({ id: payouts.id });
  return rows.length > 0;
}

/** Payouts for the operator's queue, oldest first for the requested ones, with the holder's name and e-mail. */
export async function payoutQueue(db: Db, status: string, limit: number) {
  return rowsOf<typeof payouts.$inferSelect & { holder_name: string; holder_email: string | null }>(await db.execute(sql`
    select p.*, pr.name as holder_name, (select u.email from users u where u.profile_id = p.holder order by u.created_at limit 1) as holder_email
    from payouts p join profiles pr on pr.id = p.holder
    where p.status = ${status}
    order by ${status === 'requested' ? sql`p.requested_at asc` : sql`p.settled_at desc nulls last`}, p.id limit ${limit}`));
}

/** How many payouts are in each status (the queue's tabs). */
export async function payoutCounts(db: Db) {
  return rowsOf<{ status: string; n: number }>(await db.execute(sql`select status, count(*)::int as n from payouts group by status`));
}

export async function payoutsOf(db: Db, holder: string, limit = 20) {
  return db.select().from(payouts).where(eq(payouts.holder, holder)).orderBy(desc(payouts.requested_at)).limit(limit);
}

// ---------- reconciliation ----------

/**
 * Orders whose books do not add up: for each order with money in, paid - refunded must equal what the parties
 * hold of it (supplier + reseller + promoter + platform, every account) and the platform's clearing must hold the
 * opposite. Answers only the orders that fail.
 */
export async function unreconciledOrders(db: Db) {
  return rowsOf<{ order_id: string; number: number; currency: string; net_paid: number; parties: number; clearing: number }>(await db.execute(sql`
    select o.id as order_id, o.number, o.currency, (o.amount_paid - o.amount_refunded)::int as net_paid,
      coalesce(sum(e.amount) filter (where e.role <> 'bank'), 0)::int as parties,
      coalesce(sum(e.amount) filter (where e.role = 'bank'), 0)::int as clearing
    from orders o left join ledger_entries e on e.order_id = o.id
    where o.amount_paid > 0 or e.id is not null
    group by o.id, o.number, o.currency, o.amount_paid, o.amount_refunded
    having (o.amount_paid - o.amount_refunded) <> coalesce(sum(e.amount) filter (where e.role <> 'bank'), 0)
        or coalesce(sum(e.amount) filter (where e.role = 'bank'), 0) <> -(o.amount_paid - o.amount_refunded)
    order by o.number`));
}

/** Every ledger line of one order (the operator's reconciliation page), oldest first, with the holder's name. */
export async function orderEntries(db: Db, orderId: string) {
  return rowsOf<{ id: number; source: string; source_id: string; created_at: Date | string; holder: string | null; holder_name: string | null; role: string; account: string; currency: string; amount: number }>(await db.execute(sql`
    select e.id::int as id, t.source, t.source_id, e.created_at, e.holder, p.name as holder_name, e.role, e.account, e.currency, e.amount
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id left join profiles p on p.id = e.holder
    where e.order_id = ${orderId} order by e.created_at, e.id`));
}

/** What the reconciliation page says about an order besides its lines. */
export async function orderMoneySummary(db: Db, orderId: string) {
  const rows = rowsOf<{ id: string; number: number; currency: string; status: string; amount_paid: number; amount_refunded: number }>(await db.execute(sql`
    select id, number, currency, status, amount_paid, amount_refunded from orders where id = ${orderId}`));
  return rows[0] ?? null;
}

export async function dueHoldsCount(db: Db, now: Date) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(escrowHolds).where(and(isNull(escrowHolds.released_at), lte(escrowHolds.release_after, now)));
  return row?.n ?? 0;
}

// ---------- the operator's figures (issue 25) ----------

export interface FigureRow {
  bucket: string; gmv: number; commission: number; packages: number; refunds: number; released: number; pending_change: number;
  payouts_requested: number; payouts_paid: number; payouts_rejected: number;
}

/**
 * The platform's figures per day, week or month of [from, to) in `tz`, each a sum of ledger lines of one currency:
 * GMV (money in from buyers: the bank's side of order_paid and extra_charge), the platform's revenue from orders
 * (commission share: every platform revenue line but packages') and from packages, refunds (money back to buyers),
 * escrow released to available, the change of everything held pending, and payouts asked for / paid / given back.
 * Every bucket of the range is answered, empty ones with zeros.
 */
export async function ledgerFigures(db: Db, q: { currency: string; from: string; to: string; unit: 'day' | 'week' | 'month'; tz: string }): Promise<FigureRow[]> {
  const unit = sql.raw(`'${q.unit}'`);
  const step = sql.raw(`'1 ${q.unit}'`);
  const start = sql`(${q.from}::date)::timestamp at time zone ${q.tz}`;
  const end = sql`(${q.to}::date + 1)::timestamp at time zone ${q.tz}`;
  return rowsOf<FigureRow>(await db.execute(sql`
    with lines as (
      select date_trunc(${unit}, e.created_at at time zone ${q.tz}) as bucket, e.role, e.account, e.amount, t.source
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.currency = ${q.currency} and e.created_at >= ${start} and e.created_at < ${end}
    ), sums as (
      select bucket,
        coalesce(sum(-amount) filter (where role = 'bank' and source in ('order_paid', 'extra_charge')), 0)::int as gmv,
        coalesce(sum(amount) filter (where role = 'platform' and account = 'revenue' and source not in ('subscription_paid', 'subscription_refunded')), 0)::int as commission,
        coalesce(sum(amount) filter (where role = 'platform' and account = 'revenue' and source in ('subscription_paid', 'subscription_refunded')), 0)::int as packages,
        coalesce(sum(amount) filter (where role = 'bank' and source in ('refund', 'subscription_refunded')), 0)::int as refunds,
        coalesce(sum(amount) filter (where account = 'available' and source in ('release', 'commission_release')), 0)::int as released,
        coalesce(sum(amount) filter (where account = 'pending'), 0)::int as pending_change,
        coalesce(sum(amount) filter (where account = 'payout' and source = 'payout_request'), 0)::int as payouts_requested,
        coalesce(sum(-amount) filter (where account = 'payout' and source = 'payout_paid'), 0)::int as payouts_paid,
        coalesce(sum(-amount) filter (where account = 'payout' and source in ('payout_rejected', 'payout_failed')), 0)::int as payouts_rejected
      from lines group by bucket
    )
    select to_char(b.bucket, 'YYYY-MM-DD') as bucket,
      coalesce(s.gmv, 0) as gmv, coalesce(s.commission, 0) as commission, coalesce(s.packages, 0) as packages, coalesce(s.refunds, 0) as refunds,
      coalesce(s.released, 0) as released, coalesce(s.pending_change, 0) as pending_change, coalesce(s.payouts_requested, 0) as payouts_requested,
      coalesce(s.payouts_paid, 0) as payouts_paid, coalesce(s.payouts_rejected, 0) as payouts_rejected
    from generate_series(date_trunc(${unit}, ${start} at time zone ${q.tz}), date_trunc(${unit}, (${end} at time zone ${q.tz}) - interval '1 second'), ${step}::interval) as b(bucket)
    left join sums s on s.bucket = b.bucket
    order by b.bucket`));
}

/** Everything held pending (escrow and held commissions) before `before`, in one currency. */
export async function pendingBefore(db: Db, currency: string, before: string, tz: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`
    select coalesce(sum(amount), 0)::int as n from ledger_entries
    where currency = ${currency} and account = 'pending' and created_at < (${before}::date)::timestamp at time zone ${tz}`));
  return row?.n ?? 0;
}

/**
 * What is held now and has a release date (delivered orders in their return window; package commissions in their
 * refund window), and the earliest of those dates.
 */
export async function dueToRelease(db: Db, currency: string) {
  const [row] = rowsOf<{ amount: number; next_at: Date | string | null }>(await db.execute(sql`
    with due as (
      select e.amount, h.release_after as at from ledger_entries e join escrow_holds h on h.order_id = e.order_id
      where e.currency = ${currency} and e.account = 'pending' and h.released_at is null and h.release_after is not null
      union all
      select e.amount, ch.release_after from commission_holds ch
      join ledger_transactions t on t.source = ch.source and t.source_id = ch.source_id
      join ledger_entries e on e.transaction_id = t.id
      where e.currency = ${currency} and e.account = 'pending' and ch.released_at is null and ch.reversed_at is null
    )
    select coalesce(sum(amount), 0)::int as amount, min(at) as next_at from due`));
  return { amount: row?.amount ?? 0, next_at: row?.next_at ?? null };
}

// ---------- what a split needs to know about an order ----------

export interface OrderMoneyFacts {
  order_id: string; currency: string; supplier_profile: string; reseller: string | null; shop_id: string; plan: string | null;
  promoter: string | null; buyer_profile: string | null; return_type: string | null;
  lines: { unit_price: number; amount: number; contribution_margin: number; buy_by: boolean }[];
}

/** The promoter is the referral cookie's profile, when it has a proven e-mail (issue 23: an unproven account earns nothing). */
export async function orderMoneyFacts(db: Db, orderId: string): Promise<OrderMoneyFacts | null> {
  const rows = rowsOf<Omit<OrderMoneyFacts, 'lines'>>(await db.execute(sql`
    select o.id as order_id, o.currency, s.profile_id as supplier_profile, sh.owner as reseller, sh.id as shop_id, sh.signup_plan as plan,
      p.id as promoter, u.profile_id as buyer_profile, rp.return_type
    from orders o
    join suppliers s on s.id = o.supplier_id
    join shops sh on sh.id = o.shop_id
    join checkouts c on c.id = o.checkout_id
    left join profiles p on p.slug = (c.tracking->>'referral')
      and ${provenProfile(sql`p.id`)}
    left join users u on u.id = o.user_id
    left join supplier_return_policies rp on rp.supplier_id = o.supplier_id
    where o.id = ${orderId}`));
  if (!rows[0]) return null;
  const lines = rowsOf<{ unit_price: number; amount: number; contribution_margin: number; buy_by: boolean }>(await db.execute(sql`
    select unit_price, amount, contribution_margin, buy_by from order_items where order_id = ${orderId} order by id`));
  return { ...rows[0], lines };
}

// ---------- a holder's wallet over time (issue 25 dashboards) ----------

/**
 * A holder's ledger lines of one currency summed per local day of `tz` and account (pending, available, payout),
 * for [from, to]; and the same sums of everything before `from` (the opening balances). The wallet's balance is
 * pending + available, as listWallets sums it.
 */
export async function holderDailyChanges(db: Db, holder: string, currency: string, r: { from: string; to: string; tz: string }) {
  const start = sql`(${r.from}::date)::timestamp at time zone ${r.tz}`;
  const end = sql`((${r.to}::date) + 1)::timestamp at time zone ${r.tz}`;
  const [days, before] = await Promise.all([
    db.execute(sql`
      select to_char(created_at at time zone ${r.tz}, 'YYYY-MM-DD') as day,
        coalesce(sum(amount) filter (where account = 'pending'), 0)::int as pending,
        coalesce(sum(amount) filter (where account = 'available'), 0)::int as available,
        coalesce(sum(amount) filter (where account = 'payout'), 0)::int as payout
      from ledger_entries where holder = ${holder} and currency = ${currency} and created_at >= ${start} and created_at < ${end}
      group by 1 order by 1`),
    db.execute(sql`
      select coalesce(sum(amount) filter (where account = 'pending'), 0)::int as pending,
        coalesce(sum(amount) filter (where account = 'available'), 0)::int as available,
        coalesce(sum(amount) filter (where account = 'payout'), 0)::int as payout
      from ledger_entries where holder = ${holder} and currency = ${currency} and created_at < ${start}`),
  ]);
  const num = (x: { pending: number; available: number; payout: number }) => ({ pending: Number(x.pending), available: Number(x.available), payout: Number(x.payout) });
  return {
    days: rowsOf<{ day: string; pending: number; available: number; payout: number }>(days).map((x) => ({ day: x.day, ...num(x) })),
    opening: num(rowsOf<{ pending: number; available: number; payout: number }>(before)[0] ?? { pending: 0, available: 0, payout: 0 }),
  };
}
