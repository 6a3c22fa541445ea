// Dashboards (issue 25) on the demo data: a month of history gives every chart a shape, and every figure is the
// ledger's or the orders' own sum, checked here against the rows themselves summed independently. A card payment
// for a demo-03 order shows as the day's sale on the shop admin's dashboard. Only the shop's admins and
// accountants, the supplier and the wallet's holder read theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { seededDb } from '../support/db.ts';
import { DEMO_USER_BY_KEY } from '../../src/db/seed/demo.ts';
import { orders, shops, users } from '../../src/db/schema/index.ts';
import { shopDashboard, supplierDashboard, walletHistory } from '../../src/domain/dashboards/index.ts';
import { lastDays, localDay } from '../../src/domain/dashboards/rules.ts';
import { chooseDelivery, updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { payCheckout, tokenizeCard } from '../../src/domain/payments/service.ts';
import { listWallets } from '../../src/domain/wallet/wallets.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { ADDRESS, CONTACT, demoPicks } from './checkout.fixtures.ts';

let h: Awaited<ReturnType<typeof seededDb>>;
beforeAll(async () => { h = await seededDb(); }, 180_000);
afterAll(async () => { await h.dispose(); });

async function viewerOf(email: string): Promise<Viewer> {
  const [user] = await h.db.select().from(users).where(eq(users.email, email));
  return { kind: 'user', anonymousId: `dash-${email}`, sessionId: 'test', user } as unknown as Viewer;
}
const shopRow = async (slug: string) => (await h.db.select().from(shops).where(eq(shops.slug, slug)))[0]!;
const TZ = 'America/Mexico_City';

/** The shop's money in per local day, summed from the ledger lines in JavaScript (not the dashboard's SQL). */
async function ledgerSalesByDay(shopId: string) {
  const rows = await h.db.execute(sql`select e.amount, e.created_at, t.source from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    join orders o on o.id = e.order_id where o.shop_id = ${shopId} and e.role = 'bank' and t.source in ('order_paid', 'extra_charge')`);
  const by = new Map<string, number>();
  for (const r of (Array.isArray(rows) ? rows : (rows as { rows: { amount: number; created_at: string | Date }[] }).rows) as { amount: number; created_at: string | Date }[]) {
    const day = localDay(new Date(r.created_at), TZ);
    by.set(day, (by.get(day) ?? 0) - Number(r.amount));
  }
  return by;
}

describe('dashboards on the demo data', () => {
  it('has a month of history, and the shop dashboard sums are the ledger\'s and the orders\' own', async () => {
    const shop = await shopRow('demo-03');
    const range = lastDays(new Date(), TZ, 30);
    const d = await shopDashboard(h.db, shop, await viewerOf(DEMO_USER_BY_KEY.admin03.email), { ...range, unit: 'day' });
    expect(d.sales).toHaveLength(30);
    const ledger = await ledgerSalesByDay(shop.id);
    for (const b of d.sales) expect([b.bucket, b.sales]).toEqual([b.bucket, ledger.get(b.bucket) ?? 0]);
    // A shape: sales on many days, not all.
    const withSales = d.sales.filter((b) => b.sales > 0).length;
    expect(withSales).toBeGreaterThan(10);
    expect(withSales).toBeLessThan(30);
    const placed = await h.db.select({ n: sql<number>`count(*)::int` }).from(orders)
      .where(and(eq(orders.shop_id, shop.id), sql`${orders.placed_at} >= (${range.from}::date)::timestamp at time zone ${TZ}`));
    expect(d.totals.orders).toBe(Number(placed[0]!.n));
    expect(d.totals.visits).toBeGreaterThan(30);
    expect(d.campaigns.map((c) => c.name)).toContain('Otoño 2026 · Cafés de temporada');
    expect(d.campaigns.reduce((n, c) => n + c.visits, 0)).toBe(d.totals.visits);
    expect(d.products.length).toBeGreaterThan(0);
    // Weeks and months hold the same money as the days.
    const weeks = await shopDashboard(h.db, shop, await viewerOf(DEMO_USER_BY_KEY.admin03.email), { ...range, unit: 'week' });
    expect(weeks.totals).toEqual(d.totals);
    // Someone who is not the shop's admin is refused.
    await expect(shopDashboard(h.db, shop, await viewerOf(DEMO_USER_BY_KEY.proveedorcafe.email), { ...range, unit: 'day' })).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('ends the wallet history on the wallet page\'s balance, and the supplier sees its orders to confirm', async () => {
    const range = lastDays(new Date(), TZ, 30);
    const admin = await viewerOf(DEMO_USER_BY_KEY.admin03.email);
    const wallet = (await listWallets(h.db, admin)).results[0]!;
    const hist = await walletHistory(h.db, admin, wallet.id, { ...range, unit: 'day' });
    expect(hist.rows.at(-1)).toMatchObject({ balance: wallet.balance, pending: wallet.pending, available: wallet.available_for_cashout });
    expect(new Set(hist.rows.map((r) => r.balance)).size).toBeGreaterThan(3);
    const cafe = await viewerOf(DEMO_USER_BY_KEY.proveedorcafe.email);
    const s = await supplierDashboard(h.db, cafe, { ...range, unit: 'week' });
    const waiting = await h.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(eq(orders.supplier_id, demoPicks().suppliers.cafe), eq(orders.status, 'sent_to_supplier')));
    expect(s.to_confirm.total).toBe(Number(waiting[0]!.n));
    expect(s.totals.sales).toBeGreaterThan(0);
  });

  it('shows the day\'s sale on the shop admin\'s dashboard once an order is paid', async () => {
    const shop = await shopRow('demo-03');
    const admin = await viewerOf(DEMO_USER_BY_KEY.admin03.email);
    const today = localDay(new Date(), TZ);
    const q = { from: today, to: today, unit: 'day' as const };
    const before = await shopDashboard(h.db, shop, admin, q);
    const who = await viewerOf('lucia.hernandez@demo.test');
    const c = await startCheckout(h.db, shop, who, { items: [{ product_id: demoPicks().cafeOnDemand[0]!, amount: 2 }], buy_now: true, start_as_anonymous: false });
    await updateCheckout(h.db, who, c.id, { contact: CONTACT, address: { ...addressInput.parse(ADDRESS), save: false } });
    const ready = await chooseDelivery(h.db, who, c.id, { delivery_type: 'fixed_delivery' });
    const card = await tokenizeCard(h.db, who, { name: CONTACT.name, number: '4242424242424242', cvc: '123', exp_month: 12, exp_year: 2030 });
    const r = await payCheckout(h.db, who, c.id, { payment_type: 'str_card', token: ready.token!, card_token: card.id, save_card: false }, { basePath: '' });
    const [order] = await h.db.select().from(orders).where(eq(orders.id, r.order_id as string));
    expect(order!.payment_status).toBe('paid');
    const after = await shopDashboard(h.db, shop, admin, q);
    expect(after.sales[0]!.sales - before.sales[0]!.sales).toBe(order!.amount_paid);
    expect(after.sales[0]!.orders - before.sales[0]!.orders).toBe(1);
  });
});
