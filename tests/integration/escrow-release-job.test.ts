// Issue 25: the escrow of a delivered order is released by the background job after its 72-hour window, with no
// manual call. The real runner (src/jobs/runner.ts) runs every job of src/jobs/index.ts on its own timer; the test
// moves the runner's clock (its `now`), never the database: before the window nothing moves, once the clock is past
// it the supplier's pending money becomes available by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { escrowHolds } from '../../src/db/schema/wallet.ts';
import { jobRuns } from '../../src/db/schema/index.ts';
import { chooseDelivery, updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { customerNext, supplierNext } from '../../src/domain/orders/service.ts';
import { payCheckout } from '../../src/domain/payments/service.ts';
import { listWallets } from '../../src/domain/wallet/wallets.ts';
import { JOBS, stopJobs } from '../../src/jobs/index.ts';
import { startRunner } from '../../src/jobs/runner.ts';
import { RETURN_WINDOW_MS } from '../../src/lib/shared/constants.ts';
import { ADDRESS, CONTACT, makeWorld, type World } from './checkout.fixtures.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
let w: World;
beforeAll(async () => { h = await freshDb(); w = await makeWorld(h.db); });
afterAll(async () => { await stopJobs(); await h.dispose(); });

/** Polls `read` until `ok` holds (the runner ticks every 20 ms here), or fails after `ms`. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 8_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met in ${ms} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('escrow release by the job', () => {
  it('releases a delivered order once its window is over on the runner clock, with no call', async () => {
    const buyer = await w.buyer(1);
    const c = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.onDemand, amount: 2 }], buy_now: true, start_as_anonymous: false });
    await updateCheckout(h.db, buyer, c.id, { contact: CONTACT, address: { ...addressInput.parse(ADDRESS), save: false } });
    const ready = await chooseDelivery(h.db, buyer, c.id, { delivery_type: 'fixed_delivery' });
    const orderId = (await payCheckout(h.db, buyer, c.id, { payment_type: 'cash', token: ready.token!, save_card: false }, { basePath: '' })).order_id as string;
    await supplierNext(h.db, w.supplierViewer, orderId, { as: 'supplier', estimated_delivery_date: new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10), shipping_cost: 9900 });
    await customerNext(h.db, buyer, orderId);
    for (let i = 0; i < 3; i++) await supplierNext(h.db, w.supplierViewer, orderId, { as: 'supplier' }); // delivered, paid in cash
    const wallet = async () => (await listWallets(h.db, w.supplierViewer)).results[0]!;
    const held = await wallet();
    expect(held.pending).toBeGreaterThan(0);
    const [hold] = await h.db.select().from(escrowHolds).where(eq(escrowHolds.order_id, orderId));
    expect(hold!.release_after!.getTime()).toBeGreaterThanOrEqual(Date.now() + RETURN_WINDOW_MS - 60_000);

    // The runner on the real clock: the release job runs and finds nothing due.
    let offset = 0;
    startRunner(h.db, [...JOBS], { tickMs: 20, clock: () => new Date(Date.now() + offset) });
    const firstRun = await until(async () => (await h.db.select().from(jobRuns).where(eq(jobRuns.name, 'release-escrow')))[0], (r) => !!r?.last_finished_at);
    expect(firstRun!.last_error).toBeNull();
    expect(await wallet()).toMatchObject({ pending: held.pending, available_for_cashout: held.available_for_cashout });

    // Past the window on the runner's clock: the job is due again and releases the escrow by itself.
    offset = hold!.release_after!.getTime() - Date.now() + 31_000;
    const released = await until(wallet, (v) => v.pending === 0);
    expect(released.available_for_cashout - held.available_for_cashout).toBe(held.pending);
    const [after] = await h.db.select().from(escrowHolds).where(eq(escrowHolds.order_id, orderId));
    expect(after!.released_at).not.toBeNull();
  }, 30_000);
});
