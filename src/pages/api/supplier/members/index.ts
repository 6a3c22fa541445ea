// /api/supplier/members: the supplier's team (owner accounts, members, pending invitations) and adding by e-mail.
// The supplier's owner or an admin member only (403 otherwise).
import { z } from 'zod';
import { addMember, listMembers, manager } from '../../../../domain/suppliers/members.ts';
import { supplierMemberInput, supplierMemberSchema } from '../../../../domain/suppliers/members-schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';
import { supplierInviteLink } from '../../../../components/supplier/team-links.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/supplier/members', tags: ['supplier'], auth: 'user',
    summary: 'The supplier\'s team: its owner\'s accounts, its members and their permissions (admin, dispatcher, accountant), then pending invitations',
    response: z.object({ results: z.array(supplierMemberSchema), matches_estimated: z.number().int() }), errors: [403],
  }),
  defineEndpoint({
    method: 'POST', path: '/api/supplier/members', tags: ['supplier'], auth: 'user', status: 201,
    summary: 'Add a member by e-mail with permissions: the e-mail gets a pending invitation with a 7-day link, accepted by its owner signed in with that e-mail once proven (an existing account is never added at once) (30 mails an hour per supplier). 409 owner, already a member or already invited',
    body: supplierMemberInput, response: supplierMemberSchema, errors: [400, 403, 409, 429],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx }) => listMembers(await manager(ctx.locals.db, ctx.locals.viewer), ctx.locals.db));
export const POST = handle(specs[1], async ({ ctx, body }) => {
  const a = await manager(ctx.locals.db, ctx.locals.viewer);
  return addMember(a, ctx.locals.db, body, ctx.locals.t, supplierInviteLink(ctx.url));
});
