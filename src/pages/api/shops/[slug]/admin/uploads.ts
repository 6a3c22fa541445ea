import { uploadResultSchema } from '../../../../../domain/admin/schema.ts';
import { uploadShopImage, readUpload } from '../../../../../domain/admin/upload.ts';
import { defineEndpoint } from '../../../../../lib/server/endpoint.ts';
import { adminHandle, slugParams } from './_shared.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/uploads',
  summary: 'Upload one image (multipart/form-data, field "file"): .jpg/.jpeg/.png/.svg by content, at most 4,000,000 bytes (413), wrong or disguised types 415; SVGs are sanitised. Answers its /media address (shop admins)',
  tags: ['admin'], auth: 'user', params: slugParams, response: uploadResultSchema, status: 201, errors: [400, 403, 404, 413, 415],
});

export const POST = adminHandle(spec, async ({ ctx, a }) => {
  const file = await readUpload(ctx.request);
  const { removed: _removed, ...out } = await uploadShopImage(a, file);
  return out;
});
