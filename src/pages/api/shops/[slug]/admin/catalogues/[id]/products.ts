import { z } from 'zod';
import { catalogueProductAddSchema } from '../../../../../../../domain/admin/schema.ts';
import { addCatalogueProduct, listCatalogueProducts } from '../../../../../../../domain/admin/service.ts';
import { defineEndpoint } from '../../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams, listOf } from '../../_shared.ts';

export const placementSchema = z.object({ catalogue_id: z.string(), product_id: z.string(), queue_position: z.number().int() });

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/catalogues/{id}/products', summary: 'A catalogue\'s products in order (zero-based queue_position; shop admins)', tags: ['admin'], auth: 'user',
    params: idParams, response: listOf(z.object({ product_id: z.string(), name: z.string().nullable(), queue_position: z.number().int() })), errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'POST', path: '/api/shops/{slug}/admin/catalogues/{id}/products',
    summary: 'Add a product the shop offers (fields.product_id invalid_product otherwise) at the end or at queue_position',
    tags: ['admin'], auth: 'user', params: idParams, body: catalogueProductAddSchema, response: placementSchema, status: 201, errors: [...ADMIN_ERRORS, 409],
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ params, a }) => listCatalogueProducts(a, params.id));
export const POST = adminHandle(specs[1], async ({ params, body, a }) => addCatalogueProduct(a, params.id, body));
