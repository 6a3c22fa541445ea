import { notpackedView, packingItemParams, packMarkInput } from '../../../../../../../domain/suppliers/schema.ts';
import { markItem } from '../../../../../../../domain/suppliers/packing.ts';
import { defineEndpoint, handle } from '../../../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'PATCH', path: '/api/supplier/franchise/orders/{id}/notpacked/{itemId}',
  summary: 'Mark every unit of one order line packed (or not), in all its boxes; answers the lines still to pack',
  tags: ['supplier', 'franchise'], auth: 'user', params: packingItemParams, body: packMarkInput, response: notpackedView, errors: [400, 401, 403, 404],
});

export const PATCH = handle(spec, async ({ ctx, params, body }) => markItem(ctx.locals.db, ctx.locals.viewer, params.id, params.itemId, body.packed));
