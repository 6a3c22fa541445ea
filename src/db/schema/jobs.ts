// Background jobs' status (src/jobs): one row per job, shared by every process. A process runs a job only after
// claiming its row (next_run_at due, moved forward in the same statement), so N processes run each job once per
// interval between them; the row also tells the operator when it last ran, how it ended and when it runs next.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  next_run_at: ts('next_run_at').notNull(),
  last_started_at: ts('last_started_at'),
  last_finished_at: ts('last_finished_at'),
  /** The last run that ended without an error. */
  last_ok_at: ts('last_ok_at'),
  /** How many things the last successful run did. */
  last_result: integer('last_result'),
  /** The last run's error message (null when it succeeded). */
  last_error: text('last_error'),
  /** Failures in a row (0 after a success): each is retried at the next interval. */
  failures: integer('failures').notNull().default(0),
  runs: integer('runs').notNull().default(0),
  total_failures: integer('total_failures').notNull().default(0),
});
