import { z } from 'zod';
import { deleteCard } from '../../../../domain/payments/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'DELETE', path: '/api/payments/cards/{id}', summary: 'Forget a saved card', tags: ['payments'], auth: 'user',
  params: z.object({ id: z.uuid() }), response: z.object({ deleted: z.boolean() }), errors: [404],
});

export const DELETE = handle(spec, async ({ ctx, params }) => deleteCard(ctx.locals.db, ctx.locals.viewer, params.id));
