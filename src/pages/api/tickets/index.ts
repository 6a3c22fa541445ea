import { ticketList, ticketListQuery } from '../../../domain/tickets/schema.ts';
import { listMyTickets } from '../../../domain/tickets/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/tickets', tags: ['tickets'], auth: 'user',
  summary: 'My tickets (seed 001 §2): one per attendee of my paid experience orders, tickets still to use first; with QR code text, state (valid, used, canceled, ended) and whether the attendee can still be changed',
  query: ticketListQuery, response: ticketList, errors: [400],
});

export const GET = handle(spec, async ({ ctx, query }) => listMyTickets(ctx.locals.db, ctx.locals.viewer, query));
