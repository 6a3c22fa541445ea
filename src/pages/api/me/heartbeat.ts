// POST /api/me/heartbeat (issue 14): 'I am here' for the advisor's online dot. Signed-in page views already count
// (middleware); this is for clients that stay open without loading pages. Off with HEARTBEAT=off.
import { z } from 'zod';
import { heartbeat, heartbeatEnabled } from '../../../domain/people/advisor.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/me/heartbeat', tags: ['auth'], auth: 'user',
  summary: 'Record that the signed-in person is active (at most once a minute is written); enabled false when heartbeats are off',
  response: z.object({ enabled: z.boolean() }), errors: [401],
});

export const POST = handle(spec, async ({ ctx }) => {
  if (ctx.locals.viewer.kind === 'user') await heartbeat(ctx.locals.db, ctx.locals.viewer.user.id);
  return { enabled: heartbeatEnabled() };
});
