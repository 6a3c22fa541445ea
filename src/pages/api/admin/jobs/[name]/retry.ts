import { z } from 'zod';
import { requireOperator } from '../../../../../domain/wallet/service.ts';
import { retryJob } from '../../../../../jobs/index.ts';
import { AppError } from '../../../../../lib/shared/errors.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/admin/jobs/{name}/retry',
  summary: 'Platform operator (ul3): runs a background job at the next tick of some process (within 5 s), whatever its schedule',
  tags: ['jobs'], auth: 'user', params: z.object({ name: z.string().max(60) }), status: 202,
  response: z.object({ name: z.string(), requested: z.literal(true) }), errors: [401, 403, 404],
});

export const POST = handle(spec, async ({ ctx, params }) => {
  requireOperator(ctx.locals.viewer);
  if (!(await retryJob(ctx.locals.db, params.name))) throw new AppError('not_found', 'There is no such job');
  return { name: params.name, requested: true as const };
});
