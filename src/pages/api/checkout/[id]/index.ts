import { checkoutParams, checkoutView, patchInput } from '../../../../domain/checkout/schema.ts';
import { cancelCheckout, getCheckout, updateCheckout } from '../../../../domain/checkout/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/checkout/{id}', summary: 'The checkout: lines, totals, countdown, what is missing, token, payment methods and installments', tags: ['checkout'],
    params: checkoutParams, response: checkoutView, errors: [404],
  }),
  defineEndpoint({
    method: 'PATCH', path: '/api/checkout/{id}', summary: 'Fill in contact, delivery address (saved address_id or the fields), attendees of experiences, invoicing data', tags: ['checkout'],
    params: checkoutParams, body: patchInput, response: checkoutView, errors: [400, 404, 409, 410],
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/checkout/{id}', summary: 'Cancel the purchase: the reserved stock is released at once', tags: ['checkout'],
    params: checkoutParams, response: checkoutView, errors: [404, 409],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params }) => getCheckout(ctx.locals.db, ctx.locals.viewer, params.id));
export const PATCH = handle(specs[1], async ({ ctx, params, body }) => updateCheckout(ctx.locals.db, ctx.locals.viewer, params.id, body));
export const DELETE = handle(specs[2], async ({ ctx, params }) => cancelCheckout(ctx.locals.db, ctx.locals.viewer, params.id));
