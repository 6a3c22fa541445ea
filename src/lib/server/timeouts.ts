// The HTTP server's timeouts (scripts/serve.mjs), each from an environment variable in milliseconds:
//
//   HTTP_KEEP_ALIVE_TIMEOUT_MS  65000  an idle keep-alive connection is closed after this. Longer than the balancer
//                                     in front keeps its idle connections (60 s for the common ones): a balancer
//                                     must never reuse a connection the server is closing (a 502 for its visitor)
//   HTTP_HEADERS_TIMEOUT_MS     66000  the request line and headers must arrive within this (more than the
//                                     keep-alive: a balancer's reused connection is never cut under its request)
//   HTTP_REQUEST_TIMEOUT_MS    120000  the whole request, body included, must arrive within this
//   HTTP_IDLE_TIMEOUT_MS       120000  a connection on which nothing moves either way for this long is closed (a
//                                     live event stream sends a heartbeat every 25 s and stays open)
//
// A connection that sends nothing, or half a request line, is answered 408 and closed after HTTP_HEADERS_TIMEOUT_MS.
import { config, type Config } from './config.ts';

export interface HttpTimeouts {
  keepAliveTimeout: number; headersTimeout: number; requestTimeout: number; idleTimeout: number;
  /** How often Node checks connections for the headers and request timeouts. */
  checkInterval: number;
}

export function httpTimeouts(env: Config = config()): HttpTimeouts {
  const keepAliveTimeout = env.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? 65_000;
  const headersTimeout = env.HTTP_HEADERS_TIMEOUT_MS ?? Math.max(66_000, keepAliveTimeout + 1_000);
  const requestTimeout = env.HTTP_REQUEST_TIMEOUT_MS ?? Math.max(120_000, headersTimeout);
  const idleTimeout = env.HTTP_IDLE_TIMEOUT_MS ?? Math.max(120_000, keepAliveTimeout + 1_000);
  // Node refuses a headers timeout longer than the request's.
  if (headersTimeout > requestTimeout) throw new Error('HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  const checkInterval = Math.max(50, Math.min(30_000, Math.floor(headersTimeout / 4)));
  return { keepAliveTimeout, headersTimeout, requestTimeout, idleTimeout, checkInterval };
}
