import { z } from 'zod';
import { itemSortSchema, listItemSchema, listOf, pageQuery } from '../../../../domain/catalog/schema.ts';
import { listShopItems } from '../../../../domain/catalog/service.ts';
import { getShopBySlug } from '../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';
import { PRODUCT_TYPES } from '../../../../lib/shared/constants.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/products', summary: 'Items a shop offers, by type and sort', auth: 'none', tags: ['catalog'],
  params: z.object({ slug: z.string().max(63) }),
  query: pageQuery.extend({ type: z.enum(PRODUCT_TYPES).default('product'), sort: itemSortSchema }),
  response: listOf(listItemSchema), errors: [400, 404],
});

export const GET = handle(spec, async ({ ctx, params, query }) => {
  const shop = await getShopBySlug(ctx.locals.db, params.slug);
  return listShopItems(ctx.locals.db, shop, query);
});
