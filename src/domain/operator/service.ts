// The platform operator (issue 25): who it is (requireOperator) and the audit log of its console — every action
// taken there, who took it, what it changed (before / after), written in the action's own transaction so an
// action and its row exist together or not at all.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import * as repo from './repo.ts';

export const AUDIT_PAGE_SIZE = 50;

/** What this area needs of a viewer (src/lib/shared/viewer.ts Viewer fits). */
type ViewerLike = { kind: 'anonymous' } | { kind: 'user'; user: { id: string; user_level: string | null } };

/**
 * The platform operator: a user of level three (ul3). The spec names the level without a role; the operator is the
 * only one who sees every order's money (decision recorded in docs/architecture-notes.md).
 */
export function requireOperator(viewer: ViewerLike) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  if (viewer.user.user_level !== 'ul3') throw new AppError('forbidden', 'Only the platform operator can see this');
}

/** Records one action of `actor` (a user id), inside the caller's transaction. */
export async function recordAction(tx: Db, actor: string, action: string, target: { type: string; id: string }, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  await repo.insertAction(tx, { actor, action, target_type: target.type, target_id: target.id, before, after });
}

/** The audit log, newest first (the operator only). */
export async function auditLog(db: Db, viewer: ViewerLike, q: { offset: number; limit: number }) {
  requireOperator(viewer);
  const { rows, total } = await repo.listActions(db, q.offset, q.limit);
  return { results: rows, matches_estimated: total };
}
