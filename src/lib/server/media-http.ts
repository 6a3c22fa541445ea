// HTTP answers of stored images: the /media routes and the server's fast path (src/lib/server/fast-media.ts).

/** Headers of every image answer: stored files never change under an address, so caches may keep them forever. */
export function imageHeaders(contentType: string, etag: string): Record<string, string> {
  return {
    'content-type': contentType,
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
    'x-content-type-options': 'nosniff',
    // Uploaded SVGs are documents: never let them run script or load anything, even when opened directly.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
  };
}

/** Whether an If-None-Match header names this ETag (weak comparison, lists and `*` understood). */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

export function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}

export function notModified(contentType: string, etag: string): Response {
  const { 'content-type': _, ...headers } = imageHeaders(contentType, etag);
  return new Response(null, { status: 304, headers });
}

export function image(bytes: Uint8Array, contentType: string, etag: string): Response {
  return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), {
    headers: { ...imageHeaders(contentType, etag), 'content-length': String(bytes.byteLength) },
  });
}
