// The built client files (dist/client: hashed /_astro/ assets and public/'s files), served before the app. The
// adapter's standalone handler looked on disk for a file before every page and API call (an lstat, a stat and its
// ENOENT error; without them an uncached home serves 1.2x the requests); here only an address whose first segment is one of the
// client folder's entries, read once at start, is looked up. Anything not found there goes to the app (its 404).
import { readdirSync } from 'node:fs';
import send from 'send';

/** Hashed assets never change under their name; public/'s files (the favicon) may, so a day. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const A_DAY = 'public, max-age=86400';

export function staticFiles(clientDir) {
  const entries = new Set(readdirSync(clientDir));
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
    // send takes the path as it came (still %-encoded) and decodes it itself.
    const stream = send(req, pathname, { root: clientDir, dotfiles: 'deny', index: false, cacheControl: false });
    stream.on('headers', (r) => r.setHeader('Cache-Control', assets ? IMMUTABLE : A_DAY));
    stream.on('directory', miss);
    stream.on('error', miss);
    stream.pipe(res);
  };
}
