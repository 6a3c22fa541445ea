import { slideOrderSchema } from '../../../../../../domain/admin/schema.ts';
import { reorderSlides } from '../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';
import { slideListSchema } from './index.ts';

export const spec = defineEndpoint({
  method: 'PUT', path: '/api/shops/{slug}/admin/slides/order', summary: 'Reorder the slides: ids lists every slide exactly once (shop admins)',
  tags: ['admin'], auth: 'user', params: slugParams, body: slideOrderSchema, response: slideListSchema, errors: ADMIN_ERRORS,
});

export const PUT = adminHandle(spec, async ({ body, a }) => reorderSlides(a, body.ids));
