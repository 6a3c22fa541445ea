import { z } from 'zod';
import { buyPackage, failureError, mySubscriptions } from '../../../../domain/subscriptions/service.ts';
import { buyPackageInput, buyPackageOutput, subscriptionView } from '../../../../domain/subscriptions/schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';
import { errorResponse, json } from '../../../../lib/server/http.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/me/subscriptions', summary: 'The plans bought for the user\'s own shops, newest first (state active, replaced or canceled; started_at, renews_at)',
    tags: ['plans'], auth: 'user',
    response: z.object({ shops: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string() })), results: z.array(subscriptionView), matches_estimated: z.number().int() }),
    errors: [401],
  }),
  defineEndpoint({
    method: 'POST', path: '/api/me/subscriptions',
    summary: 'Buy a package: plan_id for the user\'s own shop (shop slug when they own several), paid with a sandbox card token (POST /api/payments/cards/tokens) or a saved card_id, once per idempotency_key. The same plan renews the active subscription; another plan replaces it. 201 when paid; 202 status requires_action with action.url (the card\'s 3-D Secure challenge page: the plan opens once approved there); 402 payment_failed with fields.card card_declined | insufficient_funds | processing_error; a repeated key answers the first outcome',
    tags: ['plans'], auth: 'user', body: buyPackageInput, response: buyPackageOutput, status: 201, errors: [400, 401, 402, 403, 404, 409, 503],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx }) => mySubscriptions(ctx.locals.db, ctx.locals.viewer));

export const POST = handle(specs[1], async ({ ctx, body }) => {
  const out = await buyPackage(ctx.locals.db, ctx.locals.viewer, body);
  if (out.status === 'failed') {
    const res = errorResponse(failureError(out.payment.failure_code), ctx.locals.t);
    return res;
  }
  return json(out, { status: out.status === 'requires_action' ? 202 : 201 });
});
