// The people features' SQL (issue 14): memberships as collaborators, invitations, advisors, heartbeats, the tour.
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { advisors, profiles, shopInvitations, shopMemberships, shops, userHeartbeats, users, userTours } from '../../db/schema/index.ts';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface MemberRow { user_id: string; email: string; name: string; images: unknown; permissions: string[] }
export interface InvitationRow { id: string; shop_id: string; email: string; permissions: string[]; expires_at: Date; invited_by: string | null }

const memberCols = { user_id: users.id, email: users.email, name: users.name, images: profiles.images, permissions: shopMemberships.permissions };
const invitationCols = { id: shopInvitations.id, shop_id: shopInvitations.shop_id, email: shopInvitations.email, permissions: shopInvitations.permissions, expires_at: shopInvitations.expires_at, invited_by: shopInvitations.invited_by };

/** The shop's members (not its owner) then its pending invitations, paged over both. */
export async function listCollaborators(db: Db, shopId: string, ownerProfile: string | null, text: string | undefined, offset: number, limit: number) {
  const memberWhere: SQL[] = [eq(shopMemberships.shop_id, shopId)];
  if (ownerProfile) memberWhere.push(ne(users.profile_id, ownerProfile));
  if (text) memberWhere.push(or(ilike(users.name, like(text)), ilike(users.email, like(text)))!);
  const invWhere: SQL[] = [eq(shopInvitations.shop_id, shopId)];
  if (text) invWhere.push(ilike(shopInvitations.email, like(text)));
  const base = () => db.select(memberCols).from(shopMemberships).innerJoin(users, eq(users.id, shopMemberships.user_id))
    .innerJoin(profiles, eq(profiles.id, users.profile_id)).where(and(...memberWhere));
  const [[m], [i]] = await Promise.all([
    db.select({ n: count() }).from(shopMemberships).innerJoin(users, eq(users.id, shopMemberships.user_id)).where(and(...memberWhere)),
    db.select({ n: count() }).from(shopInvitations).where(and(...invWhere)),
  ]);
  const members = offset < (m?.n ?? 0) ? await base().orderBy(asc(users.name), asc(users.id)).offset(offset).limit(limit) : [];
  const room = limit - members.length;
  const invitations = room > 0
    ? await db.select(invitationCols).from(shopInvitations).where(and(...invWhere)).orderBy(asc(shopInvitations.email))
      .offset(Math.max(0, offset - (m?.n ?? 0))).limit(room)
    : [];
  return { members: members as MemberRow[], invitations: invitations as InvitationRow[], total: (m?.n ?? 0) + (i?.n ?? 0) };
}

export async function findMember(db: Db, shopId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await db.select(memberCols).from(shopMemberships).innerJoin(users, eq(users.id, shopMemberships.user_id))
    .innerJoin(profiles, eq(profiles.id, users.profile_id))
    .where(and(eq(shopMemberships.shop_id, shopId), eq(shopMemberships.user_id, userId))).limit(1);
  return (row as MemberRow | undefined) ?? null;
}

export async function findInvitation(db: Db, shopId: string, id: string): Promise<InvitationRow | null> {
  const [row] = await db.select(invitationCols).from(shopInvitations).where(and(eq(shopInvitations.shop_id, shopId), eq(shopInvitations.id, id))).limit(1);
  return row ?? null;
}

export async function findInvitationByEmail(db: Db, shopId: string, email: string): Promise<InvitationRow | null> {
  const [row] = await db.select(invitationCols).from(shopInvitations).where(and(eq(shopInvitations.shop_id, shopId), eq(shopInvitations.email, email))).limit(1);
  return row ?? null;
}

export async function findInvitationByToken(db: Db, tokenHash: string) {
  const [row] = await db.select({ ...invitationCols, shop_slug: shops.slug, shop_name: shops.name })
    .from(shopInvitations).innerJoin(shops, eq(shops.id, shopInvitations.shop_id)).where(eq(shopInvitations.token_hash, tokenHash)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id, profile_id: users.profile_id, name: users.name, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** Adds a membership; false when the person already is a member (nothing changes then). */
export async function insertMembership(db: Db, shopId: string, userId: string, permissions: string[]): Promise<boolean> {
  const rows = await db.insert(shopMemberships).values({ shop_id: shopId, user_id: userId, permissions }).onConflictDoNothing().returning({ id: shopMemberships.user_id });
  return rows.length > 0;
}

export async function setMemberPermissions(db: Db, shopId: string, userId: string, permissions: string[]) {
  await db.update(shopMemberships).set({ permissions }).where(and(eq(shopMemberships.shop_id, shopId), eq(shopMemberships.user_id, userId)));
}

export async function deleteMember(db: Db, shopId: string, userId: string) {
  await db.delete(shopMemberships).where(and(eq(shopMemberships.shop_id, shopId), eq(shopMemberships.user_id, userId)));
}

export async function insertInvitation(db: Db, v: { shop_id: string; email: string; permissions: string[]; token_hash: string; invited_by: string; expires_at: Date }) {
  const [row] = await db.insert(shopInvitations).values(v).onConflictDoNothing().returning(invitationCols);
  return row ?? null;
}

export async function updateInvitation(db: Db, id: string, v: Partial<{ permissions: string[]; token_hash: string; expires_at: Date }>) {
  const [row] = await db.update(shopInvitations).set(v).where(eq(shopInvitations.id, id)).returning(invitationCols);
  return row ?? null;
}

/** Deletes the invitation; false when someone else took it first (accepted or removed meanwhile). */
export async function deleteInvitation(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(shopInvitations).where(eq(shopInvitations.id, id)).returning({ id: shopInvitations.id });
  return rows.length > 0;
}

// ---------- tour ----------

export async function findTour(db: Db, userId: string) {
  const [row] = await db.select({ show_tour: userTours.show_tour, dismissed_at: userTours.dismissed_at }).from(userTours).where(eq(userTours.user_id, userId)).limit(1);
  return row ?? null;
}

export async function saveTour(db: Db, userId: string, showTour: boolean) {
  const now = new Date();
  await db.insert(userTours).values({ user_id: userId, show_tour: showTour, dismissed_at: now })
    .onConflictDoUpdate({ target: userTours.user_id, set: { show_tour: showTour, dismissed_at: now } });
}

// ---------- presence and advisors ----------

export async function touchHeartbeat(db: Db, userId: string, at: Date = new Date()) {
  await db.insert(userHeartbeats).values({ user_id: userId, last_seen_at: at })
    .onConflictDoUpdate({ target: userHeartbeats.user_id, set: { last_seen_at: sql`greatest(${userHeartbeats.last_seen_at}, excluded.last_seen_at)` } });
}

export interface AdvisorRow {
  profile_id: string; name: string; images: unknown; phone: string | null; whatsapp: string | null; email: string | null;
  support_url: string | null; last_seen_at: Date | null;
}

const advisorCols = {
  profile_id: advisors.profile_id, name: profiles.name, images: profiles.images, phone: advisors.phone, whatsapp: advisors.whatsapp,
  email: advisors.email, support_url: advisors.support_url,
  // The latest activity of any account on the advisor's profile.
  last_seen_at: sql<Date | null>`(select max(h.last_seen_at) from ${userHeartbeats} h join ${users} u on u.id = h.user_id where u.profile_id = ${advisors.profile_id})`.mapWith(shopInvitations.expires_at),
};

export async function findAdvisor(db: Db, profileId: string): Promise<AdvisorRow | null> {
  const [row] = await db.select(advisorCols).from(advisors).innerJoin(profiles, eq(profiles.id, advisors.profile_id)).where(eq(advisors.profile_id, profileId)).limit(1);
  return (row as AdvisorRow | undefined) ?? null;
}

export async function findDefaultAdvisor(db: Db): Promise<AdvisorRow | null> {
  const [row] = await db.select(advisorCols).from(advisors).innerJoin(profiles, eq(profiles.id, advisors.profile_id)).where(eq(advisors.is_default, true)).limit(1);
  return (row as AdvisorRow | undefined) ?? null;
}

export async function shopOwnerOf(db: Db, shopId: string): Promise<string | null> {
  const [row] = await db.select({ owner: shops.owner }).from(shops).where(eq(shops.id, shopId)).limit(1);
  return row?.owner ?? null;
}
