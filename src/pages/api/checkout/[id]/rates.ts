import { checkoutParams, ratesInput, ratesOutput } from '../../../../domain/checkout/schema.ts';
import { deliveryOptions } from '../../../../domain/checkout/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/checkout/{id}/rates',
  summary: 'Delivery options: the supplier\'s fixed delivery, courier rates and agencies for the postal code, the supplier\'s branches', tags: ['checkout'],
  params: checkoutParams, body: ratesInput, response: ratesOutput, errors: [400, 404],
});

export const POST = handle(spec, async ({ ctx, params, body }) => deliveryOptions(ctx.locals.db, ctx.locals.viewer, params.id, body));
