import { z } from 'zod';
import { themeDocumentSchema, themeIssueSchema } from '../../../../../../domain/admin/schema.ts';
import { getThemeState } from '../../../../../../domain/admin/theme.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/admin/theme',
  summary: 'The builder\'s start: published pack, draft (every page filled in) and its version, published document, warnings, packs, page types, and per section type its settings, blocks and instance JSON schema (shop admins)',
  tags: ['admin', 'themes'], auth: 'user', params: slugParams,
  response: z.object({
    theme_pack: z.string(), draft: themeDocumentSchema, draft_version: z.number().int(), draft_updated_at: z.string().nullable(),
    published: themeDocumentSchema.nullable(), published_at: z.string().nullable(), warnings: z.array(themeIssueSchema),
    page_types: z.array(z.string()), packs: z.array(z.record(z.string(), z.unknown())), section_types: z.array(z.record(z.string(), z.unknown())),
  }),
  errors: ADMIN_ERRORS,
});

// Section and setting names in the request's language, as the builder shows them.
export const GET = adminHandle(spec, async ({ a, ctx }) => getThemeState(a, ctx.locals.t));
