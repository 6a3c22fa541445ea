// The only SQL of opening a store: the address lookup, the new shop row and the owner's level change.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, shops, users } from '../../db/schema/index.ts';
import type { StoreThemeInfo } from '../shops/index.ts';
import { rowsOf } from '../../db/tx.ts';

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  const rows = await db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug)).limit(1);
  return rows.length > 0;
}

export async function ownedShop(db: Db, profileId: string) {
  const [row] = await db.select({ id: shops.id, slug: shops.slug, name: shops.name }).from(shops).where(eq(shops.owner, profileId)).limit(1);
  return row ?? null;
}

export async function profileMainType(db: Db, profileId: string): Promise<string> {
  const [row] = await db.select({ t: profiles.main_type }).from(profiles).where(eq(profiles.id, profileId)).limit(1);
  return row?.t ?? 'referral';
}

/** The user's level, with the row locked until the transaction ends (two submits cannot both open a store). */
export async function lockUserLevel(tx: Db, userId: string): Promise<string | null> {
  const rows = rowsOf<{ user_level: string | null }>(await tx.execute(sql`select user_level from users where id = ${userId} for update`));
  return rows[0]?.user_level ?? null;
}

export async function setLevel(tx: Db, userId: string, from: 'ul0' | 'ul1', to: 'ul1' | 'ul2') {
  await tx.update(users).set({ user_level: to }).where(and(eq(users.id, userId), eq(users.user_level, from)));
}

/**
 * The root affinity store of the network the person joined (seed 000 §1: a shop can sit under a root affinity
 * store): the one they signed up from, or its root. Null when they joined from no affinity network.
 */
export async function networkRootOf(db: Db, profileId: string): Promise<string | null> {
  const rows = rowsOf<{ root: string | null }>(await db.execute(sql`
    select coalesce(sh.root_affinity_store_id, case when sh.store_type = 'affinity' then sh.id end) as root
    from referrals r join shops sh on sh.id = r.shop_id where r.child_profile = ${profileId} limit 1`));
  return rows[0]?.root ?? null;
}

export async function insertShop(tx: Db, row: {
  owner: string; slug: string; name: string; store_type: string; theme_pack: string; store_theme_info: StoreThemeInfo;
  root_affinity_store_id: string | null;
}) {
  const [created] = await tx.insert(shops).values(row).onConflictDoNothing({ target: shops.slug })
    .returning({ id: shops.id, slug: shops.slug, name: shops.name, store_type: shops.store_type, theme_pack: shops.theme_pack });
  return created ?? null;
}
