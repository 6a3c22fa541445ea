// Add product to store / remove from store (seed 001 §4, §7). Both idempotent: the modal's undo may repeat them.
import { uuidSchema } from '../../../../../../domain/admin/schema.ts';
import { storeProductAddedSchema, storeProductRemovedSchema } from '../../../../../../domain/resale/schema.ts';
import { addToStore, removeFromStore } from '../../../../../../domain/resale/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

const params = slugParams.extend({ productId: uuidSchema });

export const specs = [
  defineEndpoint({
    method: 'PUT', path: '/api/shops/{slug}/admin/store-products/{productId}',
    summary: 'Put a resellable item at the end of the store (no change when it is there already). 404 for anything else; a franchise store refuses other suppliers\' items (409, fields.product_id invalid_product)',
    tags: ['admin'], auth: 'user', params, response: storeProductAddedSchema, errors: [...ADMIN_ERRORS, 409],
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/shops/{slug}/admin/store-products/{productId}',
    summary: 'Take an item out of the store and out of every catalogue of the shop, in one transaction (no change when absent; 404 for an unknown id)',
    tags: ['admin'], auth: 'user', params, response: storeProductRemovedSchema, errors: ADMIN_ERRORS,
  }),
] as const;

export const PUT = adminHandle(specs[0], async ({ params: p, a }) => addToStore(a, p.productId));
export const DELETE = adminHandle(specs[1], async ({ params: p, a }) => removeFromStore(a, p.productId));
