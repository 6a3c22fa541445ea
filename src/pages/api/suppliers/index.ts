import { becomeSupplierInput, supplierView } from '../../../domain/suppliers/schema.ts';
import { becomeSupplier } from '../../../domain/suppliers/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/suppliers',
  summary: 'Become a supplier (seed 001 §2 /proveedores): a supplier on the signed-in user\'s own profile (name, image, contact, currency); it sells once its settings are complete (409 already_supplier when the user has one)',
  tags: ['supplier'], auth: 'user', body: becomeSupplierInput, response: supplierView, status: 201, errors: [400, 401, 409],
});

export const POST = handle(spec, async ({ ctx, body }) => becomeSupplier(ctx.locals.db, ctx.locals.viewer, body));
