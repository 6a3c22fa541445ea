import { binpackedView, packingBoxParams, packMarkInput } from '../../../../../../../../domain/suppliers/schema.ts';
import { markBoxItem } from '../../../../../../../../domain/suppliers/packing.ts';
import { defineEndpoint, handle } from '../../../../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'PATCH', path: '/api/supplier/franchise/orders/{id}/binpacked/{box}/{itemId}',
  summary: 'Mark the units of one order line in one box packed (or not); answers the whole packing list',
  tags: ['supplier', 'franchise'], auth: 'user', params: packingBoxParams, body: packMarkInput, response: binpackedView, errors: [400, 401, 403, 404],
});

export const PATCH = handle(spec, async ({ ctx, params, body }) => markBoxItem(ctx.locals.db, ctx.locals.viewer, params.id, params.box, params.itemId, body.packed));
