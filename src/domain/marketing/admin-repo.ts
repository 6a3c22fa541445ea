// The SQL of campaign and channel admin and of what campaigns brought (visits, sign-ups, orders).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignChannels, campaigns, campaignSignups, campaignVisits, checkouts, orders, profiles } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/tx.ts';
import type { CampaignQuery, ChannelInput, ChannelPatch, ChannelQuery } from './admin-schema.ts';

export type ChannelRow = typeof campaignChannels.$inferSelect;

export interface CampaignListRow {
  id: string; name: string; url: string; state: 'active' | 'paused' | 'archived'; created_at: Date | string; owner_slug: string;
  visits: number; signups: number; orders: number; channels: number;
}

/** Rows created between two days of the shop's time zone, both included. */
function dayRange(column: SQL, tz: string, start?: string, end?: string): SQL[] {
  const out: SQL[] = [];
  if (start) out.push(sql`${column} >= (${start}::date)::timestamp at time zone ${tz}`);
  if (end) out.push(sql`${column} < ((${end}::date) + 1)::timestamp at time zone ${tz}`);
  return out;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER_BY: Record<CampaignQuery['sort'], SQL> = {
  '-created_at': sql`c.created_at desc, c.id`,
  created_at: sql`c.created_at asc, c.id`,
  name: sql`lower(c.name) asc, c.id`,
  '-name': sql`lower(c.name) desc, c.id`,
};

/** Figures of one campaign, as correlated sub-queries over the indexed tables (a page is 10 campaigns). */
const figures = sql`
  (select count(*)::int from ${campaignVisits} v where v.campaign_id = c.id) as visits,
  (select count(*)::int from ${campaignSignups} s where s.campaign_id = c.id) as signups,
  (select count(*)::int from ${orders} o join ${checkouts} k on k.id = o.checkout_id
    where (k.tracking->>'campaign') = c.id::text and o.shop_id = c.shop_id and o.status <> 'canceled') as orders,
  (select count(*)::int from ${campaignChannels} ch where ch.campaign_id = c.id) as channels`;

export async function listCampaigns(db: Db, shopId: string, tz: string, q: CampaignQuery): Promise<{ rows: CampaignListRow[]; total: number }> {
  const where: SQL[] = [sql`c.shop_id = ${shopId}`, ...dayRange(sql`c.created_at`, tz, q.start_date, q.end_date)];
  if (q.text) {
    const like = `%${escapeLike(q.text)}%`;
    where.push(sql`(c.name ilike ${like} or c.url ilike ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const [res, count] = await Promise.all([
    db.execute(sql`select c.id, c.name, c.url, c.state, c.created_at, p.slug as owner_slug, ${figures}
      from ${campaigns} c join ${profiles} p on p.id = c.owner
      where ${cond} order by ${ORDER_BY[q.sort]} limit ${q.limit} offset ${q.offset}`),
    db.execute(sql`select count(*)::int as n from ${campaigns} c where ${cond}`),
  ]);
  return { rows: rowsOf<CampaignListRow>(res), total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0) };
}

export async function findCampaignOfShop(db: Db, shopId: string, id: string): Promise<CampaignListRow | null> {
  const res = await db.execute(sql`select c.id, c.name, c.url, c.state, c.created_at, p.slug as owner_slug, ${figures}
    from ${campaigns} c join ${profiles} p on p.id = c.owner where c.id = ${id} and c.shop_id = ${shopId}`);
  return rowsOf<CampaignListRow>(res)[0] ?? null;
}

export async function updateCampaign(db: Db, id: string, patch: { name?: string; url?: string; state?: CampaignListRow['state'] }): Promise<void> {
  if (Object.keys(patch).length) await db.update(campaigns).set(patch).where(eq(campaigns.id, id));
}

export async function deleteCampaign(db: Db, id: string): Promise<void> {
  await db.delete(campaigns).where(eq(campaigns.id, id));
}

// ---------- channels ----------

export async function listChannels(db: Db, campaignId: string, tz: string, q: ChannelQuery): Promise<{ rows: ChannelRow[]; total: number }> {
  const where: SQL[] = [sql`${campaignChannels.campaign_id} = ${campaignId}`, ...dayRange(sql`${campaignChannels.created_at}`, tz, q.start_date, q.end_date)];
  if (q.name) where.push(sql`${campaignChannels.name} ilike ${`%${escapeLike(q.name)}%`}`);
  if (q.source_code) where.push(sql`lower(${campaignChannels.source_code}) = lower(${q.source_code})`);
  const cond = sql.join(where, sql` and `);
  const [rows, count] = await Promise.all([
    db.select().from(campaignChannels).where(cond).orderBy(campaignChannels.created_at, campaignChannels.id).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(campaignChannels).where(cond),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function insertChannel(db: Db, campaignId: string, input: ChannelInput): Promise<ChannelRow> {
  const [row] = await db.insert(campaignChannels).values({ campaign_id: campaignId, ...input }).returning();
  return row!;
}

/** A channel together with its campaign's shop (404 checks). */
export async function findChannel(db: Db, id: string): Promise<(ChannelRow & { shop_id: string }) | null> {
  const [row] = await db.select({ channel: campaignChannels, shop_id: campaigns.shop_id }).from(campaignChannels)
    .innerJoin(campaigns, eq(campaigns.id, campaignChannels.campaign_id)).where(eq(campaignChannels.id, id)).limit(1);
  return row ? { ...row.channel, shop_id: row.shop_id } : null;
}

export async function updateChannel(db: Db, id: string, patch: ChannelPatch): Promise<ChannelRow | null> {
  if (!Object.keys(patch).length) {
    const [row] = await db.select().from(campaignChannels).where(eq(campaignChannels.id, id)).limit(1);
    return row ?? null;
  }
  const [row] = await db.update(campaignChannels).set(patch).where(eq(campaignChannels.id, id)).returning();
  return row ?? null;
}

export async function deleteChannel(db: Db, id: string): Promise<void> {
  await db.delete(campaignChannels).where(eq(campaignChannels.id, id));
}

// ---------- what campaigns brought ----------

/** One visit per campaign, click id and browser: a reload of the same link is not a new visit. */
export async function recordVisit(db: Db, campaignId: string, clickId: string | null, visitor: string): Promise<void> {
  await db.insert(campaignVisits).values({ campaign_id: campaignId, click_id: clickId ?? '', visitor }).onConflictDoNothing();
}

/** A sign-up with the campaign's cookie; nothing when the campaign no longer exists. */
export async function recordSignup(db: Db, campaignId: string, profileId: string): Promise<void> {
  await db.execute(sql`insert into ${campaignSignups} (campaign_id, profile_id)
    select ${campaignId}::uuid, ${profileId}::uuid where exists (select 1 from ${campaigns} where id = ${campaignId}::uuid)
    on conflict do nothing`);
}

export async function campaignExists(db: Db, shopId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.shop_id, shopId))).limit(1);
  return !!row;
}

// ---------- dashboards (issue 25) ----------

export interface DayRange { from: string; to: string; tz: string }
const inDays = (column: SQL, r: DayRange) => sql`${column} >= (${r.from}::date)::timestamp at time zone ${r.tz} and ${column} < ((${r.to}::date) + 1)::timestamp at time zone ${r.tz}`;

/** The shop's campaign visits per local day and campaign (rows only where there were some). */
export async function visitsByDay(db: Db, shopId: string, r: DayRange): Promise<{ day: string; campaign_id: string; visits: number }[]> {
  const res = await db.execute(sql`
    select to_char(v.created_at at time zone ${r.tz}, 'YYYY-MM-DD') as day, v.campaign_id, count(*)::int as visits
    from ${campaignVisits} v join ${campaigns} c on c.id = v.campaign_id
    where c.shop_id = ${shopId} and ${inDays(sql`v.created_at`, r)} group by 1, 2 order by 1`);
  return rowsOf<{ day: string; campaign_id: string; visits: number }>(res).map((x) => ({ ...x, visits: Number(x.visits) }));
}

/**
 * Each campaign of the shop with what it brought in the range: visits, orders placed through its link (not canceled,
 * as the campaign list counts them) and the money buyers paid for those orders (the ledger's bank side of order_paid
 * and extra_charge, as the sales chart). Campaigns with nothing in the range are left out.
 */
export async function campaignFigures(db: Db, shopId: string, currency: string, r: DayRange): Promise<{ id: string; name: string; visits: number; orders: number; sales: number }[]> {
  const res = await db.execute(sql`
    select c.id, c.name,
      (select count(*)::int from ${campaignVisits} v where v.campaign_id = c.id and ${inDays(sql`v.created_at`, r)}) as visits,
      (select count(*)::int from ${orders} o join ${checkouts} k on k.id = o.checkout_id
        where (k.tracking->>'campaign') = c.id::text and o.shop_id = c.shop_id and o.status <> 'canceled' and ${inDays(sql`o.placed_at`, r)}) as orders,
      (select coalesce(sum(-e.amount), 0)::int from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        join ${orders} o on o.id = e.order_id join ${checkouts} k on k.id = o.checkout_id
        where (k.tracking->>'campaign') = c.id::text and o.shop_id = c.shop_id and e.role = 'bank' and e.currency = ${currency}
          and t.source in ('order_paid', 'extra_charge') and ${inDays(sql`e.created_at`, r)}) as sales
    from ${campaigns} c where c.shop_id = ${shopId}`);
  return rowsOf<{ id: string; name: string; visits: number; orders: number; sales: number }>(res)
    .map((x) => ({ ...x, visits: Number(x.visits), orders: Number(x.orders), sales: Number(x.sales) }))
    .filter((x) => x.visits || x.orders || x.sales)
    .sort((a, b) => b.visits - a.visits || b.sales - a.sales || a.name.localeCompare(b.name));
}
