import { z } from 'zod';
import { reconciliation, requireOperator } from '../../../domain/wallet/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

const row = z.object({ order_id: z.string(), number: z.number().int(), currency: z.string(), net_paid: z.number().int(), parties: z.number().int(), clearing: z.number().int() });

export const spec = defineEndpoint({
  method: 'GET', path: '/api/admin/reconciliation',
  summary: 'Platform operator (ul3): every order whose money does not add up — paid minus refunded must equal supplier + reseller + promoter + platform, and the bank clearing its opposite. Empty when the books are right',
  tags: ['wallet'], auth: 'user', response: z.object({ results: z.array(row), matches_estimated: z.number().int() }), errors: [401, 403],
});

export const GET = handle(spec, async ({ ctx }) => {
  requireOperator(ctx.locals.viewer);
  return reconciliation(ctx.locals.db);
});
