// Readiness: GET /api/health (and its alias /api/health/ready) answers 200 when this process can serve: the
// database answers through the probe's own connection (not the request pool, src/db/client.ts) and the process is
// not shutting down. Liveness (the process is up, no database involved) is GET /api/health/live.
import { z } from 'zod';
import { getDbHandle } from '../../db/client.ts';
import { defineEndpoint, handle } from '../../lib/server/endpoint.ts';
import { json } from '../../lib/server/http.ts';
import { isDraining } from '../../lib/server/lifecycle.ts';
import { config } from '../../lib/server/config.ts';

/** How long the database may take to answer `select 1` before the process counts as not ready. */
const DB_TIMEOUT_MS = config().HEALTH_DB_TIMEOUT_MS;

const readinessOutput = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']), draining: z.boolean() });

const summary = 'Readiness, for load balancers: 200 {status: ok} when this process can reach the database (through a connection of '
  + 'its own, within 2 s) and is not shutting down; 503 {status: unavailable} otherwise (after SIGTERM, or database down)';

export const readinessSpec = (path: '/api/health' | '/api/health/ready') => defineEndpoint({
  method: 'GET', path, auth: 'none', tags: ['health'], summary, response: readinessOutput,
});

export const readiness = async () => {
  const up = await (await getDbHandle()).ping(DB_TIMEOUT_MS);
  const draining = isDraining();
  const body = { status: up && !draining ? 'ok' : 'unavailable', database: up ? 'up' : 'down', draining } as const;
  return json(body, { status: body.status === 'ok' ? 200 : 503, headers: body.status === 'ok' ? {} : { 'retry-after': '5' } });
};

export const spec = readinessSpec('/api/health');
export const GET = handle(spec, readiness);
