// POST /api/supplier/products/bulk: publish, unpublish, hide or show several of the supplier's items at once.
import { z } from 'zod';
import { bulkUpdate } from '../../../../domain/products/service.ts';
import { bulkInput } from '../../../../domain/products/schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/products/bulk', tags: ['supplier'], auth: 'user',
  summary: 'Publish, unpublish, hide or show several of the supplier\'s items; answers how many changed (other suppliers\' ids are not counted)',
  body: bulkInput, response: z.object({ updated: z.number().int() }), errors: [400, 403],
});

export const POST = handle(spec, ({ ctx, body }) => bulkUpdate(ctx.locals.db, ctx.locals.viewer, body));
