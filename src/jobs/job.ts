// A background job: work that happens by itself on a schedule, in every server process at once. Each job must be
// idempotent and safe with several processes (it claims rows with FOR UPDATE SKIP LOCKED, or writes ledger entries
// unique on their source), so two processes running it at the same moment never do the same work twice.
import type { Db } from '../db/client.ts';

export interface Job {
  /** Stable name: the key of its status row (job_runs) and of the operator's retry. */
  name: string;
  /** How often it runs in each process. */
  everyMs: number;
  /** Does what is due at `now`; answers how many things it did (shown as the run's result). */
  run: (db: Db, now: Date) => Promise<number>;
}
