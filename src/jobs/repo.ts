// The job_runs rows: claimed before a run (once per interval across processes), updated after it.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';

export type JobRunRow = typeof jobRuns.$inferSelect;

/** Makes sure each job has a row, due now when it is new. */
export async function ensureRows(db: Db, names: string[], now: Date) {
  if (!names.length) return;
  await db.insert(jobRuns).values(names.map((name) => ({ name, next_run_at: now }))).onConflictDoNothing();
}

/**
 * Claims a due job for this process: true when its row was due and is now moved to `next` (no other process
 * will claim it before then). A process that dies mid-run leaves the row to the next interval.
 */
export async function claim(db: Db, name: string, now: Date, next: Date): Promise<boolean> {
  const rows = await db.update(jobRuns)
    .set({ next_run_at: next, last_started_at: now })
    .where(sql`${jobRuns.name} = ${name} and ${jobRuns.next_run_at} <= ${now}`)
    .returning({ name: jobRuns.name });
  return rows.length > 0;
}

export async function recordSuccess(db: Db, name: string, finished: Date, result: number) {
  await db.update(jobRuns).set({
    last_finished_at: finished, last_ok_at: finished, last_result: result, last_error: null, failures: 0,
    runs: sql`${jobRuns.runs} + 1`,
  }).where(sql`${jobRuns.name} = ${name}`);
}

export async function recordFailure(db: Db, name: string, finished: Date, message: string) {
  await db.update(jobRuns).set({
    last_finished_at: finished, last_error: message.slice(0, 2000),
    failures: sql`${jobRuns.failures} + 1`, total_failures: sql`${jobRuns.total_failures} + 1`, runs: sql`${jobRuns.runs} + 1`,
  }).where(sql`${jobRuns.name} = ${name}`);
}

/** Asks for a run at the next tick of any process (the operator's retry). False for an unknown job. */
export async function requestRun(db: Db, name: string, now: Date): Promise<boolean> {
  const rows = await db.update(jobRuns).set({ next_run_at: now }).where(sql`${jobRuns.name} = ${name}`).returning({ name: jobRuns.name });
  return rows.length > 0;
}

export async function listRuns(db: Db): Promise<JobRunRow[]> {
  return db.select().from(jobRuns).orderBy(jobRuns.name);
}
