import { z } from 'zod';
import { walletEntries } from '../../../../../domain/wallet/wallets.ts';
import { entriesQuery, walletEntryView } from '../../../../../domain/wallet/schema.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/me/wallets/{id}/entries',
  summary: 'The wallet\'s movements, newest first (sort -created_at), each with the event (source) and the order it comes from',
  tags: ['wallet'], auth: 'user', params: z.object({ id: z.string().max(40) }), query: entriesQuery,
  response: z.object({ results: z.array(walletEntryView), matches_estimated: z.number().int() }), errors: [400, 401, 404],
});

export const GET = handle(spec, async ({ ctx, params, query }) => walletEntries(ctx.locals.db, ctx.locals.viewer, params.id, query));
