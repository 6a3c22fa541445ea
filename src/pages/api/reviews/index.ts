// GET /api/reviews: my reviews. POST /api/reviews: review a product I received (one per product).
import { myReviewsQuery, reviewInput, reviewList, reviewView } from '../../../domain/reviews/schema.ts';
import { createReview, myReviews } from '../../../domain/reviews/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/reviews', tags: ['reviews'], auth: 'user',
    summary: 'My reviews, newest first (product_id for one product); offset/limit',
    query: myReviewsQuery, response: reviewList, errors: [400],
  }),
  defineEndpoint({
    method: 'POST', path: '/api/reviews', tags: ['reviews'], auth: 'user', status: 201,
    summary: 'Review a product of a delivered order: rating 1-5 (required), title (max 120), text (max 2000), up to 4 photo ids from POST /api/reviews/photos. '
      + '403 when not bought or not delivered yet, 409 when already reviewed (change it with PATCH)',
    body: reviewInput, response: reviewView, errors: [400, 403, 404, 409],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, query }) => myReviews(ctx.locals.db, ctx.locals.viewer, query));
export const POST = handle(specs[1], async ({ ctx, body }) => createReview(ctx.locals.db, ctx.locals.viewer, body));
