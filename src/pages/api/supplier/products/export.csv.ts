// GET /api/supplier/products/export.csv: every item of the supplier matching the list's filters, as CSV for
// spreadsheets (src/domain/products/csv.ts describes the columns).
import { z } from 'zod';
import { exportCsv } from '../../../../domain/products/csv-service.ts';
import { productListQuery } from '../../../../domain/products/schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/supplier/products/export.csv', tags: ['supplier'], auth: 'user',
  summary: 'The supplier\'s items as CSV (text/csv, UTF-8 with BOM): the list\'s filters and sort, every page. Prices in major units ("199.50"); tags and photos "|"-separated; variants "Talla=S|M|L;Color=Rojo"; variant_stock "Talla=S|Color=Rojo:5;..."',
  query: productListQuery.omit({ offset: true, limit: true }), response: z.string(), errors: [400, 403],
});

export const GET = handle(spec, async ({ ctx, query }) => {
  const csv = await exportCsv(ctx.locals.db, ctx.locals.viewer, query);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store',
      'content-disposition': `attachment; filename="productos-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
});
