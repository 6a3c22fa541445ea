import { z } from 'zod';
import { orderParams } from '../../../../../domain/orders/schema.ts';
import { endReturnWindowNow } from '../../../../../domain/wallet/sandbox.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/orders/{id}/escrow/sandbox',
  summary: 'Demo only (the order\'s supplier): end a delivered order\'s return window now and release its escrow to everyone\'s wallet, unless a return request is open; 404 outside demo mode',
  tags: ['wallet'], auth: 'user', params: orderParams, response: z.object({ order_id: z.string(), released: z.boolean() }), errors: [401, 403, 404, 409],
});

export const POST = handle(spec, async ({ ctx, params }) => endReturnWindowNow(ctx.locals.db, ctx.locals.viewer, params.id));
