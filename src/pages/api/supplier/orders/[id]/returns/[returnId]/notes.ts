import { returnNoteInput, returnParams, returnRequestView } from '../../../../../../../domain/returns/schema.ts';
import { addReturnNote } from '../../../../../../../domain/returns/service.ts';
import { defineEndpoint, handle } from '../../../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/orders/{id}/returns/{returnId}/notes',
  summary: 'Add a note to a return request: visible to the client, or internal',
  tags: ['returns', 'supplier'], auth: 'user', params: returnParams, body: returnNoteInput, response: returnRequestView, status: 201, errors: [400, 403, 404],
});

export const POST = handle(spec, async ({ ctx, params, body }) => addReturnNote(ctx.locals.db, ctx.locals.viewer, params.id, params.returnId, body));
