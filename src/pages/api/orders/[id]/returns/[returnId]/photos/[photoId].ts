import { z } from 'zod';
import { photoParams } from '../../../../../../../domain/returns/schema.ts';
import { customerPhoto } from '../../../../../../../domain/returns/service.ts';
import { defineEndpoint, handle } from '../../../../../../../lib/server/endpoint.ts';
import { photoResponse } from '../../../../../../../domain/returns/http.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders/{id}/returns/{returnId}/photos/{photoId}',
  summary: 'A photo of a return request (image/jpeg or image/png), for the order\'s customer only',
  tags: ['returns'], params: photoParams, response: z.string().describe('image bytes'), errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => photoResponse(await customerPhoto(ctx.locals.db, ctx.locals.viewer, params.id, params.returnId, params.photoId), ctx.request));
