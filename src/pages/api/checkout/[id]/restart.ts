import { checkoutParams, checkoutView } from '../../../../domain/checkout/schema.ts';
import { restartCheckout } from '../../../../domain/checkout/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';
import { knownAddress } from '../../../../domain/checkout/rules.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/checkout/{id}/restart', summary: 'Restart the countdown (extends the reservation; reserves again after expiry when the stock allows)', tags: ['checkout'],
  params: checkoutParams, response: checkoutView, errors: [404, 409, 410, 429],
});

export const POST = handle(spec, async ({ ctx, params }) => restartCheckout(ctx.locals.db, ctx.locals.viewer, params.id, knownAddress(ctx.locals.clientIp)));
