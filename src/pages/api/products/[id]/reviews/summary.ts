// GET /api/products/{id}/reviews/summary (public): how many reviews, the average and the count of each star.
import { productReviewParams, ratingSummaryView } from '../../../../../domain/reviews/schema.ts';
import { ratingSummary } from '../../../../../domain/reviews/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/products/{id}/reviews/summary', auth: 'none', tags: ['reviews'],
  summary: 'Rating summary of a published item: count, average (one decimal, null without reviews) and count per star',
  params: productReviewParams, response: ratingSummaryView, errors: [400, 404],
});

export const GET = handle(spec, async ({ ctx, params }) => ratingSummary(ctx.locals.db, params.id));
