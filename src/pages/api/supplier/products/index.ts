// GET /api/supplier/products: the supplier's items with filters, sort and paging; POST: a new item (unpublished
// unless said otherwise). Both through src/domain/products/service.ts (requireSupplier first).
import { z } from 'zod';
import { createProduct, listProducts } from '../../../../domain/products/service.ts';
import { productInput, productListQuery, supplierProductView } from '../../../../domain/products/schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/supplier/products', tags: ['supplier'], auth: 'user',
    summary: 'The supplier\'s products, services and experiences: text (name or tag), type, list_state, hiden, stock (available, low, out, ondemand), tag; sort; offset/limit',
    query: productListQuery, response: z.object({ results: z.array(supplierProductView), matches_estimated: z.number().int() }), errors: [400, 403],
  }),
  defineEndpoint({
    method: 'POST', path: '/api/supplier/products', tags: ['supplier'], auth: 'user', status: 201,
    summary: 'Create a product, service or experience of the supplier (owner and supplier are the caller\'s; slug from the name unless given; list_state unpublished by default). Bad fields: 400 with fields',
    body: productInput, response: supplierProductView, errors: [400, 403, 409],
  }),
] as const;

export const GET = handle(specs[0], ({ ctx, query }) => listProducts(ctx.locals.db, ctx.locals.viewer, query));
export const POST = handle(specs[1], ({ ctx, body }) => createProduct(ctx.locals.db, ctx.locals.viewer, body));
