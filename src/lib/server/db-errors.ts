// Whether an error means the database cannot be reached right now (down, restarting, refusing connections, the
// connection cut, no connection free in time), as opposed to a bug or a bad query. Such an error is answered
// 503 with Retry-After (src/lib/server/http.ts, src/lib/server/unavailable.ts), not 500: the request may be sent
// again, and the pool reconnects by itself once the database is back.

/** Socket-level failures to reach the server (Node's system error codes). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ECONNABORTED']);

/**
 * SQLSTATEs of a server that is unreachable or going away: class 08 (connection exception) below, and
 * admin_shutdown (57P01, a terminated backend), crash_shutdown, cannot_connect_now (starting up or shutting down),
 * too_many_connections, invalid_catalog_name (the database is gone).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);

/** node-postgres' own messages for a lost connection or a pool that gave no connection in time. */
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection timeout|is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const walk = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || seen.has(e) || depth > 8) return false;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    // Drizzle wraps the driver's error (DrizzleQueryError.cause); a refused connection to every address is an AggregateError.
    if (walk(cause, depth + 1)) return true;
    return Array.isArray(errors) && errors.some((x) => walk(x, depth + 1));
  };
  return walk(err, 0);
}

/** Seconds a client is asked to wait before trying again while the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 5;

let lastLogged = 0;
/** One log line per few seconds during an outage, not one per request. */
export function logDatabaseUnavailable(err: unknown): void {
  const now = Date.now();
  if (now - lastLogged < 5000) return;
  lastLogged = now;
  console.error('[db] unavailable, answering 503:', (err as Error)?.message ?? err);
}
