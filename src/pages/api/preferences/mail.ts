// POST /api/preferences/mail: optional mail (review invitations, a shop's new-order notices) on or off. For the
// signed-in account, or without signing in with the `token` of an optional mail's unsubscribe link (it names one
// account and holds its secret). Essential mail (PINs, orders, payouts) always goes. JSON in and out; the same path
// takes the /preferencias form (urlencoded, plus `next`) and answers 303 to that same-site `next`.
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { setOptionalMail } from '../../../domain/mail/index.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';
import { safeNext } from '../../../lib/server/redirect.ts';
import { AppError } from '../../../lib/shared/errors.ts';

const body = z.strictObject({
  optional_mail: z.boolean(),
  token: z.string().max(100).optional(),
});
const form = z.object({
  optional_mail: z.enum(['true', 'false']).transform((v) => v === 'true'),
  token: z.string().max(100).optional(),
  next: z.string().max(2000).optional(),
});
const output = z.object({ optional_mail: z.boolean() });

export const spec = defineEndpoint({
  method: 'POST', path: '/api/preferences/mail', tags: ['preferences'],
  summary: 'Turn optional mail on or off for the signed-in account, or for the account an unsubscribe link\'s `token` names. '
    + 'A form post (application/x-www-form-urlencoded, optional_mail "true"/"false", token, next) is answered 303 to `next`.',
  body, response: output, errors: [400, 401, 404, 415],
});
const formSpec = defineEndpoint({ ...spec, body: form, status: 303 });

async function apply(locals: App.Locals, input: { optional_mail: boolean; token?: string }): Promise<{ optional_mail: boolean }> {
  const who = input.token ? { token: input.token } : locals.viewer.kind === 'user' ? { userId: locals.viewer.user.id } : null;
  if (!who) throw new AppError('unauthenticated', 'Sign in, or use the link of the mail');
  if (!(await setOptionalMail(locals.db, who, input.optional_mail))) {
    throw new AppError('not_found', 'This unsubscribe link is not valid', { textKey: 'prefs.mailLinkInvalid' });
  }
  return { optional_mail: input.optional_mail };
}

const fromJson = handle(spec, async ({ ctx, body: b }) => apply(ctx.locals, b));
const fromForm = handle(formSpec, async ({ ctx, body: b }) => {
  await apply(ctx.locals, b);
  return ctx.redirect(safeNext(b.next), 303);
});

const isForm = (request: Request) =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';

export const POST: APIRoute = (ctx) => (isForm(ctx.request) ? fromForm(ctx) : fromJson(ctx));
