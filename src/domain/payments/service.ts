// Paying: card tokenisation, placing the order and starting a charge (idempotent), signed webhooks through an
// inbox (processed once), and the sandbox providers' pages acting through those same webhooks.
import { findById as findShopById } from '../shops/index.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { sandboxPaymentsEnabled } from '../../lib/server/modes.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { CARD_TOKEN_TTL_MS } from '../../lib/shared/constants.ts';
import { safeNext } from '../../lib/server/redirect.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { removeOrderedLines } from '../cart/index.ts';
import * as ckRepo from '../checkout/repo.ts';
import type { CheckoutRow } from '../checkout/repo.ts';
import { checkoutFor, view as checkoutView } from '../checkout/service.ts';
import { expireCheckout, EXPIRED_MESSAGE } from '../checkout/index.ts';
import { inTx } from '../../db/tx.ts';
import * as orderRepo from '../orders/repo.ts';
import type { OrderRow } from '../orders/repo.ts';
import { allocateStock, createOrderFromCheckout, customerOrder, fire, orderReference, PROVIDER, settlePayment, settleRefund, SYSTEM, type Outcome } from '../orders/index.ts';
import { cardBrand, expired, luhnValid, normalizeCardNumber, parseExpiry, sandboxCard, SANDBOX_CARDS } from './cards.ts';
import { methodInfo, PAYMENT_METHOD_TABLE, type MethodInfo } from './methods.ts';
import { eventBody, MESSAGES, type ChargeResult, type EventType, type ProviderEvent } from './providers.ts';
import { providerFor } from './registry.ts';
import * as repo from './repo.ts';
import type { PaymentRow } from './repo.ts';
import type { PayResult } from './schema.ts';
import { sign, verify, webhookSecret } from './signature.ts';
import { assertProviderUsable, isRealProvider, methodAvailable, providerHere, providerRuns, tokenisesInBrowser } from './availability.ts';
import { paymentViewOf } from './views.ts';
import { depositAccountOf } from '../suppliers/index.ts';
import { mailOrder } from '../mail/index.ts';
import { parseJsonBody } from '../../lib/server/body.ts';

// ---------- cards ----------

export async function tokenizeCard(db: Db, viewer: Viewer, raw: { name: string; number: string; cvc: string; exp?: string; exp_month?: number; exp_year?: number }) {
  assertProviderUsable('sandbox-card');
  const input = { ...raw, number: normalizeCardNumber(raw.number) };
  if (!luhnValid(input.number)) throw new AppError('card_invalid', 'The card number is not valid', { fields: { number: ['validation.cardNumberInvalid'] } });
  const exp = input.exp ? parseExpiry(input.exp) : { exp_month: input.exp_month!, exp_year: input.exp_year! };
  if (!exp) throw new AppError('card_invalid', 'Expiry: MM/YY', { fields: { exp: ['validation.expiry'] } });
  if (expired(exp)) throw new AppError('card_invalid', 'The card has expired', { fields: { exp: ['validation.cardExpired'] } });
  const { behaviour, type } = sandboxCard(input.number);
  const id = `tok_${randomBytes(16).toString('base64url')}`;
  const card = { brand: cardBrand(input.number), last4: input.number.slice(-4), type, bank: 'Banco Sandbox', exp_month: exp.exp_month, exp_year: exp.exp_year, name: input.name };
  const expiresAt = new Date(Date.now() + CARD_TOKEN_TTL_MS);
  await repo.insertCardToken(db, {
    id, user_id: viewer.kind === 'user' ? viewer.user.id : null, anonymous_id: viewer.anonymousId, name: input.name, brand: card.brand,
    last4: card.last4, card_type: type, bank: card.bank, exp_month: exp.exp_month, exp_year: exp.exp_year, sandbox_behaviour: behaviour,
    fingerprint: createHash('sha256').update(`card:${input.number}`).digest('hex'), expires_at: expiresAt,
  });
  return { id, card, expires_at: expiresAt.toISOString() };
}

export async function listCards(db: Db, viewer: Viewer) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const rows = await repo.listSavedCards(db, viewer.user.id);
  return {
    results: rows.map((r) => ({
      id: r.id, brand: r.brand, last4: r.last4, termination: r.last4, type: r.card_type, bank: r.bank, exp_month: r.exp_month, exp_year: r.exp_year,
      expiry: expiryText(r), expired: expired(r), name: r.name,
    })),
    matches_estimated: rows.length,
  };
}

export async function deleteCard(db: Db, viewer: Viewer, id: string) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  if (!(await repo.deleteSavedCard(db, viewer.user.id, id))) throw new AppError('not_found', 'Card not found');
  return { deleted: true };
}

export function methodsTable() {
  return {
    results: Object.values(PAYMENT_METHOD_TABLE).map((m) => ({
      method: m.method, flow: m.flow, provider: providerHere(m), label: m.label, window_seconds: m.window_ms === null ? null : m.window_ms / 1000, installments: m.installments,
      available: methodAvailable(m.method),
    })),
    test_cards: !sandboxPaymentsEnabled() ? [] : Object.entries(SANDBOX_CARDS).map(([number, c]) => ({ number, behaviour: c.behaviour, type: c.type, note: c.note })),
  };
}

// ---------- paying ----------

export interface PayRequest {
  payment_type: string;
  token: string;
  idempotency_key?: string;
  card_token?: string;
  card_id?: string;
  /** Stripe: the browser's PaymentMethod id (pm_...); Conekta: its card component's token (tok_...). */
  payment_method?: string;
  msi_payments?: number;
  save_card: boolean;
  return_path?: string;
  cancel_path?: string;
}

interface CardChoice { display: Record<string, unknown>; behaviour: string; type: 'credit' | 'debit'; tokenId: string | null; fingerprint: string | null; name: string; brand: string; last4: string; bank: string; exp_month: number; exp_year: number }

export const SAVED_CARD_NOT_FOUND = 'Saved card not found';
const expiryText = (c: { exp_month: number; exp_year: number }) => `${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}`;
export const savedCardExpired = (c: { last4: string; exp_month: number; exp_year: number }) =>
  `The saved card ending in ${c.last4} expired (${expiryText(c)}): choose another card or enter a new one`;

async function resolveCard(db: Db, viewer: Viewer, input: PayRequest, info: { provider: string }): Promise<CardChoice> {
  if (input.card_id) {
    if (input.card_token) throw new AppError('validation_error', 'Pay with a saved card (card_id) or a new card (card_token), not both', { fields: { card_id: ['validation.cardOrToken'] } });
    // Only the buyer's own cards: another user's card (or any card for a guest) is not found, whether it exists or not.
    const s = viewer.kind === 'user' ? await repo.findSavedCard(db, viewer.user.id, input.card_id) : null;
    if (!s) throw new AppError('not_found', SAVED_CARD_NOT_FOUND, { textKey: 'apiErrors.saved_card_gone', fields: { card_id: ['validation.savedCardGone'] } });
    if (expired(s)) {
      const m = savedCardExpired(s);
      const vars = { last4: s.last4, exp: expiryText(s) };
      throw new AppError('card_expired', m, { textKey: 'apiErrors.saved_card_expired', vars, fields: { card_id: ['validation.savedCardExpired'] } });
    }
    if (s.provider !== info.provider) throw new AppError('validation_error', 'This saved card cannot be charged with that payment method', { fields: { card_id: ['validation.otherCardOrMethod'] } });
    return { display: { brand: s.brand, last4: s.last4, type: s.card_type, bank: s.bank, name: s.name }, behaviour: s.sandbox_behaviour, type: s.card_type, tokenId: null, fingerprint: s.fingerprint, name: s.name, brand: s.brand, last4: s.last4, bank: s.bank, exp_month: s.exp_month, exp_year: s.exp_year };
  }
  if (!input.card_token) throw new AppError('validation_error', 'Tokenise the card first', { fields: { card_token: ['validation.cardRequired'] } });
  const t = await repo.findCardToken(db, input.card_token);
  const mine = t && ((viewer.kind === 'user' && t.user_id === viewer.user.id) || t.anonymous_id === viewer.anonymousId);
  if (!t || !mine) throw new AppError('card_invalid', 'The card token is not valid: request a new one', { fields: { card_token: ['validation.cardTokenRenew'] } });
  if (t.expires_at.getTime() <= Date.now()) throw new AppError('card_invalid', 'The card token expired: request a new one', { fields: { card_token: ['validation.cardTokenRenew'] } });
  return { display: { brand: t.brand, last4: t.last4, type: t.card_type, bank: t.bank, name: t.name }, behaviour: t.sandbox_behaviour, type: t.card_type, tokenId: t.id, fingerprint: t.fingerprint, name: t.name, brand: t.brand, last4: t.last4, bank: t.bank, exp_month: t.exp_month, exp_year: t.exp_year };
}

function missingFields(missing: string[]) {
  if (!missing.length) return;
  const text: Record<string, string> = {
    contact: 'Enter the contact details', address: 'Enter the delivery address', delivery: 'Choose the delivery method', attendees: 'Attendee information must be reviewed before continuing',
  };
  throw new AppError('validation_error', 'The payment form is blocked until contact, shipping and marked fields are valid', {
    fields: Object.fromEntries(missing.map((m) => [m, [text[m] ?? 'Required']])),
  });
}

/** Where a payment was asked: the shop's base path, and the page's language (the order's mails are written in it). */
export interface PayWhere { basePath: string | null; locale?: string | null; /** The site's origin, for providers that send the shopper back (Stripe's return_url). */ origin?: string | null }

/** Pays (and first places) the checkout's order. See `pay`. */
export async function payCheckout(db: Db, viewer: Viewer, checkoutId: string, input: PayRequest, opts: PayWhere): Promise<PayResult> {
  const c = await checkoutFor(db, viewer, checkoutId);
  return pay(db, viewer, c, input, opts);
}

/** Pays what an order still owes (after a failed attempt, or a confirmed extra shipping charge). */
export async function payOrder(db: Db, viewer: Viewer, orderId: string, input: PayRequest, opts: PayWhere): Promise<PayResult> {
  const o = await customerOrder(db, viewer, orderId);
  const c = (await ckRepo.findCheckout(db, o.checkout_id))!;
  return pay(db, viewer, c, input, opts);
}

/** A new payment token for the order (the UI reloads it after a card failure). */
export async function currentToken(db: Db, viewer: Viewer, orderId: string) {
  const o = await customerOrder(db, viewer, orderId);
  return { token: o.payment_token, order_id: o.id };
}

/**
 * Places the order (once) and starts one charge. The charge row carries the idempotency key (the client's, or
 * the payment token): the same key answers the same attempt, so a double submit never charges twice. The
 * provider is called outside the transaction; its synchronous answer goes through `settlePayment`, exactly
 * like a webhook would.
 */
async function pay(db: Db, viewer: Viewer, c0: CheckoutRow, input: PayRequest, where: PayWhere): Promise<PayResult> {
  const opts = { basePath: await shopBase(db, c0.shop_id, where.basePath) };
  const info = methodInfo(input.payment_type);
  if (!info) throw new AppError('validation_error', 'Unknown payment method', { fields: { payment_type: ['validation.invalidOption'] } });
  const providerId = providerHere(info);
  assertProviderUsable(providerId);
  const key = input.idempotency_key ? `idem:${input.idempotency_key}` : `token:${input.token}`;
  const prior = await repo.findPaymentByKey(db, key);
  if (prior) {
    const o = (await orderRepo.findOrder(db, prior.order_id))!;
    if (o.checkout_id !== c0.id) throw new AppError('idempotency_conflict', 'This idempotency key belongs to another purchase');
    // A Stripe or Conekta call that got no answer left the attempt pending: the same request again replays it with
    // the same idempotency keys (the same intent or order, never a second charge) and takes whatever comes now.
    if (retriable(prior) && (input.payment_method || prior.flow !== 'card')) await runCharge(db, o, prior, info, input, where);
    return result(db, o.id, prior.id, opts);
  }
  const supplier = (await ckRepo.findSupplier(db, c0.supplier_id))!;
  if (!supplier.is_configured) throw new AppError('supplier_not_configured', 'Purchase cannot be made at the moment (supplier configuration missing)');
  if (!supplier.enabled_payment_types.includes(input.payment_type)) {
    throw new AppError('payment_method_not_enabled', 'This supplier does not take that payment method', { fields: { payment_type: ['validation.invalidOption'] } });
  }
  if ((c0.status === 'open' || c0.status === 'placed') && c0.expires_at.getTime() <= Date.now()) {
    await expireCheckout(db, c0.id);
    throw new AppError('checkout_expired', EXPIRED_MESSAGE);
  }
  if (c0.status === 'canceled' || c0.status === 'expired') throw new AppError('checkout_expired', EXPIRED_MESSAGE);
  if (c0.status === 'open') missingFields((await checkoutView(db, c0)).missing);
  if (input.msi_payments && !info.installments) throw new AppError('installments_not_allowed', MESSAGES.installments, { fields: { msi_payments: [MESSAGES.installments] } });
  if (providerId === 'stripe' && input.msi_payments) {
    // Stripe's Mexican installments need a plan chosen on the intent: not offered yet.
    throw new AppError('validation_error', 'Installments are not offered with this card provider yet', { fields: { msi_payments: ['validation.invalidOption'] } });
  }
  const browserCard = info.flow === 'card' && tokenisesInBrowser(providerId);
  // Each provider's own token: Stripe.js's payment method (pm_...), Conekta's card token (tok_...).
  if (browserCard && !input.payment_method?.startsWith(providerId === 'stripe' ? 'pm_' : 'tok_')) {
    throw new AppError('validation_error', 'Enter the card (the provider\'s card field makes its token)', { fields: { payment_method: ['validation.cardRequired'] } });
  }
  const card = info.flow === 'card' && !browserCard ? await resolveCard(db, viewer, input, info) : null;
  if (input.msi_payments && card && card.type !== 'credit') throw new AppError('installments_not_allowed', MESSAGES.installments, { fields: { msi_payments: [MESSAGES.installments] } });

  const returnPath = (o: OrderRow) => safeNext(input.return_path, `${opts.basePath}/mis-compras/${o.id}`);
  const placed = await inTx(db, async (tx) => {
    let c = (await ckRepo.lockCheckout(tx, c0.id))!;
    // Under the checkout lock: a concurrent request with the same key may have just created the attempt.
    const same = await repo.findPaymentByKey(tx, key);
    if (same) return { order: (await orderRepo.findOrder(tx, same.order_id))!, payment: same, fresh: false };
    if (c.status === 'canceled' || c.status === 'expired' || c.expires_at.getTime() <= Date.now() && c.status !== 'completed') throw new AppError('checkout_expired', EXPIRED_MESSAGE);
    if (c.payment_token !== input.token) throw new AppError('payment_token_stale', 'The payment token changed: reload it and try again', { fields: { token: ['validation.paymentTokenReload'] } });
    let order = await orderRepo.findOrderByCheckout(tx, c.id);
    if (!order) {
      order = await createOrderFromCheckout(tx, c, { payment_type: input.payment_type, flow: info.flow }, where.locale ?? null);
      if (c.source === 'cart' && c.user_id) await removeOrderedLines(tx, c.shop_id, c.user_id, c.lines);
      c = await ckRepo.updateCheckout(tx, c.id, { status: 'placed' });
    } else {
      order = (await orderRepo.lockOrder(tx, order.id))!;
      if (order.status === 'canceled') throw new AppError('checkout_expired', EXPIRED_MESSAGE);
      if (order.order_total - order.amount_paid <= 0) throw new AppError('already_paid', 'This order is already paid');
      if (order.amount_paid === 0 && (order.payment_type !== input.payment_type)) {
        order = await orderRepo.updateOrder(tx, order.id, { payment_type: input.payment_type, payment_flow: info.flow });
      }
    }
    const due = order.order_total - order.amount_paid;
    if (due === 0) {
      // Nothing to pay (free items collected at a branch): paid at once.
      order = await fire(tx, order, 'payment', 'pay', SYSTEM, {}, 'Nothing to pay');
      await mailOrder(tx, order.id, 'placed');
      await mailOrder(tx, order.id, 'paid');
      await allocateStock(tx, c);
      await ckRepo.updateCheckout(tx, c.id, { status: 'completed' });
      return { order, payment: null as PaymentRow | null, fresh: false };
    }
    if (order.payment_status === 'failed') order = await fire(tx, order, 'payment', 'retry', { role: 'customer', user_id: viewer.kind === 'user' ? viewer.user.id : null });
    // A new attempt replaces one still waiting (switching from a transfer reference to a card ...).
    for (const other of await repo.openPaymentsOfOrder(tx, order.id)) {
      await repo.updatePayment(tx, other.id, { status: 'canceled', failure_code: 'superseded', failure_message: 'Replaced by a new payment attempt' });
    }
    const payment = await repo.insertPayment(tx, {
      order_id: order.id, provider: providerId, payment_type: input.payment_type, flow: info.flow, idempotency_key: key,
      provider_ref: `ch_${randomBytes(12).toString('hex')}`, kind: order.amount_paid > 0 ? 'extra_charge' : 'order', amount: due,
      currency: order.currency, status: 'created', installments: input.msi_payments ?? null, card: card ? { ...card.display, ...(input.save_card && viewer.kind === 'user' && card.tokenId ? { save: true } : {}) } : null,
      card_token_id: card?.tokenId ?? null, sandbox_behaviour: card?.behaviour ?? null,
      return_path: returnPath(order), cancel_path: safeNext(input.cancel_path, `${returnPath(order)}${returnPath(order).includes('?') ? '&' : '?'}payment=canceled`),
    });
    if (!payment) return { order, payment: await repo.findPaymentByKey(tx, key), fresh: false };
    if (card?.tokenId && !(await repo.useCardToken(tx, card.tokenId))) {
      const failed = await repo.updatePayment(tx, payment.id, { status: 'failed', failure_code: 'card_token_used', failure_message: MESSAGES.generic, completed_at: new Date() });
      return { order, payment: failed, fresh: false };
    }
    if (info.flow === 'cash_on_delivery') {
      // Paid when the goods arrive: the units are sold now.
      await allocateStock(tx, c);
      await ckRepo.updateCheckout(tx, c.id, { status: 'completed' });
    }
    return { order, payment, fresh: true };
  });
  const { order } = placed;
  let payment = placed.payment;
  if (payment && placed.fresh) {
    await runCharge(db, order, payment, info, input, where);
    payment = await repo.findPayment(db, payment.id);
  }
  return result(db, order.id, payment?.id ?? null, opts);
}

/** A Stripe or Conekta attempt whose call got no answer (pending, nothing to show the shopper): a retry may replay it. */
const retriable = (p: PaymentRow) => isRealProvider(p.provider) && p.status === 'pending' && !p.next_action_url && !p.reference;

/**
 * Calls the provider for one attempt, outside any transaction, and applies its synchronous answer through
 * `settlePayment` exactly as a webhook would; an answer still open (3-D Secure, a reference, no answer) is stored.
 */
async function runCharge(db: Db, order: OrderRow, payment: PaymentRow, info: MethodInfo, input: PayRequest, where: PayWhere) {
  const provider = providerFor(payment.provider)!;
  let res: ChargeResult;
  try {
    const deposit = info.flow === 'deposit' ? depositAccountOf((await ckRepo.findSupplier(db, order.supplier_id))!) : null;
    const returnUrl = where.origin && payment.return_path ? new URL(payment.return_path, where.origin).toString() : null;
    res = await provider.start(payment, {
      windowMs: info.window_ms, deposit, paymentMethod: input.payment_method ?? null, returnUrl,
      customer: order.contact, orderReference: orderReference(order.number), replay: payment.status !== 'created',
    });
  } catch (err) {
    console.error('[payments] provider start failed', err);
    res = { status: 'failed', failure: { code: 'processing_error', message: MESSAGES.generic } };
  }
  // The provider's ids for later calls (Stripe's PaymentIntent, for refunds) are kept whatever the answer.
  if (res.details || res.card) {
    await repo.updatePayment(db, payment.id, {
      ...(res.details ? { reference_details: { ...(payment.reference_details ?? {}), ...res.details } } : {}),
      ...(res.card ? { card: res.card } : {}),
    });
    // The provider's webhook may have applied the payment before this answer came back: the order then shows the
    // card too (what settlePayment would have written, had it known the card).
    const o = res.card ? await orderRepo.findOrder(db, order.id) : null;
    const method = o?.payment_method as { type?: string; brand?: string } | null | undefined;
    if (o && method && !method.brand && (await repo.findPayment(db, payment.id))?.status === 'succeeded') {
      await orderRepo.updateOrder(db, o.id, { payment_method: { type: payment.payment_type, ...res.card, installments: payment.installments } });
    }
  }
  if (res.status === 'succeeded') {
    await mailOrder(db, order.id, 'placed');
    await settlePayment(db, payment.id, { kind: 'succeeded' }, PROVIDER);
  } else if (res.status === 'failed') {
    const f = res.failure ?? { code: 'payment_failed', message: MESSAGES.attemptFailed };
    await settlePayment(db, payment.id, { kind: 'failed', code: f.code, message: f.message }, PROVIDER);
  } else {
    await inTx(db, async (tx) => {
      const c = (await ckRepo.lockCheckout(tx, order.checkout_id))!;
      const p = (await repo.lockPayment(tx, payment.id))!;
      if (p.status !== 'created' && !retriable(p)) return;
      await repo.updatePayment(tx, p.id, {
        status: res.status === 'requires_action' ? 'requires_action' : 'pending',
        next_action_url: res.action?.url ?? null,
        reference: res.reference?.reference ?? null, reference_expires_at: res.reference?.expires_at ?? null,
        // The reference's details beside the provider's ids kept above (Conekta's order, for refunds).
        reference_details: res.reference ? { ...(p.reference_details ?? {}), ...res.reference.details } : p.reference_details ?? null,
      });
      // The order's first mail, with the reference or deposit account to pay to when the method has one (a new
      // reference after switching methods is mailed again, keyed by its attempt).
      await mailOrder(tx, order.id, 'placed', res.reference
        ? { payment: mailedReference(res.reference), key: p.id }
        : {});
      // A reference holds the stock for its own window (bank transfer: 1 hour).
      const until = res.reference?.expires_at;
      if (until && (c.status === 'placed' || c.status === 'open') && until.getTime() > c.expires_at.getTime()) {
        await ckRepo.updateCheckout(tx, c.id, { expires_at: until });
        await ckRepo.extendReservations(tx, c.id, until);
      }
    });
  }
}

/**
 * The shopper is back from the provider's page (Stripe's 3-D Secure: `?payment_intent=pi_...` on the order page),
 * possibly before the provider's webhook: the attempt is read from the provider and its outcome applied now, as
 * the webhook would (settlePayment applies an outcome once; the webhook that follows is a duplicate). Only an open
 * attempt of this order made with that intent; a provider that cannot be reached leaves it to the webhook.
 */
export async function syncReturn(db: Db, orderId: string, intentId: string): Promise<void> {
  const open = await repo.openPaymentsOfOrder(db, orderId);
  const payment = open.find((p) => (p.reference_details as { payment_intent?: string } | null)?.payment_intent === intentId);
  const lookup = payment && providerFor(payment.provider)?.lookup;
  if (!payment || !lookup) return;
  let res: ChargeResult;
  try {
    res = await lookup(payment);
  } catch (err) {
    console.warn(`[payments] ${payment.provider}: could not read payment ${payment.id} on the return (${(err as Error).message})`);
    return;
  }
  if (res.status === 'succeeded') await settlePayment(db, payment.id, { kind: 'succeeded' }, PROVIDER);
  else if (res.status === 'failed') {
    const f = res.failure ?? { code: 'payment_failed', message: MESSAGES.attemptFailed };
    await settlePayment(db, payment.id, { kind: 'failed', code: f.code, message: f.message }, PROVIDER);
  }
}

/** A payment reference as the order's mail shows it: the reference, what to pay to, and until when. */
function mailedReference(r: NonNullable<ChargeResult['reference']>) {
  const details = Object.entries(r.details)
    .filter(([k, v]) => k !== 'barcode_format' && k !== 'encrypted_data' && (typeof v === 'string' || Array.isArray(v)))
    .map(([key, v]) => ({ key, value: Array.isArray(v) ? v.join(', ') : String(v) }));
  return { reference: r.reference, details, expires: r.expires_at.toISOString() };
}

async function result(db: Db, orderId: string, paymentId: string | null, opts: { basePath: string }): Promise<PayResult> {
  const o = (await orderRepo.findOrder(db, orderId))!;
  const p = paymentId ? await repo.findPayment(db, paymentId) : null;
  const view = p ? paymentViewOf(p, o.consecutive_failures) : null;
  const orderPath = `${opts.basePath}/mis-compras/${o.id}`;
  return {
    checkout_id: o.checkout_id, order_id: o.id, order_number: o.number, reference: orderReference(o.number), order_path: orderPath,
    redirect_to: view?.url_3ds ?? view?.next_action_url ?? view?.approval_url ?? orderPath,
    order_status: o.status, payment_status: o.payment_status, payment: view,
  };
}

// ---------- webhooks ----------

const OUTCOME: Record<EventType, (f: { code?: string; message?: string }) => Outcome> = {
  'payment.succeeded': () => ({ kind: 'succeeded' }),
  'payment.failed': (f) => ({ kind: 'failed', code: f.code ?? 'payment_failed', message: f.message ?? MESSAGES.attemptFailed }),
  'payment.canceled': (f) => ({ kind: 'canceled', code: f.code ?? 'canceled', message: f.message ?? MESSAGES.redirectFailed }),
  'payment.expired': () => ({ kind: 'expired', code: 'expired', message: EXPIRED_MESSAGE }),
};

/**
 * A provider webhook: signature checked in constant time over the raw body, the event stored in the inbox
 * (unique on provider + event id) and processed in the same transaction by the request that inserted it.
 * A replay (or a concurrent duplicate) finds the row and does nothing.
 */
export async function receiveWebhook(db: Db, providerId: string, rawBody: string, signature: string | null): Promise<{ received: true; duplicate: boolean; outcome: string }> {
  const provider = providerFor(providerId);
  if (!provider || !providerRuns(provider.id)) throw new AppError('not_found', `No payment provider ${providerId}`);
  let payload: unknown;
  if (provider.verifyEvent) {
    payload = provider.verifyEvent(rawBody, signature);
    parseJsonBody(rawBody); // the same 400 as below for what PostgreSQL's jsonb would refuse
  } else {
    const v = verify(rawBody, signature, webhookSecret());
    if (!v.ok) throw new AppError('invalid_signature', `The webhook signature is not valid (${v.reason})`);
    payload = parseJsonBody(rawBody); // 400 for bad JSON or strings PostgreSQL's jsonb would refuse (NUL)
  }
  const event = provider.parseEvent(payload);
  if (!event && provider.acknowledgesOtherEvents) return { received: true as const, duplicate: false, outcome: 'ignored' };
  if (!event) throw new AppError('validation_error', 'Not an event this provider sends', { fields: { _: ['validation.required'] } });
  return inTx(db, async (tx) => {
    const inboxId = await repo.insertInbox(tx, { provider: provider.id, event_id: event.id, type: event.type, payload });
    if (inboxId === null) return { received: true as const, duplicate: true, outcome: 'duplicate' };
    const payment = await repo.findPaymentByRef(tx, event.charge_id);
    if (!payment || payment.provider !== provider.id) {
      await repo.setInboxOutcome(tx, inboxId, 'unknown_charge');
      return { received: true as const, duplicate: false, outcome: 'unknown_charge' };
    }
    if (event.provider_refunds) {
      const outcome = await settleProviderRefunds(tx, payment.id, event.provider_refunds);
      await repo.setInboxOutcome(tx, inboxId, outcome);
      return { received: true as const, duplicate: false, outcome };
    }
    if (event.type === 'refund.succeeded' || event.type === 'refund.failed') {
      // Only a refund of this very charge: an event cannot settle another payment's refund.
      const refund = event.refund_id ? await repo.findRefund(tx, event.refund_id) : null;
      // Not (yet) ours: the refund's own transaction may not have committed. Refused (the inbox row rolls back with
      // it), so the provider delivers it again later instead of it being stored as done.
      if (!refund) throw new AppError('conflict', 'No such refund here yet: deliver the event again later');
      const outcome = refund.payment_id !== payment.id ? 'unknown_refund'
        : await settleRefund(tx, refund.id, event.type === 'refund.succeeded' ? 'success' : 'failed');
      await repo.setInboxOutcome(tx, inboxId, outcome);
      return { received: true as const, duplicate: false, outcome };
    }
    const outcome = await settlePayment(tx, payment.id, OUTCOME[event.type]({ code: event.failure_code, message: event.failure_message }), PROVIDER);
    await repo.setInboxOutcome(tx, inboxId, outcome);
    return { received: true as const, duplicate: false, outcome };
  });
}

/**
 * A provider's list of refunds by its own ids (Conekta's order event): each one ours and still pending is settled.
 * When none is ours, one of them may be a refund whose transaction has not committed yet: refused (409) so the
 * provider delivers the event again, as for a refund event naming an unknown refund row.
 */
async function settleProviderRefunds(tx: Db, paymentId: string, list: NonNullable<ProviderEvent['provider_refunds']>): Promise<string> {
  const outcomes: string[] = [];
  for (const r of list) {
    // A refund whose call got no answer has no provider id yet: the oldest pending one of that amount takes this one's.
    const row = await repo.findRefundByProviderId(tx, paymentId, r.id) ?? await repo.claimRefundForProviderId(tx, paymentId, r.amount, r.id);
    if (row) outcomes.push(await settleRefund(tx, row.id, r.status));
  }
  if (!outcomes.length) throw new AppError('conflict', 'No such refund here yet: deliver the event again later');
  return outcomes.find((o) => o !== 'duplicate') ?? 'duplicate';
}

// ---------- sandbox providers' pages ----------

/** The sandbox pages' view of a payment, or null when the address names none (bad id, unknown, offline). */
export async function findSandboxPayment(db: Db, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  try { return await sandboxPayment(db, id); } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}

export async function sandboxPayment(db: Db, id: string) {
  if (!sandboxPaymentsEnabled()) throw new AppError('not_found', 'Payment not found');
  const p = await repo.findPayment(db, id);
  if (!p || p.provider === 'offline' || isRealProvider(p.provider)) throw new AppError('not_found', 'Payment not found');
  const o = (await orderRepo.findOrder(db, p.order_id))!;
  return {
    id: p.id, status: p.status, amount: p.amount, currency: p.currency, payment_type: p.payment_type, flow: p.flow,
    label: methodInfo(p.payment_type)?.label ?? p.payment_type, card: p.card as { brand?: string; last4?: string } | null, installments: p.installments,
    reference: p.reference, reference_expires_at: p.reference_expires_at, order_reference: orderReference(o.number),
    return_path: p.return_path ?? '/', cancel_path: p.cancel_path ?? p.return_path ?? '/',
  };
}

/** `path` with `q` ('payment=canceled') set: a cancel path that already says `payment=...` is not given it twice. */
const withQuery = (path: string, q: string) => {
  const [key = '', value = ''] = q.split('=');
  const u = new URL(path, 'https://same-site.invalid');
  u.searchParams.set(key, value);
  return `${u.pathname}${u.search}${u.hash}`;
};

/**
 * The shopper acts on a sandbox provider page (3-D Secure, approval) or the sandbox "bank" marks a reference
 * paid: the provider builds its webhook event, signs it and delivers it through `receiveWebhook` — the same
 * verification and inbox as an outside POST to /api/payments/webhooks/{provider}. Answers where the browser goes.
 */
export async function sandboxAct(db: Db, id: string, action: 'approve' | 'fail' | 'cancel') {
  const p0 = await sandboxPayment(db, id);
  const p = (await repo.findPayment(db, p0.id))!;
  const provider = providerFor(p.provider)!;
  const event = provider.confirm(p, action);
  const raw = eventBody(event);
  const res = await receiveWebhook(db, provider.id, raw, sign(raw, webhookSecret()));
  const after = (await repo.findPayment(db, p.id))!;
  const ok = after.status === 'succeeded';
  return {
    outcome: res.outcome, status: after.status,
    redirect: ok ? withQuery(p0.return_path, 'payment=succeeded') : withQuery(action === 'cancel' ? p0.cancel_path : p0.return_path, `payment=${after.status}`),
  };
}

export type { PaymentRow };

/**
 * The prefix of the shop's pages for the links this answer carries. On a shop's own host it is the request's
 * (''); a call to /api on the bare domain (basePath null) comes from a path-mode page, so the links are /{slug}/...
 */
async function shopBase(db: Db, shopId: string, basePath: string | null): Promise<string> {
  if (basePath !== null) return basePath;
  const shop = await findShopById(db, shopId);
  return shop ? `/${shop.slug}` : '';
}
