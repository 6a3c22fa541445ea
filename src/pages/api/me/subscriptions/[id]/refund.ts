import { z } from 'zod';
import { refundPackage } from '../../../../../domain/subscriptions/billing.ts';
import { refundOutput } from '../../../../../domain/subscriptions/schema.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'POST', path: '/api/me/subscriptions/{id}/refund',
    summary: 'Refund the package\'s last paid period in full (once, within 14 days of its start) through the card provider; the ledger transaction is reversed and the subscription ends now. 409 when already refunded, ended or out of the window; 404 for another person\'s',
    tags: ['plans'], auth: 'user', params: z.object({ id: z.uuid('validation.invalid') }), response: refundOutput, errors: [400, 401, 402, 404, 409],
  }),
] as const;

export const POST = handle(specs[0], async ({ ctx, params }) => refundPackage(ctx.locals.db, ctx.locals.viewer, params.id));
