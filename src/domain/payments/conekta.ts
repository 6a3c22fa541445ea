// Conekta for `conekta_card`, `openpay_store` (cash at OXXO and other stores) and `openpay_bank` (SPEI), through the
// official SDK (npm `conekta`, v9, OpenAPI-generated) behind the same PaymentProvider interface as the sandbox. On when
// CONEKTA_PRIVATE_KEY and CONEKTA_WEBHOOK_KEY are both set (src/lib/server/config.ts). The two `openpay_*` methods
// are what the seller offers (cash at a store, a SPEI transfer): whose network carries them is ours to choose.
//
//   start    one Conekta order per payment row (metadata.payment_ref = our charge reference) with one charge:
//            card (the token Conekta's component made in the browser: card data never reaches this server; 3-D
//            Secure in smart mode with our order page as return_url), cash or spei (expires_at = the method's
//            window). Idempotency-Key `pay_{payment id}_order`: a retry after a timeout replays the same order.
//   answers  paid -> succeeded; pending_payment with next_action -> the 3DS action; pending_payment with a cash
//            reference / a CLABE -> pending with the reference; HTTP 402 -> failed with the bank's reason; no
//            answer in time (or a 5xx) -> pending: the webhook settles it, or the shopper's retry replays the key.
//   refund   POST /orders/{id}/refunds with the refund row's key; the Conekta refund id is kept on our row, since
//            Conekta's refund events name only their own ids.
//   webhooks the `digest` header: base64 RSA-SHA256 signature of the raw body by the account's webhook key
//            (Conekta keeps the private half; CONEKTA_WEBHOOK_KEY is the public one).
import { createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';
import { Configuration, OrdersApi, type OrderRequest, type OrderResponse } from 'conekta';
import { config, type Config } from '../../lib/server/config.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { PaymentRow } from './repo.ts';
import { MESSAGES, type ChargeResult, type PaymentProvider, type ProviderEvent, type RefundResult } from './providers.ts';

export const CONEKTA_SIGNATURE_HEADER = 'digest';
/** Conekta's card component (tokenizer), the only script the pay step loads from Conekta. */
export const CONEKTA_SCRIPT_ORIGIN = 'https://pay.conekta.com';

/** Whether Conekta plays its methods on this server. */
export function conektaEnabled(env: Config = config()): boolean {
  return Boolean(env.CONEKTA_PRIVATE_KEY && env.CONEKTA_WEBHOOK_KEY);
}

/** The methods Conekta plays when it is on (the card, cash at a store, SPEI). */
export const CONEKTA_METHODS: readonly string[] = ['conekta_card', 'openpay_store', 'openpay_bank'];

let client: { key: string; base: string; timeout: number; orders: OrdersApi } | null = null;

function ordersApi(env: Config = config()): { orders: OrdersApi; timeout: number } {
  const key = env.CONEKTA_PRIVATE_KEY;
  if (!key || !env.CONEKTA_WEBHOOK_KEY) throw new AppError('payments_not_configured', 'Conekta is not configured on this server');
  const base = env.CONEKTA_API_BASE ?? 'https://api.conekta.io';
  if (!client || client.key !== key || client.base !== base || client.timeout !== env.CONEKTA_TIMEOUT_MS) {
    const orders = new OrdersApi(new Configuration({ accessToken: key, basePath: base.replace(/\/$/, ''), baseOptions: { timeout: env.CONEKTA_TIMEOUT_MS } }));
    client = { key, base, timeout: env.CONEKTA_TIMEOUT_MS, orders };
  }
  return client;
}

let webhookKey: { pem: string; key: KeyObject } | null = null;
function webhookPublicKey(pem: string): KeyObject {
  if (webhookKey?.pem !== pem) webhookKey = { pem, key: createPublicKey(pem.replace(/\\n/g, '\n')) };
  return webhookKey.key;
}

/** What the SDK's HTTP client (axios) throws: an answer with a status, or none (timeout, connection refused). */
interface HttpError { isAxiosError?: boolean; code?: string; message: string; response?: { status: number; data?: unknown } }
const httpError = (err: unknown): HttpError | null => (err && typeof err === 'object' && (err as HttpError).isAxiosError ? err as HttpError : null);
/** No answer, or the API's own failure: the call may have been done, so the outcome is unknown, never a failure. */
const unknownOutcome = (e: HttpError) => !e.response || e.response.status >= 500;

/** Conekta's error details: `{ details: [{ code: 'conekta.errors.processing.bank.declined', message }] }`. */
function failureOf(data: unknown): { code: string; message: string } {
  const d = (data as { details?: { code?: string; message?: string }[] } | null)?.details?.[0];
  const code = d?.code ?? '';
  if (/insufficient_funds/.test(code)) return { code: 'insufficient_funds', message: MESSAGES.insufficientFunds };
  if (/processing\.(bank|card)|declined/.test(code)) return { code: 'card_declined', message: MESSAGES.bankDeclined };
  return { code: code.split('.').pop() || 'processing_error', message: MESSAGES.attemptFailed };
}

/**
 * Calls Conekta; one retry with the same idempotency key when no answer came (as the Stripe SDK does). The first call
 * may have been done: a 4xx refusal of the retry (a single-use card token already spent) says nothing about it, so it
 * is reported as no answer (the outcome stays unknown, the webhook decides) rather than as a failure.
 */
async function call<T>(fn: () => Promise<{ data: T }>): Promise<T> {
  try { return (await fn()).data; } catch (err) {
    const e = httpError(err);
    if (!e || e.response) throw err;
  }
  try { return (await fn()).data; } catch (err) {
    const e = httpError(err);
    if (e?.response && e.response.status < 500 && e.response.status !== 402) throw noAnswer(`no answer, then ${e.response.status} on the retry`);
    throw err;
  }
}
const noAnswer = (message: string): HttpError => Object.assign(new Error(message), { isAxiosError: true as const });

const secondsFrom = (windowMs: number | null) => Math.floor((Date.now() + (windowMs ?? 3600_000)) / 1000);
type Json = Record<string, any>;

function resultOf(order: OrderResponse, flow: string): ChargeResult {
  const charge = (order.charges?.data?.[0] ?? {}) as Json;
  const pm = (charge.payment_method ?? {}) as Json;
  const details = { conekta_order: order.id, ...(charge.id ? { conekta_charge: charge.id } : {}) };
  const card = flow === 'card' && pm.last4
    ? { brand: String(pm.brand ?? ''), last4: String(pm.last4), type: pm.account_type === 'debit' || pm.type === 'debit' ? 'debit' : 'credit', exp_month: Number(pm.exp_month) || undefined, exp_year: Number(pm.exp_year) || undefined, bank: pm.issuer ?? undefined }
    : undefined;
  const base = card ? { details, card } : { details };
  const status = order.payment_status;
  if (status === 'paid') return { status: 'succeeded', ...base };
  if (status === 'declined' || status === 'canceled' || status === 'voided') return { status: 'failed', ...base, failure: failureOf(null) };
  const url = order.next_action?.redirect_to_url?.url;
  if (flow === 'card' && url) return { status: 'requires_action', ...base, action: { kind: '3ds', url } };
  const expires = pm.expires_at ? new Date(Number(pm.expires_at) * 1000) : null;
  if (flow === 'store_cash' && pm.reference && expires) {
    return { status: 'pending', ...base, reference: { reference: String(pm.reference), expires_at: expires, details: { stores: [String(pm.store_name ?? pm.service_name ?? 'OXXO')], barcode_format: 'code128' } } };
  }
  const clabe = pm.clabe ?? pm.receiving_account_number;
  if (flow === 'bank_transfer' && clabe && expires) {
    // SPEI at Conekta: the CLABE is unique to this order, so it is the reference too.
    const beneficiary = pm.receiving_account_holder_name ? { beneficiary: String(pm.receiving_account_holder_name) } : {};
    return { status: 'pending', ...base, reference: { reference: String(pm.reference_number ?? clabe), expires_at: expires, details: { clabe: String(clabe), bank: String(pm.receiving_account_bank ?? pm.bank ?? 'STP'), ...beneficiary } } };
  }
  return { status: 'pending', ...base };
}

function paymentMethodOf(payment: PaymentRow, flow: string, token: string | null | undefined, windowMs: number | null): Json {
  if (flow === 'card') return { type: 'card', token_id: token, ...(payment.installments ? { monthly_installments: payment.installments } : {}) };
  return { type: flow === 'store_cash' ? 'cash' : 'spei', expires_at: secondsFrom(windowMs) };
}

export const conektaProvider: PaymentProvider = {
  id: 'conekta',
  async start(payment, opts) {
    const { orders } = ordersApi();
    const flow = payment.flow;
    if (flow === 'card' && !opts.paymentMethod) return { status: 'failed', failure: { code: 'payment_method_missing', message: MESSAGES.attemptFailed } };
    // Conekta requires the buyer's name, e-mail and phone on every order (the order's contact).
    const who = opts.customer;
    if (!who) return { status: 'failed', failure: { code: 'customer_missing', message: MESSAGES.attemptFailed } };
    const request = {
      currency: payment.currency, customer_info: { name: who.name, email: who.email, phone: who.phone },
      line_items: [{ name: opts.orderReference ? `Pedido ${opts.orderReference}` : 'Pedido', unit_price: payment.amount, quantity: 1 }],
      metadata: { payment_ref: payment.provider_ref, payment_id: payment.id, order_id: payment.order_id },
      charges: [{ amount: payment.amount, payment_method: paymentMethodOf(payment, flow, opts.paymentMethod, opts.windowMs) }],
      ...(flow === 'card' && opts.returnUrl ? { three_ds_mode: 'smart', return_url: opts.returnUrl } : {}),
    } as unknown as OrderRequest;
    try {
      const order = await call(() => orders.createOrder(request, 'es', undefined, { headers: { 'Idempotency-Key': `pay_${payment.id}_order` } }));
      return resultOf(order, flow);
    } catch (err) {
      const e = httpError(err);
      if (e && unknownOutcome(e)) {
        console.warn(`[payments] conekta: no answer for payment ${payment.id} (${e.message}); it stays pending`);
        return { status: 'pending' };
      }
      // A replayed attempt refused as a parameter error (its card token already spent by the first call): unknown, not failed.
      if (e?.response?.status === 422 && opts.replay) return { status: 'pending' };
      if (e?.response?.status === 402 || e?.response?.status === 422) return { status: 'failed', failure: failureOf(e.response.data) };
      throw err;
    }
  },
  confirm() {
    // 3-D Secure and paying a reference happen at Conekta; their outcome arrives as a webhook.
    throw new AppError('not_found', 'Payment not found');
  },
  verifyEvent(rawBody, signature) {
    const pem = config().CONEKTA_WEBHOOK_KEY;
    if (!pem) throw new AppError('payments_not_configured', 'Conekta is not configured on this server');
    let ok = false;
    try {
      ok = !!signature && verifySignature('sha256', Buffer.from(rawBody, 'utf8'), webhookPublicKey(pem), Buffer.from(signature, 'base64'));
    } catch { ok = false; }
    if (!ok) throw new AppError('invalid_signature', 'The webhook signature is not valid (digest)');
    return JSON.parse(rawBody) as unknown;
  },
  acknowledgesOtherEvents: true,
  parseEvent: parseConektaEvent,
  async refund(payment, amount, idempotencyKey): Promise<RefundResult> {
    const orderId = (payment.reference_details as { conekta_order?: string } | null)?.conekta_order;
    if (!orderId) return { status: 'failed', failure: { code: 'no_provider_order', message: 'Refund could not be completed' } };
    try {
      const { orders } = ordersApi();
      const order = await call(() => orders.orderRefund(orderId, { amount, reason: 'requested_by_client' }, 'es', undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
      const refunds = ((order.charges?.data ?? []) as Json[]).flatMap((c) => (c.refunds?.data ?? []) as Json[]);
      // Ours is the newest of this amount (Conekta lists a charge's refunds oldest first; amounts may be negative).
      const mine = refunds.filter((r) => Math.abs(Number(r.amount)) === amount).at(-1);
      return { status: refundStatus(mine?.status), ...(mine?.id ? { provider_refund_id: String(mine.id) } : {}) };
    } catch (err) {
      const e = httpError(err);
      // No answer: Conekta may have taken it; it stays pending (see the notes: without Conekta's id, its event cannot find it).
      if (e && unknownOutcome(e)) return { status: 'pending' };
      if (e?.response) {
        const d = (e.response.data as { details?: { code?: string; message?: string }[] } | null)?.details?.[0];
        return { status: 'failed', failure: { code: d?.code?.split('.').pop() ?? 'refund_failed', message: d?.message ?? 'Refund could not be completed' } };
      }
      throw err;
    }
  },
};

function refundStatus(s: unknown): 'success' | 'pending' | 'failed' {
  if (s === 'pending') return 'pending';
  if (s === 'failed' || s === 'declined' || s === 'canceled') return 'failed';
  return 'success';
}

/** Conekta's event -> ours; null for events this server does not act on (acknowledged, not processed). */
export function parseConektaEvent(payload: unknown): ProviderEvent | null {
  const e = payload as Json | null;
  if (!e || typeof e.id !== 'string' || typeof e.type !== 'string' || !e.id || e.id.length > 200) return null;
  const order = e.data?.object as Json | undefined;
  if (!order || order.object !== 'order') return null;
  const ref = order.metadata?.payment_ref;
  if (typeof ref !== 'string' || !ref) return null;
  switch (e.type) {
    case 'order.paid': return { id: e.id, type: 'payment.succeeded', charge_id: ref };
    case 'order.declined': {
      const f = failureOf({ details: [{ code: order.charges?.data?.[0]?.failure_code ?? 'conekta.errors.processing.bank.declined' }] });
      return { id: e.id, type: 'payment.failed', charge_id: ref, failure_code: f.code, failure_message: f.message };
    }
    case 'order.expired': return { id: e.id, type: 'payment.expired', charge_id: ref };
    case 'order.canceled': return { id: e.id, type: 'payment.canceled', charge_id: ref, failure_code: 'canceled', failure_message: MESSAGES.attemptFailed };
    case 'order.refunded': case 'order.partially_refunded': case 'order.updated': {
      // The order with every refund of its charges: each one settled here that is still pending on our side.
      const refunds = ((order.charges?.data ?? []) as Json[]).flatMap((c) => (c.refunds?.data ?? []) as Json[])
        .map((r) => ({ id: String(r.id), status: refundStatus(r.status), amount: Math.abs(Number(r.amount)) }))
        .filter((r): r is { id: string; status: 'success' | 'failed'; amount: number } => r.status !== 'pending' && Number.isInteger(r.amount) && r.amount > 0);
      if (!refunds.length) return null;
      return { id: e.id, type: 'refund.succeeded', charge_id: ref, provider_refunds: refunds };
    }
    default: return null;
  }
}
