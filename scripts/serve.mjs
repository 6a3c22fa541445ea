// Serves the built app on HOST:PORT: the client files (scripts/static-files.mjs), then the Node adapter's handler. The adapter's
// own standalone server answers an address with a malformed %-escape with a bare text 400 before the app runs;
// this one answers it like any other bad input (src/lib/server/malformed-url.ts): the JSON error shape under /api,
// the 400 page elsewhere.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { staticFiles } from './static-files.mjs';
import { answerMalformedUrl } from '../src/lib/server/malformed-url.ts';
import { serveCachedPage } from '../src/lib/server/fast-page.ts';
import { serveCachedMedia } from '../src/lib/server/fast-media.ts';
import { setDraining } from '../src/lib/server/lifecycle.ts';
import { httpTimeouts } from '../src/lib/server/timeouts.ts';
import { getDbHandle } from '../src/db/client.ts';
import { startJobs, stopJobs } from '../src/jobs/index.ts';
import { config } from '../src/lib/server/config.ts';

// The app's text answers (HTML, JSON, SVG) go out compressed with brotli or gzip, whichever the client prefers.
// Cached storefront pages arrive already compressed (src/lib/server/page-cache.ts keeps the compressed copy) and
// pass through untouched. Brotli at quality 4: most of its gain at a fraction of the CPU of the default 11.
const compress = compression({ threshold: 1024, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });

export async function serve(entry) {
  const env = config();
  const baseDomain = env.BASE_DOMAIN;
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  // The adapter runs in middleware mode: its handler is the app alone, and the client files are ours to serve.
  const { handler } = await import(pathToFileURL(entry).href);
  const files = staticFiles(path.resolve(path.dirname(entry), '../client'));
  const listener = (req, res) => {
    open.add(res);
    res.once('close', () => open.delete(res));
    if (answerMalformedUrl(req, res)) return;
    // A fresh cached storefront page goes out before the app runs (src/lib/server/fast-page.ts).
    if (serveCachedPage(req, res, baseDomain)) return;
    // The client files (scripts/static-files.mjs) go out as built: their text files were compressed once at build
    // (scripts/precompress.mjs). Then, compressed per request: an image this process served from the media file
    // cache, from disk (src/lib/server/fast-media.ts), then the app.
    files(req, res, () => {
      compress(req, res, () => {
        if (!serveCachedMedia(req, res, () => handler(req, res))) handler(req, res);
      });
    });
  };
  const { SERVER_CERT_PATH: cert, SERVER_KEY_PATH: key } = env;
  // Request, header, idle and keep-alive timeouts (src/lib/server/timeouts.ts): a connection that sends nothing or
  // half a request is closed, and a balancer's idle connection is never closed under it.
  const t = httpTimeouts();
  const options = { connectionsCheckingInterval: t.checkInterval, headersTimeout: t.headersTimeout, requestTimeout: t.requestTimeout, keepAliveTimeout: t.keepAliveTimeout };
  const server = cert && key
    ? https.createServer({ ...options, cert: readFileSync(cert), key: readFileSync(key) }, listener)
    : http.createServer(options, listener);
  server.keepAliveTimeout = t.keepAliveTimeout;
  server.headersTimeout = t.headersTimeout;
  server.requestTimeout = t.requestTimeout;
  server.setTimeout(t.idleTimeout);
  const host = env.HOST;
  const port = env.PORT;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  console.log(`Server listening on ${cert && key ? 'https' : 'http'}://${host}:${port}`);
  // Background jobs (src/jobs): once per process, from the start, not from a first request.
  startJobs((await getDbHandle()).db);
  for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => shutdown(server, signal));
  return server;
}

/** Answers in progress: at shutdown, event streams (which never finish by themselves) are cut at once. */
const open = new Set();
const cutEventStreams = () => {
  for (const res of open) if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) res.socket?.destroy();
};

/** How long in-flight requests get to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_TIMEOUT_MS = config().SHUTDOWN_TIMEOUT_MS;

/**
 * Graceful shutdown: stop accepting connections (and /api/health answers 503 meanwhile), let the requests in flight
 * finish (idle keep-alive connections and event streams are closed at once), then close the database and exit 0. After
 * SHUTDOWN_TIMEOUT_MS the remaining connections are cut and the process exits 1.
 */
async function shutdown(server, signal) {
  console.log(`[shutdown] ${signal}: finishing in-flight requests`);
  setDraining(true);
  const timer = setTimeout(() => {
    console.error(`[shutdown] requests still open after ${SHUTDOWN_TIMEOUT_MS} ms: closing them`);
    server.closeAllConnections();
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  // Keep-alive connections that were busy become idle as their answers finish: close those as they do. Live event
  // streams (storefront updates) are cut: the browser's EventSource reconnects, to another process.
  const idle = setInterval(() => { server.closeIdleConnections(); cutEventStreams(); }, 50);
  cutEventStreams();
  await new Promise((resolve) => { server.close(resolve); server.closeIdleConnections(); });
  clearInterval(idle);
  // No new job runs; one in progress finishes first (its work is claimed row by row in transactions, so even a
  // run cut short by the timeout leaves nothing half done).
  await stopJobs();
  try {
    await (await getDbHandle()).close();
  } catch (err) {
    console.error('[shutdown] closing the database:', err);
  }
  console.log('[shutdown] done');
  process.exit(0);
}
