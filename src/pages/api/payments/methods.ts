import { methodsOutput } from '../../../domain/payments/schema.ts';
import { methodsTable } from '../../../domain/payments/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/payments/methods', summary: 'Which flow and provider each payment method plays, and the sandbox test cards', auth: 'none', tags: ['payments'],
  response: methodsOutput,
});

export const GET = handle(spec, async () => methodsTable());
