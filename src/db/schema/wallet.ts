// The money ledger (issue 12; ARCHITECTURE 'Money ledger'): an append-only double-entry journal. Each business
// event writes one transaction, unique on its source (source, source_id, leg), whose entries sum to zero per
// currency, in the same database transaction as the event. Balances are sums of entries; nothing is a counter.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles, users } from './accounts.ts';
import { orders } from './commerce.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Wallet types (seed 001 §3 wallet_type: id, currency code); the first configured is the default. */
export const walletTypes = pgTable('wallet_types', {
  id: text('id').primaryKey(),
  currency: text('currency').notNull().unique(),
  /** ISO weekday (1 = Monday ... 7 = Sunday) of the weekly cut-off. */
  cutoff_weekday: integer('cutoff_weekday').notNull().default(5),
  position: integer('position').notNull().default(0),
}, (t) => [check('wallet_types_weekday', sql`${t.cutoff_weekday} between 1 and 7`)]);

export const LEDGER_ROLES = ['supplier', 'reseller', 'promoter', 'platform', 'bank', 'payee'] as const;
/** pending: earned, in escrow; available: released; payout: asked for, on its way; clearing: money in and out of the platform's bank. */
export const LEDGER_ACCOUNTS = ['pending', 'available', 'payout', 'revenue', 'clearing'] as const;

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** What caused it: order_paid, extra_charge, refund, release, payout_request, payout_paid, payout_failed. */
  source: text('source').notNull(),
  source_id: text('source_id').notNull(),
  leg: text('leg').notNull().default(''),
  order_id: uuid('order_id').references(() => orders.id),
  memo: text('memo'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('ledger_transactions_source').on(t.source, t.source_id, t.leg), index('ledger_transactions_order').on(t.order_id)]);

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  transaction_id: uuid('transaction_id').notNull().references(() => ledgerTransactions.id),
  /** The wallet's owner; null for the platform's own accounts. */
  holder: uuid('holder').references(() => profiles.id),
  role: text('role').notNull(),
  account: text('account').notNull(),
  currency: text('currency').notNull(),
  /** Signed minor units: credits to a holder are positive; the platform's clearing account carries the other side. */
  amount: integer('amount').notNull(),
  order_id: uuid('order_id').references(() => orders.id),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('ledger_entries_holder').on(t.holder, t.currency, t.account),
  index('ledger_entries_order').on(t.order_id),
  index('ledger_entries_transaction').on(t.transaction_id),
  check('ledger_entries_amount', sql`${t.amount} <> 0`),
  check('ledger_entries_role', sql`${t.role} in ('supplier','reseller','promoter','platform','bank','payee')`),
  check('ledger_entries_account', sql`${t.account} in ('pending','available','payout','revenue','clearing')`),
]);

/**
 * An order's earnings in escrow: released once `release_after` has passed with no open return request, or when
 * its return is closed. `released_at` is set by exactly one sweeper (claimed with FOR UPDATE SKIP LOCKED).
 */
export const escrowHolds = pgTable('escrow_holds', {
  order_id: uuid('order_id').primaryKey().references(() => orders.id),
  /** null until the order is delivered (the return window starts then). */
  release_after: ts('release_after'),
  released_at: ts('released_at'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [index('escrow_holds_due').on(t.release_after).where(sql`${t.released_at} is null`)]);

/**
 * Earnings credited to pending outside an order's escrow (issue 23: a package's referral commission), held until
 * `release_after` (the end of the package's 14-day refund window). One row per crediting ledger transaction
 * (source, source_id). The sweeper releases a due hold once (FOR UPDATE SKIP LOCKED, release transaction unique on
 * its source); a refund before that reverses the pending credit and marks the hold `reversed_at` under the same lock.
 */
export const commissionHolds = pgTable('commission_holds', {
  source: text('source').notNull(),
  source_id: text('source_id').notNull(),
  release_after: ts('release_after').notNull(),
  released_at: ts('released_at'),
  reversed_at: ts('reversed_at'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.source, t.source_id] }),
  index('commission_holds_due').on(t.release_after).where(sql`${t.released_at} is null and ${t.reversed_at} is null`),
]);

/** failed: the provider refused it; rejected: the operator refused it (issue 25). Both gave the money back. */
export const PAYOUT_STATUSES = ['requested', 'paid', 'failed', 'rejected'] as const;

export const payouts = pgTable('payouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  holder: uuid('holder').notNull().references(() => profiles.id),
  wallet_type: text('wallet_type').notNull().references(() => walletTypes.id),
  currency: text('currency').notNull(),
  amount: integer('amount').notNull(),
  status: text('status').$type<(typeof PAYOUT_STATUSES)[number]>().notNull().default('requested'),
  /** The client's key: a repeated request with the same key is the same payout. */
  idempotency_key: text('idempotency_key').notNull(),
  /** Where the money goes (CLABE) as typed; the sandbox provider fails accounts ending in 0000. */
  destination: text('destination').notNull(),
  failure_message: text('failure_message'),
  requested_at: ts('requested_at').notNull().defaultNow(),
  settled_at: ts('settled_at'),
  /** The operator's review (issue 25, PAYOUTS_REVIEW): the bank transfer's reference of a payout marked paid. */
  reference: text('reference'),
  /** Who approved or rejected it (null when the provider settled it by itself). */
  reviewed_by: uuid('reviewed_by').references(() => users.id),
  /** Waits for the operator whatever the mode (issue 25): requested while PAYOUTS_REVIEW was on, or the demo's
   * waiting payouts; the sandbox provider never settles it (claimOpenPayouts). */
  held: boolean('held').notNull().default(false),
}, (t) => [
  uniqueIndex('payouts_key').on(t.holder, t.idempotency_key),
  index('payouts_open').on(t.requested_at).where(sql`${t.status} = 'requested'`),
  check('payouts_amount', sql`${t.amount} > 0`),
  check('payouts_status', sql`${t.status} in ('requested','paid','failed','rejected')`),
]);

/**
 * The operator's audit log (issue 25): one row per action taken in the console (a payout approved or rejected, a job
 * run asked for), with who did it and the target's state before and after. Append-only (a trigger of migration 0033
 * refuses UPDATE and DELETE), written in the same transaction as the action.
 */
export const operatorActions = pgTable('operator_actions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actor: uuid('actor').notNull().references(() => users.id),
  /** payout.approve, payout.reject, job.run */
  action: text('action').notNull(),
  target_type: text('target_type').notNull(),
  target_id: text('target_id').notNull(),
  before: jsonb('before').$type<Record<string, unknown> | null>(),
  after: jsonb('after').$type<Record<string, unknown> | null>(),
  at: ts('at').notNull().defaultNow(),
}, (t) => [index('operator_actions_at').on(t.at), index('operator_actions_target').on(t.target_type, t.target_id)]);
