// PATCH /api/reviews/{id}: change my review. DELETE /api/reviews/{id}: delete it (its photos go with it).
// Someone else's review answers 404, as an unknown one does.
import { z } from 'zod';
import { reviewParams, reviewPatch, reviewView } from '../../../../domain/reviews/schema.ts';
import { deleteReview, updateReview } from '../../../../domain/reviews/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'PATCH', path: '/api/reviews/{id}', tags: ['reviews'], auth: 'user',
    summary: 'Change my review: rating, title, text, photos (the full list; photos left out are deleted). 404 for other people\'s reviews',
    params: reviewParams, body: reviewPatch, response: reviewView, errors: [400, 404],
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/reviews/{id}', tags: ['reviews'], auth: 'user',
    summary: 'Delete my review and its photos. 404 for other people\'s reviews',
    params: reviewParams, response: z.object({ deleted: z.boolean() }), errors: [404],
  }),
] as const;

export const PATCH = handle(specs[0], async ({ ctx, params, body }) => updateReview(ctx.locals.db, ctx.locals.viewer, params.id, body));
export const DELETE = handle(specs[1], async ({ ctx, params }) => deleteReview(ctx.locals.db, ctx.locals.viewer, params.id));
