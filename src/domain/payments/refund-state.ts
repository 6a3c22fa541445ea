// How the order refunds made under one caller's key stand (a return's refund reads its outcome here).
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

/** Failed if one failed, pending while one is, else success; null when none was made under `key`. */
export async function refundStateOf(db: Db, key: string): Promise<'success' | 'pending' | 'failed' | null> {
  const rows = await repo.refundsByKeyPrefix(db, key);
  if (!rows.length) return null;
  if (rows.some((r) => r.status === 'failed')) return 'failed';
  return rows.some((r) => r.status === 'pending') ? 'pending' : 'success';
}

/** Money of the order's refunds still pending at the provider (not refunded yet, not available to refund again). */
export async function pendingRefundTotal(db: Db, orderId: string): Promise<number> {
  return (await repo.refundsOfOrder(db, orderId)).filter((r) => r.status === 'pending').reduce((n, r) => n + r.amount, 0);
}
