// POST /api/reviews/{id}/answer: the product's supplier answers a review once, publicly.
import { answerInput, reviewParams, reviewView } from '../../../../domain/reviews/schema.ts';
import { answerReview } from '../../../../domain/reviews/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/reviews/{id}/answer', tags: ['reviews'], auth: 'user', status: 201,
  summary: 'The product\'s supplier answers a review publicly, once (403 for anyone else, 409 when already answered)',
  params: reviewParams, body: answerInput, response: reviewView, errors: [400, 403, 404, 409],
});

export const POST = handle(spec, async ({ ctx, params, body }) => answerReview(ctx.locals.db, ctx.locals.viewer, params.id, body.text));
