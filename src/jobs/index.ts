// Background work, one file per job (src/jobs/*.ts), started once per process at server start. Every job is
// idempotent and safe with several processes; the runner also claims each job's row so that N processes run it
// once per interval between them (docs/architecture-notes.md, "Background jobs").
import type { Db } from '../db/client.ts';
import { expireCheckouts } from './expire-checkouts.ts';
import { payouts } from './payouts.ts';
import { releaseCommissions } from './release-commissions.ts';
import { refundRequests } from './refund-requests.ts';
import { releaseEscrow } from './release-escrow.ts';
import { renewals } from './renewals.ts';
import { sandboxCouriers } from './sandbox-couriers.ts';
import { sandboxRefunds } from './sandbox-refunds.ts';
import { sendMail } from './send-mail.ts';
import type { Job } from './job.ts';
import * as repo from './repo.ts';
import { startRunner } from './runner.ts';
import { config, type Config } from '../lib/server/config.ts';

export type { Job } from './job.ts';
export type { JobRunRow } from './repo.ts';
export { runDue, stopRunner as stopJobs } from './runner.ts';

/** Every job, in the order one pass runs them. */
export const JOBS: readonly Job[] = [expireCheckouts, sandboxCouriers, refundRequests, sandboxRefunds, releaseEscrow, releaseCommissions, payouts, renewals, sendMail];

/** Whether this process runs jobs: JOBS=off (or the older RESERVATION_SWEEPER=0) leaves them to other processes. */
export function jobsEnabled(env: Config = config()): boolean {
  return env.JOBS && env.RESERVATION_SWEEPER !== false;
}

/** Starts the runner for every job (once per process). */
export function startJobs(db: Db) {
  if (jobsEnabled()) startRunner(db, [...JOBS]);
}

/** Each job's status for the operator: last run, result or error, failures in a row, next run. */
export const jobStatus = (db: Db) => repo.listRuns(db);

/** The operator's retry: the job runs at the next tick of some process. */
export function retryJob(db: Db, name: string, now = new Date()) {
  if (!JOBS.some((j) => j.name === name)) return Promise.resolve(false);
  return repo.requestRun(db, name, now);
}

