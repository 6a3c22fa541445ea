import { z } from 'zod';
import { removeBranch } from '../../../../domain/checkout/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'DELETE', path: '/api/supplier/branches/{id}', summary: 'Remove a branch', tags: ['supplier'], auth: 'user',
  params: z.object({ id: z.uuid() }), response: z.object({ deleted: z.boolean() }), errors: [403, 404],
});

export const DELETE = handle(spec, async ({ ctx, params }) => removeBranch(ctx.locals.db, ctx.locals.viewer, params.id));
