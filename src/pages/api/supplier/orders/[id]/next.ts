import { orderDetail, orderParams, supplierNextInput } from '../../../../../domain/orders/schema.ts';
import { supplierNext } from '../../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/orders/{id}/next',
  summary: 'The supplier\'s next step: confirm (estimated_delivery_date + shipping_cost), process, ready, deliver; as=dssupplier: ready and deliver only',
  tags: ['supplier'], auth: 'user', params: orderParams, body: supplierNextInput, response: orderDetail, errors: [400, 403, 404, 409],
});

export const POST = handle(spec, async ({ ctx, params, body }) => supplierNext(ctx.locals.db, ctx.locals.viewer, params.id, body));
