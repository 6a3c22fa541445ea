// Demo money (issue 12): the ledger of the demo orders, written by the real wallet service so the books are the
// ones the platform would have kept. The four delivered review orders of demo-03 (src/db/seed/reviews.ts) were
// paid, their return windows ended and were released: admin03 (owner of demo-03, the reseller) and Café de Altura
// (the supplier) hold released money; admin03 cashed part of it out last month, and both have a cash-out waiting
// for the operator. One more order, paid this week and
// still being prepared, keeps a pending (escrow) part, so every figure of the wallet page shows.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { checkouts, orderHistory, orderItems, orders, payments, payouts, profiles, shops, users, type AddressFields, type LineSnapshot } from '../schema/index.ts';
import type { Db } from '../client.ts';
import { RETURN_WINDOW_MS } from '../../lib/shared/constants.ts';
import * as walletRepo from '../../domain/wallet/repo.ts';
import { recordPayment, releaseOrder, startReturnWindow } from '../../domain/wallet/service.ts';
import { seedDate, seedUuid } from './ids.ts';
import { DEMO_REVIEW_SHOP, demoReviewedProducts } from './reviews.ts';

type ProductRow = typeof import('../schema/index.ts').products.$inferInsert;
interface DemoRows { products: ProductRow[]; shopProducts: { shop_id: string; product_id: string }[] }

const rid = (k: string) => seedUuid(`wallet-demo:${k}`);
export const DEMO_WALLET_BUYER = { key: 'sofia', name: 'Sofía García Luna', email: 'sofia.garcia@demo.test', phone: '5544332211' } as const;

export async function insertDemoWallet(tx: Tx, rows: DemoRows, passwordHash: string, now = new Date()) {
  const db = tx as unknown as Db;
  const shopId = seedUuid(`shop:${DEMO_REVIEW_SHOP}`);
  // 1. The delivered review orders: paid, window over, released 72 hours after delivery.
  const delivered = await db.select().from(orders).where(and(eq(orders.shop_id, shopId), eq(orders.status, 'delivered')));
  for (const o of delivered) {
    const [pay] = await db.select().from(payments).where(eq(payments.order_id, o.id));
    if (!pay) continue;
    await recordPayment(db, o, pay, pay.completed_at ?? o.placed_at);
    await startReturnWindow(db, o);
    await releaseOrder(db, o.id, new Date(o.delivered_at!.getTime() + RETURN_WINDOW_MS + 60_000));
  }
  // 2. A past cash-out of admin03's commission (paid).
  const [shop] = await db.select({ owner: shops.owner }).from(shops).where(eq(shops.id, shopId));
  const reseller = shop?.owner;
  if (reseller) {
    const available = (await walletRepo.holderSums(db, reseller)).filter((s) => s.currency === 'MXN' && s.account === 'available').reduce((n, s) => n + s.amount, 0);
    const amount = Math.floor(available / 2);
    if (amount > 0) {
      const id = rid('payout:admin03');
      const at = seedDate(80_000);
      await db.insert(payouts).values({
        id, holder: reseller, wallet_type: 'mxn', currency: 'MXN', amount, status: 'paid', idempotency_key: 'demo-payout-1',
        destination: '012180001234567891', requested_at: at, settled_at: new Date(at.getTime() + 3_600_000),
      });
      await walletRepo.postTransaction(db, { source: 'payout_request', source_id: id, at }, [
        { holder: reseller, role: 'payee', account: 'available', currency: 'MXN', amount: -amount },
        { holder: reseller, role: 'payee', account: 'payout', currency: 'MXN', amount },
      ]);
      await walletRepo.postTransaction(db, { source: 'payout_paid', source_id: id, at: new Date(at.getTime() + 3_600_000) }, [
        { holder: reseller, role: 'payee', account: 'payout', currency: 'MXN', amount: -amount },
        { holder: null, role: 'bank', account: 'clearing', currency: 'MXN', amount },
      ]);
    }
  }
  // 3. Cash-outs waiting for the operator (issue 25, /apps/operador/retiros): one of Café de Altura (the supplier) and
  //    one of admin03. Held, so the demo's sandbox provider (PAYOUTS_REVIEW is off in demo mode) leaves them.
  const cafe = seedUuid('profile:supplier:cafe');
  for (const [key, holder, destination, hoursAgo] of [['cafe', cafe, '012180009876543210', 30], ['admin03', reseller, '012180001234567891', 6]] as const) {
    if (!holder) continue;
    const available = (await walletRepo.holderSums(db, holder)).filter((s) => s.currency === 'MXN' && s.account === 'available').reduce((n, s) => n + s.amount, 0);
    const amount = Math.floor(available / 4);
    if (amount <= 0) continue;
    const id = rid(`payout:waiting:${key}`);
    const at = new Date(now.getTime() - hoursAgo * 3_600_000);
    await db.insert(payouts).values({
      id, holder, wallet_type: 'mxn', currency: 'MXN', amount, status: 'requested', held: true, idempotency_key: `demo-payout-waiting-${key}`, destination, requested_at: at,
    });
    await walletRepo.postTransaction(db, { source: 'payout_request', source_id: id, at }, [
      { holder, role: 'payee', account: 'available', currency: 'MXN', amount: -amount },
      { holder, role: 'payee', account: 'payout', currency: 'MXN', amount },
    ]);
  }
  // 4. A recent order, paid two days ago and in process: its parts wait in escrow (pending).
  await insertRecentOrder(db, rows, passwordHash, now);
}

async function insertRecentOrder(db: Db, rows: DemoRows, passwordHash: string, now: Date) {
  const b = DEMO_WALLET_BUYER;
  const shopId = seedUuid(`shop:${DEMO_REVIEW_SHOP}`);
  const p = demoReviewedProducts(rows)[0]!;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
  await db.insert(profiles).values({ id: rid('profile'), name: b.name, slug: 'demo-sofia-garcia', created_at: seedDate(46_000) });
  await db.insert(users).values({ id: rid('user'), email: b.email, name: b.name, password_hash: passwordHash, user_level: 'ul0', profile_id: rid('profile'), created_at: seedDate(46_000), email_verified_at: seedDate(46_000) });
  const amount = 2;
  const line: LineSnapshot = {
    product_id: p.id!, variant: {}, amount, name: p.name, photo: (p.photos as string[] | undefined)?.[0] ?? null, type: 'product',
    unit_price: p.list_price, crossout_price: p.crossout_price ?? null, currency: 'MXN', stock_type: p.stock_type ?? 'onstock',
    is_dropshipping: p.is_dropshipping ?? true, owner: p.owner, experience_date: null, contribution_margin: p.contribution_margin ?? 0,
  };
  const shipping = 14_900;
  const itemsTotal = line.unit_price * amount;
  const total = itemsTotal + shipping;
  const contact = { name: b.name, email: b.email, phone: b.phone };
  const address: AddressFields = {
    address_name: b.name, address_phone: b.phone, street_address: 'Calle Durango', route: 'Calle Durango', street_number: '120', country: 'MX',
    administrative_area_level_1: 'Ciudad de México', administrative_area_level_2: 'Cuauhtémoc', administrative_area_level_3: null,
    administrative_area_level_4: null, administrative_area_level_5: null, locality: 'Ciudad de México', sublocality: 'Roma Norte',
    postal_code: '06700', formatted_address: 'Calle Durango 120, Roma Norte, Cuauhtémoc, Ciudad de México, 06700, MX',
  };
  const delivery = { label: 'fixed_delivery', cost: shipping, days: 3 };
  const supplierId = (await db.select({ s: orders.supplier_id }).from(orders).where(eq(orders.shop_id, shopId)).limit(1))[0]!.s;
  await db.insert(checkouts).values({
    id: rid('checkout'), shop_id: shopId, supplier_id: supplierId, user_id: rid('user'), source: 'cart', status: 'completed', currency: 'MXN',
    lines: [line], items_total: itemsTotal, contact, address, delivery_type: 'fixed_delivery', delivery, shipping_total: shipping, shipping_days: 3,
    payment_token: 'ptk_demo_wallet_sofia_ck', expires_at: at(47), created_at: at(48), updated_at: at(47),
  });
  const [order] = await db.insert(orders).values({
    id: rid('order'), checkout_id: rid('checkout'), shop_id: shopId, supplier_id: supplierId, user_id: rid('user'), contact, address,
    delivery_type: 'fixed_delivery', delivery, status: 'in_process', payment_status: 'paid', fulfillment_status: 'preparing',
    payment_type: 'str_card', payment_flow: 'card', payment_method: { brand: 'mastercard', last4: '4444', type: 'debit', bank: 'Banco Sandbox', name: b.name, installments: null },
    payment_token: 'ptk_demo_wallet_sofia', currency: 'MXN', items_total: itemsTotal, shipping_total: shipping, order_total: total, amount_paid: total,
    estimated_delivery_date: at(-48).toISOString().slice(0, 10), confirmed_shipping_cost: shipping, shipping_days: 3,
    placed_at: at(47), created_at: at(47), updated_at: at(20),
  }).returning();
  await db.insert(orderItems).values({
    id: rid('order-item'), order_id: order!.id, product_id: line.product_id, variant: {}, name: line.name, photo: line.photo, type: 'product',
    unit_price: line.unit_price, crossout_price: line.crossout_price, amount, line_total: itemsTotal, currency: 'MXN',
    is_dropshipping: line.is_dropshipping, owner: line.owner, contribution_margin: line.contribution_margin ?? 0,
  });
  const [pay] = await db.insert(payments).values({
    id: rid('payment'), order_id: order!.id, provider: 'sandbox-card', payment_type: 'str_card', flow: 'card', idempotency_key: 'demo-wallet:sofia',
    provider_ref: 'ch_demo_wallet_sofia', kind: 'order', amount: total, currency: 'MXN', status: 'succeeded',
    card: { brand: 'mastercard', last4: '4444', type: 'debit', bank: 'Banco Sandbox', name: b.name }, sandbox_behaviour: 'approve',
    created_at: at(47), updated_at: at(47), completed_at: at(47),
  }).returning();
  const h = (machine: 'status' | 'payment' | 'fulfillment', event: string, from: string | null, to: string, role: 'customer' | 'supplier' | 'provider', hoursAgo: number) => ({
    order_id: order!.id, machine, event, from_state: from, to_state: to, actor_role: role, actor_user_id: role === 'customer' ? rid('user') : null, note: null, created_at: at(hoursAgo),
  });
  await db.insert(orderHistory).values([
    h('status', 'place', null, 'sent_to_supplier', 'customer', 47), h('payment', 'place', null, 'pending', 'customer', 47),
    h('fulfillment', 'place', null, 'unfulfilled', 'customer', 47),
    h('payment', 'authorize', 'pending', 'authorized', 'provider', 47), h('payment', 'pay', 'authorized', 'paid', 'provider', 47),
    h('status', 'confirm', 'sent_to_supplier', 'seller_confirmed', 'supplier', 40),
    h('status', 'customer_confirm', 'seller_confirmed', 'customer_confirmed', 'customer', 30),
    h('status', 'process', 'customer_confirmed', 'in_process', 'supplier', 20), h('fulfillment', 'prepare', 'unfulfilled', 'preparing', 'supplier', 20),
  ]);
  await recordPayment(db, order!, pay!, at(47));
}
