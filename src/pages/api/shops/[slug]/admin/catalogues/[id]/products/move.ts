import { catalogueMoveSchema } from '../../../../../../../../domain/admin/schema.ts';
import { moveCatalogueProduct } from '../../../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../../../_shared.ts';
import { placementSchema } from '../products.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/catalogues/{id}/products/move',
  summary: 'Move a product to a zero-based queue_position (clamped to the last); the others are renumbered in one statement',
  tags: ['admin'], auth: 'user', params: idParams, body: catalogueMoveSchema, response: placementSchema, errors: ADMIN_ERRORS,
});

export const POST = adminHandle(spec, async ({ params, body, a }) => moveCatalogueProduct(a, params.id, body));
