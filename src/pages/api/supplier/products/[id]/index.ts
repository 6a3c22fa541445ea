// One of the supplier's items: read, change (PATCH: the fields given, merged with what is stored and checked whole),
// delete (only when no order names it). Another supplier's item answers 404.
import { z } from 'zod';
import { deleteProduct, getProduct, patchProduct } from '../../../../../domain/products/service.ts';
import { productPatch, supplierProductView } from '../../../../../domain/products/schema.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

const params = z.object({ id: z.uuid() });

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/supplier/products/{id}', summary: 'One of the supplier\'s items (another supplier\'s: 404)', tags: ['supplier'], auth: 'user',
    params, response: supplierProductView, errors: [400, 403, 404],
  }),
  defineEndpoint({
    method: 'PATCH', path: '/api/supplier/products/{id}', tags: ['supplier'], auth: 'user',
    summary: 'Change fields of one of the supplier\'s items; the result is checked whole (margin below price, variant stock ...). Stock below what is reserved: 409',
    params, body: productPatch, response: supplierProductView, errors: [400, 403, 404, 409],
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/supplier/products/{id}', tags: ['supplier'], auth: 'user',
    summary: 'Delete one of the supplier\'s items; 409 product_has_orders when orders name it (unpublish or hide it instead)',
    params, response: z.object({ deleted: z.literal(true) }), errors: [400, 403, 404, 409],
  }),
] as const;

export const GET = handle(specs[0], ({ ctx, params }) => getProduct(ctx.locals.db, ctx.locals.viewer, params.id));
export const PATCH = handle(specs[1], ({ ctx, params, body }) => patchProduct(ctx.locals.db, ctx.locals.viewer, params.id, body));
export const DELETE = handle(specs[2], ({ ctx, params }) => deleteProduct(ctx.locals.db, ctx.locals.viewer, params.id));
