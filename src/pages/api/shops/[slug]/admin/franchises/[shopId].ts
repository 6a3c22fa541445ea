// Add or remove a franchise the shop carries (seed 001 §4): idempotent, so the modal's undo may repeat them.
import { uuidSchema } from '../../../../../../domain/admin/schema.ts';
import { franchiseStateSchema } from '../../../../../../domain/resale/schema.ts';
import { addFranchise, removeFranchise } from '../../../../../../domain/resale/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

const params = slugParams.extend({ shopId: uuidSchema });

export const specs = [
  defineEndpoint({
    method: 'PUT', path: '/api/shops/{slug}/admin/franchises/{shopId}',
    summary: 'Carry a franchise store (appended at the end; no change when carried already). 404 unless it is an enabled franchise-type shop; 409 for the shop itself',
    tags: ['admin'], auth: 'user', params, response: franchiseStateSchema, errors: [...ADMIN_ERRORS, 409],
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/shops/{slug}/admin/franchises/{shopId}',
    summary: 'Stop carrying a franchise store (no change when not carried; 404 for an unknown shop id)',
    tags: ['admin'], auth: 'user', params, response: franchiseStateSchema, errors: ADMIN_ERRORS,
  }),
] as const;

export const PUT = adminHandle(specs[0], async ({ params: p, a }) => addFranchise(a, p.shopId));
export const DELETE = adminHandle(specs[1], async ({ params: p, a }) => removeFranchise(a, p.shopId));
