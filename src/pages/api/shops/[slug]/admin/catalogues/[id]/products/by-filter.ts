// 'Add all that match' of the add-products modal (issue 13; seed 001 §4, §7 add products to catalogue by filter).
import { addByFilterBodySchema, addByFilterResultSchema } from '../../../../../../../../domain/catalogue-tools/schema.ts';
import { addByFilter } from '../../../../../../../../domain/catalogue-tools/service.ts';
import { defineEndpoint } from '../../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../../../_shared.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/catalogues/{id}/products/by-filter',
  summary: 'Append to the catalogue, in one statement, every item the candidates list matches for this filter (type, text, supplier, category) that it does not hold yet, by name, at most 1000 a call; those missing from the store join it too. A filter without text, supplier or category needs all: true (400 on text otherwise). Answers the ids put in, for the undo. Idempotent: a repeat adds 0',
  tags: ['admin'], auth: 'user', params: idParams, body: addByFilterBodySchema, response: addByFilterResultSchema, errors: ADMIN_ERRORS,
});

export const POST = adminHandle(spec, async ({ params, body, a }) => addByFilter(a, params.id, body));
