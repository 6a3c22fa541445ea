// The coordinator window's figures per store, for the last COORDINATOR_DAYS days: items offered, active campaigns and
// their visits, paid orders and their sales by currency. One statement per figure for all the stores at once.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopItemCounts } from '../../db/schema/catalog.ts';
import { campaigns, campaignVisits } from '../../db/schema/marketing.ts';
import { orders } from '../../db/schema/commerce.ts';

export interface ShopFigures { items: number; campaigns: number; visits: number; orders: number; sales: { currency: string; amount: number }[] }

export async function figuresOf(db: Db, shopIds: string[], since: Date): Promise<Map<string, ShopFigures>> {
  const out = new Map<string, ShopFigures>(shopIds.map((id) => [id, { items: 0, campaigns: 0, visits: 0, orders: 0, sales: [] }]));
  if (!shopIds.length) return out;
  const [items, camps, visits, sales] = await Promise.all([
    db.select({ shop_id: shopItemCounts.shop_id, n: sql<number>`sum(${shopItemCounts.n})::int` }).from(shopItemCounts)
      .where(inArray(shopItemCounts.shop_id, shopIds)).groupBy(shopItemCounts.shop_id),
    db.select({ shop_id: campaigns.shop_id, n: sql<number>`count(*)::int` }).from(campaigns)
      .where(and(inArray(campaigns.shop_id, shopIds), eq(campaigns.state, 'active'))).groupBy(campaigns.shop_id),
    db.select({ shop_id: campaigns.shop_id, n: sql<number>`count(*)::int` }).from(campaignVisits)
      .innerJoin(campaigns, eq(campaigns.id, campaignVisits.campaign_id))
      .where(and(inArray(campaigns.shop_id, shopIds), gte(campaignVisits.created_at, since))).groupBy(campaigns.shop_id),
    // Paid sales (refunded ones still count as orders placed; their money is in the dashboards' figures).
    db.select({ shop_id: orders.shop_id, currency: orders.currency, n: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${orders.amount_paid}), 0)::bigint` })
      .from(orders).where(and(inArray(orders.shop_id, shopIds), gte(orders.placed_at, since), sql`${orders.amount_paid} > 0`))
      .groupBy(orders.shop_id, orders.currency),
  ]);
  for (const r of items) out.get(r.shop_id)!.items = Number(r.n);
  for (const r of camps) out.get(r.shop_id)!.campaigns = Number(r.n);
  for (const r of visits) out.get(r.shop_id)!.visits = Number(r.n);
  for (const r of sales) {
    const f = out.get(r.shop_id)!;
    f.orders += Number(r.n);
    f.sales.push({ currency: r.currency, amount: Number(r.amount) });
  }
  for (const f of out.values()) f.sales.sort((a, b) => b.amount - a.amount);
  return out;
}
