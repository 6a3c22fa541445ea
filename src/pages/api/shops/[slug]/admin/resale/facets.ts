// The add-products modal's filter dropdowns: suppliers and categories of the resellable items of a type.
import { resaleFacetsQuerySchema, resaleFacetsSchema } from '../../../../../../domain/resale/schema.ts';
import { resaleFacets } from '../../../../../../domain/resale/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/admin/resale/facets',
  summary: 'Filter choices for the resale list of one type and scope: its suppliers {id, name} and categories (each item\'s first tag), distinct and sorted; suppliers_limit / categories_limit keep those with the most items (the referral tab: 10 and 15) (shop admins)',
  tags: ['admin'], auth: 'user', params: slugParams, query: resaleFacetsQuerySchema, response: resaleFacetsSchema, errors: ADMIN_ERRORS,
});

export const GET = adminHandle(spec, async ({ query, a }) => resaleFacets(a, query));
