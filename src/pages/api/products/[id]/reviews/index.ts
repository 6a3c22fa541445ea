// GET /api/products/{id}/reviews (public): a product's reviews, a page at a time.
import { productReviewParams, reviewList, reviewListQuery } from '../../../../../domain/reviews/schema.ts';
import { listProductReviews } from '../../../../../domain/reviews/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/products/{id}/reviews', auth: 'none', tags: ['reviews'],
  summary: 'Reviews of a published item: sort newest (default), highest or lowest; rating=1..5 for one star only; offset/limit',
  params: productReviewParams, query: reviewListQuery, response: reviewList, errors: [400, 404],
});

export const GET = handle(spec, async ({ ctx, params, query }) => listProductReviews(ctx.locals.db, params.id, query));
