import { z } from 'zod';
import { listPlans } from '../../domain/subscriptions/service.ts';
import { planView } from '../../domain/subscriptions/schema.ts';
import { defineEndpoint, handle } from '../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/plans',
  summary: 'The plans sold as packages (seed 001 §3): id, name, price per periodicity, plan_commission_rate, contribution_margin and the earning per unit of margin (minor units)',
  auth: 'none', tags: ['plans'], response: z.object({ results: z.array(planView), matches_estimated: z.number().int() }),
});

export const GET = handle(spec, async ({ ctx }) => {
  const results = await listPlans(ctx.locals.db);
  return { results, matches_estimated: results.length };
});
