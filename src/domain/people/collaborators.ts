// Collaborators of a shop (issue 14; seed 001 §7): the shop_memberships rows other than its owner, plus pending
// invitations. Every call goes through the shop-admin check (AdminCtx). Every e-mail, with an account or not, gets a
// token link (issue 23: an account is never bound just because it registered that e-mail first): the membership is
// created when the person, signed in with that e-mail and having proven it, accepts it (src/pages/s/invitacion.astro).
import type { Translator } from '../../lib/i18n/index.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { safeSrc } from '../../lib/shared/safe-url.ts';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import type { AdminCtx } from '../admin/index.ts';
import { mailInvitation as queueInvitation } from '../mail/index.ts';
import { acceptWith, countInvitationMail, newToken, tokenHashOf } from './invitations.ts';
import * as repo from './repo.ts';
import { invitationExpired, invitationExpiry, normalisePermissions } from './rules.ts';
import type { Collaborator, CollaboratorInput, CollaboratorQuery } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('not_found', 'Collaborator not found');
const conflict = (textKey: string, message: string) => new AppError('conflict', message, { textKey });

/** Where an invitation link points: the shop's invitation page, on the host the admin is using. */
export type InviteLink = (token: string) => string;

function photoOf(images: unknown): string | null {
  return Array.isArray(images) && typeof images[0] === 'string' ? safeSrc(images[0]) : null;
}

const memberView = (m: repo.MemberRow): Collaborator => ({
  id: m.user_id, state: 'active', email: m.email, name: m.name, photo: photoOf(m.images),
  permissions: normalisePermissions(m.permissions), expires_at: null,
});
const invitationView = (i: repo.InvitationRow): Collaborator => ({
  id: i.id, state: 'pending', email: i.email, name: null, photo: null,
  permissions: normalisePermissions(i.permissions), expires_at: new Date(i.expires_at).toISOString(),
});

export async function listCollaborators(a: AdminCtx, q: CollaboratorQuery) {
  const r = await repo.listCollaborators(a.db, a.shop.id, a.shop.owner, q.text || undefined, q.offset, q.limit);
  return { results: [...r.members.map(memberView), ...r.invitations.map(invitationView)], matches_estimated: r.total };
}

async function mailInvitation(db: Db, t: Translator, shopName: string, to: string, link: string) {
  await queueInvitation(db, to, t, { kind: 'inviteCollaborator', shop: shopName, link });
}

/** Counts one invitation mail of the shop; 429 past INVITATION_MAILS_PER_HOUR in the hour (invitations.ts). */
const countMail = (a: AdminCtx) => countInvitationMail(a.db, `collaborator-mail:${a.shop.id}`, 'collaborators.errTooMany');

export async function addCollaborator(a: AdminCtx, input: CollaboratorInput, t: Translator, link: InviteLink): Promise<Collaborator> {
  if (a.viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const permissions = normalisePermissions(input.permissions);
  const user = await repo.findUserByEmail(a.db, input.email);
  if (user) {
    if (a.shop.owner && user.profile_id === a.shop.owner) throw conflict('collaborators.errOwner', 'The shop\'s owner already holds every permission');
    if (await repo.findMember(a.db, a.shop.id, user.id)) throw conflict('collaborators.errMember', 'Already a collaborator');
  }
  await countMail(a);
  const { token, token_hash } = newToken();
  const row = await repo.insertInvitation(a.db, { shop_id: a.shop.id, email: input.email, permissions, token_hash, invited_by: a.viewer.user.id, expires_at: invitationExpiry() });
  if (!row) throw conflict('collaborators.errInvited', 'That e-mail already has a pending invitation');
  await mailInvitation(a.db, t, a.shop.name, input.email, link(token));
  return invitationView(row);
}

type Found = { member: repo.MemberRow; invitation?: undefined } | { member?: undefined; invitation: repo.InvitationRow };

async function findEither(a: AdminCtx, id: string): Promise<Found> {
  if (!UUID.test(id)) throw notFound();
  const key = id.toLowerCase();
  const member = await repo.findMember(a.db, a.shop.id, key);
  if (member && !(a.shop.owner && (await repo.findUserByEmail(a.db, member.email))?.profile_id === a.shop.owner)) return { member };
  const invitation = await repo.findInvitation(a.db, a.shop.id, key);
  if (invitation) return { invitation };
  throw notFound();
}

export async function updateCollaborator(a: AdminCtx, id: string, perms: readonly string[]): Promise<Collaborator> {
  const permissions = normalisePermissions(perms);
  const found = await findEither(a, id);
  if (found.member) {
    await repo.setMemberPermissions(a.db, a.shop.id, found.member.user_id, permissions);
    return { ...memberView(found.member), permissions };
  }
  return invitationView((await repo.updateInvitation(a.db, found.invitation.id, { permissions }))!);
}

export async function removeCollaborator(a: AdminCtx, id: string) {
  const found = await findEither(a, id);
  if (found.member) await repo.deleteMember(a.db, a.shop.id, found.member.user_id);
  else await repo.deleteInvitation(a.db, found.invitation.id);
  return { id: id.toLowerCase(), deleted: true as const };
}

/** PUT .../{id}/refresh: mails a pending invitation again with a new link and a new 7-day term (the old link dies). */
export async function refreshCollaborator(a: AdminCtx, id: string, t: Translator, link: InviteLink): Promise<Collaborator> {
  const found = await findEither(a, id);
  if (found.member) throw conflict('collaborators.errNotPending', 'Only pending invitations are sent again');
  await countMail(a);
  const { token, token_hash } = newToken();
  const row = await repo.updateInvitation(a.db, found.invitation.id, { token_hash, expires_at: invitationExpiry() });
  if (!row) throw notFound();
  await mailInvitation(a.db, t, a.shop.name, row.email, link(token));
  return invitationView(row);
}

// ---------- the invitee's side ----------

export interface InvitationInfo { shop_slug: string; shop_name: string; email: string; permissions: string[]; expired: boolean }

/** What an invitation link shows; null for an unknown (used, removed or mistyped) token. */
export async function invitationByToken(db: Db, token: string): Promise<InvitationInfo | null> {
  const hash = tokenHashOf(token);
  const row = hash ? await repo.findInvitationByToken(db, hash) : null;
  if (!row) return null;
  return { shop_slug: row.shop_slug, shop_name: row.shop_name, email: row.email, permissions: normalisePermissions(row.permissions), expired: invitationExpired(new Date(row.expires_at)) };
}

type TokenRow = NonNullable<Awaited<ReturnType<typeof repo.findInvitationByToken>>>;
const shopInvitations = {
  find: repo.findInvitationByToken,
  consume: (tx: Db, row: TokenRow) => repo.deleteInvitation(tx, row.id),
  async join(tx: Db, row: TokenRow, viewer: Extract<Viewer, { kind: 'user' }>) {
    const owner = await repo.shopOwnerOf(tx, row.shop_id);
    if (owner !== viewer.user.profile_id) await repo.insertMembership(tx, row.shop_id, viewer.user.id, normalisePermissions(row.permissions));
  },
};
const SHOP_TEXTS = { gone: 'collaborators.errInvitationGone', expired: 'collaborators.errInvitationExpired', otherEmail: 'collaborators.errOtherEmail' };

/** Accepts a shop invitation as the signed-in person with the invited e-mail (invitations.ts acceptWith). */
export async function acceptInvitation(db: Db, viewer: Viewer, token: string): Promise<{ shop_slug: string; shop_name: string; permissions: string[] }> {
  const row = await acceptWith(db, viewer, token, shopInvitations, SHOP_TEXTS);
  return { shop_slug: row.shop_slug, shop_name: row.shop_name, permissions: normalisePermissions(row.permissions) };
}
