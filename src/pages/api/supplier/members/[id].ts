// /api/supplier/members/{id}: change a member's (or pending invitation's) permissions, remove it. {id}: the member's
// user id or the invitation's id, as the list answers them. The owner's accounts and oneself answer 409.
import { z } from 'zod';
import { manager, removeMember, updateMember } from '../../../../domain/suppliers/members.ts';
import { supplierMemberPatch, supplierMemberSchema } from '../../../../domain/suppliers/members-schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

const params = z.object({ id: z.string().max(64) });

export const specs = [
  defineEndpoint({
    method: 'PATCH', path: '/api/supplier/members/{id}', tags: ['supplier'], auth: 'user',
    summary: 'Change a member\'s (or pending invitation\'s) permissions; 409 for the owner or oneself',
    params, body: supplierMemberPatch, response: supplierMemberSchema, errors: [400, 403, 404, 409],
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/supplier/members/{id}', tags: ['supplier'], auth: 'user',
    summary: 'Remove a member or withdraw a pending invitation; 409 for the owner or oneself',
    params, response: z.object({ id: z.string(), deleted: z.literal(true) }), errors: [403, 404, 409],
  }),
] as const;

export const PATCH = handle(specs[0], async ({ ctx, params: p, body }) => updateMember(await manager(ctx.locals.db, ctx.locals.viewer), ctx.locals.db, p.id, body.permissions));
export const DELETE = handle(specs[1], async ({ ctx, params: p }) => removeMember(await manager(ctx.locals.db, ctx.locals.viewer), ctx.locals.db, p.id));
