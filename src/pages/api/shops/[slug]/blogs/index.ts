import { z } from 'zod';
import { blogListQuery, blogListSchema } from '../../../../../domain/blog/schema.ts';
import { listBlogEntries } from '../../../../../domain/blog/service.ts';
import { getShopBySlug } from '../../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/blogs',
  summary: 'A shop\'s blog entries without their content, newest change first (offset 0, limit 8 by default; optional tag). Published entries only, except for the shop\'s admins, who also get unpublished ones (or those of list_state). 404 when the shop has no blog',
  tags: ['blogs'], params: z.object({ slug: z.string().max(63) }), query: blogListQuery, response: blogListSchema, errors: [400, 404],
});

export const GET = handle(spec, async ({ ctx, params, query }) => {
  const shop = await getShopBySlug(ctx.locals.db, params.slug);
  const { results, matches_estimated } = await listBlogEntries(ctx.locals.db, shop, ctx.locals.viewer, query);
  return { results, matches_estimated };
});
