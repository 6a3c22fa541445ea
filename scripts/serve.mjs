// Serves the built app on HOST:PORT through the Node adapter's handler (static files, then the app). The adapter's
// own standalone server answers an address with a malformed %-escape with a bare text 400 before the app runs;
// this one answers it like any other bad input (src/lib/server/malformed-url.ts): the JSON error shape under /api,
// the 400 page elsewhere.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { pathToFileURL } from 'node:url';
import { answerMalformedUrl } from '../src/lib/server/malformed-url.ts';

export async function serve(entry) {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = await import(pathToFileURL(entry).href);
  const listener = (req, res) => {
    if (!answerMalformedUrl(req, res)) handler(req, res);
  };
  const { SERVER_CERT_PATH: cert, SERVER_KEY_PATH: key } = process.env;
  const server = cert && key
    ? https.createServer({ cert: readFileSync(cert), key: readFileSync(key) }, listener)
    : http.createServer(listener);
  const host = process.env.HOST ?? 'localhost';
  const port = Number(process.env.PORT ?? 4321);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  console.log(`Server listening on ${cert && key ? 'https' : 'http'}://${host}:${port}`);
  return server;
}
