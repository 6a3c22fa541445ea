// One campaign of the shop (issue 14; seed 001 §7): read, change (name, url, state), delete. Another shop's: 404.
import { z } from 'zod';
import { campaignPatchSchema, campaignSchema } from '../../../../../../domain/marketing/admin-schema.ts';
import { deleteCampaign, getCampaign, updateCampaign } from '../../../../../../domain/marketing/admin-service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/campaigns/{id}', summary: 'A campaign of the shop with its figures (shop admins)',
    tags: ['admin', 'marketing'], auth: 'user', params: idParams, response: campaignSchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'PATCH', path: '/api/shops/{slug}/admin/campaigns/{id}', summary: 'Change a campaign: any of name (1 to 100), url (a page of this shop), state (active, paused, archived). Only active campaigns are answered back to visitors of their link (shop admins)',
    tags: ['admin', 'marketing'], auth: 'user', params: idParams, body: campaignPatchSchema, response: campaignSchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/shops/{slug}/admin/campaigns/{id}', summary: 'Delete a campaign with its channels and figures; orders keep their tracking (shop admins)',
    tags: ['admin', 'marketing'], auth: 'user', params: idParams, response: z.object({ id: z.string(), deleted: z.literal(true) }), errors: ADMIN_ERRORS,
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ ctx, params, a }) => getCampaign(a, params.id, ctx.url));
export const PATCH = adminHandle(specs[1], async ({ ctx, params, body, a }) => updateCampaign(a, params.id, body, ctx.url));
export const DELETE = adminHandle(specs[2], async ({ params, a }) => deleteCampaign(a, params.id));
