import { z } from 'zod';
import { deleteAddress } from '../../../../domain/checkout/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'DELETE', path: '/api/checkout/addresses/{id}', summary: 'Delete a saved address', tags: ['checkout'], auth: 'user',
  params: z.object({ id: z.uuid() }), response: z.object({ deleted: z.boolean() }), errors: [404],
});

export const DELETE = handle(spec, async ({ ctx, params }) => deleteAddress(ctx.locals.db, ctx.locals.viewer, params.id));
