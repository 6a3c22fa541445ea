// Plans bought as packages (issue 14; seed 001 §3 plan record, §9 plan defaults): a shop's subscription to one of
// the four plans, paid by card with the sandbox provider. The shop's commission rate follows its active
// subscription (src/domain/catalog/repo.ts shopPlanRate). Each paid period is one row of subscription_payments,
// unique on the buyer's idempotency key, and one balanced ledger transaction (source 'subscription_paid').
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { savedCards } from './commerce.ts';
import { plans, shops } from './shops.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const SUBSCRIPTION_STATES = ['active', 'replaced', 'canceled', 'expired'] as const;

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  plan_id: text('plan_id').notNull().references(() => plans.id),
  /** Who bought it (the shop's owner). */
  user_id: uuid('user_id').notNull().references(() => users.id),
  state: text('state').$type<(typeof SUBSCRIPTION_STATES)[number]>().notNull().default('active'),
  started_at: ts('started_at').notNull().defaultNow(),
  /** End of the paid period: the next renewal date. */
  renews_at: ts('renews_at').notNull(),
  ended_at: ts('ended_at'),
  /** Renewal (package billing): the card on file charged at renews_at; off once the owner cancels auto-renewal. */
  card_id: uuid('card_id').references(() => savedCards.id, { onDelete: 'set null' }),
  auto_renew: boolean('auto_renew').notNull().default(true),
  /** Failed renewal charges of the current period (past due while > 0); the next try is at retry_at. */
  renew_failures: integer('renew_failures').notNull().default(0),
  retry_at: ts('retry_at'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  // One live plan per shop: buying another replaces it.
  uniqueIndex('subscriptions_one_active').on(t.shop_id).where(sql`${t.state} = 'active'`),
  index('subscriptions_user').on(t.user_id, t.created_at),
  check('subscriptions_state', sql`${t.state} in ('active','replaced','canceled','expired')`),
  index('subscriptions_due').on(t.renews_at).where(sql`${t.state} = 'active'`),
  check('subscriptions_period', sql`${t.renews_at} > ${t.started_at}`),
]);

export const subscriptionPayments = pgTable('subscription_payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The subscription this payment opened; null when the charge failed. */
  subscription_id: uuid('subscription_id').references(() => subscriptions.id),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  plan_id: text('plan_id').notNull().references(() => plans.id),
  user_id: uuid('user_id').notNull().references(() => users.id),
  /** `{user}:{client key}`: the same key answers the same attempt (a double submit never charges twice). */
  idempotency_key: text('idempotency_key').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** requires_action: waiting for the buyer on the card's 3-D Secure challenge (no subscription yet). */
  status: text('status').$type<'succeeded' | 'failed' | 'requires_action'>().notNull(),
  /** Card display data (brand, last4, type), never the number. */
  card: jsonb('card').$type<Record<string, unknown> | null>(),
  failure_code: text('failure_code'),
  period_start: ts('period_start'),
  period_end: ts('period_end'),
  /** Package refund (within 14 days of the period's start, once): when the provider gave the money back. */
  refunded_at: ts('refunded_at'),
  /** The card of a purchase waiting on 3-D Secure: kept on file once the challenge succeeds. */
  card_token_id: text('card_token_id'),
  saved_card_id: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('subscription_payments_key').on(t.idempotency_key),
  index('subscription_payments_shop').on(t.shop_id, t.created_at),
  check('subscription_payments_amount', sql`${t.amount} > 0`),
  check('subscription_payments_status', sql`${t.status} in ('succeeded','failed','requires_action')`),
]);
