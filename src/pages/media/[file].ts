import type { APIRoute } from 'astro';
import { getMediaFile } from '../../domain/media/service.ts';

export const GET: APIRoute = async ({ params, locals, request }) => {
  const file = await getMediaFile(locals.db, params.file ?? '');
  if (!file) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  const etag = `"${file.sha256}"`;
  const headers = {
    'content-type': file.content_type,
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
    'x-content-type-options': 'nosniff',
    // Uploaded SVGs are documents: never let them run script or load anything, even when opened directly.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.bytes), { headers });
};
