// Runs the background jobs in this process: one timer ticks every TICK_MS and runs, one after another, each job
// whose row it can claim (src/jobs/repo.ts). Started once per process at server start (scripts/serve.mjs); stopped
// at shutdown. A run that throws is recorded (last_error, failures in a row) and retried at the next interval.
import type { Db } from '../db/client.ts';
import type { Job } from './job.ts';
import * as repo from './repo.ts';

const KEY = Symbol.for('tiendas.jobs');
interface Runner { timer: ReturnType<typeof setInterval>; busy: Promise<void> | null; db: Db; jobs: Job[]; clock: () => Date }
type Holder = { [KEY]?: Runner };

export const TICK_MS = 5_000;

const rowsMade = new WeakMap<Db, Set<string>>();
function hasRow(db: Db, name: string, made = false): boolean {
  let names = rowsMade.get(db);
  if (!names) rowsMade.set(db, (names = new Set()));
  if (made) names.add(name);
  return names.has(name);
}

/** One pass: every due job this process can claim, in order. Answers the names it ran. */
export async function runDue(db: Db, jobs: Job[], now: Date, clock: () => Date = () => new Date()): Promise<string[]> {
  // Each job's row is made once per process and database (rows are never deleted), not on every tick.
  const missing = jobs.filter((j) => !hasRow(db, j.name)).map((j) => j.name);
  if (missing.length) {
    await repo.ensureRows(db, missing, now);
    for (const name of missing) hasRow(db, name, true);
  }
  const ran: string[] = [];
  for (const job of jobs) {
    if (!(await repo.claim(db, job.name, now, new Date(now.getTime() + job.everyMs)))) continue;
    ran.push(job.name);
    try {
      const result = await job.run(db, now);
      await repo.recordSuccess(db, job.name, clock(), result);
    } catch (err) {
      console.error(`[jobs] ${job.name}:`, err);
      await repo.recordFailure(db, job.name, clock(), err instanceof Error ? err.message : String(err)).catch(() => {});
    }
  }
  return ran;
}

/** Starts this process's runner once (a second call is a no-op). `clock` gives the jobs' "now". */
export function startRunner(db: Db, jobs: Job[], opts: { tickMs?: number; clock?: () => Date } = {}) {
  const g = globalThis as Holder;
  if (g[KEY]) return;
  const clock = opts.clock ?? (() => new Date());
  const runner: Runner = { timer: undefined as never, busy: null, db, jobs, clock };
  const tick = () => {
    if (runner.busy) return;
    runner.busy = runDue(runner.db, runner.jobs, clock(), clock)
      .then(() => undefined, (err) => { console.error('[jobs]', err); })
      .finally(() => { runner.busy = null; });
  };
  runner.timer = setInterval(tick, opts.tickMs ?? TICK_MS);
  runner.timer.unref?.();
  g[KEY] = runner;
  tick();
}

/** Stops the timer and waits for a run in progress to finish (its work is claimed row by row, so a cut is safe too). */
export async function stopRunner() {
  const g = globalThis as Holder;
  const runner = g[KEY];
  if (!runner) return;
  clearInterval(runner.timer);
  g[KEY] = undefined;
  await runner.busy;
}
