// The platform operator (issue 25): who it is (requireOperator), the audit log of its console — every action
// taken there, who took it, what it changed (before / after), written in the action's own transaction so an
// action and its row exist together or not at all — and the console's directory: suppliers (suspend / re-enable),
// shops (disable / re-enable) and users (level, memberships).
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import * as repo from './repo.ts';
import { DIRECTORY_PAGE_SIZE, levelChangeRefusal, type UserLevel } from './rules.ts';

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

// ---------- suppliers, shops and users (issue 25) ----------

const actorOf = (viewer: ViewerLike) => (viewer.kind === 'user' ? viewer.user.id : '');
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const inTransaction = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));
type Listing = { term: string; page: number };
const window = (q: Listing) => ({ term: q.term, offset: (q.page - 1) * DIRECTORY_PAGE_SIZE, limit: DIRECTORY_PAGE_SIZE });

/** Suppliers matching a name, profile slug or e-mail (contact or owner), by name, one page. */
export async function listSuppliers(db: Db, viewer: ViewerLike, q: Listing) {
  requireOperator(viewer);
  const { rows, total } = await repo.searchSuppliers(db, window(q));
  return { results: rows, total, pages: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)) };
}

/**
 * Suspends (`suspend: true`) or re-enables a supplier, with the reason, in one transaction under the supplier's row
 * lock: its items leave every store (or come back where they were) and the audit log gets the before / after.
 * Asking for the state it already has is a conflict (a second click, or another operator first).
 */
export async function setSupplierSuspended(db: Db, viewer: ViewerLike, supplierId: string, change: { suspend: boolean; reason: string }, now = new Date()) {
  requireOperator(viewer);
  const actor = actorOf(viewer);
  return inTransaction(db, async (tx) => {
    const s = await repo.lockSupplier(tx, supplierId);
    if (!s) throw new AppError('not_found', 'Supplier not found', { textKey: 'operatorConsole.supplierMissing' });
    if ((s.suspended_at !== null) === change.suspend) {
      throw new AppError('conflict', change.suspend ? 'This supplier is already suspended' : 'This supplier is not suspended', { textKey: change.suspend ? 'operatorConsole.alreadySuspended' : 'operatorConsole.notSuspended' });
    }
    const before = { suspended_at: iso(s.suspended_at), suspended_by: s.suspended_by, reason: s.suspension_reason };
    let items: number;
    if (change.suspend) {
      await repo.setSupplierSuspension(tx, s.id, { at: now, by: actor, reason: change.reason });
      items = await repo.disableSupplierItems(tx, s.id);
    } else {
      await repo.setSupplierSuspension(tx, s.id, null);
      items = await repo.restoreSupplierItems(tx, s.id);
    }
    const after = change.suspend ? { suspended_at: now.toISOString(), suspended_by: actor, reason: change.reason, items_hidden: items } : { suspended_at: null, reason: change.reason, items_back: items };
    await recordAction(tx, actor, change.suspend ? 'supplier.suspend' : 'supplier.enable', { type: 'supplier', id: s.id }, before, after);
    return { id: s.id, suspended: change.suspend, items };
  });
}

/** Shops matching a name, slug or e-mail (contact or owner), by name, one page. */
export async function listShops(db: Db, viewer: ViewerLike, q: Listing) {
  requireOperator(viewer);
  const { rows, total } = await repo.searchShops(db, window(q));
  return { results: rows, total, pages: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)) };
}

/** Disables (the storefront shows its disabled screen) or re-enables a shop, with the reason; logged like a supplier's. */
export async function setShopDisabled(db: Db, viewer: ViewerLike, shopId: string, change: { disable: boolean; reason: string }, now = new Date()) {
  requireOperator(viewer);
  const actor = actorOf(viewer);
  return inTransaction(db, async (tx) => {
    const s = await repo.lockShop(tx, shopId);
    if (!s) throw new AppError('not_found', 'Shop not found', { textKey: 'operatorConsole.shopMissing' });
    if (s.disabled === change.disable) {
      throw new AppError('conflict', change.disable ? 'This shop is already disabled' : 'This shop is not disabled', { textKey: change.disable ? 'operatorConsole.alreadyDisabled' : 'operatorConsole.notDisabled' });
    }
    const before = { disabled: s.disabled, disabled_at: iso(s.disabled_at), disabled_by: s.disabled_by, reason: s.disabled_reason };
    await repo.setShopDisabled(tx, s.id, change.disable ? { at: now, by: actor, reason: change.reason } : null);
    const after = change.disable ? { disabled: true, disabled_at: now.toISOString(), disabled_by: actor, reason: change.reason } : { disabled: false, reason: change.reason };
    await recordAction(tx, actor, change.disable ? 'shop.disable' : 'shop.enable', { type: 'shop', id: s.id }, before, after);
    return { id: s.id, slug: s.slug, disabled: change.disable };
  });
}

/** Users matching an e-mail or name, by e-mail, one page. */
export async function listUsers(db: Db, viewer: ViewerLike, q: Listing) {
  requireOperator(viewer);
  const { rows, total } = await repo.searchUsers(db, window(q));
  return { results: rows, total, pages: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)) };
}

/** One user with where they act: shops and supplier teams, owned or joined, with the permissions. */
export async function userDetail(db: Db, viewer: ViewerLike, userId: string) {
  requireOperator(viewer);
  const u = await repo.findUser(db, userId);
  if (!u) throw new AppError('not_found', 'User not found', { textKey: 'operatorConsole.userMissing' });
  return { user: u, memberships: await repo.memberships(db, u) };
}

/**
 * Changes a user's level (ul0..ul3). Refused (409, rules.levelChangeRefusal): the same level, the operator's own
 * demotion, the last operator's. The operators are locked first, so two demotions at once leave one.
 */
export async function changeUserLevel(db: Db, viewer: ViewerLike, userId: string, level: UserLevel) {
  requireOperator(viewer);
  const actor = actorOf(viewer);
  return inTransaction(db, async (tx) => {
    const operators = await repo.lockOperators(tx);
    const u = await repo.lockUser(tx, userId);
    if (!u) throw new AppError('not_found', 'User not found', { textKey: 'operatorConsole.userMissing' });
    const refusal = levelChangeRefusal({ actorId: actor, targetId: u.id, from: u.user_level, to: level, operators: operators.length });
    if (refusal) throw new AppError('conflict', `Level change refused: ${refusal}`, { textKey: `operatorConsole.levelRefused-${refusal}` });
    await repo.setUserLevel(tx, u.id, level);
    await recordAction(tx, actor, 'user.level', { type: 'user', id: u.id }, { user_level: u.user_level, email: u.email }, { user_level: level, email: u.email });
    return { id: u.id, user_level: level };
  });
}
