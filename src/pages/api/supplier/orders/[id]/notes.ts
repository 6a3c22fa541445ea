import { noteInput, orderDetail, orderParams } from '../../../../../domain/orders/schema.ts';
import { addNote } from '../../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/orders/{id}/notes', summary: 'Add a note visible to the client or internal', tags: ['supplier'], auth: 'user',
  params: orderParams, body: noteInput, response: orderDetail, status: 201, errors: [400, 403, 404],
});

export const POST = handle(spec, async ({ ctx, params, body }) => addNote(ctx.locals.db, ctx.locals.viewer, params.id, body));
