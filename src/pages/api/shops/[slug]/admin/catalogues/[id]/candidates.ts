// The add-products modal of a catalogue (issue 13; seed 001 §2 'Modals', §9 page size 10).
import { candidateSchema, candidatesQuerySchema } from '../../../../../../../domain/catalogue-tools/schema.ts';
import { listCandidates } from '../../../../../../../domain/catalogue-tools/service.ts';
import { defineEndpoint } from '../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams, listOf } from '../../_shared.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/admin/catalogues/{id}/candidates',
  summary: 'Items this catalogue may take (visible; resellable or already in the store; a franchise store\'s supplier only) of one type, by name, filtered by text (storefront search rules), supplier and category (a tag); offset 0, limit 10 (max 50); in_store and in_catalogue per item (shop admins)',
  tags: ['admin'], auth: 'user', params: idParams, query: candidatesQuerySchema, response: listOf(candidateSchema), errors: ADMIN_ERRORS,
});

export const GET = adminHandle(spec, async ({ params, query, a }) => listCandidates(a, params.id, query));
