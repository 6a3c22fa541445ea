import { becomeEntrepreneur } from '../../../domain/store-opening/service.ts';
import { levelOutput } from '../../../domain/store-opening/schema.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/me/entrepreneur',
  summary: 'Become an entrepreneur: a registered user (ul0) moves to level one (ul1), who may open a free store; other levels are answered unchanged',
  tags: ['stores'], auth: 'user', response: levelOutput, errors: [401],
});

export const POST = handle(spec, async ({ ctx }) => becomeEntrepreneur(ctx.locals.db, ctx.locals.viewer));
