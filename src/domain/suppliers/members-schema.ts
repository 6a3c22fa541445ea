// Shapes of a supplier's team API (/api/supplier/members). Browser-safe.
import { z } from 'zod';
import { emailSchema } from '../accounts/schema.ts';
import { SUPPLIER_PERMISSIONS } from './schema.ts';

export const supplierPermissionsSchema = z.array(z.enum(SUPPLIER_PERMISSIONS, { error: 'validation.invalidOption' }))
  .min(1, 'validation.required').max(SUPPLIER_PERMISSIONS.length * 2);

export const supplierMemberInput = z.object({ email: emailSchema, permissions: supplierPermissionsSchema });
export type SupplierMemberInput = z.infer<typeof supplierMemberInput>;
export const supplierMemberPatch = z.object({ permissions: supplierPermissionsSchema });

export const supplierMemberSchema = z.object({
  /** The member's user id, or the pending invitation's id. */
  id: z.string(),
  /** 'owner': an account of the supplier's own profile (every permission; not changed nor removed here). */
  state: z.enum(['owner', 'active', 'pending']),
  email: z.string(),
  name: z.string().nullable(),
  permissions: z.array(z.enum(SUPPLIER_PERMISSIONS)),
  /** Pending invitations: when the mailed link stops working. */
  expires_at: z.string().nullable(),
});
export type SupplierMember = z.infer<typeof supplierMemberSchema>;
