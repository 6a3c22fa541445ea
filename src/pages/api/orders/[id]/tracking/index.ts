import { orderParams } from '../../../../../domain/orders/schema.ts';
import { trackingView } from '../../../../../domain/shipping/schema.ts';
import { trackingOf } from '../../../../../domain/shipping/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/orders/{id}/tracking',
  summary: 'The shipment tracking of an order (label, pick-up, transit, delivery), for its buyer (or guest browser) and its supplier',
  tags: ['orders'], params: orderParams, response: trackingView, errors: [403, 404],
});

export const GET = handle(spec, async ({ ctx, params }) => trackingOf(ctx.locals.db, ctx.locals.viewer, params.id));
