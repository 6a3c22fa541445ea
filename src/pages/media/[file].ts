// /media/{id}.{ext}: a stored image exactly as uploaded (SVG, GIF and raster originals alike). The row is looked
// up without its bytes; the bytes come from the media file cache (read from the database once, then from disk),
// and the address is indexed for the server's fast path (src/lib/server/fast-media.ts).
import type { APIRoute } from 'astro';
import { getMediaFileMeta } from '../../domain/media/service.ts';
import { originalBytes } from '../../domain/media/cached.ts';
import { indexMedia } from '../../lib/server/media-cache.ts';
import { etagMatches, image, notFound, notModified } from '../../lib/server/media-http.ts';

export const GET: APIRoute = async ({ params, locals, request, url }) => {
  const meta = await getMediaFileMeta(locals.db, params.file ?? '');
  if (!meta) return notFound();
  if (etagMatches(request.headers.get('if-none-match'), meta.etag)) return notModified(meta.contentType, meta.etag);
  const got = await originalBytes(locals.db, meta);
  if (!got) return notFound();
  if (got.file) indexMedia(url.pathname, { file: got.file, contentType: meta.contentType, etag: meta.etag, size: got.bytes.byteLength });
  return image(got.bytes, meta.contentType, meta.etag);
};
