import { z } from 'zod';
import { orderParams } from '../../../../../domain/orders/schema.ts';
import { orderZipResponse } from '../../../../../domain/tickets/files.ts';
import { allAttendants } from '../../../../../domain/tickets/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';
import { AppError } from '../../../../../lib/shared/errors.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders/{id}/attendants/zip', summary: 'Download the order\'s tickets as a ZIP of one PDF each (application/zip); 404 when it has none', tags: ['orders', 'tickets'],
  params: orderParams, response: z.string().describe('application/zip'), errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => {
  const list = await allAttendants(ctx.locals.db, ctx.locals.viewer, params.id);
  if (!list.length) throw new AppError('not_found', 'This order has no tickets');
  return orderZipResponse(list, list[0]!.order_number, ctx.locals.t, ctx.url);
});
