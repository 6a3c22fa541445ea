// Franchise packing lists (seed 001 §7: GET /franchise/orders/{id}/binpacked, PATCH /binpacked/{box}/{item};
// GET /notpacked, PATCH /notpacked/{item}). A franchise supplier's order is one sold by a franchise-type shop
// (shops.store_type = 'franchise'). Its physical units are planned into standard boxes once (first-fit decreasing,
// ./rules.ts), the plan is kept (order_packing), and the dispatcher marks each line of each box packed.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { inTx } from '../../db/tx.ts';
import { orderReference } from '../orders/index.ts';
import { requireSupplier, type SupplierActor } from './access.ts';
import * as repo from './repo.ts';
import { PACKING_BOX, packUnits } from './rules.ts';
import type { BinpackedView, NotpackedView } from './schema.ts';

/** How many orders the packing page lists at once (oldest first). */
export const PACKING_PAGE_ORDERS = 20;
const NOT_FOUND = 'Franchise order not found';

type Items = Awaited<ReturnType<typeof repo.physicalItems>>;

/** The dispatcher (or owner) of a supplier: packing is dispatch work. */
export const packingActor = (db: Db, viewer: Viewer) => requireSupplier(db, viewer, 'dispatcher');

/** The order's plan, made and kept the first time anyone asks (the order row locked meanwhile). */
async function planOf(db: Db, actor: SupplierActor, orderId: string): Promise<{ order: repo.FranchiseOrderRow; rows: repo.PackingRow[]; items: Items }> {
  const order = await repo.franchiseOrder(db, actor.supplier.id, orderId);
  if (!order) throw new AppError('not_found', NOT_FOUND);
  const items = await repo.physicalItems(db, orderId);
  let rows = await repo.packingRows(db, [orderId]);
  if (!rows.length && items.length) {
    rows = await inTx(db, async (tx) => {
      await repo.franchiseOrder(tx, actor.supplier.id, orderId, true);
      const again = await repo.packingRows(tx, [orderId]);
      if (again.length) return again;
      const plan = packUnits(items.map((i) => ({ item_id: i.item_id, units: i.units, weight_g: i.weight_g, length_cm: i.length_cm, width_cm: i.width_cm, height_cm: i.height_cm })));
      await repo.insertPacking(tx, plan.flatMap((b) => b.items.map((it) => ({
        order_id: orderId, box: b.box, order_item_id: it.item_id, units: it.units, weight_g: it.weight_g, volume_cm3: it.volume_cm3, oversize: b.oversize,
      }))));
      return repo.packingRows(tx, [orderId]);
    });
  }
  return { order, rows, items };
}

function binpackedOf(order: repo.FranchiseOrderRow, rows: repo.PackingRow[], items: Items): BinpackedView {
  const byItem = new Map(items.map((i) => [i.item_id, i]));
  const boxes = new Map<number, BinpackedView['boxes'][number]>();
  for (const r of rows) {
    const it = byItem.get(r.order_item_id);
    if (!it) continue;
    const b = boxes.get(r.box) ?? { box: r.box, oversize: r.oversize, weight_g: 0, volume_cm3: 0, packed: true, items: [] };
    b.weight_g += r.weight_g;
    b.volume_cm3 += r.volume_cm3;
    b.packed &&= r.packed_at !== null;
    b.items.push({
      item_id: it.item_id, product_id: it.product_id, name: it.name, photo: it.photo, variant: it.variant, units: r.units, weight_g: r.weight_g,
      packed: r.packed_at !== null, packed_at: r.packed_at ? r.packed_at.toISOString() : null,
    });
    boxes.set(r.box, b);
  }
  // Lines in the order's own order (by name) in every box.
  const rank = new Map(items.map((i, n) => [i.item_id, n]));
  for (const b of boxes.values()) b.items.sort((x, y) => rank.get(x.item_id)! - rank.get(y.item_id)!);
  const total = rows.reduce((n, r) => n + r.units, 0);
  const packed = rows.reduce((n, r) => n + (r.packed_at ? r.units : 0), 0);
  return {
    order_id: order.id, reference: orderReference(order.number), box_size: { ...PACKING_BOX },
    boxes: [...boxes.values()].sort((a, b) => a.box - b.box), total_units: total, packed_units: packed, all_packed: total > 0 && packed === total,
  };
}

function notpackedOf(order: repo.FranchiseOrderRow, rows: repo.PackingRow[], items: Items): NotpackedView {
  const results = items.flatMap((it) => {
    const open = rows.filter((r) => r.order_item_id === it.item_id && r.packed_at === null);
    if (!open.length) return [];
    return [{ item_id: it.item_id, product_id: it.product_id, name: it.name, variant: it.variant, units_left: open.reduce((n, r) => n + r.units, 0), boxes: open.map((r) => r.box) }];
  });
  return { order_id: order.id, reference: orderReference(order.number), results, matches_estimated: results.length };
}

export async function binpacked(db: Db, viewer: Viewer, orderId: string): Promise<BinpackedView> {
  const actor = await packingActor(db, viewer);
  const p = await planOf(db, actor, orderId);
  return binpackedOf(p.order, p.rows, p.items);
}

export async function notpacked(db: Db, viewer: Viewer, orderId: string): Promise<NotpackedView> {
  const actor = await packingActor(db, viewer);
  const p = await planOf(db, actor, orderId);
  return notpackedOf(p.order, p.rows, p.items);
}

/** Marks one line of one box (`box`), or the line in every box (`box` null), packed or not. */
async function mark(db: Db, viewer: Viewer, orderId: string, itemId: string, box: number | null, packed: boolean) {
  const actor = await packingActor(db, viewer);
  const p = await planOf(db, actor, orderId);
  if (!(await repo.packingRowExists(db, orderId, itemId, box))) {
    throw new AppError('not_found', box === null ? 'That item is not in this order\'s packing list' : 'That item is not in that box');
  }
  await repo.markPacked(db, orderId, itemId, box, packed, actor.userId);
  const rows = await repo.packingRows(db, [orderId]);
  return { ...p, rows };
}

export async function markBoxItem(db: Db, viewer: Viewer, orderId: string, box: number, itemId: string, packed: boolean): Promise<BinpackedView> {
  const p = await mark(db, viewer, orderId, itemId, box, packed);
  return binpackedOf(p.order, p.rows, p.items);
}

export async function markItem(db: Db, viewer: Viewer, orderId: string, itemId: string, packed: boolean): Promise<NotpackedView> {
  const p = await mark(db, viewer, orderId, itemId, null, packed);
  return notpackedOf(p.order, p.rows, p.items);
}

/** The packing page: the supplier's franchise orders awaiting dispatch, each with its boxes. */
export async function packingBoard(db: Db, viewer: Viewer) {
  const actor = await packingActor(db, viewer);
  const orders = await repo.franchiseOrdersAwaiting(db, actor.supplier.id, PACKING_PAGE_ORDERS);
  const out = [];
  for (const o of orders) {
    const p = await planOf(db, actor, o.id);
    out.push({ order: o, list: binpackedOf(p.order, p.rows, p.items) });
  }
  return { supplier: actor.supplier, orders: out };
}
