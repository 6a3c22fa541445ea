// POST /api/supplier/uploads: a product photo of the supplier, checked and stored as shop admins' uploads are.
import { uploadResultSchema } from '../../../domain/admin/schema.ts';
import { uploadProductPhoto } from '../../../domain/products/upload.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/uploads', tags: ['supplier'], auth: 'user', status: 201,
  summary: 'Upload one product photo (multipart/form-data, field "file"): .jpg/.jpeg/.png/.svg by content, at most 4,000,000 bytes (413), wrong or disguised types 415; SVGs are sanitised. Answers its /media address for the item\'s photos',
  response: uploadResultSchema, errors: [400, 403, 413, 415],
});

export const POST = handle(spec, ({ ctx }) => uploadProductPhoto(ctx.locals.db, ctx.locals.viewer, ctx.request));
