import { z } from 'zod';
import { removeCatalogueProduct } from '../../../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../../../_shared.ts';

export const spec = defineEndpoint({
  method: 'DELETE', path: '/api/shops/{slug}/admin/catalogues/{id}/products/{productId}', summary: 'Take a product out of a catalogue (the rest are renumbered)',
  tags: ['admin'], auth: 'user', params: idParams.extend({ productId: z.string().max(64) }),
  response: z.object({ catalogue_id: z.string(), product_id: z.string(), removed: z.literal(true) }), errors: ADMIN_ERRORS,
});

export const DELETE = adminHandle(spec, async ({ params, a }) => removeCatalogueProduct(a, params.id, params.productId));
