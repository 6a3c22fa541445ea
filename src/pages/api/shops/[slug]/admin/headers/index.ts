import { adminPageQuery, headerInputSchema, headerSchema } from '../../../../../../domain/admin/schema.ts';
import { createHeader, listHeaders } from '../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { HEADER_LIST_PAGE_SIZE } from '../../../../../../lib/shared/constants.ts';
import { ADMIN_ERRORS, adminHandle, listOf, slugParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/headers', summary: 'The shop\'s headers, newest first (offset 0, limit 10 by default; shop admins)', tags: ['admin'], auth: 'user',
    params: slugParams, query: adminPageQuery(HEADER_LIST_PAGE_SIZE), response: listOf(headerSchema), errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'POST', path: '/api/shops/{slug}/admin/headers',
    summary: 'Create a header (title required, at most 30; subtitle 40; description 130; url required for action url; button_label unless none; product the shop offers); apply=true makes it the shop\'s header_info',
    tags: ['admin'], auth: 'user', params: slugParams, body: headerInputSchema, response: headerSchema, status: 201, errors: ADMIN_ERRORS,
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ query, a }) => listHeaders(a, query));
export const POST = adminHandle(specs[1], async ({ body, a }) => createHeader(a, body));
