// Liveness: GET /api/health/live answers 200 while the process runs and is not shutting down, without touching
// the database (a process manager restarts a process that stops answering it; a database outage is no reason to).
import { z } from 'zod';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';
import { json } from '../../../lib/server/http.ts';
import { isDraining } from '../../../lib/server/lifecycle.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/health/live', auth: 'none', tags: ['health'],
  summary: 'Liveness, for process managers: 200 {status: ok} while the process runs (no database check); 503 once it is shutting down (after SIGTERM)',
  response: z.object({ status: z.enum(['ok', 'unavailable']), draining: z.boolean() }),
});

export const GET = handle(spec, async () => {
  const draining = isDraining();
  return json({ status: draining ? 'unavailable' : 'ok', draining }, { status: draining ? 503 : 200 });
});
