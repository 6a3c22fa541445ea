import { z } from 'zod';
import { getProductStock, setProductStock } from '../../../../../domain/checkout/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

const stockView = z.object({ product_id: z.string(), stock_type: z.string(), stock_on_hand: z.number(), stock_reserved: z.number(), available: z.number() });

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/supplier/products/{id}/stock', summary: 'Units on hand and reserved of one of the supplier\'s products', tags: ['supplier'], auth: 'user',
    params: z.object({ id: z.uuid() }), response: stockView, errors: [403, 404],
  }),
  defineEndpoint({
    method: 'PUT', path: '/api/supplier/products/{id}/stock', summary: 'Set the units on hand of one of the supplier\'s products (never below what is reserved)', tags: ['supplier'], auth: 'user',
    params: z.object({ id: z.uuid() }), body: z.object({ stock_on_hand: z.number().int().min(0).max(10_000_000) }), response: stockView,
    errors: [400, 403, 404, 409],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params }) => getProductStock(ctx.locals.db, ctx.locals.viewer, params.id));
export const PUT = handle(specs[1], async ({ ctx, params, body }) => setProductStock(ctx.locals.db, ctx.locals.viewer, params.id, body.stock_on_hand));
