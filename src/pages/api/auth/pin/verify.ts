import { pinVerifyInput, sessionOutput } from '../../../../domain/accounts/schema.ts';
import { verifyPin } from '../../../../domain/accounts/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';
import { startSession } from '../../../../flows/sign-in.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/auth/pin/verify', summary: 'Sign in with an e-mailed PIN', auth: 'none', tags: ['auth'],
  body: pinVerifyInput, response: sessionOutput, errors: [400],
});

export const POST = handle(spec, async ({ ctx, body }) => {
  const user = await verifyPin(ctx.locals.db, body.email, body.pin);
  await startSession(ctx, user, { emailProven: true });
  return { user: { id: user.id, email: user.email, name: user.name, user_level: user.user_level } };
});
