import { bannerPatchSchema, bannerSchema } from '../../../../../../domain/admin/schema.ts';
import { deleteBanner, updateBanner } from '../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, deletedSchema, idParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'PATCH', path: '/api/shops/{slug}/admin/banners/{id}', summary: 'Update a banner (merged with the stored one; position moves it); replaced images are deleted when unused',
    tags: ['admin'], auth: 'user', params: idParams, body: bannerPatchSchema, response: bannerSchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/shops/{slug}/admin/banners/{id}', summary: 'Delete a banner and its gallery images (unless another record uses them)',
    tags: ['admin'], auth: 'user', params: idParams, response: deletedSchema, errors: ADMIN_ERRORS,
  }),
] as const;

export const PATCH = adminHandle(specs[0], async ({ params, body, a }) => updateBanner(a, params.id, body));
export const DELETE = adminHandle(specs[1], async ({ params, a }) => deleteBanner(a, params.id));
