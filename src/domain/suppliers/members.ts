// A supplier's team (supplier_members): listed, added by e-mail (every e-mail is invited by a mailed 7-day link,
// accepted by its proven owner: issue 23), its permissions changed, removed. Only the supplier's owner or an 'admin' member manages it.
// The owner's accounts cannot be changed or removed (the supplier is theirs), and nobody removes or demotes
// themself (the last admin stays). Invitations use the shops' mechanism: ../people/invitations.ts.
import type { Translator } from '../../lib/i18n/index.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { acceptWith, countInvitationMail, newToken, tokenHashOf } from '../people/index.ts';
import { findUserByEmail } from '../people/index.ts';
import { invitationExpired, invitationExpiry } from '../people/index.ts';
import { mailInvitation } from '../mail/index.ts';
import { requireSupplier, type SupplierActor } from './access.ts';
import * as repo from './members-repo.ts';
import type { SupplierMember, SupplierMemberInput } from './members-schema.ts';
import { SUPPLIER_PERMISSIONS, type SupplierPermission } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('not_found', 'Member not found', { textKey: 'supplierMembers.errNotFound' });
const conflict = (textKey: string, message: string) => new AppError('conflict', message, { textKey: `supplierMembers.${textKey}` });

/** Where an invitation link points (the platform's invitation page). */
export type InviteLink = (token: string) => string;

/** Known permissions only, each once, in the canonical order. */
export function normaliseSupplierPermissions(list: readonly string[]): SupplierPermission[] {
  const set = new Set(list);
  return SUPPLIER_PERMISSIONS.filter((p) => set.has(p));
}

const memberView = (m: repo.MemberRow): SupplierMember => ({ id: m.user_id, state: 'active', email: m.email, name: m.name, permissions: normaliseSupplierPermissions(m.permissions), expires_at: null });
const invitationView = (i: repo.InvitationRow): SupplierMember => ({
  id: i.id, state: 'pending', email: i.email, name: null, permissions: normaliseSupplierPermissions(i.permissions), expires_at: new Date(i.expires_at).toISOString(),
});

/** The manager: the supplier's owner or an admin member (401/403 otherwise). */
export const manager = (db: Db, viewer: Viewer) => requireSupplier(db, viewer, 'admin');

export async function listMembers(a: SupplierActor, db: Db) {
  const [owners, members, invitations] = await Promise.all([
    repo.ownerAccounts(db, a.supplier.profile_id), repo.listMembers(db, a.supplier.id), repo.listInvitations(db, a.supplier.id),
  ]);
  const results: SupplierMember[] = [
    ...owners.map((o) => ({ id: o.user_id, state: 'owner' as const, email: o.email, name: o.name, permissions: [...SUPPLIER_PERMISSIONS], expires_at: null })),
    ...members.map(memberView), ...invitations.map(invitationView),
  ];
  return { results, matches_estimated: results.length };
}

const countMail = (a: SupplierActor, db: Db) => countInvitationMail(db, `supplier-mail:${a.supplier.id}`, 'supplierMembers.errTooMany');

export async function addMember(a: SupplierActor, db: Db, input: SupplierMemberInput, t: Translator, link: InviteLink): Promise<SupplierMember> {
  const permissions = normaliseSupplierPermissions(input.permissions);
  const name = a.supplier.name;
  const user = await findUserByEmail(db, input.email);
  if (user) {
    if (user.profile_id === a.supplier.profile_id) throw conflict('errOwner', 'That person owns the supplier');
    if (await repo.findMember(db, a.supplier.id, user.id)) throw conflict('errMember', 'Already a member');
  }
  await countMail(a, db);
  const { token, token_hash } = newToken();
  const row = await repo.insertInvitation(db, { supplier_id: a.supplier.id, email: input.email, permissions, token_hash, invited_by: a.userId, expires_at: invitationExpiry() });
  if (!row) throw conflict('errInvited', 'That e-mail already has a pending invitation');
  await mailInvitation(db, input.email, t, { kind: 'inviteSupplier', supplier: name, link: link(token) });
  return invitationView(row);
}

type Found = { member: repo.MemberRow; invitation?: undefined } | { member?: undefined; invitation: repo.InvitationRow };

async function findEither(a: SupplierActor, db: Db, id: string): Promise<Found> {
  if (!UUID.test(id)) throw notFound();
  const key = id.toLowerCase();
  if ((await repo.ownerAccounts(db, a.supplier.profile_id)).some((o) => o.user_id === key)) throw conflict('errOwner', 'The supplier\'s owner holds every permission');
  if (key === a.userId) throw conflict('errSelf', 'You cannot change or remove yourself');
  const member = await repo.findMember(db, a.supplier.id, key);
  if (member) return { member };
  const invitation = await repo.findInvitation(db, a.supplier.id, key);
  if (invitation) return { invitation };
  throw notFound();
}

export async function updateMember(a: SupplierActor, db: Db, id: string, perms: readonly string[]): Promise<SupplierMember> {
  const permissions = normaliseSupplierPermissions(perms);
  const found = await findEither(a, db, id);
  if (found.member) {
    await repo.setMemberPermissions(db, a.supplier.id, found.member.user_id, permissions);
    return { ...memberView(found.member), permissions };
  }
  return invitationView((await repo.updateInvitation(db, found.invitation.id, { permissions }))!);
}

export async function removeMember(a: SupplierActor, db: Db, id: string) {
  const found = await findEither(a, db, id);
  if (found.member) await repo.deleteMember(db, a.supplier.id, found.member.user_id);
  else await repo.deleteInvitation(db, found.invitation.id);
  return { id: id.toLowerCase(), deleted: true as const };
}

// ---------- the invitee's side ----------

export interface SupplierInvitationInfo { supplier_name: string; email: string; permissions: string[]; expired: boolean }

export async function supplierInvitationByToken(db: Db, token: string): Promise<SupplierInvitationInfo | null> {
  const hash = tokenHashOf(token);
  const row = hash ? await repo.findInvitationByToken(db, hash) : null;
  if (!row) return null;
  return { supplier_name: row.supplier_name, email: row.email, permissions: normaliseSupplierPermissions(row.permissions), expired: invitationExpired(new Date(row.expires_at)) };
}

type TokenRow = NonNullable<Awaited<ReturnType<typeof repo.findInvitationByToken>>>;
const store = {
  find: repo.findInvitationByToken,
  consume: (tx: Db, row: TokenRow) => repo.deleteInvitation(tx, row.id),
  async join(tx: Db, row: TokenRow, viewer: Extract<Viewer, { kind: 'user' }>) {
    if (row.owner_profile !== viewer.user.profile_id) await repo.insertMember(tx, row.supplier_id, viewer.user.id, normaliseSupplierPermissions(row.permissions));
  },
};
const TEXTS = { gone: 'supplierMembers.errInvitationGone', expired: 'supplierMembers.errInvitationExpired', otherEmail: 'supplierMembers.errOtherEmail' };

export async function acceptSupplierInvitation(db: Db, viewer: Viewer, token: string) {
  const row = await acceptWith(db, viewer, token, store, TEXTS);
  return { supplier_name: row.supplier_name, permissions: normaliseSupplierPermissions(row.permissions) };
}
