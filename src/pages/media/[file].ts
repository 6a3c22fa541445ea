// /media/{id}.{ext}: a stored image exactly as uploaded (SVG, GIF and raster originals alike).
import type { APIRoute } from 'astro';
import { getMediaFile, getMediaFileMeta } from '../../domain/media/service.ts';
import { etagMatches, image, notFound, notModified } from './_respond.ts';

export const GET: APIRoute = async ({ params, locals, request }) => {
  const file = params.file ?? '';
  const conditional = request.headers.get('if-none-match');
  if (conditional) {
    // Answer a revalidation without reading the bytes.
    const meta = await getMediaFileMeta(locals.db, file);
    if (!meta) return notFound();
    if (etagMatches(conditional, meta.etag)) return notModified(meta.contentType, meta.etag);
  }
  const row = await getMediaFile(locals.db, file);
  if (!row) return notFound();
  return image(row.bytes, row.content_type, row.etag);
};
