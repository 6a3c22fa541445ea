// The network's catalogues a shop may fork (issue 13; seed 001 §7 'root store catalogues', 'available catalogues').
import { networkCatalogueSchema, networkCataloguesQuerySchema } from '../../../../../../domain/catalogue-tools/schema.ts';
import { listNetworkCatalogues } from '../../../../../../domain/catalogue-tools/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, listOf, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/admin/catalogues/network',
  summary: 'Catalogues of the other shops of this shop\'s affinity network (the root store first), by shop and name, optionally those whose name contains text; offset 0, limit 50. Empty outside a network (shop admins)',
  tags: ['admin'], auth: 'user', params: slugParams, query: networkCataloguesQuerySchema, response: listOf(networkCatalogueSchema), errors: ADMIN_ERRORS,
});

export const GET = adminHandle(spec, async ({ query, a }) => listNetworkCatalogues(a, query));
