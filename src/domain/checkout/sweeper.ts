// Releases expired reservations. Runs on a timer in every server process and lazily at the start of each
// checkout, so it works with one process or many: each checkout is handled in its own transaction that locks
// the checkout row first and re-checks it, so two sweepers (or a sweeper and a late payment) never release the
// same units twice. Idempotent: a second run finds nothing to do.
//
//   open checkout expired   -> reservations released, checkout 'expired'
//   placed order expired    -> open payment attempts expire, payment status failed, order canceled by the system
//                              (reason other: "Time to complete purchase expired"), units released
import type { Db } from '../../db/client.ts';
import { RESERVATION_SWEEP_INTERVAL_MS } from '../../lib/shared/constants.ts';
import * as orderRepo from '../orders/repo.ts';
import { systemCancel } from '../orders/service.ts';
import * as payRepo from '../payments/repo.ts';
import { sweepSandboxCouriers } from '../shipping/service.ts';
import { renewDue } from '../subscriptions/billing.ts';
import { releaseDue, releaseDueCommissions } from '../wallet/service.ts';
import { processPayouts } from '../wallet/wallets.ts';
import * as repo from './repo.ts';
import { inTx } from './tx.ts';

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

const KEY = Symbol.for('tiendas.reservationSweeper');
const DB = Symbol.for('tiendas.reservationSweeper.db');
type Holder = { [KEY]?: ReturnType<typeof setInterval>; [DB]?: Db };

/** Starts this process's timer once (the first commerce request starts it; nothing is held before that). */
export function ensureSweeper(db: Db, intervalMs = RESERVATION_SWEEP_INTERVAL_MS) {
  const g = globalThis as Holder;
  g[DB] = db;
  if (g[KEY] || process.env.RESERVATION_SWEEPER === '0') return;
  let running = false;
  g[KEY] = setInterval(() => {
    if (running || !g[DB]) return;
    running = true;
    const db = g[DB];
    // The demo's sandbox courier moves shipped parcels on the same tick (nothing to do unless it is on); escrow that
    // is due is released (orders' escrow and held package commissions), asked-for payouts are settled and due
    // packages renew (all safe with several processes).
    sweepExpired(db).then(() => sweepSandboxCouriers(db)).then(() => releaseDue(db)).then(() => releaseDueCommissions(db)).then(() => processPayouts(db)).then(() => renewDue(db)).catch((err) => console.error('[sweeper]', err)).finally(() => { running = false; });
  }, intervalMs);
  g[KEY].unref?.();
}

export function stopSweeper() {
  const g = globalThis as Holder;
  if (g[KEY]) clearInterval(g[KEY]);
  g[KEY] = undefined;
  g[DB] = undefined;
}
