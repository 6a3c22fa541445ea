import { orderParams } from '../../../../../domain/orders/schema.ts';
import { trackingView } from '../../../../../domain/shipping/schema.ts';
import { sandboxAdvanceNow } from '../../../../../domain/shipping/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/orders/{id}/tracking/sandbox',
  summary: 'Demo only (sandbox courier): move a shipped parcel to its next step now instead of waiting for the courier; 404 where the sandbox courier is off',
  tags: ['orders'], params: orderParams, response: trackingView, errors: [403, 404],
});

export const POST = handle(spec, async ({ ctx, params }) => sandboxAdvanceNow(ctx.locals.db, ctx.locals.viewer, params.id));
