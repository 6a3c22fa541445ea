// The franchise modal's list (seed 001 §2, §3 franchise list item; page size 2 by §9).
import { franchiseChoiceSchema, franchiseQuerySchema } from '../../../../../../domain/resale/schema.ts';
import { listFranchiseChoices } from '../../../../../../domain/resale/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, listOf, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/admin/franchises',
  summary: 'Enabled franchise stores this shop may carry (never itself), by name; text searches the name (accents and case ignored); offset 0, limit 2 (max 50). in_store: carried by this shop (shop admins)',
  tags: ['admin'], auth: 'user', params: slugParams, query: franchiseQuerySchema, response: listOf(franchiseChoiceSchema), errors: ADMIN_ERRORS,
});

export const GET = adminHandle(spec, async ({ query, a }) => listFranchiseChoices(a, query));
