// Dashboards (issue 25): what the shop admin, the supplier and a wallet's holder see over time. Each area answers its
// own sums per local day (its repo, through its index.ts); here they are checked for who may see them and bucketed
// (rules.ts). Every figure is a sum of the ledger's lines or of the orders' own columns: the same numbers as the
// order lists, the campaign list and the wallet page.
import type { Db } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/shared/intl.ts';
import type { Viewer } from '../accounts/index.ts';
import { campaignFigures, visitsByDay } from '../marketing/index.ts';
import { ordersToConfirm, salesByDay, salesByProduct } from '../orders/index.ts';
import { lowStockItems } from '../products/index.ts';
import { requireShopPermission, type ShopRow } from '../shops/index.ts';
import { requireSupplier } from '../suppliers/index.ts';
import { walletDailyChanges } from '../wallet/index.ts';
import { bucketize, runningBalances, totalsOf, type DayRow } from './rules.ts';
import type { DashboardQuery } from './schema.ts';

/** Who sees a shop's dashboard: its admins and accountants (the money). */
export const SHOP_DASHBOARD_READERS = ['admin', 'accountant'] as const;
const SALES_KEYS = ['sales', 'refunds', 'orders'] as const;
/** How many campaigns get a line of their own on the visits chart (the rest are in the total). */
export const CAMPAIGN_LINES = 4;
const VISIT_KEYS = ['visits', 'c0', 'c1', 'c2', 'c3'] as const;
type VisitKey = (typeof VISIT_KEYS)[number];

export async function shopDashboard(db: Db, shop: ShopRow, viewer: Viewer, q: DashboardQuery) {
  await requireShopPermission(db, shop, viewer, SHOP_DASHBOARD_READERS);
  const tz = shop.time_zone || DEFAULT_TIME_ZONE;
  const currency = 'MXN';
  const r = { from: q.from, to: q.to, tz };
  const [days, visitDays, campaigns, products] = await Promise.all([
    salesByDay(db, { shop_id: shop.id }, currency, r), visitsByDay(db, shop.id, r),
    campaignFigures(db, shop.id, currency, r), salesByProduct(db, { shop_id: shop.id }, currency, r),
  ]);
  const sales = bucketize(days, SALES_KEYS, q.from, q.to, q.unit);
  // The visits chart: the total and one line per campaign among the most visited (keys c0..c3, named in campaign_lines).
  const lines = campaigns.filter((c) => c.visits > 0).slice(0, CAMPAIGN_LINES);
  const visitRows = visitDays.map((v) => {
    const row: DayRow<VisitKey> = { day: v.day, visits: v.visits, c0: 0, c1: 0, c2: 0, c3: 0 };
    const i = lines.findIndex((l) => l.id === v.campaign_id);
    if (i >= 0) row[VISIT_KEYS[i + 1]!] = v.visits;
    return row;
  });
  const visits = bucketize(visitRows, VISIT_KEYS, q.from, q.to, q.unit);
  return {
    currency, time_zone: tz, query: q,
    sales, totals: { ...totalsOf(sales, SALES_KEYS), visits: totalsOf(visits, ['visits']).visits },
    visits, campaign_lines: lines.map((c, i) => ({ key: VISIT_KEYS[i + 1]!, id: c.id, name: c.name })),
    campaigns, products,
  };
}

export async function supplierDashboard(db: Db, viewer: Viewer, q: DashboardQuery, tz = DEFAULT_TIME_ZONE) {
  const a = await requireSupplier(db, viewer);
  const currency = a.supplier.currency || 'MXN';
  const r = { from: q.from, to: q.to, tz };
  const [days, products, toConfirm, low] = await Promise.all([
    salesByDay(db, { supplier_id: a.supplier.id }, currency, r), salesByProduct(db, { supplier_id: a.supplier.id }, currency, r),
    ordersToConfirm(db, a.supplier.id), lowStockItems(db, a.supplier.id),
  ]);
  const sales = bucketize(days, SALES_KEYS, q.from, q.to, q.unit);
  return { currency, time_zone: tz, query: q, sales, totals: totalsOf(sales, SALES_KEYS), products, to_confirm: toConfirm, low_stock: low };
}

const WALLET_KEYS = ['pending', 'available', 'payout'] as const;

/**
 * The viewer's wallet at the end of each bucket: balance (pending + available, as the wallet page sums it), pending
 * and available, running sums of the ledger from its first line (the sums before the range, then each bucket's change).
 */
export async function walletHistory(db: Db, viewer: Viewer, walletId: string, q: DashboardQuery, tz = DEFAULT_TIME_ZONE) {
  const c = await walletDailyChanges(db, viewer, walletId, { from: q.from, to: q.to, tz });
  const changes = bucketize(c.days, WALLET_KEYS, q.from, q.to, q.unit);
  const rows = runningBalances(c.opening, changes, WALLET_KEYS).map((b) => ({ bucket: b.bucket, balance: b.pending + b.available, pending: b.pending, available: b.available, in_payout: b.payout }));
  return { currency: c.currency, time_zone: tz, query: q, rows };
}
