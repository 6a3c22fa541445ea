import { z } from 'zod';
import { pingDb } from '../../db/client.ts';
import { defineEndpoint, handle } from '../../lib/server/endpoint.ts';
import { json } from '../../lib/server/http.ts';
import { isDraining } from '../../lib/server/lifecycle.ts';

/** How long the database may take to answer `select 1` before the process counts as unhealthy. */
const DB_TIMEOUT_MS = 2000;

const healthOutput = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']), draining: z.boolean() });

export const spec = defineEndpoint({
  method: 'GET', path: '/api/health', auth: 'none', tags: ['health'],
  summary: 'For load balancers and process managers: 200 {status: ok} when this process can reach the database; 503 {status: unavailable} '
    + 'when it cannot (within 2 s) or is shutting down (after SIGTERM)',
  response: healthOutput,
});

export const GET = handle(spec, async ({ ctx }) => {
  const up = await pingDb(ctx.locals.db, DB_TIMEOUT_MS);
  const draining = isDraining();
  const body = { status: up && !draining ? 'ok' : 'unavailable', database: up ? 'up' : 'down', draining } as const;
  return json(body, { status: body.status === 'ok' ? 200 : 503 });
});
