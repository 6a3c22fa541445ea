// The advisor thread's SQL (issue 26): messages of one (shop, advisor) thread, the advisor's threads, and who of the
// shop is mailed about a new message.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/tx.ts';
import { advisorMessages, profiles } from '../../db/schema/index.ts';

export interface MessageRow { id: string; body: string; from_advisor: boolean; author_name: string | null; created_at: Date }
export interface ThreadSummaryRow {
  shop_id: string; shop_slug: string; shop_name: string; body: string; from_advisor: boolean; created_at: Date; messages: number;
}

export async function insertMessage(db: Db, v: { shop_id: string; advisor_profile_id: string; author_profile_id: string; from_advisor: boolean; body: string }) {
  const [row] = await db.insert(advisorMessages).values(v).returning({ id: advisorMessages.id, created_at: advisorMessages.created_at });
  return row!;
}

/** The thread's latest `limit` messages, oldest first, and how many it has in all. */
export async function listThread(db: Db, shopId: string, advisorProfileId: string, limit: number): Promise<{ rows: MessageRow[]; total: number }> {
  const where = and(eq(advisorMessages.shop_id, shopId), eq(advisorMessages.advisor_profile_id, advisorProfileId));
  const [rows, [count]] = await Promise.all([
    db.select({ id: advisorMessages.id, body: advisorMessages.body, from_advisor: advisorMessages.from_advisor, author_name: profiles.name, created_at: advisorMessages.created_at })
      .from(advisorMessages).leftJoin(profiles, eq(profiles.id, advisorMessages.author_profile_id))
      .where(where).orderBy(desc(advisorMessages.created_at), desc(advisorMessages.id)).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(advisorMessages).where(where),
  ]);
  return { rows: rows.reverse(), total: Number(count?.n ?? 0) };
}

/** The advisor's threads, the one with the latest message first: its shop, that message and how many there are. */
export async function listAdvisorThreads(db: Db, advisorProfileId: string, limit: number): Promise<ThreadSummaryRow[]> {
  const res = await db.execute(sql`
    select t.shop_id, s.slug as shop_slug, s.name as shop_name, t.body, t.from_advisor, t.created_at, t.messages
    from (
      select distinct on (m.shop_id) m.shop_id, m.body, m.from_advisor, m.created_at,
        count(*) over (partition by m.shop_id)::int as messages
      from advisor_messages m where m.advisor_profile_id = ${advisorProfileId}
      order by m.shop_id, m.created_at desc, m.id desc
    ) t join shops s on s.id = t.shop_id
    order by t.created_at desc limit ${limit}`);
  return rowsOf<ThreadSummaryRow>(res).map((r) => ({ ...r, created_at: new Date(r.created_at), messages: Number(r.messages) }));
}

/** The e-mail addresses of the shop's admins: the accounts of its owner's profile and the members holding 'admin'. */
export async function shopAdminEmails(db: Db, shopId: string, ownerProfileId: string | null): Promise<string[]> {
  const res = await db.execute(sql`
    select u.email from users u where ${ownerProfileId}::uuid is not null and u.profile_id = ${ownerProfileId}::uuid
    union
    select u.email from shop_memberships m join users u on u.id = m.user_id where m.shop_id = ${shopId} and 'admin' = any(m.permissions)`);
  return rowsOf<{ email: string }>(res).map((r) => r.email);
}

/** The e-mail addresses of the accounts on the advisor's profile (when the advisor card has no address of its own). */
export async function profileEmails(db: Db, profileId: string): Promise<string[]> {
  const res = await db.execute(sql`select email from users where profile_id = ${profileId}`);
  return rowsOf<{ email: string }>(res).map((r) => r.email);
}
