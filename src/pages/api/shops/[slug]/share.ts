// /api/shops/{slug}/share (issue 13; seed 001 §7 'Marketing link creation (catalogue share)'): the shop's admins
// (not franchise stores) make an active campaign for a page of the shop and get its tracked link back.
import { z } from 'zod';
import { shareAnswer, shareInput } from '../../../../domain/marketing/schema.ts';
import { createShareCampaign } from '../../../../domain/marketing/service.ts';
import { getShopBySlug } from '../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

const params = z.object({ slug: z.string().max(63) });

export const specs = [
  defineEndpoint({
    method: 'POST', path: '/api/shops/{slug}/share', tags: ['marketing'], auth: 'user', status: 201,
    summary: 'Shop admins: create an active campaign for a page of the shop (name cut to 100) and answer its encoded_mkt_url (referral, campaign, click_id)',
    params, body: shareInput, response: shareAnswer, errors: [400, 401, 403, 404, 415],
  }),
] as const;

export const POST = handle(specs[0], async ({ ctx, params: p, body }) => {
  const shop = await getShopBySlug(ctx.locals.db, p.slug);
  return createShareCampaign(ctx.locals.db, shop, ctx.locals.viewer, body, ctx.url);
});
