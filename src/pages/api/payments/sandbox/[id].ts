import { z } from 'zod';
import { sandboxActionInput } from '../../../../domain/payments/schema.ts';
import { sandboxAct } from '../../../../domain/payments/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/payments/sandbox/{id}',
  summary: 'Sandbox only (demo mode or PAYMENTS_SANDBOX=1; 404 otherwise): act as the shopper at the provider (approve, fail, cancel) or as the bank marking a transfer/store/crypto reference paid; the provider\'s signed webhook follows',
  tags: ['payments'], params: z.object({ id: z.uuid() }), body: sandboxActionInput,
  response: z.object({ outcome: z.string(), status: z.string(), redirect: z.string() }), errors: [400, 404],
});

export const POST = handle(spec, async ({ ctx, params, body }) => sandboxAct(ctx.locals.db, params.id, body.action));
