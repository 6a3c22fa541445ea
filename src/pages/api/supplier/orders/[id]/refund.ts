import { orderDetail, orderParams, refundInput } from '../../../../../domain/orders/schema.ts';
import { supplierRefund } from '../../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/orders/{id}/refund', summary: 'Refund part or all of what was paid (never more than the amount available)', tags: ['supplier'], auth: 'user',
  params: orderParams, body: refundInput, response: orderDetail, errors: [400, 402, 403, 404, 409],
});

export const POST = handle(spec, async ({ ctx, params, body }) => supplierRefund(ctx.locals.db, ctx.locals.viewer, params.id, {
  ...body, idempotency_key: body.idempotency_key ?? ctx.request.headers.get('idempotency-key')?.slice(0, 200) ?? undefined,
}));
