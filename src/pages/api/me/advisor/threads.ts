// GET /api/me/advisor/threads (issue 26): the signed-in advisor's private threads with shops, the latest first.
import { advisorThreads } from '../../../../domain/people/messages.ts';
import { advisorThreadsSchema } from '../../../../domain/people/schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/me/advisor/threads', tags: ['shops'], auth: 'user',
  summary: 'The signed-in advisor\'s private threads with the shops they advise: the shop, the last message and how many there are (empty for anyone who is no advisor)',
  response: advisorThreadsSchema, errors: [401],
});

export const GET = handle(spec, async ({ ctx }) => advisorThreads(ctx.locals.db, ctx.locals.viewer));
