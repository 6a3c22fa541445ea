import { z } from 'zod';
import { discardThemeDraft } from '../../../../../../domain/admin/theme.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';
import { draftAnswer } from './draft.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/theme/discard', summary: 'Throw the draft away: it becomes the published document again (or the pack\'s templates)',
  tags: ['admin', 'themes'], auth: 'user', params: slugParams, body: z.strictObject({}), response: draftAnswer, errors: ADMIN_ERRORS,
});

export const POST = adminHandle(spec, async ({ a, ctx }) => discardThemeDraft(a, ctx.locals.t));
