// The only SQL of the promoted network: the referral tree (recursive CTEs that run the same on PGlite and
// PostgreSQL), follows and the referred people with their filters.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, profiles, referrals } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/tx.ts';
import { PROMOTED_MAX_DEPTH } from './schema.ts';

export interface ProfileRow { id: string; name: string; images: unknown; slug: string }

export async function findProfile(db: Db, id: string): Promise<ProfileRow | null> {
  const [row] = await db.select({ id: profiles.id, name: profiles.name, images: profiles.images, slug: profiles.slug }).from(profiles).where(eq(profiles.id, id)).limit(1);
  return row ?? null;
}

export async function findProfileBySlug(db: Db, slug: string): Promise<ProfileRow | null> {
  const [row] = await db.select({ id: profiles.id, name: profiles.name, images: profiles.images, slug: profiles.slug }).from(profiles).where(eq(profiles.slug, slug)).limit(1);
  return row ?? null;
}

export async function hasParent(db: Db, child: string): Promise<boolean> {
  const rows = await db.select({ id: referrals.child_profile }).from(referrals).where(eq(referrals.child_profile, child)).limit(1);
  return rows.length > 0;
}

/** Whether `node` sits somewhere below `ancestor` (walks up from `node`; UNION stops on any repeated row). */
export async function isBelow(db: Db, node: string, ancestor: string): Promise<boolean> {
  const rows = rowsOf<{ below: boolean }>(await db.execute(sql`
    with recursive up(id) as (
      select parent_profile from referrals where child_profile = ${node}
      union
      select r.parent_profile from referrals r join up on r.child_profile = up.id
    )
    select exists(select 1 from up where id = ${ancestor}) as below`));
  return rows[0]?.below === true;
}

export interface ReferralInsert { child_profile: string; parent_profile: string; shop_id: string | null; campaign: string | null; click_id: string | null; tags?: string[]; created_at?: Date }

/** Adds the person under their parent; false when they already had one (the child is the key: never two parents). */
export async function insertReferral(db: Db, row: ReferralInsert): Promise<boolean> {
  const out = await db.insert(referrals).values(row).onConflictDoNothing({ target: referrals.child_profile }).returning({ id: referrals.child_profile });
  return out.length > 0;
}

// ---------- the promoted tree ----------

export interface TreeRow { id: string; name: string; images: unknown; updated_at: Date | string; parent_id: string; depth: number; state_follow: boolean; children_count: number }

/** The opened parent's first-level children, or (all) every descendant, as a CTE named `tree`. */
function treeCte(parent: string, all: boolean): SQL {
  return all
    ? sql`with recursive tree(id, parent_id, depth, joined_at) as (
        select child_profile, parent_profile, 1, created_at from referrals where parent_profile = ${parent}
        union all
        select r.child_profile, r.parent_profile, t.depth + 1, r.created_at from referrals r join tree t on r.parent_profile = t.id
        where t.depth < ${sql.raw(String(PROMOTED_MAX_DEPTH))}
      )`
    : sql`with tree(id, parent_id, depth, joined_at) as (
        select child_profile, parent_profile, 1, created_at from referrals where parent_profile = ${parent}
      )`;
}

/** A page of the tree below `parent` (nearest first, then newest), with whether `viewer` follows each person. */
export async function treePage(db: Db, q: { viewer: string; parent: string; all: boolean; offset: number; limit: number }): Promise<{ rows: TreeRow[]; total: number }> {
  const cte = treeCte(q.parent, q.all);
  const [rows, count] = await Promise.all([
    db.execute(sql`${cte}
      select p.id, p.name, p.images, greatest(p.created_at, t.joined_at) as updated_at, t.parent_id, t.depth,
        exists(select 1 from follows f where f.follower_profile = ${q.viewer} and f.followed_profile = t.id) as state_follow,
        (select count(*)::int from referrals c where c.parent_profile = t.id) as children_count
      from tree t join profiles p on p.id = t.id
      order by t.depth, t.joined_at desc, t.id
      limit ${q.limit} offset ${q.offset}`),
    db.execute(sql`${cte} select count(*)::int as n from tree`),
  ]);
  return { rows: rowsOf<TreeRow>(rows), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
}

// ---------- follows ----------

export async function follow(db: Db, follower: string, followed: string): Promise<void> {
  await db.insert(follows).values({ follower_profile: follower, followed_profile: followed }).onConflictDoNothing();
}

export async function unfollow(db: Db, follower: string, followed: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.follower_profile, follower), eq(follows.followed_profile, followed)));
}

// ---------- referred people ----------

export interface ReferredFilter {
  viewer: string; viewerSlug: string; offset: number; limit: number;
  campaign?: string; tags?: string[]; text?: string; from?: Date; to?: Date;
  customerByCampaign: boolean; registeredByCampaign: boolean;
}

export interface ReferredRow {
  id: string; name: string; images: unknown; campaign: string | null; click_id: string | null; tags: string[] | null;
  created_at: Date | string; shop_slug: string | null; shop_name: string | null; following: boolean; customer: boolean;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether the referred person bought (a paid order) through a checkout carrying the viewer's referral. */
const boughtThroughViewer = (slug: string) => sql`exists(
  select 1 from orders o join checkouts c on c.id = o.checkout_id join users u on u.id = o.user_id
  where u.profile_id = r.child_profile and lower(c.tracking->>'referral') = lower(${slug})
    and o.payment_status in ('paid', 'partially_refunded'))`;

export async function referredPage(db: Db, f: ReferredFilter): Promise<{ rows: ReferredRow[]; total: number }> {
  const where: SQL[] = [sql`r.parent_profile = ${f.viewer}`];
  if (f.campaign) where.push(sql`lower(r.campaign) = lower(${f.campaign})`);
  if (f.tags?.length) where.push(sql`r.tags && array[${sql.join(f.tags.map((t) => sql`${t}`), sql`, `)}]::text[]`);
  if (f.text) where.push(sql`p.name ilike ${likePattern(f.text)}`);
  if (f.from) where.push(sql`r.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) where.push(sql`r.created_at < ${f.to.toISOString()}::timestamptz`);
  if (f.registeredByCampaign) where.push(sql`r.campaign is not null`);
  if (f.customerByCampaign) where.push(boughtThroughViewer(f.viewerSlug));
  const cond = sql.join(where, sql` and `);
  const [rows, count] = await Promise.all([
    db.execute(sql`
      select p.id, p.name, p.images, r.campaign, r.click_id, r.tags, r.created_at, s.slug as shop_slug, s.name as shop_name,
        exists(select 1 from follows fo where fo.follower_profile = ${f.viewer} and fo.followed_profile = r.child_profile) as following,
        ${boughtThroughViewer(f.viewerSlug)} as customer
      from referrals r join profiles p on p.id = r.child_profile left join shops s on s.id = r.shop_id
      where ${cond}
      order by r.created_at desc, r.child_profile
      limit ${f.limit} offset ${f.offset}`),
    db.execute(sql`select count(*)::int as n from referrals r join profiles p on p.id = r.child_profile where ${cond}`),
  ]);
  return { rows: rowsOf<ReferredRow>(rows), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
}
