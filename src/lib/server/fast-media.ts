// The server's fast path for images (scripts/serve.mjs): a /media address this process served from the file cache
// in the last MEDIA_INDEX_TTL_MS is answered from that file before the app builds a Request or runs its middleware,
// with the same headers as the /media routes (src/lib/server/media-http.ts) and the security headers. Anything
// else (not indexed, stale, a query string, a file gone from disk) goes to the app, which checks the database.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestIsHttps } from './fast-page.ts';
import { forgetMedia, indexedMedia } from './media-cache.ts';
import { etagMatches, imageHeaders } from './media-http.ts';
import { applySecurityHeaders } from './security-headers.ts';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Answers `req` from the media file cache and returns true (calling `fallback` instead when the file cannot be
 * read), or returns false having written nothing.
 */
export function serveCachedMedia(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
  const url = req.url;
  if (req.method !== 'GET' || !url?.startsWith('/media/') || url.includes('?')) return false;
  const hit = indexedMedia(url);
  if (!hit) return false;
  const headers = new Headers(imageHeaders(hit.contentType, hit.etag));
  applySecurityHeaders(headers, requestIsHttps(req));
  if (etagMatches(header(req.headers['if-none-match']) ?? null, hit.etag)) {
    headers.delete('content-type');
    res.writeHead(304, Object.fromEntries(headers));
    res.end();
    return true;
  }
  readFile(hit.file).then((bytes) => {
    headers.set('content-length', String(bytes.byteLength));
    res.writeHead(200, Object.fromEntries(headers));
    res.end(bytes);
  }, () => {
    // Removed from disk meanwhile (someone cleared the cache): the app reads the database and writes it again.
    forgetMedia([url.slice('/media/'.length, '/media/'.length + 36)]);
    fallback();
  });
  return true;
}
