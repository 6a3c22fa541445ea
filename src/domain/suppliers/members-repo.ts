// The SQL of a supplier's team: supplier_members joined to their accounts, the supplier's owner accounts, and the
// pending supplier_invitations (the invitation mechanism itself is ../people/invitations.ts).
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supplierInvitations, supplierMembers, suppliers, users } from '../../db/schema/index.ts';

export interface MemberRow { user_id: string; email: string; name: string; permissions: string[] }
export interface InvitationRow { id: string; supplier_id: string; email: string; permissions: string[]; expires_at: Date }

const memberCols = { user_id: users.id, email: users.email, name: users.name, permissions: supplierMembers.permissions };
const invitationCols = {
  id: supplierInvitations.id, supplier_id: supplierInvitations.supplier_id, email: supplierInvitations.email,
  permissions: supplierInvitations.permissions, expires_at: supplierInvitations.expires_at,
};

/** The accounts of the supplier's own profile (they hold every permission). */
export async function ownerAccounts(db: Db, profileId: string) {
  return db.select({ user_id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.profile_id, profileId)).orderBy(asc(users.email));
}

export async function listMembers(db: Db, supplierId: string): Promise<MemberRow[]> {
  return db.select(memberCols).from(supplierMembers).innerJoin(users, eq(users.id, supplierMembers.user_id))
    .where(eq(supplierMembers.supplier_id, supplierId)).orderBy(asc(users.name), asc(users.id));
}

export async function listInvitations(db: Db, supplierId: string): Promise<InvitationRow[]> {
  return db.select(invitationCols).from(supplierInvitations).where(eq(supplierInvitations.supplier_id, supplierId)).orderBy(asc(supplierInvitations.email));
}

export async function findMember(db: Db, supplierId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await db.select(memberCols).from(supplierMembers).innerJoin(users, eq(users.id, supplierMembers.user_id))
    .where(and(eq(supplierMembers.supplier_id, supplierId), eq(supplierMembers.user_id, userId))).limit(1);
  return row ?? null;
}

export async function findInvitation(db: Db, supplierId: string, id: string): Promise<InvitationRow | null> {
  const [row] = await db.select(invitationCols).from(supplierInvitations).where(and(eq(supplierInvitations.supplier_id, supplierId), eq(supplierInvitations.id, id))).limit(1);
  return row ?? null;
}

export async function findInvitationByToken(db: Db, tokenHash: string) {
  const [row] = await db.select({ ...invitationCols, supplier_name: suppliers.name, owner_profile: suppliers.profile_id })
    .from(supplierInvitations).innerJoin(suppliers, eq(suppliers.id, supplierInvitations.supplier_id))
    .where(eq(supplierInvitations.token_hash, tokenHash)).limit(1);
  return row ?? null;
}

/** false when the person already is a member (nothing changes then). */
export async function insertMember(db: Db, supplierId: string, userId: string, permissions: string[]): Promise<boolean> {
  const rows = await db.insert(supplierMembers).values({ supplier_id: supplierId, user_id: userId, permissions }).onConflictDoNothing().returning({ id: supplierMembers.user_id });
  return rows.length > 0;
}

export async function setMemberPermissions(db: Db, supplierId: string, userId: string, permissions: string[]) {
  await db.update(supplierMembers).set({ permissions }).where(and(eq(supplierMembers.supplier_id, supplierId), eq(supplierMembers.user_id, userId)));
}

export async function deleteMember(db: Db, supplierId: string, userId: string) {
  await db.delete(supplierMembers).where(and(eq(supplierMembers.supplier_id, supplierId), eq(supplierMembers.user_id, userId)));
}

export async function insertInvitation(db: Db, v: { supplier_id: string; email: string; permissions: string[]; token_hash: string; invited_by: string; expires_at: Date }) {
  const [row] = await db.insert(supplierInvitations).values(v).onConflictDoNothing().returning(invitationCols);
  return row ?? null;
}

export async function updateInvitation(db: Db, id: string, patch: { permissions?: string[]; token_hash?: string; expires_at?: Date }) {
  const [row] = await db.update(supplierInvitations).set(patch).where(eq(supplierInvitations.id, id)).returning(invitationCols);
  return row ?? null;
}

export async function deleteInvitation(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(supplierInvitations).where(eq(supplierInvitations.id, id)).returning({ id: supplierInvitations.id });
  return rows.length > 0;
}

export async function deleteInvitationByEmail(db: Db, supplierId: string, email: string) {
  await db.delete(supplierInvitations).where(and(eq(supplierInvitations.supplier_id, supplierId), eq(supplierInvitations.email, email)));
}
