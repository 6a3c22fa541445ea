import { notpackedView, packingOrderParams } from '../../../../../../../domain/suppliers/schema.ts';
import { notpacked } from '../../../../../../../domain/suppliers/packing.ts';
import { defineEndpoint, handle } from '../../../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/supplier/franchise/orders/{id}/notpacked',
  summary: 'A franchise order\'s lines with units not packed yet, and the boxes they go in',
  tags: ['supplier', 'franchise'], auth: 'user', params: packingOrderParams, response: notpackedView, errors: [401, 403, 404],
});

export const GET = handle(spec, async ({ ctx, params }) => notpacked(ctx.locals.db, ctx.locals.viewer, params.id));
