import { z } from 'zod';
import { catalogueSchema, listOf, pageQuery } from '../../../../domain/catalog/schema.ts';
import { listShopCatalogues } from '../../../../domain/catalog/service.ts';
import { getShopBySlug } from '../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';
import { CATALOGUE_LIST_PAGE_SIZE } from '../../../../lib/shared/constants.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/catalogues', summary: 'A shop\'s catalogues', auth: 'none', tags: ['catalog'],
  params: z.object({ slug: z.string().max(63) }),
  query: pageQuery.extend({ limit: z.coerce.number().int().min(1).max(100).default(CATALOGUE_LIST_PAGE_SIZE) }),
  response: listOf(catalogueSchema), errors: [400, 404],
});

export const GET = handle(spec, async ({ ctx, params, query }) => {
  const shop = await getShopBySlug(ctx.locals.db, params.slug);
  return listShopCatalogues(ctx.locals.db, shop, query.offset, query.limit);
});
