import { binpackedView, packingOrderParams } from '../../../../../../../domain/suppliers/schema.ts';
import { binpacked } from '../../../../../../../domain/suppliers/packing.ts';
import { defineEndpoint, handle } from '../../../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/supplier/franchise/orders/{id}/binpacked',
  summary: 'A franchise order\'s packing list (seed 001 §7): its physical units in standard 40 x 30 x 30 cm, 10 kg boxes by first-fit decreasing over volume and weight, planned once and kept; each box lists its lines and packed marks',
  tags: ['supplier', 'franchise'], auth: 'user', params: packingOrderParams, response: binpackedView, errors: [401, 403, 404],
});

export const GET = handle(spec, async ({ ctx, params }) => binpacked(ctx.locals.db, ctx.locals.viewer, params.id));
