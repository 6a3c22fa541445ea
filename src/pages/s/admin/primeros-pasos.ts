import type { APIRoute } from 'astro';
import { checklistCookie } from '../../../domain/onboarding/index.ts';
import { secureCookies } from '../../../lib/server/cookies.ts';
import { errorResponse } from '../../../lib/server/http.ts';
import { AppError } from '../../../lib/shared/errors.ts';

// {shop}/admin/primeros-pasos (issue 26): the owner's checklist's 'Hide' (a plain form, no script). It hides this
// shop's checklist in this browser for a year (a cookie; ?checklist=1 on the home shows it again) and goes back
// to the store's home. Only the shop's admins: anyone else gets the JSON error shape.
const YEAR_S = 365 * 86_400;

export const POST: APIRoute = async (ctx) => {
  const { locals, request, cookies, redirect } = ctx;
  await request.body?.cancel().catch(() => {});
  if (locals.viewer.kind !== 'user') return errorResponse(new AppError('unauthenticated', 'Sign in to continue'), locals.t);
  if (!locals.shop || locals.standing?.isAdmin !== true) return errorResponse(new AppError('forbidden', 'Only this shop\'s admins can do that'), locals.t);
  cookies.set(checklistCookie(locals.shop.id), '1', { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(ctx), maxAge: YEAR_S });
  return redirect(`${locals.basePath}/`, 303);
};
