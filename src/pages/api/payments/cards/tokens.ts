import { tokenizeInput, tokenOutput } from '../../../../domain/payments/schema.ts';
import { tokenizeCard } from '../../../../domain/payments/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/payments/cards/tokens',
  summary: 'Tokenise a card with the (sandbox) card provider: answers a single-use token id; the number and CVC are never stored. 400 payment_method_not_enabled where sandbox payments are off, 503 payments_not_configured without PAYMENTS_WEBHOOK_SECRET', tags: ['payments'],
  body: tokenizeInput, response: tokenOutput, status: 201, errors: [400, 503],
});

export const POST = handle(spec, async ({ ctx, body }) => tokenizeCard(ctx.locals.db, ctx.locals.viewer, body));
