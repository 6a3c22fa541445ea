// /media/{id}/w{width}.{avif|webp|jpeg}: a resized copy of a raster original, made on first request and stored.
// Widths come from an allow-list (VARIANT_WIDTHS); anything else, and SVG/GIF originals, are 404.
// /media/{id}/og.jpg: the image's social card (og:image), for every stored type (src/lib/server/social-image.ts).
// Bytes come through the media file cache, and the address is indexed for the server's fast path.
import type { APIRoute } from 'astro';
import { getVariantRef } from '../../../domain/media/service.ts';
import { getSocialRef, socialBytes, variantBytes, type ImageBytes } from '../../../domain/media/cached.ts';
import { indexMedia } from '../../../lib/server/media-cache.ts';
import { etagMatches, image, notFound, notModified } from '../../../lib/server/media-http.ts';
import { SOCIAL_IMAGE_NAME } from '../../../lib/shared/social-image.ts';

/** What the address stands for, and how to get its bytes; null when it is not one we serve. */
async function lookup(db: App.Locals['db'], id: string, name: string) {
  if (name === SOCIAL_IMAGE_NAME) {
    const ref = await getSocialRef(db, id);
    return ref && { ref, load: (): Promise<ImageBytes | null> => socialBytes(db, ref) };
  }
  const ref = await getVariantRef(db, id, name);
  return ref && { ref, load: (): Promise<ImageBytes | null> => variantBytes(db, ref) };
}

export const GET: APIRoute = async ({ params, locals, request, url }) => {
  const found = await lookup(locals.db, params.id ?? '', params.variant ?? '');
  if (!found) return notFound();
  const { ref, load } = found;
  if (etagMatches(request.headers.get('if-none-match'), ref.etag)) return notModified(ref.contentType, ref.etag);
  const got = await load();
  // The original cannot be decoded (corrupt or too large): send the browser to it rather than fail.
  if (!got) return new Response(null, { status: 302, headers: { location: ref.originalUrl, 'cache-control': 'no-store' } });
  if (got.file) indexMedia(url.pathname, { file: got.file, contentType: ref.contentType, etag: ref.etag, size: got.bytes.byteLength });
  return image(got.bytes, ref.contentType, ref.etag);
};
