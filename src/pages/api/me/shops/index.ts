import { openStore } from '../../../../domain/store-opening/service.ts';
import { openStoreInput, openStoreOutput } from '../../../../domain/store-opening/schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/me/shops',
  summary: 'Open a free store (level-one users only): name, slug, store_type (affiliate; affinity for affinity profiles; franchise for suppliers), theme_pack. The user becomes ul2 and continues at editor_path. 400 validation_error with fields.slug slug_invalid | slug_reserved, 409 conflict with fields.slug slug_taken (or already owning a store), 403 for other levels',
  tags: ['stores'], auth: 'user', body: openStoreInput, response: openStoreOutput, status: 201, errors: [400, 401, 403, 409],
});

export const POST = handle(spec, async ({ ctx, body }) => openStore(ctx.locals.db, ctx.locals.viewer, body));
