// The mail area's SQL: the queue (outbox table), and what a mail needs to know about its recipients, shops and orders.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, outbox, shops, suppliers, users } from '../../db/schema/index.ts';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxInsert = typeof outbox.$inferInsert;

const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];

/** Queues one mail; null when its dedupe key was queued already (the event happened before). */
export async function insertMail(db: Db, m: OutboxInsert): Promise<OutboxRow | null> {
  const rows = await db.insert(outbox).values(m).onConflictDoNothing({ target: outbox.dedupe_key }).returning();
  return rows[0] ?? null;
}

/**
 * Claims due mails for this process: status 'sending', its attempt counted, and next_attempt_at moved to the end of
 * the lease (a process that dies mid-send leaves the mail to another one after it). Rows another process holds
 * locked are skipped, so each mail is claimed by one process at a time. `id` claims that one mail only.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number, id?: string): Promise<OutboxRow[]> {
  const only = id ? sql`and id = ${id}` : sql``;
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    update outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    where id in (
      select id from outbox where status in ('queued', 'sending') and next_attempt_at <= ${now.toISOString()}::timestamptz ${only}
      order by next_attempt_at limit ${limit} for update skip locked)
    returning id`));
  if (!rows.length) return [];
  return db.select().from(outbox).where(inArray(outbox.id, rows.map((r) => r.id)));
}

/** Settles a claimed mail; only while it is still 'sending' (a late answer after the lease changed nothing else). */
export async function settle(db: Db, id: string, set: Partial<OutboxInsert>) {
  await db.update(outbox).set(set).where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

export async function listOutbox(db: Db, limit: number): Promise<OutboxRow[]> {
  return db.select().from(outbox).orderBy(desc(outbox.created_at)).limit(limit);
}

export async function countByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ status: outbox.status, n: sql<number>`count(*)::int` }).from(outbox).groupBy(outbox.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

// ---------- recipients ----------

export interface Recipient { id: string | null; email: string; locale: string | null; optional_mail: boolean; mail_token?: string }

const RECIPIENT = { id: users.id, email: users.email, locale: users.locale, optional_mail: users.optional_mail, mail_token: users.mail_token };

export async function userByEmail(db: Db, email: string): Promise<Recipient | null> {
  const [u] = await db.select(RECIPIENT).from(users).where(eq(users.email, email)).limit(1);
  return u ?? null;
}

export async function userById(db: Db, id: string): Promise<Recipient | null> {
  const [u] = await db.select(RECIPIENT).from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

/** The accounts whose profile is `profileId` (a shop's owner, a supplier's own profile). */
export async function usersOfProfile(db: Db, profileId: string | null): Promise<Recipient[]> {
  if (!profileId) return [];
  return db.select(RECIPIENT).from(users).where(eq(users.profile_id, profileId));
}

export async function setUserLocale(db: Db, userId: string, locale: string) {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

export async function setOptionalMail(db: Db, userId: string, on: boolean): Promise<boolean> {
  const rows = await db.update(users).set({ optional_mail: on }).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

export async function optionalMailOf(db: Db, userId: string): Promise<boolean | null> {
  const [u] = await db.select({ on: users.optional_mail }).from(users).where(eq(users.id, userId)).limit(1);
  return u ? u.on : null;
}

// ---------- shops, suppliers, orders ----------

export interface ShopInfo { id: string; name: string; photo: string | null; slug: string; canonical_url: string | null; owner: string | null; contact_email: string | null; time_zone: string }

export async function shopInfo(db: Db, id: string): Promise<ShopInfo | null> {
  const [s] = await db.select({ id: shops.id, name: shops.name, photo: shops.photo, slug: shops.slug, canonical_url: shops.canonical_url, owner: shops.owner, contact_email: shops.contact_email, time_zone: shops.time_zone })
    .from(shops).where(eq(shops.id, id)).limit(1);
  return s ?? null;
}

export async function supplierInfo(db: Db, id: string) {
  const [s] = await db.select({ id: suppliers.id, name: suppliers.name, profile_id: suppliers.profile_id, contact_email: suppliers.contact_email }).from(suppliers).where(eq(suppliers.id, id)).limit(1);
  return s ?? null;
}

export async function orderOf(db: Db, id: string) {
  const [o] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!o) return null;
  const items = await db.select({ name: orderItems.name, amount: orderItems.amount, type: orderItems.type }).from(orderItems).where(eq(orderItems.order_id, id));
  return { ...o, items };
}

/** The account an unsubscribe link names, when its secret matches. */
export async function userByMailToken(db: Db, userId: string, token: string) {
  const [u] = await db.select({ id: users.id, email: users.email, optional_mail: users.optional_mail }).from(users)
    .where(and(eq(users.id, userId), eq(users.mail_token, token))).limit(1);
  return u ?? null;
}

export async function ticketCount(db: Db, orderId: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from tickets where order_id = ${orderId}`));
  return Number(rows[0]?.n ?? 0);
}

/** A shop the profile owns (where its wallet page is), if any. */
export async function shopOfProfile(db: Db, profileId: string): Promise<ShopInfo | null> {
  const [s] = await db.select({ id: shops.id }).from(shops).where(eq(shops.owner, profileId)).limit(1);
  return s ? shopInfo(db, s.id) : null;
}
