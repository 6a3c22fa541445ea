import { z } from 'zod';
import { sharedCartView } from '../../../../domain/cart/schema.ts';
import { sharedCart } from '../../../../domain/cart/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/cart/shared/{slug}', summary: 'The items of a shared cart (public; add them with /api/cart/merge)', auth: 'none', tags: ['cart'],
  params: z.object({ slug: z.string().min(4).max(40) }), response: sharedCartView, errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => sharedCart(ctx.locals.db, params.slug));
