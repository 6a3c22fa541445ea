// Demo only: what a tester needs instead of waiting 72 hours. The supplier of a delivered order ends its return
// window now (the buyer can no longer open a return, as after 72 hours); its escrow is then released as the sweeper
// would (unless a return request is open). 404 outside
// demo mode, so a production server has no way to shorten a window.
import type { Db } from '../../db/client.ts';
import { demoMode } from '../../lib/server/modes.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { inTx } from '../../db/tx.ts';
import * as orderRepo from '../orders/repo.ts';
import { supplierActor } from '../orders/index.ts';
import * as repo from './repo.ts';
import { releaseOrder } from './service.ts';

export async function endReturnWindowNow(db: Db, viewer: Viewer, orderId: string, now = new Date()) {
  if (!demoMode()) throw new AppError('not_found', 'Not found');
  const { order } = await supplierActor(db, viewer, await orderRepo.findOrder(db, orderId), 'supplier');
  if (order.status !== 'delivered') throw new AppError('invalid_transition', 'The order is not delivered yet');
  const released = await inTx(db, async (tx) => {
    if (!order.return_deadline || order.return_deadline > now) await orderRepo.updateOrder(tx, order.id, { return_deadline: now });
    await repo.setReleaseAfter(tx, order.id, now);
    if (await repo.hasOpenReturn(tx, order.id)) return false;
    return releaseOrder(tx, order.id, now);
  });
  return { order_id: order.id, released };
}
