// Releases expired reservations. Runs as a background job in every server process (src/jobs/expire-checkouts.ts)
// and at the start of each checkout, so it works with one process or many: each checkout is handled in its own transaction that locks
// the checkout row first and re-checks it, so two sweepers (or a sweeper and a late payment) never release the
// same units twice. Idempotent: a second run finds nothing to do.
//
//   open checkout expired   -> reservations released, checkout 'expired'
//   placed order expired    -> open payment attempts expire, payment status failed, order canceled by the system
//                              (reason other: "Time to complete purchase expired"), units released
import type { Db } from '../../db/client.ts';
import * as orderRepo from '../orders/repo.ts';
import { systemCancel } from '../orders/index.ts';
import * as payRepo from '../payments/repo.ts';
import * as repo from './repo.ts';
import { inTx } from '../../db/tx.ts';

export const EXPIRED_MESSAGE = 'Time to complete purchase expired';

/** Expires one checkout when its time is up; false when there was nothing to do (already handled, or extended). */
export async function expireCheckout(db: Db, id: string, now = new Date()): Promise<boolean> {
  return inTx(db, async (tx) => {
    const c = await repo.lockCheckout(tx, id);
    if (!c || (c.status !== 'open' && c.status !== 'placed') || c.expires_at.getTime() > now.getTime()) return false;
    if (c.status === 'placed') {
      const order = await orderRepo.findOrderByCheckout(tx, c.id);
      if (order) {
        const locked = (await orderRepo.lockOrder(tx, order.id))!;
        for (const p of await payRepo.openPaymentsOfOrder(tx, order.id)) {
          await payRepo.updatePayment(tx, p.id, { status: 'expired', failure_code: 'expired', failure_message: EXPIRED_MESSAGE, completed_at: now });
        }
        if (locked.status !== 'canceled' && locked.status !== 'delivered') await systemCancel(tx, c, locked, EXPIRED_MESSAGE);
      }
    }
    for (const h of await repo.settleReservations(tx, c.id, 'released')) await repo.releaseUnits(tx, h.product_id, h.quantity, h.variant_key);
    await repo.updateCheckout(tx, c.id, { status: 'expired' });
    return true;
  });
}

/** Expires every checkout whose time is up (a batch at a time); answers how many it expired. */
export async function sweepExpired(db: Db, opts: { now?: Date; batch?: number } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  let done = 0;
  for (;;) {
    const ids = await repo.expiredCheckoutIds(db, opts.batch ?? 100, now);
    if (!ids.length) return done;
    let progressed = false;
    for (const id of ids) if (await expireCheckout(db, id, now)) { done++; progressed = true; }
    if (!progressed || ids.length < (opts.batch ?? 100)) return done;
  }
}
