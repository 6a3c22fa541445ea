// GET /api/shops/{slug}/search?type=&text=&sort=&offset=&limit=: the shop's items of a type matching a text
// (accents and case ignored; empty text answers nothing). Used by the search overlay.
import { z } from 'zod';
import { searchQuerySchema, searchResponseSchema } from '../../../../domain/search/schema.ts';
import { searchShopItems } from '../../../../domain/search/service.ts';
import { withLevelTwoFlags } from '../../../../domain/search/level-two.ts';
import { getShopBySlug } from '../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/search', tags: ['search'],
  summary: 'Search a shop\'s items of one type by name, tags and description (accent- and case-insensitive); empty text finds nothing. '
    + 'Level-two viewers with a store also get `level_two` flags per item (resellable, earning, in_my_store)',
  params: z.object({ slug: z.string().max(63) }), query: searchQuerySchema, response: searchResponseSchema, errors: [400, 404],
});

export const GET = handle(spec, async ({ ctx, params, query }) => {
  const shop = await getShopBySlug(ctx.locals.db, params.slug);
  const found = await searchShopItems(ctx.locals.db, shop, query);
  return { ...found, results: await withLevelTwoFlags(ctx.locals.db, ctx.locals.viewer, found.results) };
});
