import { z } from 'zod';
import { blogEntrySchema } from '../../../../../domain/blog/schema.ts';
import { getBlogEntry } from '../../../../../domain/blog/service.ts';
import { getShopBySlug } from '../../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/blogs/{id}',
  summary: 'One blog entry by id (or slug) with its sanitised HTML content and the editor document. Unpublished entries answer 404 except to the shop\'s admins',
  tags: ['blogs'], params: z.object({ slug: z.string().max(63), id: z.string().max(80) }), response: blogEntrySchema, errors: [400, 404],
});

export const GET = handle(spec, async ({ ctx, params }) => {
  const shop = await getShopBySlug(ctx.locals.db, params.slug);
  return (await getBlogEntry(ctx.locals.db, shop, ctx.locals.viewer, params.id)).entry;
});
