// Transactions for the purchase areas (cart, checkout, payments, orders): join the caller's transaction when
// there is one, and retry a whole transaction that PostgreSQL aborted as a deadlock victim or a serialization
// failure (the lock order documented in src/db/schema/commerce.ts makes deadlocks unlikely, not impossible:
// a retry keeps them invisible to shoppers).
import type { Db } from './client.ts';

export function isTx(db: Db): boolean {
  return typeof (db as unknown as { rollback?: unknown }).rollback === 'function';
}

export function pgCode(err: unknown): string | undefined {
  for (let e: any = err, i = 0; e && i < 4; e = e.cause, i++) if (typeof e.code === 'string') return e.code;
  return undefined;
}

const RETRYABLE = new Set(['40P01', '40001']);

export async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !RETRYABLE.has(pgCode(err) ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 20));
    }
  }
}

/** Work queued by a transaction for after its commit, with the database it ran on (outside any transaction). */
const commitQueues = new WeakMap<object, { db: Db; work: ((db: Db) => Promise<void>)[] }>();

/**
 * Runs `work` once the outermost transaction `inTx` opened around `tx` has committed (never when it rolled back),
 * before that `inTx` returns: calls to the outside world that must not hold the transaction's locks (a provider's
 * refund). False when `tx` was not opened by `inTx` (nothing is queued; the caller's fallback applies).
 */
export function afterCommit(tx: Db, work: (db: Db) => Promise<void>): boolean {
  const q = commitQueues.get(tx);
  if (!q) return false;
  q.work.push(work);
  return true;
}

export async function inTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (isTx(db)) return fn(db);
  let work: ((db: Db) => Promise<void>)[] = [];
  const out = await withRetry(() => {
    work = []; // a retried attempt queues its own
    return db.transaction((tx) => {
      commitQueues.set(tx, { db, work });
      return fn(tx as unknown as Db);
    });
  });
  for (const w of work) await w(db);
  return out;
}

/** Rows of a raw `execute` on either driver. */
export function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}
