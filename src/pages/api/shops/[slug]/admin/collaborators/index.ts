// /api/shops/{slug}/admin/collaborators (issue 14; seed 001 §7): list (text, offset, limit 10) and add by e-mail.
import { addCollaborator, listCollaborators } from '../../../../../../domain/people/collaborators.ts';
import { collaboratorInput, collaboratorQuery, collaboratorSchema } from '../../../../../../domain/people/schema.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, listOf, slugParams } from '../_shared.ts';
import { inviteLink } from './_links.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/collaborators', tags: ['admin'], auth: 'user',
    summary: 'The shop\'s collaborators (members other than the owner, then pending invitations); text matches name or e-mail',
    params: slugParams, query: collaboratorQuery, response: listOf(collaboratorSchema), errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'POST', path: '/api/shops/{slug}/admin/collaborators', tags: ['admin'], auth: 'user', status: 201,
    summary: 'Add a collaborator by e-mail with permissions (admin, accountant, dispatcher, qrreader): the e-mail gets a pending invitation with a 7-day link, accepted by its owner signed in with that e-mail once proven (an existing account is never added at once). 409 owner, already a collaborator or already invited',
    params: slugParams, body: collaboratorInput, response: collaboratorSchema, errors: [...ADMIN_ERRORS, 409],
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ query, a }) => listCollaborators(a, query));
export const POST = adminHandle(specs[1], async ({ ctx, body, a }) => addCollaborator(a, body, ctx.locals.t, inviteLink(ctx, a.shop)));
