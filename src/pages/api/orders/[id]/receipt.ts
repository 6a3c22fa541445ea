import { orderParams, receiptView } from '../../../../domain/orders/schema.ts';
import { receipt } from '../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders/{id}/receipt', summary: 'Print preview data: delivery, invoicing (tax regime, CFDI use), payment, lines, extra charge and totals', tags: ['orders'],
  params: orderParams, response: receiptView, errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => receipt(ctx.locals.db, ctx.locals.viewer, params.id));
