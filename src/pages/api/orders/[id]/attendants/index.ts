import { orderParams } from '../../../../../domain/orders/schema.ts';
import { attendantListQuery, ticketList } from '../../../../../domain/tickets/schema.ts';
import { listAttendants } from '../../../../../domain/tickets/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders/{id}/attendants', tags: ['orders', 'tickets'],
  summary: 'The order\'s attendants: one ticket per attendee of its experiences, issued once the order is paid (offset, limit 10); for its buyer, 404 for others',
  params: orderParams, query: attendantListQuery, response: ticketList, errors: [400, 404],
});

export const GET = handle(spec, async ({ ctx, params, query }) => listAttendants(ctx.locals.db, ctx.locals.viewer, params.id, query));
