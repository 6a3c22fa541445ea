import { z } from 'zod';
import { adminSlideSchema, slideInputSchema } from '../../../../../../domain/admin/schema.ts';
import { createSlide, listSlides } from '../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

export const slideListSchema = z.object({ results: z.array(adminSlideSchema), matches_estimated: z.number().int(), columns: z.union([z.literal(1), z.literal(2)]) });

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/slides', summary: 'The carousel slides in order, and the carousel column mode (shop admins)', tags: ['admin'], auth: 'user',
    params: slugParams, response: slideListSchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'POST', path: '/api/shops/{slug}/admin/slides',
    summary: 'Add a slide: hzt_image and vrt_image (uploads) required; type PRODUCT (a product the shop offers) or URL (url must match the carousel link pattern: invalid_shop_carousel_link); optional position',
    tags: ['admin'], auth: 'user', params: slugParams, body: slideInputSchema, response: adminSlideSchema, status: 201, errors: [...ADMIN_ERRORS, 409],
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ a }) => listSlides(a));
export const POST = adminHandle(specs[1], async ({ body, a }) => createSlide(a, body));
