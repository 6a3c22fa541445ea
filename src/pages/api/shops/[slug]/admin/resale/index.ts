// The add-products modal's list (seed 001 §2, §7 'products to resale'): items the shop may resell.
import { resaleItemSchema, resaleQuerySchema } from '../../../../../../domain/resale/schema.ts';
import { listResale } from '../../../../../../domain/resale/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, listOf, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/admin/resale',
  summary: 'Items the shop may resell (published, visible, dropshipped, with a supplier; a franchise store: only its supplier\'s) of one type, filtered by text (name, tags, description; accents and case ignored), supplier and category (a tag); sort name (default), -contribution_margin, list_price or -list_price; offset 0, limit 20 (max 50); counted up to 1000. in_store: already in this shop\'s store; earning: contribution_margin x the shop\'s plan rate (minor units, null when not resellable). scope=workspace (the referral products tab) adds the suppliers\' items not for resale (is_dropshipping false) and the store\'s unpublished or hidden items (faded) (shop admins)',
  tags: ['admin'], auth: 'user', params: slugParams, query: resaleQuerySchema, response: listOf(resaleItemSchema), errors: ADMIN_ERRORS,
});

export const GET = adminHandle(spec, async ({ query, a }) => listResale(a, query));
