// Stripe for `str_card`, through the official SDK (npm `stripe`), behind the same PaymentProvider interface as the
// sandbox. On when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set (src/lib/server/config.ts).
//
//   start    PaymentIntent create (amount, currency, metadata.payment_ref = our charge reference), then confirm with
//            the payment method the browser made with Stripe.js (card data never reaches this server). Each call
//            carries an idempotency key derived from our payment row id, so a retry after a timeout replays the same
//            intent and the same confirmation: never a second charge.
//   answers  succeeded -> succeeded; requires_action (3-D Secure) -> the existing 3DS action with Stripe's
//            redirect url; processing -> pending; a card error -> failed with the bank's reason; no answer in time
//            (or Stripe unreachable) -> pending: the webhook settles it, or the shopper's retry replays the keys.
//   refund   Refund create (payment_intent, amount, metadata.refund_id) with the refund row's key: succeeded,
//            pending (settled by refund.updated / refund.failed / charge.refunded), failed.
//   webhooks stripe-signature checked by stripe.webhooks.constructEvent; events we do not act on are acknowledged.
import Stripe from 'stripe';
import { config, type Config } from '../../lib/server/config.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { PaymentRow } from './repo.ts';
import { MESSAGES, type ChargeResult, type PaymentProvider, type ProviderEvent, type RefundResult } from './providers.ts';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Whether Stripe plays `str_card` on this server. */
export function stripeEnabled(env: Config = config()): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
}

let client: { key: string; base: string; timeout: number; stripe: Stripe } | null = null;

/** One SDK client per process (rebuilt if the configuration it was made from changed, as tests do). */
function stripeClient(env: Config = config()): Stripe {
  const key = env.STRIPE_SECRET_KEY;
  if (!key || !env.STRIPE_WEBHOOK_SECRET) throw new AppError('payments_not_configured', 'Stripe is not configured on this server');
  const base = env.STRIPE_API_BASE ?? '';
  if (client && client.key === key && client.base === base && client.timeout === env.STRIPE_TIMEOUT_MS) return client.stripe;
  const u = base ? new URL(base) : null;
  const stripe = new Stripe(key, {
    timeout: env.STRIPE_TIMEOUT_MS, maxNetworkRetries: 1, telemetry: false,
    ...(u ? { host: u.hostname, port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)), protocol: u.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
  client = { key, base, timeout: env.STRIPE_TIMEOUT_MS, stripe };
  return stripe;
}

/** The idempotency key of one call about one payment row (each endpoint gets its own: Stripe ties a key to its parameters). */
const keyOf = (payment: PaymentRow, call: 'create' | 'confirm') => `pay_${payment.id}_${call}`;

const BANK_REASON: Record<string, string> = { insufficient_funds: MESSAGES.insufficientFunds };

function failureOf(err: { code?: string | null; decline_code?: string | null; message?: string | null } | null | undefined): { code: string; message: string } {
  const code = err?.decline_code || err?.code || 'card_declined';
  return { code, message: BANK_REASON[code] ?? (err?.code === 'card_declined' || err?.decline_code ? MESSAGES.bankDeclined : MESSAGES.attemptFailed) };
}

/** The card as the order shows it (brand, last digits, credit or debit), from an expanded payment method. */
function cardOf(pi: Stripe.PaymentIntent): ChargeResult['card'] {
  const c = typeof pi.payment_method === 'object' && pi.payment_method ? pi.payment_method.card : null;
  if (!c) return undefined;
  return { brand: c.brand, last4: c.last4, type: c.funding === 'debit' ? 'debit' : 'credit', exp_month: c.exp_month, exp_year: c.exp_year };
}

function resultOf(pi: Stripe.PaymentIntent): ChargeResult {
  const card = cardOf(pi);
  const details = { payment_intent: pi.id };
  const base = card ? { details, card } : { details };
  switch (pi.status) {
    case 'succeeded': return { status: 'succeeded', ...base };
    case 'requires_action': {
      const url = pi.next_action?.redirect_to_url?.url;
      // Without a redirect url (use_stripe_sdk) Stripe.js finishes the challenge on the pay step itself.
      return { status: 'requires_action', ...base, ...(url ? { action: { kind: '3ds' as const, url } } : {}) };
    }
    case 'requires_payment_method': return { status: 'failed', ...base, failure: failureOf(pi.last_payment_error) };
    case 'canceled': return { status: 'failed', ...base, failure: { code: 'canceled', message: MESSAGES.attemptFailed } };
    default: return { status: 'pending', ...base }; // processing, requires_confirmation, requires_capture
  }
}

/** A call that got no answer in time, or could not reach Stripe: the outcome is unknown, never a failure. */
const unknownOutcome = (err: unknown) => err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError
  || (err instanceof Error && /timed? ?out|ETIMEDOUT|ECONNRESET/i.test(err.message));

export const stripeProvider: PaymentProvider = {
  id: 'stripe',
  async start(payment, opts) {
    const stripe = stripeClient();
    const pm = opts.paymentMethod;
    if (!pm) return { status: 'failed', failure: { code: 'payment_method_missing', message: MESSAGES.attemptFailed } };
    try {
      const created = await stripe.paymentIntents.create({
        amount: payment.amount, currency: payment.currency.toLowerCase(), allowed_payment_method_types: ['card'],
        metadata: { payment_ref: payment.provider_ref, payment_id: payment.id, order_id: payment.order_id },
      }, { idempotencyKey: keyOf(payment, 'create') });
      if (created.status === 'succeeded' || created.status === 'processing' || created.status === 'requires_action') return resultOf(created);
      // The payment method expanded: its card's brand and last digits are what the order shows (never the number).
      const confirmed = await stripe.paymentIntents.confirm(created.id, {
        payment_method: pm, expand: ['payment_method'], ...(opts.returnUrl ? { return_url: opts.returnUrl } : {}),
      }, { idempotencyKey: keyOf(payment, 'confirm') });
      return resultOf(confirmed);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        const pi = (err.payment_intent ?? (err.raw as { payment_intent?: Stripe.PaymentIntent } | undefined)?.payment_intent) as Stripe.PaymentIntent | undefined;
        return { status: 'failed', ...(pi ? { details: { payment_intent: pi.id } } : {}), failure: failureOf(err) };
      }
      if (unknownOutcome(err)) {
        console.warn(`[payments] stripe: no answer for payment ${payment.id} (${(err as Error).message}); it stays pending`);
        return { status: 'pending' };
      }
      throw err;
    }
  },
  confirm() {
    // 3-D Secure happens at Stripe; its outcome arrives as a webhook. No sandbox page acts for Stripe.
    throw new AppError('not_found', 'Payment not found');
  },
  verifyEvent(rawBody, signature) {
    try {
      return stripeClient().webhooks.constructEvent(rawBody, signature ?? '', config().STRIPE_WEBHOOK_SECRET!);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new AppError('invalid_signature', `The webhook signature is not valid (${err.message})`);
      throw err;
    }
  },
  acknowledgesOtherEvents: true,
  parseEvent: parseStripeEvent,
  async refund(payment, amount, idempotencyKey, refundId): Promise<RefundResult> {
    const intent = (payment.reference_details as { payment_intent?: string } | null)?.payment_intent;
    if (!intent) return { status: 'failed', failure: { code: 'no_payment_intent', message: 'Refund could not be completed' } };
    try {
      const r = await stripeClient().refunds.create({
        payment_intent: intent, amount, metadata: { payment_ref: payment.provider_ref, ...(refundId ? { refund_id: refundId } : {}) },
      }, { idempotencyKey });
      return { status: refundStatus(r.status) };
    } catch (err) {
      // No answer: Stripe may have taken it; the refund stays pending and its webhook settles it.
      if (unknownOutcome(err)) return { status: 'pending' };
      if (err instanceof Stripe.errors.StripeError) return { status: 'failed', failure: { code: err.code ?? 'refund_failed', message: err.message } };
      throw err;
    }
  },
};

/** The intent as Stripe has it now (after the 3-D Secure page sent the shopper back, maybe before its webhook). */
stripeProvider.lookup = async (payment) => {
  const intent = (payment.reference_details as { payment_intent?: string } | null)?.payment_intent;
  if (!intent) return { status: 'pending' };
  try {
    return resultOf(await stripeClient().paymentIntents.retrieve(intent, { expand: ['payment_method'] }));
  } catch (err) {
    if (unknownOutcome(err)) return { status: 'pending' };
    throw err;
  }
};

function refundStatus(s: string | null | undefined): RefundResult['status'] {
  if (s === 'succeeded') return 'success';
  if (s === 'failed' || s === 'canceled') return 'failed';
  return 'pending';
}

/** Stripe's event -> ours; null for events this server does not act on (acknowledged, not processed). */
export function parseStripeEvent(payload: unknown): ProviderEvent | null {
  const e = payload as Stripe.Event;
  if (!e || typeof e.id !== 'string' || typeof e.type !== 'string') return null;
  const obj = e.data?.object as unknown as Record<string, any>;
  if (!obj || typeof obj !== 'object') return null;
  if (e.type.startsWith('payment_intent.')) {
    const ref = obj.metadata?.payment_ref;
    if (typeof ref !== 'string' || !ref) return null;
    if (e.type === 'payment_intent.succeeded') return { id: e.id, type: 'payment.succeeded', charge_id: ref };
    if (e.type === 'payment_intent.payment_failed') {
      const f = failureOf(obj.last_payment_error);
      return { id: e.id, type: 'payment.failed', charge_id: ref, failure_code: f.code, failure_message: f.message };
    }
    if (e.type === 'payment_intent.canceled') return { id: e.id, type: 'payment.canceled', charge_id: ref, failure_code: 'canceled', failure_message: MESSAGES.attemptFailed };
    return null;
  }
  // A refund's outcome: refund.updated / refund.failed carry the refund; charge.refunded carries the charge and its refunds.
  const refunds: Record<string, any>[] = e.type === 'charge.refunded' ? (obj.refunds?.data ?? [])
    : e.type === 'refund.updated' || e.type === 'refund.failed' || e.type === 'charge.refund.updated' ? [obj] : [];
  for (const r of refunds) {
    const status = refundStatus(r.status);
    const refundId = r.metadata?.refund_id;
    const ref = r.metadata?.payment_ref;
    if (status === 'pending' || typeof refundId !== 'string' || typeof ref !== 'string') continue;
    return { id: e.id, type: status === 'success' ? 'refund.succeeded' : 'refund.failed', charge_id: ref, refund_id: refundId };
  }
  return null;
}
