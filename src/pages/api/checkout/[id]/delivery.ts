import { checkoutParams, checkoutView, deliveryInput } from '../../../../domain/checkout/schema.ts';
import { chooseDelivery } from '../../../../domain/checkout/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'PUT', path: '/api/checkout/{id}/delivery',
  summary: 'Choose the delivery method (fixed_delivery, shipping with rate_id, collection with branch_id, to_branch with agency_id); answers the token to pay with',
  tags: ['checkout'], params: checkoutParams, body: deliveryInput, response: checkoutView, errors: [400, 404, 409, 410],
});

export const PUT = handle(spec, async ({ ctx, params, body }) => chooseDelivery(ctx.locals.db, ctx.locals.viewer, params.id, body));
