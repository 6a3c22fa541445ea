// Signing in and out (a flow: it spans accounts, which make the session, and orders, which claim the guest orders
// bought with the proven e-mail). Pages and endpoints call it; no domain area does.
import type { APIContext } from 'astro';
import { createSession, endSession, type SessionUser } from '../domain/accounts/index.ts';
import { claimGuestOrdersAtSignIn } from '../domain/orders/index.ts';
import { SESSION_COOKIE, clearSessionCookie, secureCookies, setSessionCookie } from '../lib/server/cookies.ts';

/** `emailProven`: the sign-in proved the mailbox (a mailed PIN), so guest orders with that e-mail are the user's. */
export async function startSession(ctx: APIContext, user: SessionUser, opts: { emailProven?: boolean } = {}) {
  // A new session on every sign-in: a token set before login is never promoted (session fixation).
  await endSession(ctx.locals.db, ctx.cookies.get(SESSION_COOKIE)?.value);
  const s = await createSession(ctx.locals.db, user, ctx.request.headers.get('user-agent'));
  setSessionCookie(ctx.cookies, s, secureCookies(ctx));
  // Guest orders bought with this e-mail join the account ('Mis compras' lists them); a failure must not stop the sign-in.
  try {
    await claimGuestOrdersAtSignIn(ctx.locals.db, user, ctx.locals.viewer?.anonymousId, opts.emailProven === true);
  } catch (err) {
    console.error('[orders] claiming guest orders at sign-in failed', err);
  }
  return s;
}

export async function stopSession(ctx: APIContext) {
  await endSession(ctx.locals.db, ctx.cookies.get(SESSION_COOKIE)?.value);
  clearSessionCookie(ctx.cookies);
}
