// The shop's campaigns (issue 14; seed 001 §7 Marketing admin): list with figures, create.
import { campaignInputSchema, campaignQuerySchema, campaignSchema } from '../../../../../../domain/marketing/admin-schema.ts';
import { createCampaign, listCampaigns } from '../../../../../../domain/marketing/admin-service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, listOf, slugParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/campaigns',
    summary: 'The shop\'s campaigns with what each brought (visits of the tracked link, sign-ups with its cookie, orders whose checkout carried it; canceled orders left out): sort -created_at (default), created_at, name, -name; text in the name or address; start_date and end_date (days in the shop\'s time zone, both included); offset 0, limit 10 (max 50) (shop admins)',
    tags: ['admin', 'marketing'], auth: 'user', params: slugParams, query: campaignQuerySchema, response: listOf(campaignSchema), errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'POST', path: '/api/shops/{slug}/admin/campaigns',
    summary: 'Create a campaign: name (1 to 100), url (a page of this shop: an address on its host or a path), state active (default), paused or archived. Answers it with its encoded_mkt_url (shop admins)',
    tags: ['admin', 'marketing'], auth: 'user', params: slugParams, body: campaignInputSchema, response: campaignSchema, status: 201, errors: ADMIN_ERRORS,
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ ctx, query, a }) => listCampaigns(a, query, ctx.url));
export const POST = adminHandle(specs[1], async ({ ctx, body, a }) => createCampaign(a, body, ctx.url));
