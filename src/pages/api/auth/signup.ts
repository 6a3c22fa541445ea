import { signupInput, sessionOutput } from '../../../domain/accounts/schema.ts';
import { signup } from '../../../domain/accounts/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';
import { startSession } from '../../../lib/server/session.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/auth/signup', summary: 'Create an account and sign in', tags: ['auth'],
  body: signupInput, response: sessionOutput, status: 201, errors: [400, 409],
});

export const POST = handle(spec, async ({ ctx, body }) => {
  const user = await signup(ctx.locals.db, body);
  await startSession(ctx, user);
  return { user: { id: user.id, email: user.email, name: user.name, user_level: user.user_level } };
});
