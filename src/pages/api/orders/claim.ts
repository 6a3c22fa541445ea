import { z } from 'zod';
import { claimGuestOrders } from '../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/orders/claim', summary: 'After sign-up or login: the guest orders made in this browser become the user\'s', tags: ['orders'], auth: 'user',
  response: z.object({ claimed: z.number() }),
});

export const POST = handle(spec, async ({ ctx }) => claimGuestOrders(ctx.locals.db, ctx.locals.viewer));
