// The benches' numbers (tests/bench/stats.ts): exact percentiles, and failed requests counted by kind, not fatal.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Failures, failureKind, latencyOf, load, percentile } from '../bench/stats.ts';

describe('percentiles', () => {
  it('takes the nearest rank of 1..100', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(latencyOf(xs)).toEqual({ p50: 50, p95: 95, p99: 99, n: 100 });
    expect(percentile([], 95)).toBe(0);
    expect(percentile([7], 99)).toBe(7);
  });
});

describe('failures', () => {
  it('names a failed fetch by its system code', () => {
    expect(failureKind(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } }))).toBe('ECONNRESET');
    expect(failureKind(new Error('request timed out'))).toBe('timeout');
    const f = new Failures();
    f.add('ECONNRESET');
    f.add('http 500', 2);
    expect(f.total).toBe(3);
    expect(String(f)).toBe('ECONNRESET 1, http 500 2');
  });

  it('a load run against a server that resets every other request ends with its numbers and counts the resets', async () => {
    let n = 0;
    const server = http.createServer((req, res) => {
      if (n++ % 2) { req.socket.destroy(); return; }
      res.writeHead(req.url === '/missing' ? 404 : 200, { connection: 'close' }).end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const r = await load({ url: `http://127.0.0.1:${port}`, connections: 2, amount: 40 });
      // A reset arrives as ECONNRESET or as a plain close, depending on timing: either way it is counted.
      expect((r.failures.byKind.ECONNRESET ?? 0) + (r.failures.byKind['closed without answer'] ?? 0)).toBeGreaterThan(0);
      expect(r.n).toBeGreaterThan(0);
      expect(r.p95).toBeGreaterThanOrEqual(r.p50);
      expect(r.errors).toBe(r.failures.total);
    } finally {
      server.close();
    }
  }, 20_000);
});
