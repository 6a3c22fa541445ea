// The only SQL of the suppliers area: who acts for which supplier.
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supplierMembers, suppliers } from '../../db/schema/index.ts';

export type SupplierRow = typeof suppliers.$inferSelect;

/**
 * The suppliers a user acts for: the one owned by their own profile (every permission) and those that made them a
 * member (their permissions). Owned first.
 */
export async function suppliersOfUser(db: Db, userId: string, profileId: string): Promise<{ supplier: SupplierRow; permissions: string[] | 'owner' }[]> {
  const rows = await db.select({ supplier: suppliers, permissions: supplierMembers.permissions })
    .from(suppliers)
    .leftJoin(supplierMembers, eq(supplierMembers.supplier_id, suppliers.id))
    .where(or(eq(suppliers.profile_id, profileId), eq(supplierMembers.user_id, userId)));
  const out = new Map<string, { supplier: SupplierRow; permissions: string[] | 'owner' }>();
  for (const r of rows) {
    if (r.supplier.profile_id === profileId) out.set(r.supplier.id, { supplier: r.supplier, permissions: 'owner' });
    else if (!out.has(r.supplier.id)) out.set(r.supplier.id, { supplier: r.supplier, permissions: r.permissions ?? [] });
  }
  return [...out.values()].sort((a, b) => (a.permissions === 'owner' ? -1 : 0) - (b.permissions === 'owner' ? -1 : 0));
}
