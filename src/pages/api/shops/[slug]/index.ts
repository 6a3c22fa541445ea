import { z } from 'zod';
import { publicShopSchema, shopQuerySchema } from '../../../../domain/shops/schema.ts';
import { getShopBySlug, publicShop } from '../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}', summary: 'Public shop data, with referral/campaign/click id answered back', tags: ['shops'],
  params: z.object({ slug: z.string().max(63) }), query: shopQuerySchema, response: publicShopSchema, errors: [400, 404],
});

export const GET = handle(spec, async ({ ctx, params, query }) => {
  const shop = await getShopBySlug(ctx.locals.db, params.slug);
  return publicShop(ctx.locals.db, shop, ctx.locals.viewer, query);
});
