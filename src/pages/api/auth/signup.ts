import { z } from 'zod';
import { signupInput } from '../../../domain/accounts/schema.ts';
import { signup } from '../../../domain/accounts/service.ts';
import { recordCampaignSignup } from '../../../domain/marketing/admin-service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/auth/signup', tags: ['auth'], auth: 'none', status: 202,
  summary: 'Sign up: a 6-digit code goes to the e-mail, and POST /api/auth/pin/verify with it proves the e-mail and signs in. The answer is the same whether or not the e-mail already had an account (its owner is mailed a sign-in PIN instead); limited per client address (429)',
  body: signupInput, response: z.object({ status: z.literal('check_email'), email: z.string() }), errors: [400, 429],
});

export const POST = handle(spec, async ({ ctx, body }) => {
  // A promoter's referral cookie is kept with the sign-up: the person joins their network once the e-mail is proven.
  const cookie = (name: string) => ctx.cookies.get(name)?.value;
  const { created } = await signup(ctx.locals.db, body, {
    ip: ctx.locals.clientIp, t: ctx.locals.t, origin: ctx.url.origin,
    tracking: { referral: cookie('referral'), campaign: cookie('campaign'), click_id: cookie('click_id'), shopId: ctx.locals.shop?.id },
  });
  // A campaign's cookie counts the sign-up on that campaign (issue 14).
  if (created) await recordCampaignSignup(ctx.locals.db, cookie('campaign'), created.profile_id);
  return { status: 'check_email' as const, email: body.email };
});
