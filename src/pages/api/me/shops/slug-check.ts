import { checkSlug } from '../../../../domain/store-opening/service.ts';
import { slugCheckOutput, slugCheckQuery } from '../../../../domain/store-opening/schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/me/shops/slug-check',
  summary: 'Whether a store address (slug) can be used for a new store: available, or reason slug_invalid | slug_reserved | slug_taken (the assistant\'s live check)',
  tags: ['stores'], auth: 'user', query: slugCheckQuery, response: slugCheckOutput, errors: [400, 401],
});

export const GET = handle(spec, async ({ ctx, query }) => checkSlug(ctx.locals.db, ctx.locals.viewer, query.slug));
