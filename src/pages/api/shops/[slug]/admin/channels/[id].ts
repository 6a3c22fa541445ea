// One channel of a campaign of the shop (issue 14; seed 001 §7 PATCH/DELETE /channels/{id}). Another shop's: 404.
import { z } from 'zod';
import { channelPatchSchema, channelSchema } from '../../../../../../domain/marketing/admin-schema.ts';
import { deleteChannel, updateChannel } from '../../../../../../domain/marketing/admin-service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'PATCH', path: '/api/shops/{slug}/admin/channels/{id}',
    summary: 'Change a channel: any of name, state, source_code (empty clears it), currency, budget, spent, impressions (shop admins)',
    tags: ['admin', 'marketing'], auth: 'user', params: idParams, body: channelPatchSchema, response: channelSchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/shops/{slug}/admin/channels/{id}', summary: 'Delete a channel (shop admins)',
    tags: ['admin', 'marketing'], auth: 'user', params: idParams, response: z.object({ id: z.string(), deleted: z.literal(true) }), errors: ADMIN_ERRORS,
  }),
] as const;

export const PATCH = adminHandle(specs[0], async ({ params, body, a }) => updateChannel(a, params.id, body));
export const DELETE = adminHandle(specs[1], async ({ params, a }) => deleteChannel(a, params.id));
