// A month of demo history (issue 25), so every dashboard has a shape: demo-03 sold Café de Altura's products every
// few days of the last 30 (guest buyers, paid by card), through two autumn campaigns whose tracked links were
// visited each day. The money goes through the real wallet service (order paid, return window, release), so the
// wallets of admin03 (the reseller) and of Café de Altura move over the month and the books stay reconciled.
// Dates are offsets from `now` at seed time and every choice comes from a seeded generator: the same day seeds the
// same rows. Orders older than six days were delivered and released; those of the last five days are being prepared
// (their money pending); those of the last day wait for the supplier's confirmation.
// Kept apart from the figures other seeds' tests count: new campaigns (not DEMO_CAMPAIGNS), guest buyers.
import type { Tx, Db } from '../client.ts';
import { campaigns, campaignVisits, checkouts, orderHistory, orderItems, orders, payments, type LineSnapshot } from '../schema/index.ts';
import { RETURN_WINDOW_MS } from '../../lib/shared/constants.ts';
import { recordPayment, releaseOrder, startReturnWindow } from '../../domain/wallet/service.ts';
import { mulberry32, seedUuid } from './ids.ts';
import { DEMO_REVIEW_SHOP, demoReviewedProducts } from './reviews.ts';

type ProductRow = typeof import('../schema/index.ts').products.$inferInsert;
interface DemoRows { products: ProductRow[]; shopProducts: { shop_id: string; product_id: string }[] }

const hid = (k: string) => seedUuid(`history-demo:${k}`);
const DAY_MS = 86_400_000;
export const HISTORY_DAYS = 30;
/** The two campaigns of the month (admin03's), with how many visits a day they draw at most. */
export const HISTORY_CAMPAIGNS = [
  { key: 'otono', name: 'Otoño 2026 · Cafés de temporada', path: '/productos', maxVisits: 9, share: 0.45 },
  { key: 'boletin', name: 'Boletín de noviembre', path: '/', maxVisits: 4, share: 0.2 },
] as const;
const BUYERS = ['Mariana López', 'Jorge Ramírez', 'Valeria Torres', 'Diego Hernández', 'Camila Ruiz', 'Andrés Morales', 'Paula Castillo', 'Luis Ortega'];

export async function insertDemoHistory(tx: Tx, rows: DemoRows, now = new Date()) {
  const db = tx as unknown as Db;
  const rng = mulberry32('history-demo');
  const shopId = seedUuid(`shop:${DEMO_REVIEW_SHOP}`);
  const supplierId = seedUuid('supplier:cafe');
  const owner = seedUuid('profile:user:admin03');
  const products = demoReviewedProducts(rows);
  const ago = (ms: number) => new Date(now.getTime() - ms);

  await tx.insert(campaigns).values(HISTORY_CAMPAIGNS.map((c, i) => ({
    id: hid(`campaign:${c.key}`), shop_id: shopId, owner, name: c.name, url: c.path, state: 'active' as const, created_at: ago((HISTORY_DAYS + 2 - i) * DAY_MS),
  })));
  // Visits: each campaign's link every day, more on weekends' eve and in the last week.
  const visits: (typeof campaignVisits.$inferInsert)[] = [];
  for (let d = HISTORY_DAYS - 1; d >= 0; d--) {
    for (const c of HISTORY_CAMPAIGNS) {
      const n = rng.int(0, c.maxVisits) + (d < 7 ? rng.int(0, 3) : 0);
      for (let i = 0; i < n; i++) {
        visits.push({ campaign_id: hid(`campaign:${c.key}`), click_id: `hist-${c.key}-${d}`, visitor: `hist-visitor-${c.key}-${d}-${i}`, created_at: ago(d * DAY_MS + rng.int(1, 20) * 3_600_000) });
      }
    }
  }
  if (visits.length) await tx.insert(campaignVisits).values(visits);

  // Orders: none to two a day, each one to three units of one product, shipping fixed. Rows are made first and
  // inserted in batches; only the money goes order by order, through the wallet service.
  const shipping = 14_900;
  const rowsOf = { checkouts: [] as (typeof checkouts.$inferInsert)[], orders: [] as (typeof orders.$inferInsert)[], items: [] as (typeof orderItems.$inferInsert)[], payments: [] as (typeof payments.$inferInsert)[], history: [] as (typeof orderHistory.$inferInsert)[] };
  const money: { orderId: string; paymentId: string; paidAt: Date; deliveredAt: Date | null }[] = [];
  for (let d = HISTORY_DAYS - 1; d >= 0; d--) {
    const count = rng.int(0, 2);
    for (let i = 0; i < count; i++) {
      const key = `${d}-${i}`;
      const placed = ago(d * DAY_MS + rng.int(1, 10) * 3_600_000 + i * 600_000);
      if (placed.getTime() > now.getTime() - 600_000) continue;
      const p = rng.pick(products);
      const amount = rng.int(1, 3);
      const buyer = rng.pick(BUYERS);
      const email = `${buyer.split(' ')[0]!.toLowerCase()}.${key}@demo.test`;
      const roll = rng.next();
      const campaign = roll < HISTORY_CAMPAIGNS[0].share ? HISTORY_CAMPAIGNS[0] : roll < HISTORY_CAMPAIGNS[0].share + HISTORY_CAMPAIGNS[1].share ? HISTORY_CAMPAIGNS[1] : null;
      const line: LineSnapshot = {
        product_id: p.id!, variant: {}, amount, name: p.name, photo: (p.photos as string[] | undefined)?.[0] ?? null, type: 'product',
        unit_price: p.list_price, crossout_price: p.crossout_price ?? null, currency: 'MXN', stock_type: p.stock_type ?? 'onstock',
        is_dropshipping: p.is_dropshipping ?? true, owner: p.owner, experience_date: null, contribution_margin: p.contribution_margin ?? 0,
      };
      const itemsTotal = line.unit_price * amount;
      const total = itemsTotal + shipping;
      const contact = { name: buyer, email, phone: '5512345678' };
      const delivery = { label: 'fixed_delivery', cost: shipping, days: 3 };
      const age = now.getTime() - placed.getTime();
      const delivered = age > 6 * DAY_MS;
      const toConfirm = age < DAY_MS;
      const deliveredAt = delivered ? new Date(placed.getTime() + 3 * DAY_MS) : null;
      rowsOf.checkouts.push({
        id: hid(`checkout:${key}`), shop_id: shopId, supplier_id: supplierId, anonymous_id: `hist-anon-${key}`, source: 'cart', status: 'completed', currency: 'MXN',
        lines: [line], items_total: itemsTotal, contact, delivery_type: 'fixed_delivery', delivery, shipping_total: shipping, shipping_days: 3,
        tracking: campaign ? { campaign: hid(`campaign:${campaign.key}`) } : {},
        payment_token: `ptk_hist_${key}_ck`, expires_at: placed, created_at: placed, updated_at: placed,
      });
      const orderId = hid(`order:${key}`);
      rowsOf.orders.push({
        id: hid(`order:${key}`), checkout_id: hid(`checkout:${key}`), shop_id: shopId, supplier_id: supplierId, anonymous_id: `hist-anon-${key}`, guest_email: email,
        contact, delivery_type: 'fixed_delivery', delivery,
        status: delivered ? 'delivered' : toConfirm ? 'sent_to_supplier' : 'in_process', payment_status: 'paid',
        fulfillment_status: delivered ? 'delivered' : toConfirm ? 'unfulfilled' : 'preparing',
        payment_type: 'str_card', payment_flow: 'card', payment_method: { brand: 'visa', last4: '4242', type: 'credit', bank: 'Banco Sandbox', name: buyer, installments: null },
        payment_token: `ptk_hist_${key}`, currency: 'MXN', items_total: itemsTotal, shipping_total: shipping, order_total: total, amount_paid: total,
        estimated_delivery_date: new Date(placed.getTime() + 3 * DAY_MS).toISOString().slice(0, 10),
        confirmed_shipping_cost: toConfirm ? null : shipping, shipping_days: 3,
        delivered_at: deliveredAt, return_deadline: deliveredAt ? new Date(deliveredAt.getTime() + RETURN_WINDOW_MS) : null,
        placed_at: placed, created_at: placed, updated_at: deliveredAt ?? placed,
      });
      rowsOf.items.push({
        id: hid(`order-item:${key}`), order_id: orderId, product_id: line.product_id, variant: {}, name: line.name, photo: line.photo, type: 'product',
        unit_price: line.unit_price, crossout_price: line.crossout_price, amount, line_total: itemsTotal, currency: 'MXN',
        is_dropshipping: line.is_dropshipping, owner: line.owner, contribution_margin: line.contribution_margin ?? 0,
      });
      const paidAt = new Date(placed.getTime() + 60_000);
      rowsOf.payments.push({
        id: hid(`payment:${key}`), order_id: orderId, provider: 'sandbox-card', payment_type: 'str_card', flow: 'card', idempotency_key: `hist:${key}`,
        provider_ref: `ch_hist_${key}`, kind: 'order', amount: total, currency: 'MXN', status: 'succeeded',
        card: { brand: 'visa', last4: '4242', type: 'credit', bank: 'Banco Sandbox', name: buyer }, sandbox_behaviour: 'approve',
        created_at: placed, updated_at: paidAt, completed_at: paidAt,
      });
      const h = (machine: 'status' | 'payment' | 'fulfillment', event: string, from: string | null, to: string, role: 'customer' | 'supplier' | 'provider', at: Date) => ({
        order_id: orderId, machine, event, from_state: from, to_state: to, actor_role: role, actor_user_id: null, note: null, created_at: at,
      });
      rowsOf.history.push(...[
        h('status', 'place', null, 'sent_to_supplier', 'customer', placed), h('payment', 'place', null, 'pending', 'customer', placed),
        h('fulfillment', 'place', null, 'unfulfilled', 'customer', placed), h('payment', 'pay', 'pending', 'paid', 'provider', paidAt),
        ...(toConfirm ? [] : [h('status', 'confirm', 'sent_to_supplier', 'seller_confirmed', 'supplier', new Date(placed.getTime() + 3_600_000))]),
        ...(deliveredAt ? [h('status', 'deliver', 'in_process', 'delivered', 'supplier', deliveredAt), h('fulfillment', 'deliver', 'shipped', 'delivered', 'supplier', deliveredAt)] : []),
      ]);
      money.push({ orderId, paymentId: hid(`payment:${key}`), paidAt, deliveredAt });
    }
  }
  if (!rowsOf.orders.length) return;
  await db.insert(checkouts).values(rowsOf.checkouts);
  const stored = new Map((await db.insert(orders).values(rowsOf.orders).returning()).map((o) => [o.id, o]));
  await db.insert(orderItems).values(rowsOf.items);
  const paid = new Map((await db.insert(payments).values(rowsOf.payments).returning()).map((p) => [p.id, p]));
  await db.insert(orderHistory).values(rowsOf.history);
  for (const m of money) {
    const order = stored.get(m.orderId)!;
    await recordPayment(db, order, paid.get(m.paymentId)!, m.paidAt);
    if (m.deliveredAt) {
      await startReturnWindow(db, order);
      const release = new Date(m.deliveredAt.getTime() + RETURN_WINDOW_MS + 60_000);
      if (release.getTime() < now.getTime()) await releaseOrder(db, order.id, release);
    }
  }
}
