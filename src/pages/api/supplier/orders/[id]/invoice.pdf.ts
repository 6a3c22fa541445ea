import { z } from 'zod';
import { invoicePdfResponse } from '../../../../../domain/orders/invoice-pdf.ts';
import { orderParams, supplierRoleQuery } from '../../../../../domain/orders/schema.ts';
import { invoiceData } from '../../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/supplier/orders/{id}/invoice.pdf', summary: 'Download the invoice of a sale as a PDF (application/pdf), for its supplier; other suppliers get 404', tags: ['supplier'], auth: 'user',
  params: orderParams, query: supplierRoleQuery, response: z.string().describe('application/pdf'), errors: [403, 404],
});

export const GET = handle(spec, async ({ ctx, params, query }) => invoicePdfResponse(await invoiceData(ctx.locals.db, ctx.locals.viewer, params.id, query.as), ctx.locals.t));
