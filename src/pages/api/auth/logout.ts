import { z } from 'zod';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';
import { stopSession } from '../../../flows/sign-in.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/auth/logout', summary: 'End the current session', tags: ['auth'],
  response: z.object({ ok: z.literal(true) }),
});

export const POST = handle(spec, async ({ ctx }) => {
  await stopSession(ctx);
  return { ok: true as const };
});
