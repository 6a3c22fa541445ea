// POST /api/supplier/invitations/accept: the signed-in invitee joins the supplier's team mailed to their e-mail.
import { z } from 'zod';
import { acceptSupplierInvitation } from '../../../../domain/suppliers/members.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/invitations/accept', tags: ['supplier'], auth: 'user',
  summary: 'Accept an invitation to a supplier\'s team (the token of the mailed link) as the signed-in person with the invited e-mail: 403 another e-mail, 404 used or unknown, 400 expired',
  body: z.object({ token: z.string().max(200) }),
  response: z.object({ supplier_name: z.string(), permissions: z.array(z.string()) }), errors: [400, 401, 403, 404],
});

export const POST = handle(spec, async ({ ctx, body }) => acceptSupplierInvitation(ctx.locals.db, ctx.locals.viewer, body.token));
