// The only place account SQL lives: users, profiles, sessions, rate limits, PINs (the outbox is the mail area's).
import { and, desc, eq, gt, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { totalOver, withTotal } from '../../db/page-total.ts';
import type { Db } from '../../db/client.ts';
import { profiles, rateLimits, sessions, shopMemberships, shops, signInPins, users } from '../../db/schema/index.ts';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** A new account; `signup_tracking` set means a sign-up awaiting proof of its e-mail (null: an account made by the operator's command). */
export async function insertUserWithProfile(db: Db, input: { email: string; name: string; password_hash: string; profileSlug: string; signup_tracking: Record<string, string | null> | null }) {
  return db.transaction(async (tx) => {
    const [profile] = await tx.insert(profiles).values({ name: input.name, slug: input.profileSlug, main_type: 'referral' }).returning();
    const [user] = await tx.insert(users).values({
      email: input.email, name: input.name, password_hash: input.password_hash, profile_id: profile!.id, user_level: 'ul0',
      signup_tracking: input.signup_tracking,
    }).onConflictDoNothing({ target: users.email }).returning();
    if (!user) throw Object.assign(new Error('email taken'), { emailTaken: true });
    return user;
  });
}

/** A sign-up again for an e-mail whose sign-up still awaits proof: the latest one's name, password and tracking count
 * (whoever proves the e-mail with the code it mails gets the password they chose). Nothing once the e-mail is proven. */
export async function replacePendingSignup(db: Db, userId: string, v: { name: string; password_hash: string; signup_tracking: Record<string, string | null> }) {
  const rows = await db.update(users).set(v).where(and(eq(users.id, userId), isNull(users.email_verified_at))).returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Records the first proof of the account's e-mail (once: false when it was already proven). `forgetPassword`: the
 * proof did not come with the sign-up's own code, so the password chosen at an unproven sign-up (anyone's) is dropped.
 */
export async function markEmailVerified(db: Db, userId: string, forgetPassword: boolean): Promise<boolean> {
  const rows = await db.update(users).set({
    email_verified_at: sql`now()`, signup_tracking: null,
    ...(forgetPassword ? { password_hash: sql`case when ${users.signup_tracking} is null then ${users.password_hash} else '!' end` } : {}),
  }).where(and(eq(users.id, userId), isNull(users.email_verified_at))).returning({ id: users.id });
  return rows.length === 1;
}

/** SQL: the profile has an account with a proven e-mail (who may earn as a promoter: issue 23). */
export const provenProfile = (profileId: AnyColumn | SQL) =>
  sql`exists (select 1 from ${users} pu where pu.profile_id = ${profileId} and pu.email_verified_at is not null)`;

export async function emailVerifiedAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db.select({ at: users.email_verified_at }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.at ?? null;
}

export async function insertSession(db: Db, s: { id: string; user_id: string; expires_at: Date; user_agent: string | null }) {
  await db.insert(sessions).values(s);
}

export async function findLiveSession(db: Db, id: string, now: Date) {
  const [row] = await db.select({
    sessionId: sessions.id, expires_at: sessions.expires_at,
    id: users.id, email: users.email, name: users.name, profile_id: users.profile_id, user_level: users.user_level,
  }).from(sessions).innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.id, id), gt(sessions.expires_at, now))).limit(1);
  return row ?? null;
}

export async function extendSession(db: Db, id: string, expires_at: Date) {
  await db.update(sessions).set({ expires_at }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expires_at, now));
}

/** Adds one hit to a fixed window counter atomically and answers the count inside the current window. */
export async function hitRateLimit(db: Db, key: string, windowSeconds: number): Promise<{ count: number; windowStart: Date }> {
  const fresh = sql`${rateLimits.window_start} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db.insert(rateLimits).values({ key, window_start: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${fresh} then 1 else ${rateLimits.count} + 1 end`,
        window_start: sql`case when ${fresh} then now() else ${rateLimits.window_start} end`,
      },
    }).returning({ count: rateLimits.count, windowStart: rateLimits.window_start });
  return row!;
}

/** Takes one hit back (a sign-in that succeeded is not a failure); never below zero. */
export async function undoRateLimitHit(db: Db, key: string) {
  await db.update(rateLimits).set({ count: sql`greatest(${rateLimits.count} - 1, 0)` }).where(eq(rateLimits.key, key));
}

export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function insertPin(db: Db, p: { email: string; pin_hash: string; expires_at: Date; purpose?: 'signin' | 'signup' }) {
  // A new PIN replaces any earlier one that is still open.
  await db.update(signInPins).set({ used_at: sql`now()` }).where(and(eq(signInPins.email, p.email), isNull(signInPins.used_at)));
  await db.insert(signInPins).values(p);
}

export async function latestOpenPin(db: Db, email: string) {
  const [row] = await db.select().from(signInPins).where(and(eq(signInPins.email, email), isNull(signInPins.used_at)))
    .orderBy(desc(signInPins.created_at)).limit(1);
  return row ?? null;
}

/**
 * Takes one of the PIN's `max` tries before it is compared, atomically (concurrent guesses from any process each take
 * their own): false when the PIN is used, replaced or out of tries.
 */
export async function claimPinAttempt(db: Db, id: string, max: number): Promise<boolean> {
  const rows = await db.update(signInPins).set({ attempts: sql`${signInPins.attempts} + 1` })
    .where(and(eq(signInPins.id, id), isNull(signInPins.used_at), lt(signInPins.attempts, max))).returning({ id: signInPins.id });
  return rows.length === 1;
}

/** Marks the PIN used only if nobody else did first (two concurrent verifications make one session). */
export async function consumePin(db: Db, id: string): Promise<boolean> {
  const rows = await db.update(signInPins).set({ used_at: sql`now()` }).where(and(eq(signInPins.id, id), isNull(signInPins.used_at))).returning({ id: signInPins.id });
  return rows.length === 1;
}

/**
 * Shops the user owns (through their profile) or holds a membership on, the owned ones first, each with the
 * permissions its membership grants (`granted`, also on an owned shop): one statement, which a signed-in storefront
 * page also reads its standing on the shop from (src/middleware.ts).
 */
export async function userShopRows(db: Db, userId: string, profileId: string) {
  const rows = await db.select({ id: shops.id, slug: shops.slug, name: shops.name, owner: shops.owner, granted: shopMemberships.permissions })
    .from(shops)
    .leftJoin(shopMemberships, and(eq(shopMemberships.shop_id, shops.id), eq(shopMemberships.user_id, userId)))
    .where(or(eq(shops.owner, profileId), eq(shopMemberships.user_id, userId)))
    .orderBy(sql`${shops.owner} = ${profileId} desc`);
  return rows.map(({ owner, granted, ...s }) => ({ ...s, is_owner: owner === profileId, granted: granted ?? [] }));
}

/** The shops a user owns or is a member of, as the user menu and /api/me show them (an owner holds 'admin'). */
export function shopsOf(rows: Awaited<ReturnType<typeof userShopRows>>) {
  return rows.map(({ granted, ...s }) => ({ ...s, permissions: s.is_owner ? ['admin'] : granted }));
}

export async function shopsOfUser(db: Db, userId: string, profileId: string) {
  return shopsOf(await userShopRows(db, userId, profileId));
}

/** The shops a user collaborates on (a membership, not their own), by name: the user menu's collaborations. */
export async function listCollaborations(db: Db, userId: string, profileId: string, offset: number, limit: number) {
  const where = and(eq(shopMemberships.user_id, userId), sql`${shops.owner} <> ${profileId}`);
  const page = await db.select({ id: shops.id, slug: shops.slug, name: shops.name, photo: shops.photo, canonical_url: shops.canonical_url, total: totalOver() })
    .from(shopMemberships).innerJoin(shops, eq(shops.id, shopMemberships.shop_id)).where(where)
    .orderBy(shops.name, shops.id).offset(offset).limit(limit);
  return withTotal(page, { offset, limit }, async () => (await db.select({ n: sql<number>`count(*)::int` }).from(shopMemberships).innerJoin(shops, eq(shops.id, shopMemberships.shop_id)).where(where))[0]?.n ?? 0);
}

export async function membershipPermissions(db: Db, shopId: string, userId: string): Promise<string[]> {
  const [row] = await db.select({ permissions: shopMemberships.permissions }).from(shopMemberships)
    .where(and(eq(shopMemberships.shop_id, shopId), eq(shopMemberships.user_id, userId))).limit(1);
  return row?.permissions ?? [];
}

export async function findProfileBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.slug, slug)).limit(1);
  return row ?? null;
}

/** Whether any account has the platform operator's level (ul3): `npm start` says how to make the first one. */
export async function operatorExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.user_level, 'ul3')).limit(1);
  return Boolean(row);
}

export async function setUserLevel(db: Db, userId: string, level: 'ul0' | 'ul1' | 'ul2' | 'ul3') {
  await db.update(users).set({ user_level: level }).where(eq(users.id, userId));
}
