// The only SQL of packages: plans, subscriptions and their payments.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plans, referrals, shops, subscriptionPayments, subscriptions } from '../../db/schema/index.ts';

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

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}

export async function endSubscription(tx: Db, id: string, state: 'replaced' | 'canceled', at: Date) {
  await tx.update(subscriptions).set({ state, ended_at: at }).where(and(eq(subscriptions.id, id), eq(subscriptions.state, 'active')));
}

export async function extendSubscription(tx: Db, id: string, renewsAt: Date) {
  await tx.update(subscriptions).set({ renews_at: renewsAt }).where(eq(subscriptions.id, id));
}

export async function insertSubscription(tx: Db, row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [created] = await tx.insert(subscriptions).values(row).returning();
  return created!;
}

export async function insertPayment(tx: Db, row: typeof subscriptionPayments.$inferInsert): Promise<SubscriptionPaymentRow | null> {
  const [created] = await tx.insert(subscriptionPayments).values(row).onConflictDoNothing({ target: subscriptionPayments.idempotency_key }).returning();
  return created ?? null;
}

/** Who brought this person into the network (the promoted tree's parent), if anyone. */
export async function referrerOf(db: Db, profileId: string): Promise<string | null> {
  const [row] = await db.select({ parent: referrals.parent_profile }).from(referrals).where(eq(referrals.child_profile, profileId)).limit(1);
  return row?.parent ?? null;
}

/** Subscriptions of the shops a person owns, newest first, with their plan. */
export async function subscriptionsOfOwner(db: Db, profileId: string, limit = 20) {
  return db.select({ sub: subscriptions, plan: plans, shop: { id: shops.id, slug: shops.slug, name: shops.name } })
    .from(subscriptions).innerJoin(shops, eq(shops.id, subscriptions.shop_id)).innerJoin(plans, eq(plans.id, subscriptions.plan_id))
    .where(eq(shops.owner, profileId)).orderBy(desc(subscriptions.created_at), desc(subscriptions.id)).limit(limit);
}
