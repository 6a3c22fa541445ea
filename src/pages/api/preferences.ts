// POST /api/preferences: language, theme and resale-info toggle, each kept in a cookie for 365 days.
// JSON in, the effective preferences out. The same path takes an application/x-www-form-urlencoded form
// (strings, plus `next`) and answers 303 to that same-site `next`, so the footer's language and theme
// switches work without JavaScript. Both variants go through `handle` (body size, 400/415 error shape).
//
// The cookies are HttpOnly: the server renders everything they decide (`<html lang data-theme>`, resale
// earnings), so no script needs to read them — an island reads the DOM or this endpoint's answer instead.
import type { APIRoute } from 'astro';
import type { AstroCookies } from 'astro';
import { defineEndpoint, handle } from '../../lib/server/endpoint.ts';
import { secureCookies } from '../../lib/server/cookies.ts';
import { safeNext } from '../../lib/server/redirect.ts';
import { rememberLocale } from '../../domain/mail/index.ts';
import { COOKIE_PREFERENCE_MAX_AGE_S } from '../../lib/shared/constants.ts';
import {
  PREFERENCE_COOKIES, preferencesForm, preferencesInput, preferencesOutput, readPreferences,
  type Preferences, type PreferencesInput,
} from '../../lib/i18n/preferences.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/preferences', tags: ['preferences'],
  summary: 'Set the language, theme and resale-info cookies (365 days); answers the effective preferences. '
    + 'A form post (application/x-www-form-urlencoded, booleans as "true"/"false", plus `next`) is answered 303 to `next`.',
  body: preferencesInput, response: preferencesOutput, errors: [400, 415],
});

// The form variant: not listed separately (same method and path), described in the summary above.
const formSpec = defineEndpoint({ ...spec, body: preferencesForm, status: 303 });

function apply(cookies: AstroCookies, ctx: { url: URL; request: Request }, acceptLanguage: string | null, input: PreferencesInput): Preferences {
  const opts = { path: '/', maxAge: COOKIE_PREFERENCE_MAX_AGE_S, sameSite: 'lax', httpOnly: true, secure: secureCookies(ctx) } as const;
  const current = readPreferences(cookies, acceptLanguage);
  if (input.lang !== undefined) cookies.set(PREFERENCE_COOKIES.lang, input.lang, opts);
  if (input.theme !== undefined) cookies.set(PREFERENCE_COOKIES.theme, input.theme, opts);
  if (input.showResaleInfo !== undefined) cookies.set(PREFERENCE_COOKIES.showResaleInfo, String(input.showResaleInfo), opts);
  return {
    lang: input.lang ?? current.lang,
    theme: input.theme ?? current.theme,
    showResaleInfo: input.showResaleInfo ?? current.showResaleInfo,
  };
}

/** A signed-in person's language is also saved on the account: their mail is written in it (src/domain/mail). */
async function remember(ctx: { locals: App.Locals }, lang: string | undefined) {
  if (lang && ctx.locals.viewer.kind === 'user') await rememberLocale(ctx.locals.db, ctx.locals.viewer.user.id, lang);
}

const fromJson = handle(spec, async ({ ctx, body }) => {
  await remember(ctx, body.lang);
  return apply(ctx.cookies, ctx, ctx.request.headers.get('accept-language'), body);
});

const fromForm = handle(formSpec, async ({ ctx, body }) => {
  const { next, ...input } = body;
  await remember(ctx, input.lang);
  apply(ctx.cookies, ctx, ctx.request.headers.get('accept-language'), input);
  return ctx.redirect(safeNext(next), 303);
});

const isForm = (request: Request) =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';

export const POST: APIRoute = (ctx) => (isForm(ctx.request) ? fromForm(ctx) : fromJson(ctx));
