import { orderReturnParams, orderReturnsView } from '../../../../../../domain/returns/schema.ts';
import { supplierReturns } from '../../../../../../domain/returns/service.ts';
import { defineEndpoint, handle } from '../../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/supplier/orders/{id}/returns',
  summary: 'Returns of an order for its supplier: the requests with internal notes, photos, record and refunds, the amount available to refund and what may be done',
  tags: ['returns', 'supplier'], auth: 'user', params: orderReturnParams, response: orderReturnsView, errors: [403, 404],
});

export const GET = handle(spec, async ({ ctx, params }) => supplierReturns(ctx.locals.db, ctx.locals.viewer, params.id));
