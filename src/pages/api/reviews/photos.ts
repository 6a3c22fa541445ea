// POST /api/reviews/photos: one review photo (multipart/form-data, field "file"), read and checked as admin uploads
// are (src/domain/admin/upload.ts: the size limit while reading, the type by the bytes); JPEG or PNG. The answer's
// id goes into a review's `photos`.
import { photoUploadView } from '../../../domain/reviews/schema.ts';
import { assertMayUploadPhotos, uploadReviewPhoto } from '../../../domain/reviews/service.ts';
import { readUpload } from '../../../domain/admin/upload.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/reviews/photos', tags: ['reviews'], auth: 'user', status: 201,
  summary: 'Upload one review photo (multipart/form-data, field "file"): .jpg/.jpeg/.png by content, at most 4,000,000 bytes (413), other or disguised types 415. '
    + 'For people with a delivered order (403 otherwise). Answers its id for a review\'s photos',
  response: photoUploadView, errors: [400, 403, 413, 415],
});

export const POST = handle(spec, async ({ ctx }) => {
  const v = await assertMayUploadPhotos(ctx.locals.db, ctx.locals.viewer);
  const file = await readUpload(ctx.request);
  return uploadReviewPhoto(ctx.locals.db, v, file);
});
