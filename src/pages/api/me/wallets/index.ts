import { z } from 'zod';
import { listWallets } from '../../../../domain/wallet/wallets.ts';
import { walletView } from '../../../../domain/wallet/schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/me/wallets',
  summary: 'The signed-in user\'s wallets (one per wallet type they hold money in, and the default): balance, pending (in escrow), available_for_cashout, in_payout and the next cut-off date; minor units',
  tags: ['wallet'], auth: 'user', response: z.object({ results: z.array(walletView), matches_estimated: z.number().int() }), errors: [401],
});

export const GET = handle(spec, async ({ ctx }) => listWallets(ctx.locals.db, ctx.locals.viewer));
