import { z } from 'zod';
import { setAutoRenew } from '../../../../../domain/subscriptions/billing.ts';
import { autoRenewInput, billingOutput } from '../../../../../domain/subscriptions/schema.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'PUT', path: '/api/me/subscriptions/{id}/auto-renew',
    summary: 'Turn the package\'s auto-renewal on or off: off keeps the plan until renews_at, then it ends without a charge. Another person\'s or unknown subscription 404; an ended one 409',
    tags: ['plans'], auth: 'user', params: z.object({ id: z.uuid('validation.invalid') }), body: autoRenewInput, response: billingOutput, errors: [400, 401, 404, 409],
  }),
] as const;

export const PUT = handle(specs[0], async ({ ctx, params, body }) => setAutoRenew(ctx.locals.db, ctx.locals.viewer, params.id, body.auto_renew));
