import { restoreCatalogue } from '../../../../../../../domain/admin/catalogue-trash.ts';
import { catalogueSchema } from '../../../../../../../domain/catalog/schema.ts';
import { defineEndpoint } from '../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../../_shared.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/catalogues/{id}/restore',
  summary: 'Bring back a catalogue deleted less than a day ago (the builder\'s undo): same id and photo, its products in their order (those that still exist), its address unless taken meanwhile. 404 when unknown, purged or restored already',
  tags: ['admin'], auth: 'user', params: idParams, response: catalogueSchema, errors: ADMIN_ERRORS,
});

export const POST = adminHandle(spec, async ({ params, a }) => restoreCatalogue(a, params.id));
