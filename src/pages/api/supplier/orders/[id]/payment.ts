import { markPaidInput, orderDetail, orderParams } from '../../../../../domain/orders/schema.ts';
import { markPaid } from '../../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/orders/{id}/payment', summary: 'Cash on delivery or deposit: the money was received (payment becomes paid)', tags: ['supplier'], auth: 'user',
  params: orderParams, body: markPaidInput, response: orderDetail, errors: [400, 403, 404, 409],
});

export const POST = handle(spec, async ({ ctx, params, body }) => markPaid(ctx.locals.db, ctx.locals.viewer, params.id, body));
