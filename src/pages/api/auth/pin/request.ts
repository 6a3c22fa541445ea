import { z } from 'zod';
import { pinRequestInput } from '../../../../domain/accounts/schema.ts';
import { requestPin } from '../../../../domain/accounts/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/auth/pin/request', summary: 'Send a 6-digit sign-in PIN (valid 5 minutes) to the e-mail', auth: 'none', tags: ['auth'],
  body: pinRequestInput, response: z.object({ sent: z.literal(true) }), status: 202, errors: [400, 429],
});

export const POST = handle(spec, async ({ ctx, body }) => {
  await requestPin(ctx.locals.db, body.email, ctx.locals.clientIp, ctx.locals.locale);
  return { sent: true as const };
});
