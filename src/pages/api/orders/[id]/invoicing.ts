import { invoicingInput, orderDetail, orderParams } from '../../../../domain/orders/schema.ts';
import { setInvoicing } from '../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'PUT', path: '/api/orders/{id}/invoicing', summary: 'Invoicing data for the receipt: RFC, name, tax regime, CFDI use, postal code', tags: ['orders'],
  params: orderParams, body: invoicingInput, response: orderDetail, errors: [400, 404, 409],
});

export const PUT = handle(spec, async ({ ctx, params, body }) => setInvoicing(ctx.locals.db, ctx.locals.viewer, params.id, body));
