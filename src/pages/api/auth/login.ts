import { loginInput, sessionOutput } from '../../../domain/accounts/schema.ts';
import { login } from '../../../domain/accounts/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';
import { startSession } from '../../../flows/sign-in.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/auth/login', summary: 'Sign in with e-mail and password (sets the session cookie)', auth: 'none', tags: ['auth'],
  body: loginInput, response: sessionOutput, errors: [400, 401, 429],
});

export const POST = handle(spec, async ({ ctx, body }) => {
  const user = await login(ctx.locals.db, body, ctx.locals.clientIp);
  await startSession(ctx, user);
  return { user: { id: user.id, email: user.email, name: user.name, user_level: user.user_level } };
});
