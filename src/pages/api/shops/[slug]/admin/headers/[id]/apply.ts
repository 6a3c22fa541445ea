import { z } from 'zod';
import { headerSchema } from '../../../../../../../domain/admin/schema.ts';
import { applyHeader } from '../../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../../_shared.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/headers/{id}/apply',
  summary: 'Make this header the shop\'s active one (store_theme_info.header_info); {"active": false} clears it (shop admins)',
  tags: ['admin'], auth: 'user', params: idParams, body: z.strictObject({ active: z.boolean().default(true) }), response: headerSchema, errors: ADMIN_ERRORS,
});

export const POST = adminHandle(spec, async ({ params, body, a }) => applyHeader(a, params.id, body.active));
