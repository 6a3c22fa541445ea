import { z } from 'zod';
import { listOf, pageQuery } from '../../../domain/catalog/schema.ts';
import { listNetworkShops } from '../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops', summary: 'The business network: enabled shops', auth: 'none', tags: ['shops'],
  query: pageQuery, response: listOf(z.object({ id: z.string(), slug: z.string(), name: z.string(), photo: z.string().nullable(), store_type: z.string() }).loose()),
});

export const GET = handle(spec, async ({ ctx, query }) => listNetworkShops(ctx.locals.db, query.offset, query.limit));
