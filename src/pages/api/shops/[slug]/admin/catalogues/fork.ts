// Fork (duplicate) a catalogue of this shop's network into this shop (issue 13; seed 001 §2, §4, §7).
import { forkBodySchema, forkResultSchema } from '../../../../../../domain/catalogue-tools/schema.ts';
import { forkCatalogue } from '../../../../../../domain/catalogue-tools/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/catalogues/fork',
  summary: 'Copy a catalogue (origin_id, or origin_slug in origin_shop, default the network\'s root store) of this shop or another shop of its affinity network: name (with a free slug), photo and items in order; the copy records origin_id. Items the shop lacks are appended to its store. Outside the network: 404',
  tags: ['admin'], auth: 'user', params: slugParams, body: forkBodySchema, response: forkResultSchema, status: 201, errors: [...ADMIN_ERRORS, 409],
});

export const POST = adminHandle(spec, async ({ body, a }) => forkCatalogue(a, body));
