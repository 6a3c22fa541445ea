import { cancelInput, orderDetail, orderParams, supplierRoleQuery } from '../../../../../domain/orders/schema.ts';
import { supplierCancel, supplierOrderDetail } from '../../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/supplier/orders/{id}', summary: 'Order detail for its supplier (with internal notes)', tags: ['supplier'], auth: 'user',
    params: orderParams, query: supplierRoleQuery, response: orderDetail, errors: [403, 404],
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/supplier/orders/{id}', summary: 'The supplier cancels the order with a reason and a description (refunds what was paid)', tags: ['supplier'], auth: 'user',
    params: orderParams, body: cancelInput, response: orderDetail, errors: [400, 403, 404, 409],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params, query }) => supplierOrderDetail(ctx.locals.db, ctx.locals.viewer, params.id, query.as));
export const DELETE = handle(specs[1], async ({ ctx, params, body }) => supplierCancel(ctx.locals.db, ctx.locals.viewer, params.id, body));
