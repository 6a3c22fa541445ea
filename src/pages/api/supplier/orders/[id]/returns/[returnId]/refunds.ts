import { refundOutcomeView, returnParams, returnRefundBody } from '../../../../../../../domain/returns/schema.ts';
import { refundReturn } from '../../../../../../../domain/returns/service.ts';
import { defineEndpoint, handle } from '../../../../../../../lib/server/endpoint.ts';
import { json } from '../../../../../../../lib/server/http.ts';
import { AppError } from '../../../../../../../lib/shared/errors.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/orders/{id}/returns/{returnId}/refunds',
  summary: 'Refund an amount for an open return request through the order\'s refund path: never above the amount available (400), an idempotency key (body or Idempotency-Key header) is required and the same key again answers the first refund (200, replayed) instead of refunding twice; 402 when the refund could not be completed',
  tags: ['returns', 'supplier'], auth: 'user', params: returnParams, body: returnRefundBody, response: refundOutcomeView, status: 201, errors: [400, 402, 403, 404, 409],
});

export const POST = handle(spec, async ({ ctx, params, body }) => {
  const key = body.idempotency_key ?? ctx.request.headers.get('idempotency-key')?.trim().slice(0, 200) ?? '';
  if (key.length < 8) {
    throw new AppError('validation_error', 'Send an idempotency key (8 to 200 characters) in the body or the Idempotency-Key header', { fields: { idempotency_key: ['validation.required'] } });
  }
  const out = await refundReturn(ctx.locals.db, ctx.locals.viewer, params.id, params.returnId, { amount: body.amount, reason: body.reason, idempotency_key: key });
  return json(out, { status: out.replayed ? 200 : 201 });
});
