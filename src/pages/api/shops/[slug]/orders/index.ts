// /api/shops/{slug}/orders (issue 13): the orders placed in the shop, for its admins (each one's detail, with its
// attribution, at /api/shops/{slug}/orders/{id}).
import { z } from 'zod';
import { orderList, orderListQuery } from '../../../../../domain/orders/schema.ts';
import { listShopOrders } from '../../../../../domain/orders/attribution.ts';
import { getShopBySlug } from '../../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

const params = z.object({ slug: z.string().max(63) });

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/orders', tags: ['orders'], auth: 'user',
    summary: 'Shop admins: the orders placed in the shop (state, payment, delivery, dates, text; newest change first)',
    params, query: orderListQuery, response: orderList, errors: [400, 401, 403, 404],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params: p, query }) => {
  const shop = await getShopBySlug(ctx.locals.db, p.slug);
  return listShopOrders(ctx.locals.db, shop, ctx.locals.viewer, query);
});
