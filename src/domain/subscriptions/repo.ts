// The only SQL of packages: plans, subscriptions and their payments.
import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { provenProfile } from '../accounts/index.ts';
import { ledgerEntries, users, ledgerTransactions, plans, referrals, savedCards, shops, subscriptionPayments, subscriptions } from '../../db/schema/index.ts';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionPaymentRow = typeof subscriptionPayments.$inferSelect;

export const listPlans = (db: Db) => db.select().from(plans).orderBy(asc(plans.price), asc(plans.id));

export async function findPlan(db: Db, id: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row ?? null;
}

export async function ownedShops(db: Db, profileId: string) {
  return db.select({ id: shops.id, slug: shops.slug, name: shops.name }).from(shops).where(eq(shops.owner, profileId)).orderBy(asc(shops.created_at), asc(shops.slug));
}

export async function findPaymentByKey(db: Db, key: string): Promise<SubscriptionPaymentRow | null> {
  const [row] = await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.idempotency_key, key)).limit(1);
  return row ?? null;
}

/** Serialises purchases for one shop (two at once cannot both open an active subscription). */
export async function lockShopPlans(tx: Db, shopId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriptions:${shopId}`}))`);
}

export async function activeSubscription(db: Db, shopId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(and(eq(subscriptions.shop_id, shopId), eq(subscriptions.state, 'active'))).limit(1);
  return row ?? null;
}

/** The shop's live subscription, row-locked (a purchase and the renewal sweeper never extend one period twice). */
export async function lockActiveSubscription(tx: Db, shopId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(and(eq(subscriptions.shop_id, shopId), eq(subscriptions.state, 'active'))).for('update').limit(1);
  return row ?? null;
}

/** One subscription, row-locked. */
export async function lockSubscription(tx: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}

export async function endSubscription(tx: Db, id: string, state: 'replaced' | 'canceled' | 'expired', at: Date) {
  await tx.update(subscriptions).set({ state, ended_at: at }).where(and(eq(subscriptions.id, id), eq(subscriptions.state, 'active')));
}

/** A paid period: the next renewal date; a past-due count starts again. */
export async function extendSubscription(tx: Db, id: string, renewsAt: Date, cardId?: string | null) {
  await tx.update(subscriptions).set({ renews_at: renewsAt, renew_failures: 0, retry_at: null, ...(cardId ? { card_id: cardId } : {}) }).where(eq(subscriptions.id, id));
}

export async function insertSubscription(tx: Db, row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [created] = await tx.insert(subscriptions).values(row).returning();
  return created!;
}

export async function insertPayment(tx: Db, row: typeof subscriptionPayments.$inferInsert): Promise<SubscriptionPaymentRow | null> {
  const [created] = await tx.insert(subscriptionPayments).values(row).onConflictDoNothing({ target: subscriptionPayments.idempotency_key }).returning();
  return created ?? null;
}

/** Who brought this person into the network (the promoted tree's parent) and may earn for it (a proven e-mail), if anyone. */
export async function referrerOf(db: Db, profileId: string): Promise<string | null> {
  const [row] = await db.select({ parent: referrals.parent_profile }).from(referrals)
    .where(and(eq(referrals.child_profile, profileId), provenProfile(referrals.parent_profile))).limit(1);
  return row?.parent ?? null;
}

/** Subscriptions of the shops a person owns, newest first, with their plan. */
export async function subscriptionsOfOwner(db: Db, profileId: string, limit = 20) {
  return db.select({ sub: subscriptions, plan: plans, shop: { id: shops.id, slug: shops.slug, name: shops.name } })
    .from(subscriptions).innerJoin(shops, eq(shops.id, subscriptions.shop_id)).innerJoin(plans, eq(plans.id, subscriptions.plan_id))
    .where(eq(shops.owner, profileId)).orderBy(desc(subscriptions.created_at), desc(subscriptions.id)).limit(limit);
}

/** Live subscriptions whose period ended (renewal or end of an auto-renewal the owner turned off), oldest first. */
export async function dueSubscriptionIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db.select({ id: subscriptions.id }).from(subscriptions)
    .where(and(eq(subscriptions.state, 'active'), lte(subscriptions.renews_at, now), or(isNull(subscriptions.retry_at), lte(subscriptions.retry_at, now))))
    .orderBy(asc(subscriptions.renews_at)).limit(limit);
  return rows.map((r) => r.id);
}

/** Locks one live subscription for its renewal; null when another process holds it (it renews it) or it ended. */
export async function lockLiveSubscription(tx: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.state, 'active'))).for('update', { skipLocked: true }).limit(1);
  return row ?? null;
}

export async function updateSubscription(tx: Db, id: string, set: Partial<typeof subscriptions.$inferInsert>) {
  await tx.update(subscriptions).set(set).where(eq(subscriptions.id, id));
}

/** The card on file of a subscription (only the buyer's own saved card). */
export async function cardOnFile(db: Db, userId: string, cardId: string) {
  const [row] = await db.select().from(savedCards).where(and(eq(savedCards.id, cardId), eq(savedCards.user_id, userId))).limit(1);
  return row ?? null;
}

/** The paid periods of a subscription, newest first. */
export async function paidPeriods(db: Db, subscriptionId: string) {
  return db.select().from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.subscription_id, subscriptionId), eq(subscriptionPayments.status, 'succeeded')))
    .orderBy(desc(subscriptionPayments.period_start), desc(subscriptionPayments.created_at));
}

export async function markRefunded(tx: Db, paymentId: string, at: Date): Promise<boolean> {
  const rows = await tx.update(subscriptionPayments).set({ refunded_at: at })
    .where(and(eq(subscriptionPayments.id, paymentId), isNull(subscriptionPayments.refunded_at))).returning({ id: subscriptionPayments.id });
  return rows.length === 1;
}

/** The ledger lines a paid period posted (to reverse them on a refund). */
export async function postedLines(db: Db, source: string, sourceId: string) {
  return db.select({ holder: ledgerEntries.holder, role: ledgerEntries.role, account: ledgerEntries.account, currency: ledgerEntries.currency, amount: ledgerEntries.amount })
    .from(ledgerEntries).innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transaction_id))
    .where(and(eq(ledgerTransactions.source, source), eq(ledgerTransactions.source_id, sourceId), eq(ledgerTransactions.leg, '')));
}

/** The referral parent of the person behind a user account. */
export async function referrerOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ parent: referrals.parent_profile }).from(users)
    .innerJoin(referrals, eq(referrals.child_profile, users.profile_id)).where(and(eq(users.id, userId), provenProfile(referrals.parent_profile))).limit(1);
  return row?.parent ?? null;
}

export async function completePayment(tx: Db, id: string, set: Partial<typeof subscriptionPayments.$inferInsert>): Promise<SubscriptionPaymentRow> {
  const [row] = await tx.update(subscriptionPayments).set(set).where(eq(subscriptionPayments.id, id)).returning();
  return row!;
}

/** A purchase waiting on its 3-D Secure challenge, locked; null when it was already settled (or is unknown). */
export async function lockWaitingPayment(tx: Db, id: string): Promise<SubscriptionPaymentRow | null> {
  const [row] = await tx.select().from(subscriptionPayments).where(and(eq(subscriptionPayments.id, id), eq(subscriptionPayments.status, 'requires_action'))).for('update').limit(1);
  return row ?? null;
}

export async function findPayment(db: Db, id: string): Promise<SubscriptionPaymentRow | null> {
  const [row] = await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.id, id)).limit(1);
  return row ?? null;
}
