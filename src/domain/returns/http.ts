// Serving a return photo: private (the buyer and the supplier only), never sniffed, revalidated by its hash.
import type { PhotoRow } from './repo.ts';

export function photoResponse(p: PhotoRow, request: Request): Response {
  const etag = `"${p.sha256}"`;
  const headers = {
    'content-type': p.content_type, 'cache-control': 'private, max-age=3600', etag, 'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'", 'content-disposition': 'inline',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(p.bytes), { status: 200, headers: { ...headers, 'content-length': String(p.bytes.length) } });
}
