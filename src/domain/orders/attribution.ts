// What brought an order (issue 13): the checkout copied the storefront's tracking cookies (referral, campaign,
// click_id) into checkouts.tracking; the sellers' views of the order (its supplier, the shop's admins, accountants and dispatchers) show the
// campaign and who shared it. Buyers never see it.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import * as ckRepo from '../checkout/repo.ts';
import { attributionOf } from '../marketing/index.ts';
import { requireShopPermission, type ShopRow } from '../shops/index.ts';
import * as repo from './repo.ts';
import type { OrderDetail, OrderListQuery, OrderSummary } from './schema.ts';

/** Who reads the shop's orders: its admins, accountants (the money) and dispatchers (what to send). */
export const SHOP_ORDER_READERS = ['admin', 'accountant', 'dispatcher'] as const;

export async function withAttribution(db: Db, d: OrderDetail): Promise<OrderDetail> {
  const [order, checkout] = await Promise.all([repo.findOrder(db, d.id), ckRepo.findCheckout(db, d.checkout_id)]);
  return { ...d, attribution: order ? await attributionOf(db, order.shop_id, checkout?.tracking) : null };
}

/**
 * The order as the admins of the shop it was placed in see it: read-only (no steps, payment token or internal
 * notes), with its attribution. Another shop's order, or an unknown id, is 404.
 */
export async function shopOrderDetail(db: Db, shop: ShopRow, viewer: Viewer, id: string): Promise<OrderDetail> {
  await requireShopPermission(db, shop, viewer, SHOP_ORDER_READERS);
  const o = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findOrder(db, id) : null;
  if (!o || o.shop_id !== shop.id) throw new AppError('not_found', 'Order not found');
  // Imported lazily: service.ts imports this module (withAttribution).
  const { detail } = await import('./service.ts');
  const d = await detail(db, viewer, o.id, 'customer');
  return withAttribution(db, {
    ...d, notes: d.notes.filter((n) => n.visibility === 'client'),
    actions: { ...d.actions, next: null, can_cancel: false, can_pay: false, payment_token: null, seconds_left: null, offline_payment: null, can_ship: false },
  });
}

/** The orders placed in the shop, for its admins (the list that leads to shopOrderDetail). */
export async function listShopOrders(db: Db, shop: ShopRow, viewer: Viewer, q: OrderListQuery): Promise<{ results: OrderSummary[]; matches_estimated: number }> {
  await requireShopPermission(db, shop, viewer, SHOP_ORDER_READERS);
  const { listView } = await import('./service.ts');
  return listView(db, { ...q, scope: { shop_id: shop.id } });
}
