import { orderDetail, orderParams, shipInput } from '../../../../../domain/orders/schema.ts';
import { shipOrder } from '../../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/orders/{id}/ship', summary: 'Fulfilment: the parcel left with its tracking number (not for collection orders)', tags: ['supplier'], auth: 'user',
  params: orderParams, body: shipInput, response: orderDetail, errors: [400, 403, 404, 409],
});

export const POST = handle(spec, async ({ ctx, params, body }) => shipOrder(ctx.locals.db, ctx.locals.viewer, params.id, body));
