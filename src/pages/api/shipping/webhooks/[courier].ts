import type { APIRoute } from 'astro';
import { SIGNATURE_HEADER } from '../../../../domain/payments/signature.ts';
import { courierEventAnswer, courierParams } from '../../../../domain/shipping/schema.ts';
import { receiveCourierWebhook } from '../../../../domain/shipping/webhook.ts';
import { readBodyLimited } from '../../../../lib/server/body.ts';
import { defineEndpoint } from '../../../../lib/server/endpoint.ts';
import { errorResponse, json } from '../../../../lib/server/http.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shipping/webhooks/{courier}',
  summary: 'Courier tracking events: x-signature "t=...,v1=hex" (HMAC-SHA256 of "t.body" with SHIPPING_WEBHOOK_SECRET, or the public demo secret in demo mode); '
    + 'body {event_id, tracking_number, status, occurred_at, location}; each event is recorded once, and "delivered" delivers the order. 503 couriers_not_configured without a secret',
  auth: 'signature', tags: ['orders'], params: courierParams, response: courierEventAnswer, errors: [400, 401, 404, 413, 503],
});

const MAX = 64 * 1024;

// The signature covers the raw bytes, so this handler reads the body itself instead of parsing JSON first.
export const POST: APIRoute = async (ctx) => {
  try {
    const params = courierParams.parse(ctx.params);
    const raw = (await readBodyLimited(ctx.request, MAX)).toString('utf8');
    return json(await receiveCourierWebhook(ctx.locals.db, params.courier, raw, ctx.request.headers.get(SIGNATURE_HEADER)));
  } catch (err) {
    return errorResponse(err);
  }
};
