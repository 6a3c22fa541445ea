// The operator's home figures (issue 25) on the demo data, against the ledger itself: every figure per day and per
// month equals the sum of its ledger lines, bucketed in the platform's time zone independently of the SQL, and the
// escrow held at the end equals everything pending. Only the operator may read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { DEMO_USER_BY_KEY, seedDemo } from '../../src/db/seed/demo.ts';
import { ledgerEntries, ledgerTransactions } from '../../src/db/schema/wallet.ts';
import { users } from '../../src/db/schema/index.ts';
import { platformFigures } from '../../src/domain/wallet/service.ts';
import { figuresQuery } from '../../src/domain/wallet/schema.ts';
import { DEFAULT_TIME_ZONE } from '../../src/lib/shared/intl.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
beforeAll(async () => {
  h = await freshDb();
  await seedDemo(h);
});
afterAll(async () => { await h.dispose(); });

async function viewerOf(email: string): Promise<Viewer> {
  const [user] = await h.db.select().from(users).where(eq(users.email, email));
  return { kind: 'user', user } as unknown as Viewer;
}

const localDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

async function expected(unit: 'day' | 'month', from: string, to: string) {
  const rows = await h.db.select({ source: ledgerTransactions.source, role: ledgerEntries.role, account: ledgerEntries.account, amount: ledgerEntries.amount, currency: ledgerEntries.currency, at: ledgerEntries.created_at })
    .from(ledgerEntries).innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transaction_id));
  const by = new Map<string, Record<string, number>>();
  const add = (k: string, f: string, n: number) => { const b = by.get(k) ?? {}; b[f] = (b[f] ?? 0) + n; by.set(k, b); };
  let pending = 0;
  for (const r of rows.filter((x) => x.currency === 'MXN')) {
    const day = localDay(r.at);
    if (day > to) continue;
    if (r.account === 'pending') pending += r.amount;
    if (day < from) continue;
    const k = unit === 'day' ? day : `${day.slice(0, 7)}-01`;
    const pkg = r.source === 'subscription_paid' || r.source === 'subscription_refunded';
    if (r.role === 'bank' && (r.source === 'order_paid' || r.source === 'extra_charge')) add(k, 'gmv', -r.amount);
    if (r.role === 'platform' && r.account === 'revenue') add(k, pkg ? 'packages' : 'commission', r.amount);
    if (r.role === 'bank' && (r.source === 'refund' || r.source === 'subscription_refunded')) add(k, 'refunds', r.amount);
    if (r.account === 'available' && (r.source === 'release' || r.source === 'commission_release')) add(k, 'released', r.amount);
    if (r.account === 'payout' && r.source === 'payout_request') add(k, 'payouts_requested', r.amount);
    if (r.account === 'payout' && r.source === 'payout_paid') add(k, 'payouts_paid', -r.amount);
    if (r.account === 'payout' && (r.source === 'payout_rejected' || r.source === 'payout_failed')) add(k, 'payouts_rejected', -r.amount);
  }
  return { by, pending };
}

const FIELDS = ['gmv', 'commission', 'packages', 'refunds', 'released', 'payouts_requested', 'payouts_paid', 'payouts_rejected'] as const;

describe('operator figures', () => {
  it('refuses anyone but the operator', async () => {
    const q = figuresQuery.parse({ from: '2026-01-01', to: '2026-01-31', unit: 'day' });
    await expect(platformFigures(h.db, await viewerOf(DEMO_USER_BY_KEY.admin03.email), q)).rejects.toMatchObject({ code: 'forbidden' });
  });

  for (const unit of ['day', 'month'] as const) {
    it(`per ${unit}: each figure is the sum of its ledger lines, the escrow held at the end is everything pending`, async () => {
      const today = localDay(new Date());
      const from = unit === 'day' ? localDay(new Date(Date.now() - 300 * 86_400_000)) : '2025-01-01';
      const out = await platformFigures(h.db, await viewerOf('operador@demo.test'), figuresQuery.parse({ from, to: today, unit }));
      const want = await expected(unit, from, today);
      expect(out.results.length).toBeGreaterThan(unit === 'day' ? 290 : 12);
      let nonZero = 0;
      for (const r of out.results) {
        const w = want.by.get(r.bucket) ?? {};
        for (const f of FIELDS) expect(r[f], `${r.bucket} ${f}`).toBe(w[f] ?? 0);
        if (r.gmv) nonZero++;
      }
      // Every bucket with lines is in the answer (none fell outside the series).
      for (const k of want.by.keys()) expect(out.results.some((r) => r.bucket === k), k).toBe(true);
      expect(nonZero).toBeGreaterThan(0);
      expect(out.totals.gmv).toBeGreaterThan(0);
      expect(out.totals.commission).toBeGreaterThan(0);
      expect(out.totals.escrow_held).toBe(want.pending);
      expect(out.totals.revenue).toBe(out.totals.commission + out.totals.packages);
    });
  }

  it('refuses a range backwards, too long or with a day that does not exist', () => {
    expect(figuresQuery.safeParse({ from: '2026-02-01', to: '2026-01-01', unit: 'day' }).success).toBe(false);
    expect(figuresQuery.safeParse({ from: '2020-01-01', to: '2026-01-01', unit: 'day' }).success).toBe(false);
    expect(figuresQuery.safeParse({ from: '2026-02-30', to: '2026-03-01', unit: 'day' }).success).toBe(false);
    expect(figuresQuery.safeParse({ from: '2026-01-01', to: '2026-03-01', unit: 'year' }).success).toBe(false);
  });
});
