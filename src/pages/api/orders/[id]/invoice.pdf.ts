import { z } from 'zod';
import { invoicePdfResponse } from '../../../../domain/orders/invoice-pdf.ts';
import { orderParams } from '../../../../domain/orders/schema.ts';
import { invoiceData } from '../../../../domain/orders/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders/{id}/invoice.pdf', summary: 'Download the order\'s invoice as a PDF (application/pdf: a purchase receipt with seller, buyer, invoicing data, lines and totals; not a CFDI); others get 404', tags: ['orders'],
  params: orderParams, response: z.string().describe('application/pdf'), errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => invoicePdfResponse(await invoiceData(ctx.locals.db, ctx.locals.viewer, params.id), ctx.locals.t));
