// Undo of one 'add all that match' (issue 26): the ids its answer gave go out of the catalogue, and out of the
// store those it put there (unless another catalogue of the shop holds them now).
import { addByFilterUndoResultSchema, addByFilterUndoSchema } from '../../../../../../../../../domain/catalogue-tools/schema.ts';
import { undoAddByFilter } from '../../../../../../../../../domain/catalogue-tools/service.ts';
import { defineEndpoint } from '../../../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../../../../_shared.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/catalogues/{id}/products/by-filter/undo',
  summary: 'Take back one add-by-filter: its added_ids leave the catalogue (renumbered), its added_to_store_ids leave the store unless another of the shop\'s catalogues holds them now',
  tags: ['admin'], auth: 'user', params: idParams, body: addByFilterUndoSchema, response: addByFilterUndoResultSchema, errors: ADMIN_ERRORS,
});

export const POST = adminHandle(spec, async ({ params, body, a }) => undoAddByFilter(a, params.id, body));
