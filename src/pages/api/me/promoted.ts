import { listPromoted } from '../../../domain/promoted/service.ts';
import { promotedList, promotedQuery } from '../../../domain/promoted/schema.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/me/promoted',
  summary: 'The promoted network below a person (seed 001 §2): `parent` (default: the signed-in user; only the user and people below them, anyone else 404), children=first (direct referrals, default) or all (every level), offset, limit (10). Each row: id, name, image, updated_at, state_follow, parent_id, depth, children_count',
  tags: ['promoted'], auth: 'user', query: promotedQuery, response: promotedList, errors: [400, 401, 404],
});

export const GET = handle(spec, async ({ ctx, query }) => listPromoted(ctx.locals.db, ctx.locals.viewer, query));
