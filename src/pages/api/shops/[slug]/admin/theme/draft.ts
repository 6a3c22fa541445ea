import { z } from 'zod';
import { themeDocumentSchema, themeDraftPutSchema, themeIssueSchema } from '../../../../../../domain/admin/schema.ts';
import { saveThemeDraft } from '../../../../../../domain/admin/theme.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

export const draftAnswer = z.object({ draft: themeDocumentSchema, draft_version: z.number().int(), warnings: z.array(themeIssueSchema) });

export const spec = defineEndpoint({
  method: 'PUT', path: '/api/shops/{slug}/admin/theme/draft',
  summary: 'Save the draft {pack, settings, templates, version?}: refused (400) when structurally invalid or the pack is unknown, 409 when version is stale; invalid settings are kept and answered as warnings with their paths',
  tags: ['admin', 'themes'], auth: 'user', params: slugParams, body: themeDraftPutSchema, response: draftAnswer, errors: [...ADMIN_ERRORS, 409],
});

export const PUT = adminHandle(spec, async ({ body, a, ctx }) => saveThemeDraft(a, body, ctx.locals.t));
