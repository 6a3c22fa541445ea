import { cancelInput, orderDetail, orderParams } from '../../../../domain/orders/schema.ts';
import { customerCancel, getOrderDetail } from '../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/orders/{id}', summary: 'Order detail for its customer (guests: the browser that bought it); others get 404', tags: ['orders'],
    params: orderParams, response: orderDetail, errors: [404],
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/orders/{id}', summary: 'Cancel the order (before it is in process) with a reason and a description; stock returns, paid money is refunded', tags: ['orders'],
    params: orderParams, body: cancelInput, response: orderDetail, errors: [400, 403, 404, 409],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params }) => getOrderDetail(ctx.locals.db, ctx.locals.viewer, params.id));
export const DELETE = handle(specs[1], async ({ ctx, params, body }) => customerCancel(ctx.locals.db, ctx.locals.viewer, params.id, body));
