import { z } from 'zod';
import { ticketPdfResponse } from '../../../../../domain/tickets/files.ts';
import { attendantParams } from '../../../../../domain/tickets/schema.ts';
import { myTicket } from '../../../../../domain/tickets/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders/{id}/attendants/{attendantId}.pdf', summary: 'Download one attendant\'s ticket as a PDF (application/pdf)', tags: ['orders', 'tickets'],
  params: attendantParams, response: z.string().describe('application/pdf'), errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => {
  const t = await myTicket(ctx.locals.db, ctx.locals.viewer, params.attendantId, params.id);
  return ticketPdfResponse(t, ctx.locals.t, ctx.url);
});
