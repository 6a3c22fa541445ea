// /media/{id}/w{width}.{avif|webp|jpeg}: a resized copy of a raster original, made on first request and stored.
// Widths come from an allow-list (VARIANT_WIDTHS); anything else, and SVG/GIF originals, are 404.
import type { APIRoute } from 'astro';
import { getVariantRef, loadVariant } from '../../../domain/media/service.ts';
import { etagMatches, image, notFound, notModified } from '../_respond.ts';

export const GET: APIRoute = async ({ params, locals, request }) => {
  const ref = await getVariantRef(locals.db, params.id ?? '', params.variant ?? '');
  if (!ref) return notFound();
  if (etagMatches(request.headers.get('if-none-match'), ref.etag)) return notModified(ref.contentType, ref.etag);
  const variant = await loadVariant(locals.db, ref);
  // The original cannot be decoded (corrupt or too large): send the browser to it rather than fail.
  if (!variant) return new Response(null, { status: 302, headers: { location: ref.originalUrl, 'cache-control': 'no-store' } });
  return image(variant.bytes, variant.contentType, variant.etag);
};
