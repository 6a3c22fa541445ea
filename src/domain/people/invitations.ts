// The one invitation mechanism (issue 14, extended to suppliers): a random token mailed as a link, only its hash
// kept; 7 days to accept it, once, only by the invited e-mail; at most INVITATION_MAILS_PER_HOUR mails per inviter
// (a shop, a supplier) an hour. Shop collaborators (collaborators.ts) and supplier members
// (../suppliers/members.ts) both go through here; each brings its own table (a store) and its own texts.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { hitRateLimit } from '../accounts/repo.ts';
import { requireProvenEmail } from '../accounts/index.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { INVITATION_MAILS_PER_HOUR, invitationExpired, sameEmail } from './rules.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, token_hash: hashToken(token) };
}

/** The hash of a token as the link carries it, or null for something that cannot be one. */
export const tokenHashOf = (token: string) => (/^[\w-]{20,100}$/.test(token) ? hashToken(token) : null);

/**
 * Counts one invitation mail of `key` ('collaborator-mail:{shop}', 'supplier-mail:{supplier}'); 429 with
 * retry-after past INVITATION_MAILS_PER_HOUR in the hour (shared by every process).
 */
export async function countInvitationMail(db: Db, key: string, textKey: string) {
  const hit = await hitRateLimit(db, key, 3600);
  if (hit.count <= INVITATION_MAILS_PER_HOUR) return;
  const retry = Math.max(1, Math.ceil((new Date(hit.windowStart).getTime() + 3600_000 - Date.now()) / 1000));
  const minutes = Math.ceil(retry / 60);
  throw new AppError('rate_limited', `Too many invitation mails: try again in ${minutes} minute(s)`, { textKey, vars: { minutes }, headers: { 'retry-after': String(retry) } });
}

/** Where an invitation is kept: found by its token's hash, consumed (deleted) once, turned into a membership. */
export interface InvitationStore<R extends { id: string; email: string; expires_at: Date }> {
  find(db: Db, tokenHash: string): Promise<R | null>;
  /** false when it was consumed meanwhile. */
  consume(tx: Db, row: R): Promise<boolean>;
  join(tx: Db, row: R, viewer: Extract<Viewer, { kind: 'user' }>): Promise<void>;
}

/** Texts keys of the invitee's errors (each area words them for its own invitations). */
export interface InvitationTexts { gone: string; expired: string; otherEmail: string }

/**
 * Accepts an invitation as the signed-in person: only with the invited e-mail, proven theirs (the link may be
 * forwarded; anyone may register an e-mail, only its owner proves it), only
 * within its term, only once: the invitation is consumed and the membership created in one transaction.
 */
export async function acceptWith<R extends { id: string; email: string; expires_at: Date }>(
  db: Db, viewer: Viewer, token: string, store: InvitationStore<R>, texts: InvitationTexts,
): Promise<R> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const gone = () => new AppError('not_found', 'Invitation not found', { textKey: texts.gone });
  const hash = tokenHashOf(token);
  const row = hash ? await store.find(db, hash) : null;
  if (!row) throw gone();
  if (invitationExpired(new Date(row.expires_at))) throw new AppError('bad_request', 'The invitation has expired', { textKey: texts.expired });
  if (!sameEmail(row.email, viewer.user.email)) throw new AppError('forbidden', 'The invitation is for another e-mail', { textKey: texts.otherEmail });
  // Signed in with the invited e-mail is not enough: it must be proven theirs (issue 23).
  await requireProvenEmail(db, viewer.user.id);
  await db.transaction(async (tx) => {
    if (!(await store.consume(tx, row))) throw gone();
    await store.join(tx, row, viewer);
  });
  return row;
}
