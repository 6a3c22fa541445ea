import { headerPatchSchema, headerSchema } from '../../../../../../domain/admin/schema.ts';
import { deleteHeader, getHeader, updateHeader } from '../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, deletedSchema, idParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({ method: 'GET', path: '/api/shops/{slug}/admin/headers/{id}', summary: 'One header (shop admins); the id `active` answers the header the shop shows', tags: ['admin'], auth: 'user', params: idParams, response: headerSchema, errors: ADMIN_ERRORS }),
  defineEndpoint({
    method: 'PATCH', path: '/api/shops/{slug}/admin/headers/{id}', summary: 'Update a header (fields merged with the stored ones, same rules as POST); the active header updates header_info too',
    tags: ['admin'], auth: 'user', params: idParams, body: headerPatchSchema, response: headerSchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({ method: 'DELETE', path: '/api/shops/{slug}/admin/headers/{id}', summary: 'Delete a header (the active one clears header_info)', tags: ['admin'], auth: 'user', params: idParams, response: deletedSchema, errors: ADMIN_ERRORS }),
] as const;

export const GET = adminHandle(specs[0], async ({ params, a }) => getHeader(a, params.id));
export const PATCH = adminHandle(specs[1], async ({ params, body, a }) => updateHeader(a, params.id, body));
export const DELETE = adminHandle(specs[2], async ({ params, a }) => deleteHeader(a, params.id));
