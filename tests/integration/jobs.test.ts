// Background jobs (src/jobs): each runs once per interval across processes (its row is claimed), a failure is
// recorded and retried, the operator sees their status and can ask for a run; the server starts them by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDue, type Job } from '../../src/jobs/index.ts';
import { requestRun } from '../../src/jobs/repo.ts';
import { Client } from '../support/http.ts';
import { freshDb } from '../support/db.ts';

describe('the job runner', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  beforeAll(async () => { h = await freshDb(); });
  afterAll(async () => { await h.dispose(); });

  const counting = (name: string, fail = () => false): Job & { calls: Date[] } => {
    const calls: Date[] = [];
    return { name, everyMs: 60_000, calls, run: async (_db, now) => { calls.push(now); if (fail()) throw new Error(`${name} broke`); return calls.length; } };
  };

  it('runs a job once per interval however many processes tick', async () => {
    const job = counting('test-once');
    const t0 = new Date('2026-01-01T00:00:00Z');
    // Two processes ticking at the same moment, then again within the interval.
    const ran = await Promise.all([runDue(h.db, [job], t0), runDue(h.db, [job], t0)]);
    expect(ran.flat()).toEqual(['test-once']);
    expect(await runDue(h.db, [job], new Date(t0.getTime() + 59_000))).toEqual([]);
    expect(await runDue(h.db, [job], new Date(t0.getTime() + 60_000))).toEqual(['test-once']);
    expect(job.calls.length).toBe(2);
  });

  it("a retry makes a job due at once, before its interval is over", async () => {
    const job = counting('test-retry');
    const t0 = new Date('2026-01-01T00:00:00Z');
    await runDue(h.db, [job], t0);
    const soon = new Date(t0.getTime() + 1_000);
    expect(await runDue(h.db, [job], soon)).toEqual([]);
    expect(await requestRun(h.db, 'test-retry', soon)).toBe(true);
    expect(await requestRun(h.db, 'no-such-job', soon)).toBe(false);
    expect(await runDue(h.db, [job], soon)).toEqual(['test-retry']);
    expect(job.calls.length).toBe(2);
  });

  it('records a failure with its message, retries it at the next interval and clears it on success', async () => {
    let broken = true;
    const job = counting('test-failing', () => broken);
    const t0 = new Date('2026-01-01T00:00:00Z');
    await runDue(h.db, [job], t0);
    await runDue(h.db, [job], new Date(t0.getTime() + 60_000));
    const { jobStatus } = await import('../../src/jobs/index.ts');
    let row = (await jobStatus(h.db)).find((r) => r.name === 'test-failing')!;
    expect(row).toMatchObject({ failures: 2, total_failures: 2, runs: 2, last_error: 'test-failing broke', last_ok_at: null });
    broken = false;
    await runDue(h.db, [job], new Date(t0.getTime() + 120_000));
    row = (await jobStatus(h.db)).find((r) => r.name === 'test-failing')!;
    expect(row).toMatchObject({ failures: 0, total_failures: 2, runs: 3, last_error: null, last_result: 3 });
  });
});

describe('jobs on the running server', () => {
  const operator = new Client();
  beforeAll(async () => { await operator.login('operador@demo.test'); });

  const status = async () => {
    const r = await operator.get('/api/admin/jobs');
    expect(r.status).toBe(200);
    return r.json().results as { name: string; runs: number; last_error: string | null; next_run_at: string; last_started_at: string }[];
  };
  const until = async <T,>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await what();
      if (ok(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('has run every job by itself since it started, and shows each one to the operator only', async () => {
    const rows = await until(status, (rs) => rs.every((r) => r.runs > 0));
    expect(rows.map((r) => r.name)).toEqual(['expire-checkouts', 'sandbox-couriers', 'refund-requests', 'sandbox-refunds', 'release-escrow', 'release-commissions', 'payouts', 'renewals', 'send-mail']);
    for (const r of rows) expect(r).toMatchObject({ last_error: null });
    expect(rows.every((r) => r.runs > 0)).toBe(true);
    const customer = new Client();
    await customer.login('cliente@demo.test');
    expect((await customer.get('/api/admin/jobs')).status).toBe(403);
    expect((await new Client().get('/api/admin/jobs')).status).toBe(401);
  });

  it("runs a job again at the operator's request", async () => {
    const escrow = async () => (await status()).find((x) => x.name === 'release-escrow')!;
    const before = await escrow();
    const r = await operator.post('/api/admin/jobs/release-escrow/retry');
    expect(r.status).toBe(202);
    const after = await until(escrow, (x) => x.runs > before.runs);
    expect(after.runs).toBeGreaterThan(before.runs);
    expect((await operator.post('/api/admin/jobs/no-such-job/retry')).status).toBe(404);
  });
});
