// Property test of the ledger (issue 12): random sequences of pay / partial refund / deliver / return / close /
// return-window deadline / payout / concurrent repeats, on a real database. After every sequence the books must
// reconcile to the cent (paid - refunds = supplier + reseller + promoter + platform per order), every currency's
// entries sum to zero, no order is released twice, and nobody can cash out more than they hold.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { plans, products, users } from '../../src/db/schema/index.ts';
import { chooseDelivery, updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { rowsOf } from '../../src/db/tx.ts';
import { customerNext, markPaid, supplierNext, supplierRefund } from '../../src/domain/orders/service.ts';
import { payCheckout } from '../../src/domain/payments/service.ts';
import { closeReturn, createReturn, customerReturns } from '../../src/domain/returns/service.ts';
import { createReturnInput } from '../../src/domain/returns/schema.ts';
import { reconciliation, releaseDue } from '../../src/domain/wallet/service.ts';
import { listWallets, processPayouts, requestPayout } from '../../src/domain/wallet/wallets.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { PLAN_DEFAULTS } from '../../src/lib/shared/constants.ts';
import { ADDRESS, CONTACT, makeWorld, type World } from './checkout.fixtures.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
let w: World;
let reseller: Viewer;
beforeAll(async () => {
  h = await freshDb();
  w = await makeWorld(h.db);
  await h.db.insert(plans).values({ id: 'plan_profesional', name: 'Plan profesional', ...PLAN_DEFAULTS }).onConflictDoNothing();
  await h.db.update(products).set({ contribution_margin: 3333 }).where(eq(products.id, w.p.onDemand));
  const [u] = await h.db.insert(users).values({ email: `prop-reseller-${Date.now()}@test.example`, name: 'Dueña', password_hash: 'x', profile_id: w.shop.owner! }).returning();
  reseller = { kind: 'user', anonymousId: randomUUID(), sessionId: 'test', user: { id: u!.id, email: u!.email, name: u!.name, profile_id: u!.profile_id, user_level: u!.user_level } };
});
afterAll(async () => { await h.dispose(); });

const day = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

interface Live { id: string; buyer: Viewer; delivered: boolean; returnId: string | null }

type Op =
  | { op: 'order'; units: number }
  | { op: 'refund'; pick: number; permille: number; replay: boolean }
  | { op: 'deliver'; pick: number }
  | { op: 'return'; pick: number }
  | { op: 'close'; pick: number }
  | { op: 'deadline'; twice: boolean }
  | { op: 'payout'; who: 'reseller' | 'supplier'; permille: number; twice: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('order' as const), units: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat(), permille: fc.integer({ min: 1, max: 1000 }), replay: fc.boolean() }),
  fc.record({ op: fc.constant('deliver' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('return' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('close' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('deadline' as const), twice: fc.boolean() }),
  fc.record({ op: fc.constant('payout' as const), who: fc.constantFrom('reseller' as const, 'supplier' as const), permille: fc.integer({ min: 1, max: 1000 }), twice: fc.boolean() }),
);

let buyers = 0;
async function run(op: Op, live: Live[]) {
  const pick = (n: number, ok: (l: Live) => boolean) => { const c = live.filter(ok); return c.length ? c[n % c.length]! : null; };
  switch (op.op) {
    case 'order': {
      const buyer = await w.buyer(100 + buyers++);
      const c = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.onDemand, amount: op.units }], buy_now: true, start_as_anonymous: false });
      await updateCheckout(h.db, buyer, c.id, { contact: CONTACT, address: { ...addressInput.parse(ADDRESS), save: false } });
      const ready = await chooseDelivery(h.db, buyer, c.id, { delivery_type: 'fixed_delivery' });
      const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'deposit', token: ready.token!, save_card: false }, { basePath: '' });
      await markPaid(h.db, w.supplierViewer, r.order_id);
      live.push({ id: r.order_id, buyer, delivered: false, returnId: null });
      return;
    }
    case 'refund': {
      const l = pick(op.pick, () => true);
      if (!l) return;
      const [o] = rowsOf<{ available: number }>(await h.db.execute(sql`select amount_paid - amount_refunded as available from orders where id = ${l.id}`));
      const amount = Math.floor((o!.available * op.permille) / 1000);
      if (amount <= 0) return;
      const key = randomUUID();
      try {
        await supplierRefund(h.db, w.supplierViewer, l.id, { amount, idempotency_key: key });
      } catch (e) {
        // Issue 23: a supplier that cashed out cannot refund more of its part than it can still withdraw.
        if ((e as { textKey?: string }).textKey !== 'walletHeld.refundNotCovered') throw e;
        return;
      }
      if (op.replay) await supplierRefund(h.db, w.supplierViewer, l.id, { amount, idempotency_key: key });
      return;
    }
    case 'deliver': {
      const l = pick(op.pick, (x) => !x.delivered);
      if (!l) return;
      try {
        await supplierNext(h.db, w.supplierViewer, l.id, { as: 'supplier', estimated_delivery_date: day(3), shipping_cost: 9900 });
        await customerNext(h.db, l.buyer, l.id);
        for (let i = 0; i < 3; i++) await supplierNext(h.db, w.supplierViewer, l.id, { as: 'supplier' });
        l.delivered = true;
      } catch (e) {
        // A fully refunded order cannot move on; anything else is a failure of the test.
        if (!(e instanceof Error) || !/not paid|refunded|invalid|already/i.test(e.message)) throw e;
      }
      return;
    }
    case 'return': {
      const l = pick(op.pick, (x) => x.delivered && !x.returnId);
      if (!l) return;
      const v = await customerReturns(h.db, l.buyer, l.id);
      if (!v.eligibility.can_request) return;
      const input = createReturnInput.parse({ reason_group: 'damaged', reason: 'defective', comments: '', conditions_accepted: true, items: [{ order_item_id: v.lines[0]!.order_item_id, quantity: 1 }] });
      l.returnId = (await createReturn(h.db, l.buyer, l.id, input, [])).id;
      return;
    }
    case 'close': {
      const l = pick(op.pick, (x) => !!x.returnId);
      if (!l) return;
      await closeReturn(h.db, w.supplierViewer, l.id, l.returnId!, {}).catch((e: Error) => { if (!/closed/i.test(e.message)) throw e; });
      return;
    }
    case 'deadline': {
      const later = new Date(Date.now() + 4 * 86400_000);
      if (op.twice) await Promise.all([releaseDue(h.db, later), releaseDue(h.db, later)]);
      else await releaseDue(h.db, later);
      return;
    }
    case 'payout': {
      const who = op.who === 'reseller' ? reseller : w.supplierViewer;
      const [wallet] = (await listWallets(h.db, who)).results;
      const amount = Math.floor((wallet!.available_for_cashout * op.permille) / 1000);
      if (amount <= 0) return;
      const go = () => requestPayout(h.db, who, 'mxn', { amount, destination: op.permille % 2 ? '012180001234567891' : '012180001234560000', idempotency_key: randomUUID() });
      // Two requests at once: at most what is available leaves the wallet; the other may be refused.
      if (op.twice) await Promise.allSettled([go(), go()]);
      else await go();
      await processPayouts(h.db);
    }
  }
}

describe('ledger properties', () => {
  it('reconciles to the cent and releases nothing twice under random sequences of events', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 9 }), async (ops) => {
      const live: Live[] = [];
      await run({ op: 'order', units: 2 }, live);
      for (const op of ops) await run(op, live);
      expect((await reconciliation(h.db)).results).toEqual([]);
      const sums = rowsOf<{ currency: string; total: number }>(await h.db.execute(sql`select currency, sum(amount)::int as total from ledger_entries group by currency`));
      for (const s of sums) expect(s.total).toBe(0);
      const twice = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from ledger_transactions where source = 'release' group by order_id having count(*) > 1`));
      expect(twice).toEqual([]);
      // No refund path drives anyone's withdrawable balance below zero (issue 23).
      const below = rowsOf<{ holder: string }>(await h.db.execute(sql`select holder from ledger_entries where holder is not null and account = 'available' group by holder, currency having sum(amount) < 0`));
      expect(below).toEqual([]);
      for (const who of [reseller, w.supplierViewer]) {
        const [wallet] = (await listWallets(h.db, who)).results;
        expect(wallet!.available_for_cashout).toBeGreaterThanOrEqual(0);
        expect(wallet!.in_payout).toBe(0);
      }
    }), { numRuns: Number(process.env.WALLET_PROPERTY_RUNS ?? 12), endOnFailure: true });
  }, 300_000);
});
