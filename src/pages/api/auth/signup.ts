import { signupInput, sessionOutput } from '../../../domain/accounts/schema.ts';
import { signup } from '../../../domain/accounts/service.ts';
import { recordCampaignSignup } from '../../../domain/marketing/admin-service.ts';
import { joinReferralTree } from '../../../domain/promoted/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';
import { startSession } from '../../../lib/server/session.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/auth/signup', summary: 'Create an account and sign in', auth: 'none', tags: ['auth'],
  body: signupInput, response: sessionOutput, status: 201, errors: [400, 409],
});

export const POST = handle(spec, async ({ ctx, body }) => {
  const user = await signup(ctx.locals.db, body);
  // Carrying a promoter's referral cookie puts the new person in their network (never blocks the sign-up).
  const cookie = (name: string) => ctx.cookies.get(name)?.value;
  await joinReferralTree(ctx.locals.db, user.profile_id, { referral: cookie('referral'), campaign: cookie('campaign'), click_id: cookie('click_id'), shopId: ctx.locals.shop?.id })
    .catch((err) => console.error('[promoted] joining the referral tree failed', err));
  // A campaign's cookie counts the sign-up on that campaign (issue 14).
  await recordCampaignSignup(ctx.locals.db, cookie('campaign'), user.profile_id);
  await startSession(ctx, user);
  return { user: { id: user.id, email: user.email, name: user.name, user_level: user.user_level } };
});
