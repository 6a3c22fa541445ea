import type { APIContext } from 'astro';
import { createSession, endSession } from '../../domain/accounts/service.ts';
import type { SessionUser } from '../../domain/accounts/viewer.ts';
import { SESSION_COOKIE, clearSessionCookie, secureCookies, setSessionCookie } from './cookies.ts';

export async function startSession(ctx: APIContext, user: SessionUser) {
  // A new session on every sign-in: a token set before login is never promoted (session fixation).
  await endSession(ctx.locals.db, ctx.cookies.get(SESSION_COOKIE)?.value);
  const s = await createSession(ctx.locals.db, user, ctx.request.headers.get('user-agent'));
  setSessionCookie(ctx.cookies, s, secureCookies(ctx));
  return s;
}

export async function stopSession(ctx: APIContext) {
  await endSession(ctx.locals.db, ctx.cookies.get(SESSION_COOKIE)?.value);
  clearSessionCookie(ctx.cookies);
}
