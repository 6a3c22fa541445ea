// The catalogue's items in order for its admins' cards (issue 13): photo, name, price, zero-based position.
import { adminItemSchema, adminItemsQuerySchema } from '../../../../../../../domain/catalogue-tools/schema.ts';
import { listAdminItems } from '../../../../../../../domain/catalogue-tools/service.ts';
import { defineEndpoint } from '../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams, listOf } from '../../_shared.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/admin/catalogues/{id}/items',
  summary: 'A catalogue\'s items in order (zero-based queue_position) with photo, price and whether shoppers see them; offset 0, limit 30 (max 100; shop admins)',
  tags: ['admin'], auth: 'user', params: idParams, query: adminItemsQuerySchema, response: listOf(adminItemSchema), errors: ADMIN_ERRORS,
});

export const GET = adminHandle(spec, async ({ params, query, a }) => listAdminItems(a, params.id, query));
