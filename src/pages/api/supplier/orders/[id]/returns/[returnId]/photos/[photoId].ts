import { z } from 'zod';
import { photoResponse } from '../../../../../../../../domain/returns/http.ts';
import { photoParams } from '../../../../../../../../domain/returns/schema.ts';
import { supplierPhoto } from '../../../../../../../../domain/returns/service.ts';
import { defineEndpoint, handle } from '../../../../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/supplier/orders/{id}/returns/{returnId}/photos/{photoId}',
  summary: 'A photo of a return request (image/jpeg or image/png), for the order\'s supplier',
  tags: ['returns', 'supplier'], auth: 'user', params: photoParams, response: z.string().describe('image bytes'), errors: [403, 404],
});

export const GET = handle(spec, async ({ ctx, params }) => photoResponse(await supplierPhoto(ctx.locals.db, ctx.locals.viewer, params.id, params.returnId, params.photoId), ctx.request));
