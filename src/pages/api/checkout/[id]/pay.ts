import { checkoutParams, payInput } from '../../../../domain/checkout/schema.ts';
import { payResult } from '../../../../domain/payments/schema.ts';
import { payCheckout } from '../../../../domain/payments/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/checkout/{id}/pay',
  summary: 'Place the order and pay it with the chosen method; the same Idempotency-Key (header or body; default: the token) never charges twice',
  tags: ['checkout', 'payments'], params: checkoutParams, body: payInput, response: payResult, errors: [400, 402, 404, 409, 410, 503],
});

export const POST = handle(spec, async ({ ctx, params, body }) => {
  const key = body.idempotency_key ?? ctx.request.headers.get('idempotency-key')?.slice(0, 200) ?? undefined;
  return payCheckout(ctx.locals.db, ctx.locals.viewer, params.id, { ...body, idempotency_key: key && key.length >= 8 ? key : undefined }, { basePath: ctx.locals.tenancy ? ctx.locals.basePath : null, locale: ctx.locals.locale, origin: ctx.url.origin });
});
