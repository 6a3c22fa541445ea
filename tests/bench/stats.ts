// Shared by the benches: exact percentiles from every recorded sample, and load runs that count failures
// (connection resets, timeouts, non-2xx answers) by kind instead of aborting, so a run always ends with its numbers.
import autocannon from 'autocannon';

/** The p-th percentile (nearest rank) of the samples; 0 without samples. */
export function percentile(samples: number[], p: number): number {
  if (!samples.length) return 0;
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export interface Latency { p50: number; p95: number; p99: number; n: number }
export const latencyOf = (samples: number[]): Latency => ({ p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), n: samples.length });
export const fmtLatency = (l: Latency) => `p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms (n=${l.n})`;

/** A short name for why a request failed: the system error code (ECONNRESET, ECONNREFUSED…), 'timeout', or 'http NNN'. */
export function failureKind(err: unknown): string {
  const e = err as { code?: string; cause?: { code?: string }; message?: string; name?: string } | null;
  if (e?.cause?.code) return e.cause.code;
  if (e?.code) return e.code;
  if (/timed out/i.test(e?.message ?? '')) return 'timeout';
  return e?.name ?? 'error';
}

/** Failures by kind, counted. */
export class Failures {
  readonly byKind: Record<string, number> = {};
  add(kind: string, n = 1) { if (n > 0) this.byKind[kind] = (this.byKind[kind] ?? 0) + n; }
  get total() { return Object.values(this.byKind).reduce((a, b) => a + b, 0); }
  toString() { return Object.entries(this.byKind).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'; }
}

export interface LoadRun extends Latency { rps: number; requests: number; errors: number; failures: Failures }

/**
 * autocannon with every 2xx response time recorded, so p95 is exact (autocannon's own summary has p97.5 and p99
 * only), and every failure counted by kind: connection errors (ECONNRESET…) and timeouts, which autocannon retries
 * on a new connection rather than stopping, connections closed without an answer, and non-2xx answers.
 */
export function load(opts: autocannon.Options): Promise<LoadRun> {
  const times: number[] = [];
  const failures = new Failures();
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, r) => {
      if (err) { reject(err); return; }
      // autocannon reconnects quietly when the server closes a connection without answering (no error, no count):
      // requests sent that got neither an answer nor an error, beyond those still in flight when the run stopped.
      const inFlight = (opts.connections ?? 10) * (opts.pipelining ?? 1);
      const answered = times.length + failures.total;
      failures.add('closed without answer', Math.max(0, (r.requests.sent ?? 0) - answered - inFlight));
      const l = latencyOf(times);
      resolve({ ...l, rps: r.requests.average, requests: r.requests.total, errors: failures.total, failures });
    });
    instance.on('response', (_c, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms); else failures.add(`http ${status}`);
    });
    instance.on('reqError', (err) => failures.add(failureKind(err)));
  });
}
