import { savedCardList } from '../../../../domain/payments/schema.ts';
import { listCards } from '../../../../domain/payments/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/payments/cards', summary: 'Saved cards (termination and expiry)', tags: ['payments'], auth: 'user', response: savedCardList,
});

export const GET = handle(spec, async ({ ctx }) => listCards(ctx.locals.db, ctx.locals.viewer));
