// /api/shops/{slug}/admin/collaborators/{id} (seed 001 §7): change permissions, remove. {id}: a member's user id or
// a pending invitation's id, as the list answers them.
import { removeCollaborator, updateCollaborator } from '../../../../../../domain/people/collaborators.ts';
import { collaboratorPatch, collaboratorSchema } from '../../../../../../domain/people/schema.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, deletedSchema, idParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'PATCH', path: '/api/shops/{slug}/admin/collaborators/{id}', tags: ['admin'], auth: 'user',
    summary: 'Change a collaborator\'s (or pending invitation\'s) permissions', params: idParams, body: collaboratorPatch, response: collaboratorSchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/shops/{slug}/admin/collaborators/{id}', tags: ['admin'], auth: 'user',
    summary: 'Remove a collaborator (the membership) or withdraw a pending invitation', params: idParams, response: deletedSchema, errors: ADMIN_ERRORS,
  }),
] as const;

export const PATCH = adminHandle(specs[0], async ({ params, body, a }) => updateCollaborator(a, params.id, body.permissions));
export const DELETE = adminHandle(specs[1], async ({ params, a }) => removeCollaborator(a, params.id));
