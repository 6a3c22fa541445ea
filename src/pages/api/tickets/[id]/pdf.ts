import { z } from 'zod';
import { ticketPdfResponse } from '../../../../domain/tickets/files.ts';
import { ticketParams } from '../../../../domain/tickets/schema.ts';
import { myTicket } from '../../../../domain/tickets/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/tickets/{id}/pdf', summary: 'Download one of my tickets as a PDF (application/pdf: experience, date, type, attendee, QR code)', tags: ['tickets'],
  params: ticketParams, response: z.string().describe('application/pdf'), errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => {
  const t = await myTicket(ctx.locals.db, ctx.locals.viewer, params.id);
  return ticketPdfResponse(t, ctx.locals.t, ctx.url);
});
