// Who may act for a supplier (issue 11 'who may do it'): the supplier's own profile, or a member holding the
// permission. Every supplier service asks here first; a user who acts for no supplier gets 403, and an item of
// another supplier answers 404 in the services that look it up (they compare supplier ids).
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import * as repo from './repo.ts';
import type { SupplierPermission } from './schema.ts';

export interface SupplierActor {
  supplier: repo.SupplierRow;
  userId: string;
  /** 'owner' holds every permission. */
  permissions: string[] | 'owner';
}

export const holds = (a: SupplierActor, p: SupplierPermission) => a.permissions === 'owner' || a.permissions.includes(p);

/** The supplier the signed-in user acts for with `permission` (their own first), or 401/403. */
export async function requireSupplier(db: Db, viewer: Viewer, permission: SupplierPermission = 'admin'): Promise<SupplierActor> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const all = await repo.suppliersOfUser(db, viewer.user.id, viewer.user.profile_id);
  const found = all.find((a) => a.permissions === 'owner' || a.permissions.includes(permission));
  if (!found) throw new AppError('forbidden', 'Only a supplier (or a member with permission) can do that', { textKey: 'apiErrors.not_a_supplier' });
  return { ...found, userId: viewer.user.id };
}

/** The supplier the user acts for, if any (menus and landings: no error). */
export async function supplierOf(db: Db, viewer: Viewer): Promise<SupplierActor | null> {
  if (viewer.kind !== 'user') return null;
  const [first] = await repo.suppliersOfUser(db, viewer.user.id, viewer.user.profile_id);
  return first ? { ...first, userId: viewer.user.id } : null;
}
