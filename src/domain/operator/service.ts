// The platform operator's audit log (issue 25): every action taken in the console, who took it, what it changed
// (before / after), written in the action's own transaction so an action and its row exist together or not at all.
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../accounts/viewer.ts';
import { requireOperator } from '../wallet/service.ts';
import * as repo from './repo.ts';

export const AUDIT_PAGE_SIZE = 50;

/** Records one action of `actor` (a user id), inside the caller's transaction. */
export async function recordAction(tx: Db, actor: string, action: string, target: { type: string; id: string }, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  await repo.insertAction(tx, { actor, action, target_type: target.type, target_id: target.id, before, after });
}

/** The audit log, newest first (the operator only). */
export async function auditLog(db: Db, viewer: Viewer, q: { offset: number; limit: number }) {
  requireOperator(viewer);
  const { rows, total } = await repo.listActions(db, q.offset, q.limit);
  return { results: rows, matches_estimated: total };
}

export const actionsOn = repo.actionsOn;
