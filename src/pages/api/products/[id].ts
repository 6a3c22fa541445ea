// GET /api/products/{id}: a published item by id, as a supplier offers it (no shop). seed 001 §7 public/products/{id}.
import { z } from 'zod';
import { itemDetailSchema } from '../../../domain/catalog/schema.ts';
import { getPublicItem } from '../../../domain/catalog/service.ts';
import { readPreferences } from '../../../lib/i18n/preferences.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/products/{id}', tags: ['catalog'], summary: 'A published product, service or experience by id',
  params: z.object({ id: z.string().max(64) }), response: itemDetailSchema, errors: [404],
});

export const GET = handle(spec, async ({ ctx, params }) => {
  const prefs = readPreferences(ctx.cookies, ctx.request.headers.get('accept-language'));
  return getPublicItem(ctx.locals.db, ctx.locals.viewer, params.id, { showResaleInfo: prefs.showResaleInfo });
});
