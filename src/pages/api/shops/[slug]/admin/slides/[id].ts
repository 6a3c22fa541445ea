import { adminSlideSchema, slidePatchSchema } from '../../../../../../domain/admin/schema.ts';
import { deleteSlide, updateSlide } from '../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, deletedSchema, idParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'PATCH', path: '/api/shops/{slug}/admin/slides/{id}', summary: 'Update a slide (merged with the stored one, same rules as POST; position moves it); replaced images are deleted when unused',
    tags: ['admin'], auth: 'user', params: idParams, body: slidePatchSchema, response: adminSlideSchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/shops/{slug}/admin/slides/{id}', summary: 'Delete a slide and its images (unless another record uses them)',
    tags: ['admin'], auth: 'user', params: idParams, response: deletedSchema, errors: ADMIN_ERRORS,
  }),
] as const;

export const PATCH = adminHandle(specs[0], async ({ params, body, a }) => updateSlide(a, params.id, body));
export const DELETE = adminHandle(specs[1], async ({ params, a }) => deleteSlide(a, params.id));
