import { holderInput, ticketParams, ticketView } from '../../../../domain/tickets/schema.ts';
import { myTicket, updateHolder, viewOf } from '../../../../domain/tickets/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/tickets/{id}', summary: 'One of my tickets (its order\'s buyer; guests: the browser that bought it); others get 404', tags: ['tickets'],
    params: ticketParams, response: ticketView, errors: [404],
  }),
  defineEndpoint({
    method: 'PATCH', path: '/api/tickets/{id}', tags: ['tickets'],
    summary: 'Change the attendee (full name, phone) of one of my tickets while it is valid: 409 once used, canceled or the experience ended',
    params: ticketParams, body: holderInput, response: ticketView, errors: [400, 404, 409],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params }) => viewOf(await myTicket(ctx.locals.db, ctx.locals.viewer, params.id)));
export const PATCH = handle(specs[1], async ({ ctx, params, body }) => updateHolder(ctx.locals.db, ctx.locals.viewer, params.id, body));
