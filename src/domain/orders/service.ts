// Purchase order rules: creating the order from a checkout, the three state machines with their effects
// (stock, refunds, dates), payment settlement (shared by webhooks, synchronous card answers and the supplier's
// "money received"), and who may see and move an order.
//
// Roles: the customer (the buyer; guests through their anonymous id), the supplier admin (users whose profile is
// the supplier's profile, e.g. proveedor@demo.test for Textiles del Bajío) and the dropshipping supplier (the
// profile that owns a dropshipped line: it may mark the goods ready and delivered). The system (sweeper) and the
// provider (webhooks) move the payment machine.
import { recordLabel } from '../shipping/label.ts';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { RETURN_WINDOW_MS, type OrderStatus } from '../../lib/shared/constants.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import * as ckRepo from '../checkout/repo.ts';
import type { CheckoutRow } from '../checkout/repo.ts';
import { afterCommit, inTx, isTx } from '../../db/tx.ts';
import { providerFor, sandboxRefundEvent } from '../payments/index.ts';
import { sandboxPaymentsEnabled } from '../../lib/server/modes.ts';
import * as payRepo from '../payments/repo.ts';
import type { PaymentRow } from '../payments/index.ts';
import { paymentViewOf } from '../payments/index.ts';
import { FULFILLMENT_FOR_ORDER_EVENT, allowed, cancelEvent, nextActor, nextEvent, nextStep, plan, waitingOn, type EventInput, type Machine, type OrderFacts, type Role } from './machines.ts';
import * as repo from './repo.ts';
import type { OrderRow } from './repo.ts';
import { assertRefundCovered, recordPayment, recordRefund, startReturnWindow, supplierHolderOf } from '../wallet/index.ts';
import type { OrderDetail, OrderListQuery, OrderSummary } from './schema.ts';
import { withAttribution } from './attribution.ts';
import { mailOrder } from '../mail/index.ts';

export interface Actor { role: Role; user_id: string | null }
export const SYSTEM: Actor = { role: 'system', user_id: null };
export const PROVIDER: Actor = { role: 'provider', user_id: null };

export const ORDER_NOT_FOUND = 'Order not found';
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
export const orderReference = (n: number) => `PO-${n}`;
export const newToken = () => `ptk_${randomBytes(18).toString('base64url')}`;

function facts(o: OrderRow): OrderFacts {
  return {
    status: o.status, payment_status: o.payment_status, fulfillment_status: o.fulfillment_status, payment_flow: o.payment_flow,
    delivery_type: o.delivery_type, order_total: o.order_total, amount_paid: o.amount_paid, amount_refunded: o.amount_refunded,
    extra_charge: o.extra_charge,
  };
}

const COLUMN = { status: 'status', payment: 'payment_status', fulfillment: 'fulfillment_status' } as const;

/** Fires one event on one machine: checks role, state and guard, writes the state and a history row. */
export async function fire(tx: Db, order: OrderRow, machine: Machine, event: string, actor: Actor, input: EventInput = {}, note?: string | null): Promise<OrderRow> {
  const current = order[COLUMN[machine]];
  const r = plan(machine, current, event, actor.role, facts(order), input);
  if (!r.ok) {
    if (r.reason === 'forbidden') throw new AppError('forbidden', r.message);
    // The field's own text (a message key) next to the field, and the same text as the answer's message.
    if (r.reason === 'guard' && r.field) throw new AppError('validation_error', r.message, { fields: { [r.field]: [r.key ?? r.message] }, ...(r.key ? { textKey: r.key } : {}) });
    if (r.reason === 'unknown_event') throw new AppError('bad_request', r.message);
    throw new AppError('invalid_transition', r.message, r.key ? { textKey: r.key } : {});
  }
  const updated = await repo.updateOrder(tx, order.id, { [COLUMN[machine]]: r.to } as Partial<repo.OrderInsert>);
  await repo.appendHistory(tx, [{
    order_id: order.id, machine, event, from_state: r.from, to_state: r.to, actor_role: actor.role, actor_user_id: actor.user_id, note: note ?? null,
  }]);
  return updated;
}

/** Fires when the move is allowed now, else leaves the machine as it is (side effects of another machine's move). */
async function tryFire(tx: Db, order: OrderRow, machine: Machine, event: string, actor: Actor, input: EventInput = {}, note?: string | null): Promise<OrderRow> {
  const r = plan(machine, order[COLUMN[machine]], event, actor.role === 'customer' ? 'system' : actor.role, facts(order), input);
  if (!r.ok) return order;
  return fire(tx, order, machine, event, actor.role === 'customer' ? SYSTEM : actor, input, note);
}

// ---------- creating ----------

/** Called with the checkout locked: one order per checkout (unique), with its line snapshot and first history. */
export async function createOrderFromCheckout(tx: Db, c: CheckoutRow, method: { payment_type: string; flow: string }, locale: string | null = null): Promise<OrderRow> {
  const existing = await repo.findOrderByCheckout(tx, c.id);
  if (existing) return existing;
  const order = await repo.insertOrder(tx, {
    checkout_id: c.id, shop_id: c.shop_id, supplier_id: c.supplier_id, user_id: c.user_id, anonymous_id: c.anonymous_id,
    guest_email: c.guest_email, contact: c.contact!, address: c.address, delivery_type: c.delivery_type, delivery: c.delivery,
    payment_type: method.payment_type, payment_flow: method.flow, payment_token: c.payment_token ?? newToken(), currency: c.currency,
    items_total: c.items_total, shipping_total: c.shipping_total, order_total: c.items_total + c.shipping_total,
    shipping_days: c.shipping_days, invoicing: c.invoicing, locale,
    // A courtesy (seed 001's purchase order flag): every item given free (samples, free experiences); shipping,
    // if any, is still paid. Set once when the order is placed, never edited.
    is_courtesy: c.lines.length > 0 && c.items_total === 0,
  });
  await repo.insertItems(tx, c.lines.map((l) => ({
    order_id: order.id, product_id: l.product_id, variant: l.variant, name: l.name, photo: l.photo, type: l.type,
    unit_price: l.unit_price, crossout_price: l.crossout_price, amount: l.amount, line_total: l.unit_price * l.amount,
    currency: l.currency, is_dropshipping: l.is_dropshipping, owner: l.owner, contribution_margin: l.contribution_margin ?? 0, buy_by: l.buy_by === true, experience_date: l.experience_date ? new Date(l.experience_date) : null,
  })));
  await repo.insertAttendees(tx, c.attendees.map((a) => ({ order_id: order.id, product_id: a.product_id, full_name: a.full_name, phone: a.phone, email: a.email ?? null })));
  const who: Actor = { role: 'customer', user_id: c.user_id };
  await repo.appendHistory(tx, (['status', 'payment', 'fulfillment'] as const).map((machine) => ({
    order_id: order.id, machine, event: 'place', from_state: null, to_state: order[COLUMN[machine]], actor_role: who.role, actor_user_id: who.user_id, note: null,
  })));
  return order;
}

// ---------- stock effects ----------

/** Turns the checkout's reservations into sold units. Answers false when a lapsed reservation cannot be re-taken. */
export async function allocateStock(tx: Db, c: CheckoutRow): Promise<boolean> {
  const held = await ckRepo.settleReservations(tx, c.id, 'allocated');
  for (const h of held) await ckRepo.allocateUnits(tx, h.product_id, h.quantity, h.variant_key);
  return true;
}

/** Gives back what the checkout holds: reserved units are released, sold units return to the shelf. */
export async function returnStock(tx: Db, c: CheckoutRow) {
  const held = await ckRepo.settleReservations(tx, c.id, 'released');
  for (const h of held) await ckRepo.releaseUnits(tx, h.product_id, h.quantity, h.variant_key);
  const sold = await ckRepo.unallocateReservations(tx, c.id);
  for (const s of sold) await ckRepo.restockUnits(tx, s.product_id, s.quantity, s.variant_key);
}

// ---------- payments ----------

export type Outcome =
  | { kind: 'succeeded' }
  | { kind: 'failed' | 'canceled' | 'expired'; code: string; message: string };

/** Locks checkout -> order -> payment (the documented order) for a payment. */
async function lockForPayment(tx: Db, paymentId: string) {
  const p0 = await payRepo.findPayment(tx, paymentId);
  if (!p0) throw new AppError('not_found', 'Payment not found');
  const o0 = await repo.findOrder(tx, p0.order_id);
  const checkout = await ckRepo.lockCheckout(tx, o0!.checkout_id);
  const order = await repo.lockOrder(tx, o0!.id);
  const payment = await payRepo.lockPayment(tx, paymentId);
  return { checkout: checkout!, order: order!, payment: payment! };
}

const FINAL_ATTEMPT = new Set(['succeeded', 'failed', 'canceled', 'expired']);

/**
 * Applies a payment outcome once. Every path ends here: the synchronous card answer, provider webhooks (after
 * the inbox accepted the event), the sandbox pages, the supplier's "money received" and the sweeper.
 * Success allocates the reserved stock; a success for an order that no longer wants it (canceled, already paid)
 * is refunded at once, so a shopper is never charged twice.
 */
export async function settlePayment(db: Db, paymentId: string, outcome: Outcome, actor: Actor = PROVIDER): Promise<'applied' | 'duplicate' | 'refunded'> {
  return inTx(db, async (tx) => {
    const locked = await lockForPayment(tx, paymentId);
    const { checkout, payment } = locked;
    let order = locked.order;
    // A success is applied once. A success reported for an attempt we had already given up on (superseded,
    // expired) is still money taken: it is applied when the order still wants it, else refunded below.
    if (payment.status === 'succeeded') return 'duplicate';
    if (outcome.kind !== 'succeeded' && FINAL_ATTEMPT.has(payment.status)) return 'duplicate';
    if (outcome.kind === 'succeeded') {
      await payRepo.updatePayment(tx, payment.id, { status: 'succeeded', completed_at: new Date(), failure_code: null, failure_message: null });
      // Money in: the ledger splits it now (in this transaction); a refund just below posts its reversal.
      await recordPayment(tx, order, payment);
      const due = order.order_total - order.amount_paid;
      if (order.status === 'canceled' || due <= 0) {
        order = await repo.updateOrder(tx, order.id, { amount_paid: order.amount_paid + payment.amount });
        await refundPayments(tx, order, [{ ...payment, status: 'succeeded' }], payment.amount, 'Payment arrived for an order that no longer needed it', actor, `auto:${payment.id}`);
        return 'refunded';
      }
      // The token is spent: paying again (an extra charge later) needs the new one, never replays this charge.
      const token = newToken();
      order = await repo.updateOrder(tx, order.id, {
        amount_paid: order.amount_paid + payment.amount, consecutive_failures: 0, payment_token: token,
        payment_method: paymentMethodDisplay(payment),
      });
      await ckRepo.updateCheckout(tx, checkout.id, { payment_token: token });
      if (payment.kind === 'order') {
        if (payment.flow === 'card') order = await tryFire(tx, order, 'payment', 'authorize', actor);
        order = await tryFire(tx, order, 'payment', 'pay', actor);
        if (order.payment_status === 'paid') await mailOrder(tx, order.id, 'paid');
      } else {
        await repo.appendHistory(tx, [{ order_id: order.id, machine: 'payment', event: 'extra_charge_paid', from_state: order.payment_status, to_state: order.payment_status, actor_role: actor.role, actor_user_id: actor.user_id, note: `${payment.amount}` }]);
      }
      // "Save this card" (asked at payment time) happens once the card proved good, whenever that is (3-D Secure ...).
      if (payment.card?.save && payment.card_token_id && order.user_id) {
        const t = await payRepo.findCardToken(tx, payment.card_token_id);
        if (t) {
          await payRepo.saveCard(tx, {
            user_id: order.user_id, provider: payment.provider, name: t.name, brand: t.brand, last4: t.last4, card_type: t.card_type,
            bank: t.bank, exp_month: t.exp_month, exp_year: t.exp_year, sandbox_behaviour: t.sandbox_behaviour, fingerprint: t.fingerprint,
          });
        }
      }
      if (checkout.status === 'open' || checkout.status === 'placed') {
        await allocateStock(tx, checkout);
        await ckRepo.updateCheckout(tx, checkout.id, { status: 'completed' });
      }
      // Any other attempt still open for this order (a reference issued earlier ...) is no longer wanted.
      for (const other of await payRepo.openPaymentsOfOrder(tx, order.id)) {
        if (other.id !== payment.id) await payRepo.updatePayment(tx, other.id, { status: 'canceled', failure_code: 'superseded', failure_message: 'Another payment completed this order' });
      }
      return 'applied';
    }
    await payRepo.updatePayment(tx, payment.id, { status: outcome.kind, failure_code: outcome.code, failure_message: outcome.message, completed_at: new Date() });
    // A failed card attempt invalidates the token: the shopper's page must ask for a new one (seed 001 §8).
    const token = newToken();
    order = await repo.updateOrder(tx, order.id, { consecutive_failures: order.consecutive_failures + 1, payment_token: token });
    await ckRepo.updateCheckout(tx, checkout.id, { payment_token: token });
    if (payment.kind === 'order') await tryFire(tx, order, 'payment', 'fail', actor, {}, `${outcome.code}: ${outcome.message}`);
    return 'applied';
  });
}

function paymentMethodDisplay(p: PaymentRow): Record<string, unknown> {
  if (p.card) {
    const { save: _s, ...card } = p.card;
    return { type: p.payment_type, ...card, installments: p.installments };
  }
  if (p.reference) return { type: p.payment_type, reference: p.reference, ...(p.reference_details ?? {}) };
  return { type: p.payment_type };
}

/** A refund call committed: the order, and the refund rows waiting for the provider's answer (asked after the commit). */
export interface RefundRun { order: OrderRow; requested: string[] }

/** Who asked for a refund and under which key: how its success is applied (payment machine step, mail, payer). */
interface RefundAsk { actor: Actor; reason: string; key: string; payer: string | null }

/**
 * Gives `amount` back across the order's succeeded payments (newest first). Refund amount never exceeds what is
 * available: paid, less refunded, less refunds still pending at the provider. Inside the order's transaction only
 * the rows are written, each `pending` and *requested* with its idempotency key; the provider is asked after the
 * commit (askProvider), so a slow provider never holds the order's lock, and each answer is applied in a short
 * transaction of its own. A row left requested (the process stopped between the steps) is asked again with the same
 * key by the refund-requests job, or settled by the provider's event.
 */
async function refundPayments(tx: Db, order: OrderRow, candidates: PaymentRow[] | null, amount: number, reason: string, actor: Actor, key: string): Promise<RefundRun> {
  const refunds = await payRepo.refundsOfOrder(tx, order.id);
  const mine = refunds.filter((r) => r.idempotency_key.startsWith(`${key}:`));
  // Rows of this key a stopped process left unasked: this replay asks for them again.
  const requested = mine.filter((r) => r.requested_at).map((r) => r.id);
  // A replay of a refund already made under this key moves nothing and is no error, whatever is left to refund now.
  const done = mine.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
  // A supplier refunding pays its own part back from its wallet: refused here, before the provider moves money, when
  // its available balance cannot cover it (issue 23; the other parties' parts never go below a withdrawable zero).
  const payer = actor.role === 'supplier' || actor.role === 'dssupplier' ? await supplierHolderOf(tx, order.id) : null;
  const ask = { actor, reason, key, payer };
  if (done >= amount) return { order, requested: queueAsk(tx, requested, ask) };
  const inFlight = refunds.filter((r) => r.status === 'pending').reduce((n, r) => n + r.amount, 0);
  const available = order.amount_paid - order.amount_refunded - inFlight;
  if (amount - done > available) {
    throw new AppError('validation_error', 'Refund amount must not exceed the amount available', { textKey: 'apiErrors.refund_exceeds_available', vars: { available, max: available }, fields: { amount: ['validation.atMost'] } });
  }
  await assertRefundCovered(tx, order, amount - done, payer);
  const pays = (candidates ?? (await payRepo.paymentsOfOrder(tx, order.id))).filter((p) => p.status === 'succeeded').reverse();
  let remaining = amount;
  for (const p of pays) {
    if (remaining <= 0) break;
    const already = refunds.filter((r) => r.payment_id === p.id && r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
    const part = Math.min(remaining, p.amount - already);
    if (part <= 0) continue;
    const row = await payRepo.insertRefund(tx, { payment_id: p.id, order_id: order.id, amount: part, status: 'pending', idempotency_key: `${key}:${p.id}`, reason, created_by: actor.user_id, requested_at: new Date() });
    remaining -= part;
    if (row) requested.push(row.id);
  }
  return { order, requested: queueAsk(tx, requested, ask) };
}

/** Asks the provider for `ids` once `tx` commits; when `tx` is not one inTx opened, the refund-requests job will. */
function queueAsk(tx: Db, ids: string[], ask: RefundAsk | null): string[] {
  if (ids.length && !afterCommit(tx, (db) => askProvider(db, ids, ask))) {
    console.warn(`[orders] refunds ${ids.join(', ')} committed outside inTx: the refund-requests job asks the provider`);
  }
  return ids;
}

/**
 * Outside any transaction: asks each requested refund's provider (with the row's idempotency key, so asking twice,
 * from two processes or after a crash, is one refund at the provider), then applies its answer (answerRefund). A call
 * that throws leaves the row requested for the job. `ask` null: the answer is applied as a provider's event is.
 */
async function askProvider(db: Db, ids: string[], ask: RefundAsk | null = null): Promise<void> {
  for (const id of ids) {
    const r = await payRepo.findRefund(db, id);
    if (!r?.requested_at || r.status !== 'pending') continue;
    const p = (await payRepo.findPayment(db, r.payment_id))!;
    try {
      const res = await providerFor(p.provider)!.refund(p, r.amount, r.idempotency_key, r.id);
      await answerRefund(db, r.id, res.status, ask, res.provider_refund_id);
    } catch (err) {
      // Already committed: the caller's answer stands; the row stays requested and the job asks again (same key).
      console.warn(`[orders] refund ${r.id}: no answer applied (${(err as Error).message}); it stays requested`);
    }
  }
}

/**
 * The provider's first answer about a requested refund, in a short transaction of its own. Nothing happens when the
 * row is no longer requested (its event, another process or an earlier answer came first): 'duplicate'.
 */
async function answerRefund(db: Db, refundId: string, outcome: 'success' | 'pending' | 'failed', ask: RefundAsk | null, providerRefundId?: string | null): Promise<'applied' | 'duplicate'> {
  return inTx(db, async (tx) => {
    const r0 = await payRepo.findRefund(tx, refundId);
    if (!r0) return 'duplicate';
    const { order } = await lockOrderTx(tx, r0.order_id);
    const r = (await payRepo.lockRefund(tx, refundId))!;
    if (!r.requested_at || r.status !== 'pending') return 'duplicate';
    if (outcome === 'pending') {
      await payRepo.updateRefund(tx, r.id, 'pending', providerRefundId);
      return 'applied';
    }
    await settleLocked(tx, order, r, outcome, ask, providerRefundId);
    return 'applied';
  });
}

/** A pending refund's outcome on the locked order: failed moves nothing (the money stays owed); success is applied. */
async function settleLocked(tx: Db, order: OrderRow, r: payRepo.RefundRow, outcome: 'success' | 'failed', ask: RefundAsk | null, providerRefundId?: string | null): Promise<void> {
  await payRepo.updateRefund(tx, r.id, outcome, providerRefundId);
  if (outcome === 'failed') {
    await repo.appendHistory(tx, [{ order_id: order.id, machine: 'payment', event: 'refund_failed', from_state: order.payment_status, to_state: order.payment_status, actor_role: PROVIDER.role, actor_user_id: null, note: `${r.amount}` }]);
    await repo.updateOrder(tx, order.id, {});
    return;
  }
  // The key without its payment suffix: the caller's key (cancel:..., refund:...:return:...) decides the mail.
  const key = ask?.key ?? r.idempotency_key.slice(0, r.idempotency_key.lastIndexOf(':'));
  await applyRefund(tx, order, r.amount, ask?.reason ?? r.reason ?? 'Refund', ask?.actor ?? PROVIDER, key, ask?.payer ?? null);
}

/** Requested refunds older than `olderThanMs` (their asker stopped, or its call failed): asked again (job refund-requests). */
export async function askStaleRefunds(db: Db, olderThanMs: number): Promise<number> {
  const ids = await payRepo.staleRequestedRefunds(db, new Date(Date.now() - olderThanMs));
  await askProvider(db, ids);
  return ids.length;
}

/** Money that went back to the buyer: the ledger's take-back, the payment machine's step, the order's sum, the mail. */
async function applyRefund(tx: Db, order: OrderRow, applied: number, reason: string, actor: Actor, key: string, payer: string | null): Promise<OrderRow> {
  if (applied === 0) return order;
  // Named by the refunded total before it: unique per application, the same on a replay of this very step.
  await recordRefund(tx, order, applied, `${order.id}@${order.amount_refunded}`, payer);
  const event = order.amount_refunded + applied >= order.amount_paid ? 'refund' : 'partial_refund';
  let o = order;
  if (o.payment_status === 'paid' || o.payment_status === 'partially_refunded') {
    o = await fire(tx, o, 'payment', event, actor.role === 'customer' ? SYSTEM : actor, { refund_amount: applied }, reason);
  } else {
    await repo.appendHistory(tx, [{ order_id: o.id, machine: 'payment', event: 'refund_late_payment', from_state: o.payment_status, to_state: o.payment_status, actor_role: actor.role, actor_user_id: actor.user_id, note: reason }]);
  }
  const refunded = await repo.updateOrder(tx, o.id, { amount_refunded: order.amount_refunded + applied });
  // A cancellation's refund is told in the cancellation's own mail, a return's in the return's.
  if (!key.startsWith('cancel:') && !key.includes(':return:')) await mailOrder(tx, o.id, 'refunded', { amount: applied, key: String(order.amount_refunded) });
  return refunded;
}

/**
 * A provider's event settles a pending refund (idempotent: a refund no longer pending is left alone, 'duplicate').
 * Succeeded: applied now exactly as an instant refund is (ledger, order sums, payment state). Failed: the row says
 * so and nothing else moves, so the money stays owed and available to refund again.
 */
export async function settleRefund(db: Db, refundId: string, outcome: 'success' | 'failed'): Promise<'applied' | 'duplicate'> {
  return inTx(db, async (tx) => {
    const r0 = await payRepo.findRefund(tx, refundId);
    if (!r0) return 'duplicate';
    const { order } = await lockOrderTx(tx, r0.order_id);
    const r = (await payRepo.lockRefund(tx, refundId))!;
    if (r.status !== 'pending') return 'duplicate';
    await settleLocked(tx, order, r, outcome, null);
    return 'applied';
  });
}

/**
 * The sandbox providers' refund desk (job sandbox-refunds): each pending sandbox refund gets the event the sandbox
 * sends for its amount (payments/providers.ts), stored in the webhook inbox and processed once, as a provider's
 * webhook is (a second delivery of the same event id, from another process or from outside, changes nothing).
 */
export async function settleSandboxRefunds(db: Db): Promise<number> {
  if (!sandboxPaymentsEnabled()) return 0;
  let settled = 0;
  for (const r of await payRepo.pendingSandboxRefunds(db)) {
    const event = sandboxRefundEvent(r.charge_id, r.refund);
    const done = await inTx(db, async (tx) => {
      const inboxId = await payRepo.insertInbox(tx, { provider: r.provider, event_id: event.id, type: event.type, payload: { id: event.id, type: event.type, data: { charge_id: event.charge_id, refund_id: event.refund_id } } });
      if (inboxId === null) return false;
      const outcome = await settleRefund(tx, r.refund.id, event.type === 'refund.succeeded' ? 'success' : 'failed');
      await payRepo.setInboxOutcome(tx, inboxId, outcome);
      return outcome === 'applied';
    });
    if (done) settled++;
  }
  return settled;
}

// ---------- moving orders ----------

/** Cancels with a reason and a description: stock comes back, open attempts stop, paid money is refunded. */
async function cancelLocked(tx: Db, checkout: CheckoutRow, order: OrderRow, actor: Actor, input: { reason: string; description: string }, typed = true): Promise<OrderRow> {
  // The same choice the pages make (actions.can_cancel); when neither is allowed, 'fire' says why.
  const event = cancelEvent(facts(order), actor.role) ?? (order.status === 'in_process' || order.status === 'ready_to_deliver' ? 'cancel_in_process' : 'cancel');
  let o = await fire(tx, order, 'status', event, actor, input, input.description);
  o = await repo.updateOrder(tx, o.id, { cancel_reason: input.reason, cancel_description: input.description, canceled_at: new Date() });
  o = await tryFire(tx, o, 'fulfillment', 'cancel', actor);
  for (const p of await payRepo.openPaymentsOfOrder(tx, o.id)) {
    await payRepo.updatePayment(tx, p.id, { status: 'canceled', failure_code: 'order_canceled', failure_message: 'The order was canceled' });
  }
  if (o.amount_paid - o.amount_refunded > 0) {
    // A refund the provider refuses does not stop the cancellation: its failed row shows the money still owed.
    o = (await refundPayments(tx, o, null, o.amount_paid - o.amount_refunded, `Order canceled: ${input.reason}`, actor, `cancel:${o.id}`)).order;
  }
  await returnStock(tx, checkout);
  if (checkout.status === 'open' || checkout.status === 'placed') await ckRepo.updateCheckout(tx, checkout.id, { status: 'canceled' });
  // The buyer reads the reason in their language, and the description only when a person wrote it (not the system's).
  await mailOrder(tx, o.id, 'canceled', { description: typed ? input.description : null });
  return o;
}

async function lockOrderTx(tx: Db, orderId: string) {
  const o0 = await repo.findOrder(tx, orderId);
  if (!o0) throw new AppError('not_found', ORDER_NOT_FOUND);
  const checkout = (await ckRepo.lockCheckout(tx, o0.checkout_id))!;
  const order = (await repo.lockOrder(tx, orderId))!;
  return { checkout, order };
}

/** The shopper cancels a placed order from the checkout (requested by the client): checkout already locked. */
export async function customerCancelInTx(tx: Db, checkout: CheckoutRow, userId: string | null): Promise<OrderRow> {
  const order = await repo.findOrderByCheckout(tx, checkout.id);
  if (!order) throw new AppError('not_found', ORDER_NOT_FOUND);
  const locked = (await repo.lockOrder(tx, order.id))!;
  return cancelLocked(tx, checkout, locked, { role: 'customer', user_id: userId }, { reason: 'requested_by_client', description: 'Canceled by the customer during checkout' }, false);
}

/** The system cancels an order (reservation expiry): called with checkout and order locked. */
export async function systemCancel(tx: Db, checkout: CheckoutRow, order: OrderRow, description: string): Promise<OrderRow> {
  let o = order;
  if (o.payment_status === 'pending' || o.payment_status === 'authorized') o = await fire(tx, o, 'payment', 'fail', SYSTEM, {}, description);
  return cancelLocked(tx, checkout, o, SYSTEM, { reason: 'other', description }, false);
}

/** Moves the order one step as `actor` (its own 'next'), with the step's effects. */
async function advance(db: Db, orderId: string, actor: Actor, input: EventInput & { note?: string }): Promise<OrderRow> {
  return inTx(db, async (tx) => {
    const { order } = await lockOrderTx(tx, orderId);
    return advanceLocked(tx, order, actor, input);
  });
}

/**
 * One step forward for `actor` on an order already locked in `tx` (the 'next' buttons, and the courier's
 * 'delivered' through src/domain/shipping).
 */
export async function advanceLocked(tx: Db, order: OrderRow, actor: Actor, input: EventInput & { note?: string }): Promise<OrderRow> {
  const event = nextEvent(order.status, actor.role);
  if (!event) {
    if (order.status === 'delivered' || order.status === 'canceled') throw new AppError('invalid_transition', `The order is already ${order.status}`);
    throw new AppError('forbidden', `The next step of this order belongs to the ${nextActor(order.status).join(' or ')}`);
  }
  const today = new Date().toISOString().slice(0, 10);
  let o = await fire(tx, order, 'status', event, actor, { ...input, today }, input.note ?? null);
  if (event === 'confirm') {
    const cost = input.shipping_cost!;
    const extra = Math.max(0, cost - o.shipping_total);
    o = await repo.updateOrder(tx, o.id, {
      estimated_delivery_date: input.estimated_delivery_date!, confirmed_shipping_cost: cost, extra_charge: extra,
      order_total: o.items_total + o.shipping_total + extra,
    });
    await mailOrder(tx, o.id, 'confirmed');
  }
  const fulfil = FULFILLMENT_FOR_ORDER_EVENT[event];
  if (fulfil) o = await tryFire(tx, o, 'fulfillment', fulfil, actor);
  if (event === 'deliver') {
    // Cash on delivery: the money was collected with the goods.
    if (o.payment_status === 'pending' && o.payment_flow === 'cash_on_delivery') {
      const open = await payRepo.openPaymentsOfOrder(tx, o.id);
      if (open[0]) await settlePayment(tx, open[0].id, { kind: 'succeeded' }, actor);
      o = (await repo.findOrder(tx, o.id))!;
    }
    o = await repo.updateOrder(tx, o.id, { delivered_at: new Date(), return_deadline: new Date(Date.now() + RETURN_WINDOW_MS) });
    await startReturnWindow(tx, o);
    await mailOrder(tx, o.id, 'delivered');
  }
  return o;
}

// ---------- who may see and act ----------

type SignedIn = Extract<Viewer, { kind: 'user' }>;

function isCustomerOf(viewer: Viewer, o: OrderRow): boolean {
  if (viewer.kind === 'user' && o.user_id === viewer.user.id) return true;
  return o.user_id === null && !!o.anonymous_id && o.anonymous_id === viewer.anonymousId;
}

export async function customerOrder(db: Db, viewer: Viewer, id: string): Promise<OrderRow> {
  const o = await repo.findOrder(db, id);
  if (!o || !isCustomerOf(viewer, o)) throw new AppError('not_found', ORDER_NOT_FOUND);
  return o;
}

/** The viewer's supplier standing on an order: 403 for people who are no supplier at all, 404 for other suppliers' orders. */
export async function supplierActor(db: Db, viewer: Viewer, o: OrderRow | null, as: 'supplier' | 'dssupplier'): Promise<{ actor: Actor; order: OrderRow }> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const mine = await ckRepo.suppliersOfProfile(db, viewer.user.profile_id);
  if (!mine.length) throw new AppError('forbidden', 'Only suppliers can do that');
  if (!o) throw new AppError('not_found', ORDER_NOT_FOUND);
  if (as === 'supplier') {
    if (!mine.some((s) => s.id === o.supplier_id)) throw new AppError('not_found', ORDER_NOT_FOUND);
  } else if (!(await repo.ownsDropshippedLine(db, o.id, viewer.user.profile_id))) {
    throw new AppError('not_found', ORDER_NOT_FOUND);
  }
  return { actor: { role: as, user_id: viewer.user.id }, order: o };
}

// ---------- customer calls ----------

function requireUser(viewer: Viewer): SignedIn {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  return viewer;
}

export async function listCustomerOrders(db: Db, viewer: Viewer, q: OrderListQuery) {
  const v = requireUser(viewer);
  return listView(db, { ...q, scope: { user_id: v.user.id } });
}

export async function customerNext(db: Db, viewer: Viewer, id: string): Promise<OrderDetail> {
  const o = await customerOrder(db, viewer, id);
  await advance(db, o.id, { role: 'customer', user_id: viewer.kind === 'user' ? viewer.user.id : null }, {});
  return detail(db, viewer, o.id, 'customer');
}

export async function customerCancel(db: Db, viewer: Viewer, id: string, input: { reason: string; description: string }): Promise<OrderDetail> {
  const o = await customerOrder(db, viewer, id);
  await inTx(db, async (tx) => {
    const { checkout, order } = await lockOrderTx(tx, o.id);
    if (order.status === 'canceled') throw new AppError('invalid_transition', 'The order is already canceled');
    await cancelLocked(tx, checkout, order, { role: 'customer', user_id: viewer.kind === 'user' ? viewer.user.id : null }, input);
  });
  return detail(db, viewer, o.id, 'customer');
}

export async function setInvoicing(db: Db, viewer: Viewer, id: string, data: Record<string, string>): Promise<OrderDetail> {
  const o = await customerOrder(db, viewer, id);
  if (o.status === 'canceled') throw new AppError('invalid_transition', 'The order is canceled');
  await repo.updateOrder(db, o.id, { invoicing: data });
  return detail(db, viewer, o.id, 'customer');
}

export async function claimGuestOrders(db: Db, viewer: Viewer): Promise<{ claimed: number }> {
  const v = requireUser(viewer);
  return { claimed: await repo.claimByAnonymousId(db, v.anonymousId, v.user.id) };
}

/**
 * At every sign-in and sign-up: the guest orders bought with the account's e-mail become the user's, so 'Mis compras'
 * lists them at once. A guest e-mail is unverified (anyone may type anyone's), so a password sign-in (and a sign-up,
 * which proves nothing about the mailbox) takes only the orders placed in this same browser; a PIN sign-in, which
 * proved the mailbox, takes them from any browser.
 */
export async function claimGuestOrdersAtSignIn(db: Db, user: { id: string; email: string }, anonymousId: string | undefined, emailProven: boolean): Promise<number> {
  if (!anonymousId && !emailProven) return 0;
  return repo.claimGuestByEmail(db, user.id, user.email, anonymousId ?? '', emailProven);
}

// ---------- supplier calls ----------

export async function listSupplierOrders(db: Db, viewer: Viewer, q: OrderListQuery & { as: 'supplier' | 'dssupplier' }) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const mine = await ckRepo.suppliersOfProfile(db, viewer.user.profile_id);
  if (!mine.length) throw new AppError('forbidden', 'Only suppliers can do that');
  const scope = q.as === 'supplier' ? { supplier_ids: mine.map((s) => s.id) } : { owner_profile: viewer.user.profile_id };
  return listView(db, { ...q, scope });
}

export async function supplierOrderDetail(db: Db, viewer: Viewer, id: string, as: 'supplier' | 'dssupplier'): Promise<OrderDetail> {
  const { order } = await supplierActor(db, viewer, await repo.findOrder(db, id), as);
  return withAttribution(db, await detail(db, viewer, order.id, as));
}

export async function supplierNext(db: Db, viewer: Viewer, id: string, input: { as: 'supplier' | 'dssupplier'; estimated_delivery_date?: string; shipping_cost?: number; note?: string }): Promise<OrderDetail> {
  const { actor, order } = await supplierActor(db, viewer, await repo.findOrder(db, id), input.as);
  await advance(db, order.id, actor, input);
  return detail(db, viewer, order.id, input.as);
}

export async function supplierCancel(db: Db, viewer: Viewer, id: string, input: { reason: string; description: string }): Promise<OrderDetail> {
  const { actor, order } = await supplierActor(db, viewer, await repo.findOrder(db, id), 'supplier');
  await inTx(db, async (tx) => {
    const locked = await lockOrderTx(tx, order.id);
    if (locked.order.status === 'canceled') throw new AppError('invalid_transition', 'The order is already canceled');
    await cancelLocked(tx, locked.checkout, locked.order, actor, input);
  });
  return detail(db, viewer, order.id, 'supplier');
}

export async function addNote(db: Db, viewer: Viewer, id: string, input: { text: string; visibility: 'client' | 'internal' }, as: 'supplier' | 'dssupplier' = 'supplier'): Promise<OrderDetail> {
  const { actor, order } = await supplierActor(db, viewer, await repo.findOrder(db, id), as);
  await repo.insertNote(db, { order_id: order.id, author_user_id: actor.user_id, author_role: actor.role, visibility: input.visibility, text: input.text });
  await repo.updateOrder(db, order.id, {});
  return detail(db, viewer, order.id, as);
}

/**
 * The supplier gives money back. A refund the provider refuses is kept (failed) and then answered 402
 * payment_failed; one it takes as pending answers the order with that refund pending.
 */
export async function supplierRefund(db: Db, viewer: Viewer, id: string, input: { amount: number; reason?: string; idempotency_key?: string }): Promise<OrderDetail> {
  const { actor, order } = await supplierActor(db, viewer, await repo.findOrder(db, id), 'supplier');
  const run = await inTx(db, async (tx) => {
    const locked = await lockOrderTx(tx, order.id);
    const key = input.idempotency_key ? `refund:${order.id}:${input.idempotency_key}` : `refund:${order.id}:${randomBytes(8).toString('hex')}`;
    return refundPayments(tx, locked.order, null, input.amount, input.reason ?? 'Refund by the supplier', actor, key);
  });
  // Called on its own, the provider has answered by now (after the commit); inside a caller's transaction (a
  // return's refund) it answers after that one commits, and the caller reads the outcome (refundStateOf).
  if (!isTx(db) && (await payRepo.refundsByIds(db, run.requested)).some((r) => r.status === 'failed')) {
    throw new AppError('payment_failed', 'Refund could not be completed', { textKey: 'apiErrors.refund_failed' });
  }
  return detail(db, viewer, order.id, 'supplier');
}

/**
 * Offline flows (cash on delivery, deposit): the supplier says the money arrived. `amount`, when given, must be the
 * pending payment's (a typo is refused next to the field); `reference` (the bank's) goes into the order's history.
 */
export async function markPaid(db: Db, viewer: Viewer, id: string, input: { amount?: number; reference?: string } = {}): Promise<OrderDetail> {
  const { actor, order } = await supplierActor(db, viewer, await repo.findOrder(db, id), 'supplier');
  const open = (await payRepo.openPaymentsOfOrder(db, order.id)).filter((p) => p.provider === 'offline');
  if (!open.length) throw new AppError('invalid_transition', 'There is no pending cash or deposit payment on this order', { textKey: 'apiErrors.no_offline_payment' });
  const payment = open[0]!;
  if (input.amount !== undefined && input.amount !== payment.amount) {
    throw new AppError('validation_error', 'The amount is not the pending payment\'s', { textKey: 'validation.amountMismatch', fields: { amount: ['validation.amountMismatch'] } });
  }
  await inTx(db, async (tx) => {
    const r = await settlePayment(tx, payment.id, { kind: 'succeeded' }, actor);
    if (r === 'applied' && input.reference) {
      const o = (await repo.findOrder(tx, order.id))!;
      await repo.appendHistory(tx, [{ order_id: o.id, machine: 'payment', event: 'payment_received', from_state: o.payment_status, to_state: o.payment_status, actor_role: actor.role, actor_user_id: actor.user_id, note: input.reference }]);
    }
  });
  return detail(db, viewer, order.id, 'supplier');
}

export async function shipOrder(db: Db, viewer: Viewer, id: string, input: { as: 'supplier' | 'dssupplier'; tracking_number: string; carrier?: string }): Promise<OrderDetail> {
  const { actor, order } = await supplierActor(db, viewer, await repo.findOrder(db, id), input.as);
  await inTx(db, async (tx) => {
    const locked = await lockOrderTx(tx, order.id);
    const o = await fire(tx, locked.order, 'fulfillment', 'ship', actor, { tracking_number: input.tracking_number }, input.tracking_number);
    await repo.updateOrder(tx, o.id, { tracking_number: input.tracking_number });
    await recordLabel(tx, o, input.tracking_number, new Date(), input.carrier);
    await mailOrder(tx, o.id, 'shipped');
  });
  return detail(db, viewer, order.id, input.as);
}

// ---------- views ----------

export async function listView(db: Db, f: repo.OrderFilter | (OrderListQuery & { scope: repo.OrderFilter['scope'] })): Promise<{ results: OrderSummary[]; matches_estimated: number }> {
  const { rows, total } = await repo.listOrders(db, f as repo.OrderFilter);
  const items = await repo.itemsOfOrders(db, rows.map((r) => r.id));
  const shops = await ckRepo.shopsByIds(db, [...new Set(rows.map((r) => r.shop_id))]);
  return {
    results: rows.map((o) => {
      const mine = items.filter((i) => i.order_id === o.id);
      return summaryOf(o, o.supplier_name, shops.get(o.shop_id)?.slug ?? '', mine);
    }),
    matches_estimated: total,
  };
}

function summaryOf(o: OrderRow, supplierName: string, shopSlug: string, items: repo.OrderItemRow[]): OrderSummary {
  return {
    id: o.id, number: o.number, reference: orderReference(o.number), shop: shopSlug, supplier: { id: o.supplier_id, name: supplierName },
    status: o.status, payment_status: o.payment_status, fulfillment_status: o.fulfillment_status, payment_type: o.payment_type,
    delivery_type: o.delivery_type, currency: o.currency, order_total: o.order_total, items_count: items.reduce((n, i) => n + i.amount, 0),
    first_item: items[0] ? { name: items[0].name, photo: items[0].photo } : null, placed_at: iso(o.placed_at)!, updated_at: iso(o.updated_at)!,
  };
}

export async function getOrderDetail(db: Db, viewer: Viewer, id: string): Promise<OrderDetail> {
  const o = await customerOrder(db, viewer, id);
  return detail(db, viewer, o.id, 'customer');
}

export async function detail(db: Db, _viewer: Viewer, id: string, as: Role): Promise<OrderDetail> {
  const o = (await repo.findOrder(db, id))!;
  const [items, attendees, notes, history, pays, refunds, supplier, checkout, shops] = await Promise.all([
    repo.listItems(db, o.id), repo.listAttendees(db, o.id), repo.listNotes(db, o.id, as !== 'customer'), repo.listHistory(db, o.id),
    payRepo.paymentsOfOrder(db, o.id), payRepo.refundsOfOrder(db, o.id), ckRepo.findSupplier(db, o.supplier_id),
    ckRepo.findCheckout(db, o.checkout_id), ckRepo.shopsByIds(db, [o.shop_id]),
  ]);
  const balance = Math.max(0, o.order_total - o.amount_paid);
  const open = checkout && (checkout.status === 'open' || checkout.status === 'placed');
  const canPay = as === 'customer' && o.status !== 'canceled' && o.status !== 'delivered' && balance > 0
    && !(o.payment_flow === 'cash_on_delivery' && o.payment_status === 'pending' && pays.some((p) => p.status === 'pending'));
  // The buttons come from the machines the server runs (machines.ts: nextStep, cancelEvent), so a page never offers
  // a step the server would refuse (a partially refunded order is still paid; an unpaid one offers no 'start preparing').
  const f = facts(o);
  const supplierSide = as === 'supplier' || as === 'dssupplier';
  // Cash on delivery is collected with the goods ('deliver'); a deposit (or an extra charge paid offline) is marked here.
  const offline = as === 'supplier' && o.status !== 'canceled'
    ? pays.find((p) => p.provider === 'offline' && ['created', 'pending', 'requires_action', 'authorized'].includes(p.status) && !(p.kind === 'order' && o.payment_flow === 'cash_on_delivery'))
    : undefined;
  return {
    ...summaryOf(o, supplier?.name ?? '', shops.get(o.shop_id)?.slug ?? '', items),
    checkout_id: o.checkout_id, contact: o.contact, address: o.address as Record<string, unknown> | null, delivery: o.delivery,
    shipping_days: o.shipping_days, estimated_delivery_date: o.estimated_delivery_date ?? null, confirmed_shipping_cost: o.confirmed_shipping_cost,
    tracking_number: o.tracking_number, payment_flow: o.payment_flow, payment_method: o.payment_method, items_total: o.items_total,
    shipping_total: o.shipping_total, extra_charge: o.extra_charge, amount_paid: o.amount_paid, amount_refunded: o.amount_refunded, balance_due: balance,
    items: items.map((i) => ({
      id: i.id, product_id: i.product_id, name: i.name, photo: i.photo, type: i.type, variant: i.variant, unit_price: i.unit_price,
      crossout_price: i.crossout_price, amount: i.amount, line_total: i.line_total, currency: i.currency, experience_date: iso(i.experience_date),
    })),
    attendees: attendees.map((a) => ({ product_id: a.product_id, full_name: a.full_name, phone: a.phone, email: a.email })),
    notes: notes.map((n) => ({ id: n.id, text: n.text, visibility: n.visibility, author_role: n.author_role, at: iso(n.created_at)! })),
    history: history.map((h) => ({ machine: h.machine, event: h.event, from: h.from_state, to: h.to_state, actor_role: h.actor_role, note: h.note, at: iso(h.created_at)! })),
    payments: pays.map((p, i) => paymentViewOf(p, i === pays.length - 1 ? o.consecutive_failures : 0)),
    refunds: refunds.map((r) => ({ id: r.id, amount: r.amount, status: r.status, reason: r.reason, at: iso(r.created_at)!, from_return: r.idempotency_key.includes(':return:') })),
    cancel_reason: o.cancel_reason, cancel_description: o.cancel_description, canceled_at: iso(o.canceled_at), delivered_at: iso(o.delivered_at),
    return_deadline: iso(o.return_deadline),
    return_policy: { return_type: '72hrs', text: 'Returns up to 72 hours after receiving the order; the product must be unused and complete with accessories, manuals and labels; electronic devices must not be locked.' },
    invoicing: o.invoicing, is_courtesy: o.is_courtesy, attribution: null,
    actions: {
      next: nextStep(f, as),
      next_actor: waitingOn(f),
      can_cancel: (as === 'customer' || as === 'supplier') && cancelEvent(f, as) !== null,
      can_pay: canPay,
      offline_payment: offline ? { id: offline.id, amount: offline.amount, reference: offline.reference ?? null, kind: offline.kind } : null,
      can_ship: supplierSide && o.status === 'ready_to_deliver' && allowed('fulfillment', o.fulfillment_status, 'ship', as, f).ok,
      payment_token: canPay ? o.payment_token : null,
      seconds_left: open ? Math.max(0, Math.round((checkout!.expires_at.getTime() - Date.now()) / 1000)) : null,
    },
  };
}

/** Print preview / receipt data (seed 001 §2): delivery and invoicing data, tax regime, CFDI use, totals. */
export async function receipt(db: Db, viewer: Viewer, id: string, as: Role = 'customer') {
  return receiptOf(db, await viewableOrder(db, viewer, id, as));
}

/** The order as its customer (guests: the browser that bought it) or its supplier may see it; 404 for others. */
async function viewableOrder(db: Db, viewer: Viewer, id: string, as: Role): Promise<OrderRow> {
  return as === 'customer' ? customerOrder(db, viewer, id) : (await supplierActor(db, viewer, await repo.findOrder(db, id), as as 'supplier')).order;
}

/** What the invoice PDF prints: the receipt, the money paid and refunded, and the shop's time zone for its dates. */
export async function invoiceData(db: Db, viewer: Viewer, id: string, as: Role = 'customer') {
  const o = await viewableOrder(db, viewer, id, as);
  const [rec, shops] = await Promise.all([receiptOf(db, o), ckRepo.shopsByIds(db, [o.shop_id])]);
  return { ...rec, amount_paid: o.amount_paid, amount_refunded: o.amount_refunded, time_zone: shops.get(o.shop_id)?.time_zone ?? null };
}
export type InvoiceData = Awaited<ReturnType<typeof invoiceData>>;

async function receiptOf(db: Db, o: OrderRow) {
  const [items, supplier, shops] = await Promise.all([repo.listItems(db, o.id), ckRepo.findSupplier(db, o.supplier_id), ckRepo.shopsByIds(db, [o.shop_id])]);
  const shop = shops.get(o.shop_id);
  return {
    reference: orderReference(o.number), placed_at: iso(o.placed_at)!,
    shop: { slug: shop?.slug ?? '', name: shop?.name ?? '' }, seller: { id: o.supplier_id, name: supplier?.name ?? '' },
    contact: o.contact,
    delivery: { type: o.delivery_type, address: o.address as Record<string, unknown> | null, details: o.delivery, estimated_delivery_date: o.estimated_delivery_date ?? null },
    invoicing: o.invoicing, tax_regime: o.invoicing?.tax_regime ?? null, cfdi_use: o.invoicing?.cfdi_use ?? null,
    payment: { type: o.payment_type, method: o.payment_method, status: o.payment_status },
    items: items.map((i) => ({
      id: i.id, product_id: i.product_id, name: i.name, photo: i.photo, type: i.type, variant: i.variant, unit_price: i.unit_price,
      crossout_price: i.crossout_price, amount: i.amount, line_total: i.line_total, currency: i.currency, experience_date: iso(i.experience_date),
    })),
    currency: o.currency, items_total: o.items_total, shipping_total: o.shipping_total, extra_charge: o.extra_charge, order_total: o.order_total,
    // Prices include 16% VAT: the tax part is total - total / 1.16, rounded to the minor unit.
    included_tax: o.order_total - Math.round(o.order_total / 1.16),
  };
}

export async function historyOf(db: Db, viewer: Viewer, id: string) {
  const o = await customerOrder(db, viewer, id);
  const rows = await repo.listHistory(db, o.id);
  return { results: rows.map((h) => ({ machine: h.machine, event: h.event, from: h.from_state, to: h.to_state, actor_role: h.actor_role, note: h.note, at: iso(h.created_at)! })) };
}

export type { OrderStatus };

/**
 * Whether the order's seller can take its payment now (seed 000 §7-§8 supplier lookup): 'not_found' when the
 * supplier is gone or its configuration is incomplete (the shopper is told to contact the seller).
 */
export async function sellerReadiness(db: Db, supplierId: string): Promise<'ready' | 'not_found'> {
  const s = await ckRepo.findSupplier(db, supplierId);
  return s && s.is_configured ? 'ready' : 'not_found';
}
