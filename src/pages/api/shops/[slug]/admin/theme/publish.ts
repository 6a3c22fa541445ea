import { z } from 'zod';
import { themeDocumentSchema, themeIssueSchema, themePublishSchema } from '../../../../../../domain/admin/schema.ts';
import { publishTheme } from '../../../../../../domain/admin/theme.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/theme/publish',
  summary: 'Publish the draft: every section is checked against its type\'s schema and its page; 400 with fields per path (templates.home.sections[2].settings.columns) otherwise. Sets shops.theme_pack when the draft chose another pack',
  tags: ['admin', 'themes'], auth: 'user', params: slugParams, body: themePublishSchema,
  response: z.object({ theme_pack: z.string(), published: themeDocumentSchema, published_at: z.string().nullable(), warnings: z.array(themeIssueSchema) }),
  errors: [...ADMIN_ERRORS, 409],
});

export const POST = adminHandle(spec, async ({ body, a, ctx }) => publishTheme(a, body, ctx.locals.t));
