import { orderList, supplierListQuery } from '../../../../domain/orders/schema.ts';
import { listSupplierOrders } from '../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/supplier/orders',
  summary: 'The supplier\'s orders (as=supplier: the supplier admin; as=dssupplier: orders with lines it dropships); same filters as /api/orders', tags: ['supplier'], auth: 'user',
  query: supplierListQuery, response: orderList, errors: [400, 403],
});

export const GET = handle(spec, async ({ ctx, query }) => listSupplierOrders(ctx.locals.db, ctx.locals.viewer, query));
