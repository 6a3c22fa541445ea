import type { APIRoute } from 'astro';
import { webhookOutput, webhookParams } from '../../../../domain/payments/schema.ts';
import { receiveWebhook } from '../../../../domain/payments/service.ts';
import { SIGNATURE_HEADER } from '../../../../domain/payments/signature.ts';
import { STRIPE_SIGNATURE_HEADER } from '../../../../domain/payments/stripe.ts';
import { CONEKTA_SIGNATURE_HEADER } from '../../../../domain/payments/conekta.ts';
import { defineEndpoint } from '../../../../lib/server/endpoint.ts';
import { readBodyLimited } from '../../../../lib/server/body.ts';
import { errorResponse, json } from '../../../../lib/server/http.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/payments/webhooks/{provider}',
  summary: 'Provider webhooks: x-signature "t=...,v1=hex" (HMAC-SHA256 of "t.body" with PAYMENTS_WEBHOOK_SECRET, or the public demo secret in demo mode); /stripe: Stripe-Signature checked with STRIPE_WEBHOOK_SECRET by the SDK, events it does not act on answered outcome "ignored"; /conekta: the digest header (base64 RSA-SHA256 signature of the body) checked with CONEKTA_WEBHOOK_KEY, other events "ignored"; each event is processed once. 404 for a provider that does not run here (sandbox ones outside demo mode), 503 payments_not_configured without a secret',
  auth: 'signature', tags: ['payments'], params: webhookParams, response: webhookOutput, errors: [400, 401, 404, 409, 413, 503],
});

const MAX = 256 * 1024;

// The signature covers the raw bytes, so this handler reads the body itself instead of parsing JSON first.
export const POST: APIRoute = async (ctx) => {
  try {
    const params = webhookParams.parse(ctx.params);
    const raw = (await readBodyLimited(ctx.request, MAX)).toString('utf8');
    // Stripe and Conekta sign with their own headers; the sandbox providers with ours.
    const header = params.provider === 'stripe' ? STRIPE_SIGNATURE_HEADER : params.provider === 'conekta' ? CONEKTA_SIGNATURE_HEADER : SIGNATURE_HEADER;
    const signature = ctx.request.headers.get(header);
    return json(await receiveWebhook(ctx.locals.db, params.provider, raw, signature));
  } catch (err) {
    return errorResponse(err, ctx.locals.t);
  }
};
