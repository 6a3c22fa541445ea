import { z } from 'zod';
import { orderParams } from '../../../../domain/orders/schema.ts';
import { currentToken } from '../../../../domain/payments/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders/{id}/token', summary: 'The order\'s current payment token (reload it after a card failure)', tags: ['orders', 'payments'],
  params: orderParams, response: z.object({ token: z.string(), order_id: z.string() }), errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => currentToken(ctx.locals.db, ctx.locals.viewer, params.id));
