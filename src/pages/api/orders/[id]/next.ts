import { orderDetail, orderParams } from '../../../../domain/orders/schema.ts';
import { customerNext } from '../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/orders/{id}/next',
  summary: 'The customer\'s next step (confirm the seller\'s date and cost); 403 when the next step belongs to the supplier', tags: ['orders'],
  params: orderParams, response: orderDetail, errors: [403, 404, 409],
});

export const POST = handle(spec, async ({ ctx, params }) => customerNext(ctx.locals.db, ctx.locals.viewer, params.id));
