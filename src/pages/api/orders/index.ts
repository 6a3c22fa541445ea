import { orderList, orderListQuery } from '../../../domain/orders/schema.ts';
import { listCustomerOrders } from '../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders',
  summary: 'My purchases: filters state, payment_type, delivery_type, start_date, end_date, text; sort -updated_at; offset/limit', tags: ['orders'], auth: 'user',
  query: orderListQuery, response: orderList, errors: [400],
});

export const GET = handle(spec, async ({ ctx, query }) => listCustomerOrders(ctx.locals.db, ctx.locals.viewer, query));
