import { z } from 'zod';
import { cashOut, listPayouts } from '../../../../../domain/wallet/wallets.ts';
import { payoutInput, payoutView } from '../../../../../domain/wallet/schema.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

const params = z.object({ id: z.string().max(40) });

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/me/wallets/{id}/payouts', summary: 'The user\'s cash-outs, newest first', tags: ['wallet'], auth: 'user', params,
    response: z.object({ results: z.array(payoutView), matches_estimated: z.number().int() }), errors: [401, 404],
  }),
  defineEndpoint({
    method: 'POST', path: '/api/me/wallets/{id}/payouts',
    summary: 'Cash out at most available_for_cashout to an 18-digit CLABE; the same idempotency_key answers the first payout. The sandbox provider answers at once: accounts ending in 0000 are rejected and the money returns to the wallet',
    tags: ['wallet'], auth: 'user', params, body: payoutInput, status: 201,
    response: z.object({ payout: payoutView, replayed: z.boolean() }), errors: [400, 401, 404],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params }) => listPayouts(ctx.locals.db, ctx.locals.viewer, params.id));
export const POST = handle(specs[1], async ({ ctx, params, body }) => cashOut(ctx.locals.db, ctx.locals.viewer, params.id, body));
