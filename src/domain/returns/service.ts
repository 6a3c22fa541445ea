// Return rules (seed 001 §3, §4, §9): the supplier's return policy; who may ask for a return and when (only after
// the order was received, never for a canceled order, within its return_deadline, one open request at a time, never
// more units than were bought); the supplier's side (notes visible to the client or internal, refunds through the
// order's refund path, closing); and the views the order pages and the API show.
//
// Refunds reuse supplierRefund (src/domain/orders/service.ts) inside this module's transaction (inTx joins it), so the
// return_refunds row, the order's refund rows and amounts, and the history commit or roll back together. The
// supplier's idempotency key is spent by the first pending/successful refund: a double submit answers that refund.
//
// Closing a request moves it open -> closed. The spec says closing releases the dispersions to the electronic
// wallets of the users involved; there is no wallet journal in this code base yet, so the close event in the
// append-only history is where that release will hook in.
import type { Db } from '../../db/client.ts';
import { RETURN_PHOTOS_MAX, RETURN_REASON_TREE } from '../../lib/shared/constants.ts';
import { AppError, type ErrorCode } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import * as ckRepo from '../checkout/repo.ts';
import { inTx, pgCode } from '../../db/tx.ts';
import * as ordersRepo from '../orders/repo.ts';
import type { OrderRow } from '../orders/repo.ts';
import { customerOrder, orderReference, supplierActor, supplierRefund } from '../orders/index.ts';
import { releaseOrder } from '../wallet/index.ts';
import { pendingRefundTotal, refundStateOf } from '../payments/index.ts';
import type { ReturnPhoto } from './photos.ts';
import { mailOrder } from '../mail/index.ts';
import * as repo from './repo.ts';
import {
  RETURN_CONDITIONS_TEXT, type CreateReturnInput, type OrderReturnsView, type ReturnPolicyView, type ReturnRefundView,
  type ReturnRefusal, type ReturnRequestView,
} from './schema.ts';

export type Side = 'customer' | 'supplier';
export const RETURN_NOT_FOUND = 'Return request not found';
export const returnReference = (n: number) => `DEV-${n}`;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** A refusal the pages show in the visitor's language: `reason` names it, `message` is the API's English text. */
export class ReturnRefused extends AppError {
  readonly reason: ReturnRefusal | 'closed' | 'refund_failed';
  constructor(reason: ReturnRefused['reason'], code: ErrorCode, message: string) {
    super(code, message, { textKey: `returns.refusal_${reason}` });
    this.reason = reason;
  }
}

const REFUSAL: Record<ReturnRefusal, { code: ErrorCode; message: string }> = {
  canceled: { code: 'invalid_transition', message: 'Cannot return a cancelled order' },
  not_delivered: { code: 'invalid_transition', message: 'Returns start once the order has been received' },
  expired: { code: 'invalid_transition', message: 'Return time limit expired' },
  disallowed: { code: 'invalid_transition', message: 'This seller does not accept returns' },
  open_request: { code: 'conflict', message: 'There is already an open return request for this order' },
  nothing_left: { code: 'invalid_transition', message: 'Every unit of this order was already asked for in a return' },
  not_signed_in: { code: 'unauthenticated', message: 'Sign in to request a return' },
};
const refused = (reason: ReturnRefusal) => new ReturnRefused(reason, REFUSAL[reason].code, REFUSAL[reason].message);

// ---------- policy ----------

async function policyOf(db: Db, supplierId: string, currency: string): Promise<ReturnPolicyView> {
  const [row, supplier] = await Promise.all([repo.findPolicy(db, supplierId), ckRepo.findSupplier(db, supplierId)]);
  const p = {
    return_type: row?.return_type ?? '72hrs', return_fees: row?.return_fees ?? 'free', return_policy: row?.return_policy ?? 'common',
    return_policy_legend: row?.return_policy_legend ?? null, return_shipping_label: row?.return_shipping_label ?? 'inbox',
    restocking_fees: row?.restocking_fees ?? 0,
  } as const;
  return {
    supplier: { id: supplierId, name: supplier?.name ?? '' }, ...p, currency,
    text: p.return_policy === 'customized' && p.return_policy_legend ? p.return_policy_legend : RETURN_CONDITIONS_TEXT,
    is_default: !row,
  };
}

/** What a supplier's items say about returns in their structured data (the page's JSON-LD): allowed or not, and who pays. */
export async function returnTerms(db: Db, supplierId: string): Promise<{ allowed: boolean; free: boolean }> {
  const row = await repo.findPolicy(db, supplierId);
  return { allowed: (row?.return_type ?? '72hrs') !== 'disallowed', free: (row?.return_fees ?? 'free') === 'free' };
}

async function mySupplier(db: Db, viewer: Viewer) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const [mine] = await ckRepo.suppliersOfProfile(db, viewer.user.profile_id);
  if (!mine) throw new AppError('forbidden', 'Only suppliers can do that');
  return { supplier: mine, user: viewer.user };
}

export async function getMyPolicy(db: Db, viewer: Viewer): Promise<ReturnPolicyView> {
  const { supplier } = await mySupplier(db, viewer);
  return policyOf(db, supplier.id, supplier.currency);
}

export async function setMyPolicy(db: Db, viewer: Viewer, input: {
  return_type: repo.PolicyRow['return_type']; return_fees: repo.PolicyRow['return_fees']; return_policy: repo.PolicyRow['return_policy'];
  return_policy_legend?: string | null; return_shipping_label: repo.PolicyRow['return_shipping_label']; restocking_fees: number;
}): Promise<ReturnPolicyView> {
  const { supplier, user } = await mySupplier(db, viewer);
  await repo.upsertPolicy(db, {
    supplier_id: supplier.id, return_type: input.return_type, return_fees: input.return_fees, return_policy: input.return_policy,
    return_policy_legend: input.return_policy_legend || null, return_shipping_label: input.return_shipping_label,
    restocking_fees: input.restocking_fees, updated_by: user.id,
  });
  return policyOf(db, supplier.id, supplier.currency);
}

// ---------- rules ----------

interface Line { order_item_id: string; name: string; photo: string | null; variant: Record<string, string>; unit_price: number; bought: number; requested: number; returnable: number }

async function linesOf(db: Db, orderId: string, requests: repo.ReturnRow[]): Promise<Line[]> {
  const [items, asked] = await Promise.all([ordersRepo.listItems(db, orderId), repo.itemsOfReturns(db, requests.map((r) => r.id))]);
  return items.map((i) => {
    const requested = asked.filter((a) => a.order_item_id === i.id).reduce((n, a) => n + a.quantity, 0);
    return {
      order_item_id: i.id, name: i.name, photo: i.photo, variant: i.variant, unit_price: i.unit_price, bought: i.amount, requested,
      returnable: Math.max(0, i.amount - requested),
    };
  });
}

/** Why the buyer may not start a request now, or null. Checked in this order (seed 001 §4, §9). */
export function refusalOf(o: Pick<OrderRow, 'status' | 'return_deadline'>, policy: Pick<ReturnPolicyView, 'return_type'>, requests: Pick<repo.ReturnRow, 'status'>[], lines: Pick<Line, 'returnable'>[], now = Date.now()): ReturnRefusal | null {
  if (o.status === 'canceled') return 'canceled';
  if (o.status !== 'delivered') return 'not_delivered';
  if (policy.return_type === 'disallowed') return 'disallowed';
  if (!o.return_deadline || now > new Date(o.return_deadline).getTime()) return 'expired';
  if (requests.some((r) => r.status === 'open')) return 'open_request';
  if (!lines.some((l) => l.returnable > 0)) return 'nothing_left';
  return null;
}

async function lockOrder(tx: Db, orderId: string): Promise<OrderRow> {
  const o0 = await ordersRepo.findOrder(tx, orderId);
  if (!o0) throw new AppError('not_found', 'Order not found');
  await ckRepo.lockCheckout(tx, o0.checkout_id);
  return (await ordersRepo.lockOrder(tx, orderId))!;
}

async function lockReturnOf(tx: Db, order: OrderRow, returnId: string): Promise<repo.ReturnRow> {
  const r = await repo.lockReturn(tx, returnId);
  if (!r || r.order_id !== order.id) throw new AppError('not_found', RETURN_NOT_FOUND);
  return r;
}

// ---------- the buyer ----------

export async function customerReturns(db: Db, viewer: Viewer, orderId: string): Promise<OrderReturnsView> {
  const o = await customerOrder(db, viewer, orderId);
  return view(db, o, 'customer', viewer.kind === 'user');
}

/**
 * The cheap checks before a request body (up to five photos) is read: the order is the viewer's (404 otherwise),
 * the viewer is signed in, and a request may be started now. createReturn checks again with the order locked.
 */
export async function assertCanRequest(db: Db, viewer: Viewer, orderId: string): Promise<void> {
  const o = await customerOrder(db, viewer, orderId);
  if (viewer.kind !== 'user') throw refused('not_signed_in');
  const requests = await repo.returnsOfOrder(db, o.id);
  const [policy, lines] = await Promise.all([policyOf(db, o.supplier_id, o.currency), linesOf(db, o.id, requests)]);
  const refusal = refusalOf(o, policy, requests, lines);
  if (refusal) throw refused(refusal);
}

export async function createReturn(db: Db, viewer: Viewer, orderId: string, input: CreateReturnInput, photos: ReturnPhoto[]): Promise<ReturnRequestView> {
  const o = await customerOrder(db, viewer, orderId);
  if (viewer.kind !== 'user') throw refused('not_signed_in');
  if (photos.length > RETURN_PHOTOS_MAX) throw new AppError('validation_error', `At most ${RETURN_PHOTOS_MAX} photos`, { textKey: 'apiErrors.too_many_photos', vars: { max: RETURN_PHOTOS_MAX }, fields: { photos: ['validation.tooManyPhotos'] } });
  let id: string;
  try {
    id = await inTx(db, async (tx) => {
      const order = await lockOrder(tx, o.id);
      const requests = await repo.returnsOfOrder(tx, order.id);
      const [policy, lines] = await Promise.all([policyOf(tx, order.supplier_id, order.currency), linesOf(tx, order.id, requests)]);
      const refusal = refusalOf(order, policy, requests, lines);
      if (refusal) throw refused(refusal);
      const fields: Record<string, string[]> = {};
      const fieldVars: Record<string, { max: number }> = {};
      input.items.forEach((it, i) => {
        const line = lines.find((l) => l.order_item_id === it.order_item_id);
        if (!line) fields[`items.${i}.order_item_id`] = ['validation.invalidOption'];
        else if (it.quantity > line.returnable) {
          fields[`items.${i}.quantity`] = ['validation.atMost'];
          fieldVars[`items.${i}.quantity`] = { max: line.returnable };
        }
      });
      if (Object.keys(fields).length) throw new AppError('validation_error', 'You cannot return more units than you bought', { fields, fieldVars });
      const row = await repo.insertReturn(tx, {
        order_id: order.id, user_id: viewer.user.id, reason_group: input.reason_group, reason: input.reason, comments: input.comments,
        conditions_accepted: input.conditions_accepted,
      });
      await repo.insertReturnItems(tx, input.items.map((it) => ({ return_id: row.id, order_item_id: it.order_item_id, quantity: it.quantity })));
      await repo.insertPhotos(tx, photos.map((p, i) => ({
        return_id: row.id, position: i, content_type: p.content_type, bytes: p.bytes, byte_size: p.bytes.length, width: p.width, height: p.height,
        sha256: p.sha256, original_name: p.original_name,
      })));
      await repo.appendHistory(tx, [{
        return_id: row.id, event: 'open', from_state: null, to_state: 'open', actor_role: 'customer', actor_user_id: viewer.user.id,
        note: `${input.reason_group}/${input.reason}`,
      }]);
      await mailOrder(tx, order.id, 'return_requested', { returnReference: returnReference(row.number), key: row.id });
      await ordersRepo.updateOrder(tx, order.id, {});
      return row.id;
    });
  } catch (err) {
    // The partial unique index answers a race the order lock already prevents: still a clear 409.
    if (pgCode(err) === '23505') throw refused('open_request');
    throw err;
  }
  const v = await view(db, o, 'customer', true);
  return v.requests.find((r) => r.id === id)!;
}

export async function customerPhoto(db: Db, viewer: Viewer, orderId: string, returnId: string, photoId: string) {
  const o = await customerOrder(db, viewer, orderId);
  return photoOf(db, o, returnId, photoId);
}

async function photoOf(db: Db, o: OrderRow, returnId: string, photoId: string) {
  const r = await repo.findReturn(db, returnId);
  if (!r || r.order_id !== o.id) throw new AppError('not_found', RETURN_NOT_FOUND);
  const p = await repo.findPhoto(db, r.id, photoId);
  if (!p) throw new AppError('not_found', 'Photo not found');
  return p;
}

// ---------- the supplier ----------

/** The order for its supplier admin (403 for non-suppliers, 404 for other suppliers' orders). */
export async function supplierOrder(db: Db, viewer: Viewer, orderId: string) {
  return supplierActor(db, viewer, await ordersRepo.findOrder(db, orderId), 'supplier');
}

export async function supplierReturns(db: Db, viewer: Viewer, orderId: string): Promise<OrderReturnsView> {
  const { order } = await supplierOrder(db, viewer, orderId);
  return view(db, order, 'supplier', true);
}

export async function supplierPhoto(db: Db, viewer: Viewer, orderId: string, returnId: string, photoId: string) {
  const { order } = await supplierOrder(db, viewer, orderId);
  return photoOf(db, order, returnId, photoId);
}

export async function addReturnNote(db: Db, viewer: Viewer, orderId: string, returnId: string, input: { text: string; visibility: 'client' | 'internal' }): Promise<ReturnRequestView> {
  const { actor, order } = await supplierOrder(db, viewer, orderId);
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, order.id);
    const r = await lockReturnOf(tx, o, returnId);
    await repo.insertNote(tx, { return_id: r.id, author_user_id: actor.user_id, author_role: 'supplier', visibility: input.visibility, text: input.text });
    await repo.appendHistory(tx, [{
      return_id: r.id, event: 'note', from_state: r.status, to_state: r.status, actor_role: 'supplier', actor_user_id: actor.user_id,
      visibility: input.visibility, note: input.text,
    }]);
    await repo.updateReturn(tx, r.id, {});
  });
  return requestView(db, order, returnId, 'supplier');
}

/** The key a return's refund gives the order's refund path, and the order refunds' key it becomes (orders/service.ts). */
const returnRefundKey = (refundId: string) => `return:${refundId}`;
const orderRefundKey = (orderId: string, refundId: string) => `refund:${orderId}:${returnRefundKey(refundId)}`;

export interface RefundOutcome { refund: ReturnRefundView; replayed: boolean; request: ReturnRequestView }

/**
 * Refunds `amount` for a return through the order's refund path. Never above the amount available (paid minus
 * refunded); the same idempotency key again answers the first refund (replayed) and moves no money. The return's
 * refund row is committed with the order's requested refund; the provider answers after that commit (outside the
 * order's lock, orders/service.ts), and its outcome is then written here: given back or in process (history, mail),
 * or refused (the row failed, the key usable for a retry, 402).
 */
export async function refundReturn(db: Db, viewer: Viewer, orderId: string, returnId: string, input: { amount: number; reason?: string; idempotency_key: string }): Promise<RefundOutcome> {
  const { actor, order } = await supplierOrder(db, viewer, orderId);
  const key = input.idempotency_key;
  const reason = input.reason?.trim() || null;
  const outcome = await inTx(db, async (tx) => {
    const o = await lockOrder(tx, order.id);
    const r = await lockReturnOf(tx, o, returnId);
    const spent = await repo.findRefundByKey(tx, r.id, key);
    if (spent) {
      if (spent.amount !== input.amount) throw new AppError('idempotency_conflict', 'This idempotency key was used for another amount');
      return { row: spent, replayed: true };
    }
    if (r.status !== 'open') throw new ReturnRefused('closed', 'invalid_transition', 'The return request is closed');
    const available = o.amount_paid - o.amount_refunded - (await pendingRefundTotal(tx, o.id));
    if (input.amount > available) {
      throw new AppError('validation_error', 'Refund amount must not exceed the amount available', { textKey: 'apiErrors.refund_exceeds_available', vars: { available, max: available }, fields: { amount: ['validation.atMost'] } });
    }
    const row = await repo.insertRefund(tx, {
      return_id: r.id, order_id: o.id, amount: input.amount, currency: o.currency, status: 'pending', idempotency_key: key, reason, created_by: actor.user_id,
    });
    await supplierRefund(tx, viewer, o.id, {
      amount: input.amount, reason: `${returnReference(r.number)}${reason ? `: ${reason}` : ''}`, idempotency_key: returnRefundKey(row.id),
    });
    return { row, replayed: false };
  });
  const row = outcome.replayed ? outcome.row : await recordOutcome(db, actor, order.id, returnId, outcome.row, reason);
  const request = await requestView(db, order, returnId, 'supplier');
  return { refund: request.refunds.find((x) => x.id === row.id)!, replayed: outcome.replayed, request };
}

/** The provider's answer (read from the order refunds made under the return refund's key) written on the return. */
async function recordOutcome(db: Db, actor: { user_id: string | null }, orderId: string, returnId: string, row: repo.ReturnRefundRow, reason: string | null): Promise<repo.ReturnRefundRow> {
  const state = await refundStateOf(db, orderRefundKey(orderId, row.id));
  const done = await inTx(db, async (tx) => {
    const o = await lockOrder(tx, orderId);
    const r = await lockReturnOf(tx, o, returnId);
    if (state === 'failed') {
      const failed = await repo.updateRefund(tx, row.id, { status: 'failed', failure_message: 'Refund could not be completed', completed_at: new Date() });
      await repo.appendHistory(tx, [{
        return_id: r.id, event: 'refund_failed', from_state: r.status, to_state: r.status, actor_role: 'supplier', actor_user_id: actor.user_id,
        amount: row.amount, note: 'Refund could not be completed',
      }]);
      return failed;
    }
    // A refund the provider settles later stays pending here; the view reads its outcome from the order's refunds.
    const updated = state === 'success' ? await repo.updateRefund(tx, row.id, { status: 'success', completed_at: new Date() }) : row;
    await repo.appendHistory(tx, [{
      return_id: r.id, event: 'refund', from_state: r.status, to_state: r.status, actor_role: 'supplier', actor_user_id: actor.user_id,
      amount: row.amount, note: reason,
    }]);
    await repo.updateReturn(tx, r.id, {});
    await mailOrder(tx, o.id, 'return_refunded', { returnReference: returnReference(r.number), amount: row.amount, key: row.id });
    return updated;
  });
  if (state === 'failed') throw new ReturnRefused('refund_failed', 'payment_failed', 'Refund could not be completed');
  return done;
}

/** Open -> closed (the supplier's 'Close request'). */
export async function closeReturn(db: Db, viewer: Viewer, orderId: string, returnId: string, input: { note?: string }): Promise<ReturnRequestView> {
  const { actor, order } = await supplierOrder(db, viewer, orderId);
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, order.id);
    const r = await lockReturnOf(tx, o, returnId);
    if (r.status !== 'open') throw new ReturnRefused('closed', 'invalid_transition', 'The return request is already closed');
    await repo.updateReturn(tx, r.id, { status: 'closed', closed_at: new Date(), closed_by: actor.user_id });
    await repo.appendHistory(tx, [{
      return_id: r.id, event: 'close', from_state: 'open', to_state: 'closed', actor_role: 'supplier', actor_user_id: actor.user_id, note: input.note?.trim() || null,
    }]);
    await ordersRepo.updateOrder(tx, o.id, {});
    // Closing the request releases the dispersions to everyone's wallet (seed 001 §4).
    await releaseOrder(tx, o.id);
    await mailOrder(tx, o.id, 'return_closed', { returnReference: returnReference(r.number), key: r.id });
  });
  return requestView(db, order, returnId, 'supplier');
}

// ---------- views ----------

const photoUrl = (side: Side, orderId: string, returnId: string, photoId: string) =>
  `/api/${side === 'supplier' ? 'supplier/' : ''}orders/${orderId}/returns/${returnId}/photos/${photoId}`;

function refundView(r: repo.ReturnRefundRow, ref: string): ReturnRefundView {
  return {
    id: r.id, return_id: r.return_id, reference: ref, amount: r.amount, currency: r.currency, status: r.status, reason: r.reason,
    failure_message: r.failure_message, at: iso(r.created_at)!, completed_at: iso(r.completed_at),
  };
}

async function requestView(db: Db, order: OrderRow, returnId: string, side: Side): Promise<ReturnRequestView> {
  const v = await view(db, order, side, true);
  const r = v.requests.find((x) => x.id === returnId);
  if (!r) throw new AppError('not_found', RETURN_NOT_FOUND);
  return r;
}

async function view(db: Db, order: OrderRow, side: Side, signedIn: boolean): Promise<OrderReturnsView> {
  const o = (await ordersRepo.findOrder(db, order.id))!;
  const requests = await repo.returnsOfOrder(db, o.id);
  const ids = requests.map((r) => r.id);
  const internal = side === 'supplier';
  const [policy, lines, asked, photos, notes, history, stored] = await Promise.all([
    policyOf(db, o.supplier_id, o.currency), linesOf(db, o.id, requests), repo.itemsOfReturns(db, ids), repo.photosOfReturns(db, ids),
    repo.notesOfReturns(db, ids, internal), repo.historyOfReturns(db, ids, internal), repo.refundsOfOrder(db, o.id),
  ]);
  // A refund the provider took as pending is settled on the order's refund rows (webhook): its state is read there.
  const refunds = await Promise.all(stored.map(async (x) => x.status !== 'pending' ? x
    : { ...x, status: (await refundStateOf(db, orderRefundKey(o.id, x.id))) ?? x.status }));
  const refusal = signedIn || side === 'supplier' ? refusalOf(o, policy, requests, lines) : 'not_signed_in';
  const refs = new Map(requests.map((r) => [r.id, returnReference(r.number)]));
  // Refunds still pending at the provider are not available again (the order's refund path refuses them too).
  const available = o.amount_paid - o.amount_refunded - (await pendingRefundTotal(db, o.id));
  const views: ReturnRequestView[] = requests.map((r) => {
    const mine = refunds.filter((x) => x.return_id === r.id);
    return {
      id: r.id, number: r.number, reference: refs.get(r.id)!, order_id: o.id, status: r.status, reason_group: r.reason_group, reason: r.reason,
      comments: r.comments,
      items: asked.filter((a) => a.return_id === r.id).map((a) => {
        const line = lines.find((l) => l.order_item_id === a.order_item_id);
        return { order_item_id: a.order_item_id, name: line?.name ?? '', photo: line?.photo ?? null, variant: line?.variant ?? {}, quantity: a.quantity, unit_price: line?.unit_price ?? 0 };
      }),
      photos: photos.filter((p) => p.return_id === r.id).map((p) => ({ id: p.id, url: photoUrl(side, o.id, r.id, p.id), content_type: p.content_type, width: p.width, height: p.height })),
      notes: notes.filter((n) => n.return_id === r.id).map((n) => ({ id: n.id, text: n.text, visibility: n.visibility, author_role: n.author_role, at: iso(n.created_at)! })),
      history: history.filter((h) => h.return_id === r.id).map((h) => ({ event: h.event, from: h.from_state, to: h.to_state, actor_role: h.actor_role, amount: h.amount, note: h.note, at: iso(h.created_at)! })),
      refunds: mine.map((x) => refundView(x, refs.get(r.id)!)),
      refunded: mine.filter((x) => x.status === 'success').reduce((n, x) => n + x.amount, 0),
      suggested_refund: suggested(r, asked, lines, policy, available),
      created_at: iso(r.created_at)!, closed_at: iso(r.closed_at),
    };
  }).reverse();
  const open = requests.some((r) => r.status === 'open');
  return {
    order_id: o.id, reference: orderReference(o.number), order_status: o.status, currency: o.currency,
    delivered_at: iso(o.delivered_at), return_deadline: iso(o.return_deadline), policy,
    eligibility: { can_request: refusal === null, reason: refusal, message: refusal ? REFUSAL[refusal].message : null },
    lines, amount_available: available, photos_max: RETURN_PHOTOS_MAX,
    reasons: Object.fromEntries(Object.entries(RETURN_REASON_TREE).map(([g, list]) => [g, [...list]])),
    requests: views,
    refunds: refunds.map((x) => refundView(x, refs.get(x.return_id) ?? '')).reverse(),
    actions: { can_note: side === 'supplier' && requests.length > 0, can_refund: side === 'supplier' && open && available > 0, can_close: side === 'supplier' && open },
  };
}

/** What the supplier's refund form proposes: the returned units' value, less the restocking fee, within what is available. */
function suggested(r: repo.ReturnRow, asked: repo.ReturnItemRow[], lines: Line[], policy: ReturnPolicyView, available: number): number {
  const value = asked.filter((a) => a.return_id === r.id).reduce((n, a) => n + a.quantity * (lines.find((l) => l.order_item_id === a.order_item_id)?.unit_price ?? 0), 0);
  const fee = policy.return_fees === 'restocking_fees' ? policy.restocking_fees : 0;
  return Math.max(0, Math.min(available, value - fee));
}
