import { attendantParams, ticketView } from '../../../../../domain/tickets/schema.ts';
import { myTicket, viewOf } from '../../../../../domain/tickets/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders/{id}/attendants/{attendantId}', summary: 'One attendant (ticket) of the order, for its buyer; 404 for others', tags: ['orders', 'tickets'],
  params: attendantParams, response: ticketView, errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => viewOf(await myTicket(ctx.locals.db, ctx.locals.viewer, params.attendantId, params.id)));
