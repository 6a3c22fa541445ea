// The HTTP server's timeouts (src/lib/server/timeouts.ts): a connection that sends half a request line, or nothing,
// is closed once HTTP_HEADERS_TIMEOUT_MS has passed (before: never), and keep-alive outlasts a balancer's 60 s.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const kind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

/** Opens a socket, writes `data`, and resolves with how long the server took to close it (rejects after `maxMs`). */
function closedAfter(port: number, data: string, maxMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => { if (data) socket.write(data); });
    const timer = setTimeout(() => { socket.destroy(); reject(new Error(`still open after ${maxMs} ms`)); }, maxMs);
    socket.on('error', () => {});
    socket.resume(); // read what the server says (a 408), so that its close is seen
    socket.on('close', () => { clearTimeout(timer); resolve(Date.now() - started); });
  });
}

describe('HTTP timeouts', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // No demo data (nothing here needs it): the server is up quickly.
    server = await startServer({ db: kind, env: { DEMO_MODE: '0', HTTP_HEADERS_TIMEOUT_MS: '800', HTTP_REQUEST_TIMEOUT_MS: '1500', HTTP_KEEP_ALIVE_TIMEOUT_MS: '500', HTTP_IDLE_TIMEOUT_MS: '3000' } });
  });
  afterAll(async () => { await server?.stop(); });

  it('closes a connection that sends half a request line, or nothing, within the headers timeout', async () => {
    const [half, nothing] = await Promise.all([closedAfter(server.port, 'GET /api/he', 5000), closedAfter(server.port, '', 5000)]);
    for (const took of [half, nothing]) {
      expect(took).toBeGreaterThanOrEqual(700);
      expect(took).toBeLessThan(2500);
    }
  });

  it('keeps idle keep-alive connections longer than a balancer does by default (65 s)', async () => {
    const r = await new Client(inject('baseUrl')).get('/api/health/live');
    expect(r.headers['keep-alive']).toBe('timeout=65');
  });
});
