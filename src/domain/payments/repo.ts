// The only place payment SQL lives: charge attempts (unique idempotency key), refunds, card tokens,
// saved cards and the webhook inbox (unique on provider + event id).
import { and, asc, desc, eq, inArray, isNull, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cardTokens, payments, refunds, savedCards, webhookInbox } from '../../db/schema/commerce.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentInsert = typeof payments.$inferInsert;
export type CardTokenRow = typeof cardTokens.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Inserts a charge attempt unless one with the same idempotency key exists (then answers null). */
export async function insertPayment(db: Db, values: PaymentInsert): Promise<PaymentRow | null> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing({ target: payments.idempotency_key }).returning();
  return row ?? null;
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

export async function findPaymentByKey(db: Db, key: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.idempotency_key, key)).limit(1);
  return row ?? null;
}

export async function findPaymentByRef(db: Db, ref: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.provider_ref, ref)).limit(1);
  return row ?? null;
}

export async function lockPayment(db: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updatePayment(db: Db, id: string, patch: Partial<PaymentInsert>): Promise<PaymentRow> {
  const [row] = await db.update(payments).set({ ...patch, updated_at: sql`now()` }).where(eq(payments.id, id)).returning();
  return row!;
}

export function paymentsOfOrder(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(asc(payments.created_at), asc(payments.id));
}

/** Attempts still waiting for an outcome (pending, requires_action, created). */
export async function openPaymentsOfOrder(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(and(eq(payments.order_id, orderId), inArray(payments.status, ['created', 'pending', 'requires_action', 'authorized'])))
    .orderBy(asc(payments.created_at));
}

export async function insertRefund(db: Db, values: typeof refunds.$inferInsert): Promise<RefundRow | null> {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing({ target: refunds.idempotency_key }).returning();
  return row ?? null;
}

export function refundsOfOrder(db: Db, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.order_id, orderId)).orderBy(asc(refunds.created_at));
}

export async function findRefund(db: Db, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row ?? null;
}

export async function lockRefund(db: Db, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Pending refunds at the sandbox providers (their job settles them), oldest first. */
export function pendingSandboxRefunds(db: Db, limit = 50): Promise<{ refund: RefundRow; charge_id: string; provider: string }[]> {
  return db.select({ refund: refunds, charge_id: payments.provider_ref, provider: payments.provider }).from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.payment_id))
    .where(and(eq(refunds.status, 'pending'), isNull(refunds.requested_at), inArray(payments.provider, ['sandbox-card', 'sandbox-redirect', 'sandbox-reference'])))
    .orderBy(asc(refunds.created_at)).limit(limit);
}

/** The refunds made under a caller's key (`{key}:{payment id}` each). */
export function refundsByKeyPrefix(db: Db, key: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(like(refunds.idempotency_key, `${key.replace(/[\\%_]/g, '\\$&')}:%`));
}

/**
 * A refund's status (and the provider's own refund id when its answer gave one); every status written is an answer
 * or an outcome, so the row is no longer requested.
 */
export async function updateRefund(db: Db, id: string, status: RefundRow['status'], providerRefundId?: string | null) {
  await db.update(refunds).set({ status, requested_at: null, ...(providerRefundId ? { provider_refund_id: providerRefundId } : {}) }).where(eq(refunds.id, id));
}

export function refundsByIds(db: Db, ids: string[]): Promise<RefundRow[]> {
  return ids.length ? db.select().from(refunds).where(inArray(refunds.id, ids)) : Promise.resolve([]);
}

/** Refunds still waiting for the provider's first answer since before `before`, oldest first. */
export async function staleRequestedRefunds(db: Db, before: Date, limit = 50): Promise<string[]> {
  const rows = await db.select({ id: refunds.id }).from(refunds).where(lt(refunds.requested_at, before)).orderBy(asc(refunds.requested_at)).limit(limit);
  return rows.map((r) => r.id);
}

/** The oldest pending refund of `amount` on the payment with no provider id yet (its call got no answer) takes `providerRefundId`. */
export async function claimRefundForProviderId(db: Db, paymentId: string, amount: number, providerRefundId: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds)
    .where(and(eq(refunds.payment_id, paymentId), eq(refunds.status, 'pending'), eq(refunds.amount, amount), isNull(refunds.provider_refund_id)))
    .orderBy(asc(refunds.created_at)).limit(1).for('update');
  if (!row) return null;
  const [claimed] = await db.update(refunds).set({ provider_refund_id: providerRefundId }).where(eq(refunds.id, row.id)).returning();
  return claimed ?? null;
}

/** A payment's refund by the provider's own refund id (providers whose events cannot echo ours). */
export async function findRefundByProviderId(db: Db, paymentId: string, providerRefundId: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(and(eq(refunds.payment_id, paymentId), eq(refunds.provider_refund_id, providerRefundId))).limit(1);
  return row ?? null;
}

// ---------- cards ----------

export async function insertCardToken(db: Db, values: typeof cardTokens.$inferInsert) {
  await db.insert(cardTokens).values(values);
}

export async function findCardToken(db: Db, id: string): Promise<CardTokenRow | null> {
  const [row] = await db.select().from(cardTokens).where(eq(cardTokens.id, id)).limit(1);
  return row ?? null;
}

/** Spends a single-use token; false when it was already used. */
export async function useCardToken(db: Db, id: string): Promise<boolean> {
  const rows = await db.update(cardTokens).set({ used_at: sql`now()` }).where(and(eq(cardTokens.id, id), isNull(cardTokens.used_at))).returning({ id: cardTokens.id });
  return rows.length === 1;
}

export async function saveCard(db: Db, values: typeof savedCards.$inferInsert): Promise<SavedCardRow> {
  const [row] = await db.insert(savedCards).values(values)
    .onConflictDoUpdate({ target: [savedCards.user_id, savedCards.fingerprint], set: { exp_month: values.exp_month, exp_year: values.exp_year, name: values.name } })
    .returning();
  return row!;
}

export function listSavedCards(db: Db, userId: string): Promise<SavedCardRow[]> {
  return db.select().from(savedCards).where(eq(savedCards.user_id, userId)).orderBy(desc(savedCards.created_at));
}

export async function findSavedCard(db: Db, userId: string, id: string): Promise<SavedCardRow | null> {
  const [row] = await db.select().from(savedCards).where(and(eq(savedCards.user_id, userId), eq(savedCards.id, id))).limit(1);
  return row ?? null;
}

export async function deleteSavedCard(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(savedCards).where(and(eq(savedCards.user_id, userId), eq(savedCards.id, id))).returning({ id: savedCards.id });
  return rows.length > 0;
}

// ---------- webhook inbox ----------

/** Records an event; answers its row id only for the request that inserted it (that one processes it). */
export async function insertInbox(db: Db, e: { provider: string; event_id: string; type: string; payload: unknown }): Promise<number | null> {
  const [row] = await db.insert(webhookInbox).values(e).onConflictDoNothing({ target: [webhookInbox.provider, webhookInbox.event_id] }).returning({ id: webhookInbox.id });
  return row?.id ?? null;
}

export async function setInboxOutcome(db: Db, id: number, outcome: string) {
  await db.update(webhookInbox).set({ outcome }).where(eq(webhookInbox.id, id));
}

export async function inboxCount(db: Db, provider: string, eventId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookInbox).where(and(eq(webhookInbox.provider, provider), eq(webhookInbox.event_id, eventId)));
  return Number(row?.n ?? 0);
}
