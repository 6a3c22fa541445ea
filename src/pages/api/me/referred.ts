import { listReferred } from '../../../domain/promoted/service.ts';
import { referredList, referredQuery } from '../../../domain/promoted/schema.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/me/referred',
  summary: 'The people the signed-in user referred (seed 000 §7), newest first (sort=-created_at): campaign, tags (comma-separated, any), text (name), start_date and end_date (days in the shop\'s time zone), customer_by_campaign=true (only those who bought through a checkout carrying the user\'s referral), registered_by_campaign=true (only those who signed up with a campaign), offset, limit (10)',
  tags: ['promoted'], auth: 'user', query: referredQuery, response: referredList, errors: [400, 401],
});

export const GET = handle(spec, async ({ ctx, query }) => listReferred(ctx.locals.db, ctx.locals.viewer, query, ctx.locals.shop?.time_zone));
