import { adminPageQuery, bannerInputSchema, bannerSchema } from '../../../../../../domain/admin/schema.ts';
import { createBanner, listBanners } from '../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { PAGE_SIZE_DEFAULT } from '../../../../../../lib/shared/constants.ts';
import { ADMIN_ERRORS, adminHandle, listOf, slugParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/banners', summary: 'The shop\'s banners in order (offset, limit; shop admins)', tags: ['admin'], auth: 'user',
    params: slugParams, query: adminPageQuery(PAGE_SIZE_DEFAULT), response: listOf(bannerSchema), errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'POST', path: '/api/shops/{slug}/admin/banners',
    summary: 'Add a banner: hzt_image (upload) required, vrt_image optional; action_type none|product|url|signup (url required for url, product for product); target all|anon|ul0|ul1|ul2',
    tags: ['admin'], auth: 'user', params: slugParams, body: bannerInputSchema, response: bannerSchema, status: 201, errors: [...ADMIN_ERRORS, 409],
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ query, a }) => listBanners(a, query));
export const POST = adminHandle(specs[1], async ({ body, a }) => createBanner(a, body));
