// A campaign's channels (issue 14; seed 001 §3 Channel, §7): list and create. Another shop's campaign: 404.
import { channelInputSchema, channelQuerySchema, channelSchema } from '../../../../../../../domain/marketing/admin-schema.ts';
import { createChannel, listChannels } from '../../../../../../../domain/marketing/admin-service.ts';
import { defineEndpoint } from '../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams, listOf } from '../../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/campaigns/{id}/channels',
    summary: 'A campaign\'s channels, oldest first: name (contains), source_code (exact, case-insensitive), start_date and end_date (days in the shop\'s time zone), offset 0, limit 10 (max 50) (shop admins)',
    tags: ['admin', 'marketing'], auth: 'user', params: idParams, query: channelQuerySchema, response: listOf(channelSchema), errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'POST', path: '/api/shops/{slug}/admin/campaigns/{id}/channels',
    summary: 'Add a channel: name (1 to 100), state (active default, paused, archived), source_code (letters, digits, . _ -), currency (3 letters, MXN default), budget, spent and impressions (whole numbers >= 0; money in minor units: 150000 = 1,500.00) (shop admins)',
    tags: ['admin', 'marketing'], auth: 'user', params: idParams, body: channelInputSchema, response: channelSchema, status: 201, errors: ADMIN_ERRORS,
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ params, query, a }) => listChannels(a, params.id, query));
export const POST = adminHandle(specs[1], async ({ params, body, a }) => createChannel(a, params.id, body));
