import { z } from 'zod';
import { cataloguePatchSchema } from '../../../../../../domain/admin/schema.ts';
import { deleteCatalogue, updateCatalogue } from '../../../../../../domain/admin/service.ts';
import { catalogueSchema } from '../../../../../../domain/catalog/schema.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'PATCH', path: '/api/shops/{slug}/admin/catalogues/{id}', summary: 'Rename a catalogue and/or change its photo (the slug stays, so shared links keep working)',
    tags: ['admin'], auth: 'user', params: idParams, body: cataloguePatchSchema, response: catalogueSchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/shops/{slug}/admin/catalogues/{id}',
    summary: 'Remove a catalogue from the store: the catalogue and its product list go (the products stay in the store). It stays restorable until restorable_until (POST .../restore); its photo is deleted with the purge when unused',
    tags: ['admin'], auth: 'user', params: idParams,
    response: z.object({ id: z.string(), deleted: z.literal(true), removed_products: z.number().int(), restorable_until: z.string() }), errors: ADMIN_ERRORS,
  }),
] as const;

export const PATCH = adminHandle(specs[0], async ({ params, body, a }) => updateCatalogue(a, params.id, body));
export const DELETE = adminHandle(specs[1], async ({ params, a }) => deleteCatalogue(a, params.id));
