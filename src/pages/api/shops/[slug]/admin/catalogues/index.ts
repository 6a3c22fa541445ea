import { adminPageQuery, catalogueCreateSchema } from '../../../../../../domain/admin/schema.ts';
import { createCatalogue, listAdminCatalogues } from '../../../../../../domain/admin/service.ts';
import { catalogueSchema } from '../../../../../../domain/catalog/schema.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_CATALOGUE_PAGE_SIZE } from '../../../../../../lib/shared/constants.ts';
import { ADMIN_ERRORS, adminHandle, listOf, slugParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/catalogues', summary: 'The shop\'s catalogues by name (offset 0, limit 30 by default; shop admins)', tags: ['admin'], auth: 'user',
    params: slugParams, query: adminPageQuery(ADMIN_CATALOGUE_PAGE_SIZE), response: listOf(catalogueSchema), errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'POST', path: '/api/shops/{slug}/admin/catalogues',
    summary: 'Create a catalogue: name required, at most 150 (errors on fields.name); optional photo (an upload). Its slug comes from the name, unique in the shop',
    tags: ['admin'], auth: 'user', params: slugParams, body: catalogueCreateSchema, response: catalogueSchema, status: 201, errors: [...ADMIN_ERRORS, 409],
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ query, a }) => listAdminCatalogues(a, query));
export const POST = adminHandle(specs[1], async ({ body, a }) => createCatalogue(a, body));
