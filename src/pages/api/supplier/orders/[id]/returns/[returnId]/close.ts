import { closeReturnInput, returnParams, returnRequestView } from '../../../../../../../domain/returns/schema.ts';
import { closeReturn } from '../../../../../../../domain/returns/service.ts';
import { defineEndpoint, handle } from '../../../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/orders/{id}/returns/{returnId}/close',
  summary: 'Close a return request (open -> closed), with an optional note; 409 when it is already closed',
  tags: ['returns', 'supplier'], auth: 'user', params: returnParams, body: closeReturnInput, response: returnRequestView, errors: [400, 403, 404, 409],
});

export const POST = handle(spec, async ({ ctx, params, body }) => closeReturn(ctx.locals.db, ctx.locals.viewer, params.id, params.returnId, body));
