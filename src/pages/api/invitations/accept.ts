// POST /api/invitations/accept (issue 14): the signed-in invitee takes the invitation mailed to their e-mail.
import { z } from 'zod';
import { acceptInvitation } from '../../../domain/people/collaborators.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/invitations/accept', tags: ['auth'], auth: 'user',
  summary: 'Accept a collaboration invitation (the token of the mailed link) as the signed-in person with the invited e-mail: 403 another e-mail, 404 used or unknown, 400 expired',
  body: z.object({ token: z.string().max(200) }),
  response: z.object({ shop_slug: z.string(), shop_name: z.string(), permissions: z.array(z.string()) }), errors: [400, 401, 403, 404],
});

export const POST = handle(spec, async ({ ctx, body }) => acceptInvitation(ctx.locals.db, ctx.locals.viewer, body.token));
