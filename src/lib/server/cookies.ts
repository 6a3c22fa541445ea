import type { AstroCookies } from 'astro';
import { isHttps } from './proxy.ts';
import { config } from './config.ts';

export const SESSION_COOKIE = 'sid';
export const ANON_COOKIE = 'aid';

export function setSessionCookie(cookies: AstroCookies, s: { token: string; expiresAt: Date }, secure: boolean) {
  cookies.set(SESSION_COOKIE, s.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: s.expiresAt });
}

export function clearSessionCookie(cookies: AstroCookies) {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}

/**
 * Secure cookies in production over https (a plain-http dev server could not send them back); behind a
 * TLS-terminating proxy (TRUST_PROXY=1) its X-Forwarded-Proto says whether the visitor used https.
 * COOKIE_SECURE=1|0 overrides.
 */
export function secureCookies(ctx: { url: URL; request: Request }) {
  const env = config();
  if (env.COOKIE_SECURE !== undefined) return env.COOKIE_SECURE;
  return env.NODE_ENV === 'production' && isHttps(ctx.url, ctx.request);
}
