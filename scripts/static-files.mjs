// The built client files (dist/client: hashed /_astro/ assets and public/'s files), served before the app. The
// adapter's standalone handler looked on disk for a file before every page and API call (an lstat, a stat and its
// ENOENT error; without them an uncached home serves 1.2x the requests); here only an address whose first segment is one of the
// client folder's entries, read once at start, is looked up. Anything not found there goes to the app (its 404).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import Negotiator from 'negotiator';
import send from 'send';
import { TEXT_TYPES } from './precompress.mjs';

/** Hashed assets never change under their name; public/'s files (the favicon) may, so a day. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const A_DAY = 'public, max-age=86400';

/** The client files that have precompressed siblings (scripts/precompress.mjs), by URL path: which encodings. */
function precompressedFiles(clientDir) {
  const found = new Map();
  for (const e of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    const m = e.isFile() && /\.(br|gz)$/.exec(e.name);
    if (!m) continue;
    const rel = `/${path.relative(clientDir, path.join(e.parentPath, e.name.slice(0, -m[0].length))).split(path.sep).join('/')}`;
    found.set(rel, [...(found.get(rel) ?? []), m[1] === 'br' ? 'br' : 'gzip']);
  }
  return found;
}

/**
 * Sends the client files: the precompressed copy the browser accepts when there is one (with the original's type),
 * else the file; `next` for what is not a client file. Outside the per-request compression (scripts/serve.mjs).
 */
export function staticFiles(clientDir) {
  const entries = new Set(readdirSync(clientDir));
  const encoded = precompressedFiles(clientDir);
  return (req, res, next) => {
    const pathname = (req.url ?? '/').split('?')[0];
    const slash = pathname.indexOf('/', 1);
    const first = pathname.slice(1, slash < 0 ? undefined : slash);
    if (!entries.has(first)) return next();
    // /_astro/ holds only built assets: what is not one is answered here (a stale page's old script name, a write).
    const assets = first === '_astro';
    const miss = () => {
      if (res.headersSent) return res.destroy();
      if (!assets) return next();
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not found');
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      if (!assets) return next();
      return res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed');
    }
    // The precompressed copy the browser prefers (brotli before gzip), sent as the original with its encoding.
    const has = encoded.get(pathname);
    const encoding = has ? new Negotiator(req).encoding(has, { preferred: ['br', 'gzip'] }) : undefined;
    const ext = encoding && (encoding === 'br' ? '.br' : '.gz');
    if (has) res.setHeader('Vary', 'Accept-Encoding');
    // send takes the path as it came (still %-encoded) and decodes it itself.
    const stream = send(req, ext ? `${pathname}${ext}` : pathname, { root: clientDir, dotfiles: 'deny', index: false, cacheControl: false });
    stream.on('headers', (r) => {
      r.setHeader('Cache-Control', assets ? IMMUTABLE : A_DAY);
      if (ext) {
        r.setHeader('Content-Encoding', encoding);
        r.setHeader('Content-Type', TEXT_TYPES[path.extname(pathname)] ?? 'application/octet-stream');
      }
    });
    stream.on('directory', miss);
    stream.on('error', miss);
    stream.pipe(res);
  };
}
