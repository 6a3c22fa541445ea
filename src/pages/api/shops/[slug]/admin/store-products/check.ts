// Check products in store (seed 001 §7): which of a page of ids the shop already sells.
import { storeCheckBodySchema, storeCheckResultSchema } from '../../../../../../domain/resale/schema.ts';
import { checkInStore } from '../../../../../../domain/resale/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/store-products/check',
  summary: 'Of up to 100 item ids, those in the shop\'s store (in the order given, each once; shop admins)',
  tags: ['admin'], auth: 'user', params: slugParams, body: storeCheckBodySchema, response: storeCheckResultSchema, errors: [...ADMIN_ERRORS, 415],
});

export const POST = adminHandle(spec, async ({ body, a }) => checkInStore(a, body.ids));
