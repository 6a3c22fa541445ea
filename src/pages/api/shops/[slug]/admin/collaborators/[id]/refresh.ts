// PUT /api/shops/{slug}/admin/collaborators/{id}/refresh (seed 001 §7): mail a pending invitation again.
import { refreshCollaborator } from '../../../../../../../domain/people/collaborators.ts';
import { collaboratorSchema } from '../../../../../../../domain/people/schema.ts';
import { defineEndpoint } from '../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../../_shared.ts';
import { inviteLink } from '../_links.ts';

export const spec = defineEndpoint({
  method: 'PUT', path: '/api/shops/{slug}/admin/collaborators/{id}/refresh', tags: ['admin'], auth: 'user',
  summary: 'Send a pending invitation again with a new link and a new 7-day term (the old link stops working); 409 for an active collaborator',
  params: idParams, response: collaboratorSchema, errors: [...ADMIN_ERRORS, 409],
});

export const PUT = adminHandle(spec, async ({ ctx, params, a }) => refreshCollaborator(a, params.id, ctx.locals.t, inviteLink(ctx, a.shop)));
