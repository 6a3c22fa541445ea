import { z } from 'zod';
import { previewQuerySchema } from '../../../../../../domain/admin/schema.ts';
import { previewTheme } from '../../../../../../domain/admin/theme.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/admin/theme/preview',
  summary: 'The resolved template of one page (?page=home, ?source=draft|published) with the resolver\'s warnings. The rendered page itself: the storefront address with ?preview=draft (shop admins only)',
  tags: ['admin', 'themes'], auth: 'user', params: slugParams, query: previewQuerySchema,
  response: z.object({
    pack: z.string(), page: z.string(), source: z.enum(['draft', 'published']),
    sections: z.array(z.object({ id: z.string(), type: z.string(), settings: z.record(z.string(), z.unknown()), blocks: z.array(z.unknown()) })),
    warnings: z.array(z.string()),
  }),
  errors: ADMIN_ERRORS,
});

export const GET = adminHandle(spec, async ({ query, a }) => previewTheme(a, query));
