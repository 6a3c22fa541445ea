import { historyList, orderParams } from '../../../../domain/orders/schema.ts';
import { historyOf } from '../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders/{id}/history', summary: 'The order\'s state history (status, payment and fulfilment machines)', tags: ['orders'],
  params: orderParams, response: historyList, errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => historyOf(ctx.locals.db, ctx.locals.viewer, params.id));
