// /api/shops/{slug}/orders/{id} (issue 13): an order placed in the shop, read-only for its admins, with what
// brought it (attribution: the campaign and who shared it).
import { z } from 'zod';
import { orderDetail } from '../../../../../domain/orders/schema.ts';
import { shopOrderDetail } from '../../../../../domain/orders/attribution.ts';
import { getShopBySlug } from '../../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

const params = z.object({ slug: z.string().max(63), id: z.string().max(64) });

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/orders/{id}', tags: ['orders'], auth: 'user',
    summary: 'Shop admins: an order placed in the shop (read-only) with its attribution {campaign_id, campaign_name, referral}',
    params, response: orderDetail, errors: [401, 403, 404],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params: p }) => {
  const shop = await getShopBySlug(ctx.locals.db, p.slug);
  return shopOrderDetail(ctx.locals.db, shop, ctx.locals.viewer, p.id);
});
