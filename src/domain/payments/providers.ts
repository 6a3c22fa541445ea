// The payment provider interface and the built-in sandbox providers that play every flow offline.
//
//   start(payment)          create the charge at the provider (the payment row carries the idempotency key and
//                           the provider reference; a real provider gets the key as its Idempotency-Key header)
//   confirm(payment, act)   what the provider sends back after the shopper acted on its page (3-D Secure, approval,
//                           paying a reference): a webhook event, delivered through the same signed webhook path
//   parseEvent(payload)     a webhook body -> the event (id, type, charge)
//   refund(payment, amount) give money back (idempotent on its key): succeeded at once, pending (settled later by a
//                           refund.succeeded / refund.failed event through the same webhook path), or failed
//
// A real provider (Stripe, Conekta, PayPal ...) implements the same four calls with HTTP; the table in
// methods.ts says which provider plays each payment method.
import { createHash } from 'node:crypto';
import type { PaymentFlow, ProviderId } from './methods.ts';
import type { PaymentRow } from './repo.ts';
import type { SandboxBehaviour } from './cards.ts';
import { currencyDigits } from '../../lib/shared/money.ts';

export const MESSAGES = {
  generic: 'Ha ocurrido un error',
  /** Redirect provider failure (seed 001 §8). */
  redirectFailed: 'El intento de pago falló. Por favor, seleccione otra forma de pago o intente más tarde',
  /** Shown for 55 s after another failure (seed 001 §8). */
  failedAgain: 'El intento de pago falló y no fue posible completar la transacción.',
  bankDeclined: 'Bank payment failed, contact your bank',
  insufficientFunds: 'Bank payment failed, contact your bank (insufficient funds)',
  attemptFailed: 'Payment attempt failed',
  setupFailed: 'Payment setup failed, try again later',
  installments: 'Card does not accept installments, try a credit card',
  expired: 'Time to complete purchase expired',
} as const;

export type ChargeStatus = 'succeeded' | 'failed' | 'requires_action' | 'pending';

export interface ChargeResult {
  status: ChargeStatus;
  /** url_3ds (challenge), next_action_url (requires_action) or approval_url (redirect providers). */
  action?: { kind: '3ds' | 'next_action' | 'approval'; url: string };
  reference?: { reference: string; expires_at: Date; details: Record<string, unknown> };
  failure?: { code: string; message: string };
  /** The provider's own ids for later calls (Stripe: the PaymentIntent), kept on the payment row. */
  details?: Record<string, unknown>;
  /** The card as the order shows it, when the provider made the card (Stripe.js): brand, last4, type. */
  card?: Record<string, unknown>;
}

export type EventType = 'payment.succeeded' | 'payment.failed' | 'payment.canceled' | 'payment.expired';
export type RefundEventType = 'refund.succeeded' | 'refund.failed';

/** A provider's answer to a refund: `pending` ones are settled later by a refund event naming `refund_id`. */
export interface RefundResult {
  status: 'success' | 'pending' | 'failed';
  failure?: { code: string; message: string };
  /** The provider's refund id, kept on our row when its later events name that instead of ours (Conekta). */
  provider_refund_id?: string;
}

export interface ProviderEvent {
  id: string;
  type: EventType | RefundEventType;
  /** The provider's charge id (payments.provider_ref). */
  charge_id: string;
  failure_code?: string;
  failure_message?: string;
  /** Refund events: our refund row's id (the provider echoes it: refund metadata). */
  refund_id?: string;
  /** Or the provider's refunds by its own ids, when it cannot echo ours (Conekta): found by the rows' provider_refund_id. */
  provider_refunds?: { id: string; status: 'success' | 'failed'; amount: number }[];
}

export interface StartOptions {
  windowMs: number | null;
  deposit?: { bank: string; clabe: string; beneficiary: string } | null;
  /** Card providers that tokenise in the browser (Stripe.js): the payment method to confirm with. */
  paymentMethod?: string | null;
  /** Where the provider sends the shopper back after its 3-D Secure page. */
  returnUrl?: string | null;
  /** The buyer's contact and the order's reference, for providers that require them on the charge (Conekta). */
  customer?: { name: string; email: string; phone: string } | null;
  orderReference?: string | null;
  /** The same attempt again after a call that got no answer (its idempotency key replayed). */
  replay?: boolean;
}

export interface PaymentProvider {
  id: ProviderId;
  /** `deposit`: the supplier's bank account (settings), shown to the buyer who pays by deposit. */
  start(payment: PaymentRow, opts: StartOptions): Promise<ChargeResult>;
  confirm(payment: PaymentRow, action: 'approve' | 'fail' | 'cancel'): ProviderEvent;
  /** The provider's own webhook signature check (Stripe's SDK): answers the payload, throws invalid_signature. */
  verifyEvent?(rawBody: string, signature: string | null): unknown;
  /** Events it sends that this server does not act on are answered 200 (else the provider retries them for days). */
  acknowledgesOtherEvents?: boolean;
  parseEvent(payload: unknown): ProviderEvent | null;
  /** `refundId`: our refund row, which the provider's later refund events name. */
  refund(payment: PaymentRow, amount: number, idempotencyKey: string, refundId?: string): Promise<RefundResult>;
  /** The attempt as the provider has it now (Stripe's PaymentIntent): read when the shopper comes back from it. */
  lookup?(payment: PaymentRow): Promise<ChargeResult>;
}

const digits = (seed: string, n: number) => {
  const h = createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; out.length < n; i++) out += String(h[i % h.length]! % 10);
  return out;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseSandboxEvent(payload: unknown): ProviderEvent | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, any>;
  const types: ProviderEvent['type'][] = ['payment.succeeded', 'payment.failed', 'payment.canceled', 'payment.expired', 'refund.succeeded', 'refund.failed'];
  if (typeof p.id !== 'string' || !p.id || p.id.length > 200 || !types.includes(p.type)) return null;
  const charge = p.data?.charge_id;
  if (typeof charge !== 'string' || !charge || charge.length > 200) return null;
  const refund = p.data?.refund_id;
  if (p.type.startsWith('refund.') && (typeof refund !== 'string' || !UUID.test(refund))) return null;
  return {
    id: p.id, type: p.type, charge_id: charge, ...(p.type.startsWith('refund.') ? { refund_id: refund as string } : {}),
    ...(typeof p.data?.failure_code === 'string' ? { failure_code: p.data.failure_code.slice(0, 100) } : {}),
    ...(typeof p.data?.failure_message === 'string' ? { failure_message: p.data.failure_message.slice(0, 500) } : {}),
  };
}

/** The JSON body a sandbox provider posts to /api/payments/webhooks/{provider}. */
export function eventBody(e: ProviderEvent): string {
  return JSON.stringify({
    id: e.id, type: e.type, created: Math.floor(Date.now() / 1000),
    data: { charge_id: e.charge_id, ...(e.refund_id ? { refund_id: e.refund_id } : {}), ...(e.failure_code ? { failure_code: e.failure_code } : {}), ...(e.failure_message ? { failure_message: e.failure_message } : {}) },
  });
}

function confirmEvent(payment: PaymentRow, action: 'approve' | 'fail' | 'cancel', failure: { code: string; message: string }): ProviderEvent {
  // Deterministic ids: a double click on the provider's page sends the same event twice; the inbox keeps one.
  const id = `evt_${action}_${payment.provider_ref}`;
  if (action === 'approve') return { id, type: 'payment.succeeded', charge_id: payment.provider_ref };
  if (action === 'cancel') return { id, type: 'payment.canceled', charge_id: payment.provider_ref, failure_code: 'canceled', failure_message: MESSAGES.redirectFailed };
  return { id, type: 'payment.failed', charge_id: payment.provider_ref, failure_code: failure.code, failure_message: failure.message };
}

/**
 * Sandbox refunds decide by the refunded amount's last two minor digits (documented with the test cards, cards.ts):
 * ...13 is pending, then succeeds; ...66 is pending, then fails (as a closed card's refund does at Stripe). The
 * sandbox's refund job (jobs/sandbox-refunds.ts) sends the settling event through the signed webhook path.
 */
export const SANDBOX_REFUND_PENDING_CENTS = 13;
export const SANDBOX_REFUND_FAILS_CENTS = 66;
const sandboxRefund = async (_p: PaymentRow, amount: number): Promise<RefundResult> =>
  ({ status: amount % 100 === SANDBOX_REFUND_PENDING_CENTS || amount % 100 === SANDBOX_REFUND_FAILS_CENTS ? 'pending' : 'success' });

/** The event the sandbox sends to settle a pending refund (deterministic id: a second delivery is a duplicate). */
export function sandboxRefundEvent(chargeId: string, refund: { id: string; amount: number }): ProviderEvent {
  const failed = refund.amount % 100 === SANDBOX_REFUND_FAILS_CENTS;
  return {
    id: `evt_refund_${refund.id}`, type: failed ? 'refund.failed' : 'refund.succeeded', charge_id: chargeId, refund_id: refund.id,
    ...(failed ? { failure_code: 'refund_failed', failure_message: 'Refund could not be completed' } : {}),
  };
}

/** Cards: tokenised first (POST /api/payments/cards/tokens); the test number decides the outcome. */
export const sandboxCard: PaymentProvider = {
  id: 'sandbox-card',
  async start(payment) {
    const b = (payment.sandbox_behaviour ?? 'approve') as SandboxBehaviour;
    switch (b) {
      case 'approve': return { status: 'succeeded' };
      case 'decline': return { status: 'failed', failure: { code: 'card_declined', message: MESSAGES.bankDeclined } };
      case 'insufficient_funds': return { status: 'failed', failure: { code: 'insufficient_funds', message: MESSAGES.insufficientFunds } };
      case 'processing_error': return { status: 'failed', failure: { code: 'processing_error', message: MESSAGES.generic } };
      case 'challenge_3ds': return { status: 'requires_action', action: { kind: '3ds', url: `/sandbox/3ds/${payment.id}` } };
      case 'requires_action': return { status: 'requires_action', action: { kind: 'next_action', url: `/sandbox/3ds/${payment.id}?step=action` } };
      default: return { status: 'failed', failure: { code: 'processing_error', message: MESSAGES.generic } };
    }
  },
  confirm: (payment, action) => confirmEvent(payment, action, { code: 'authentication_failed', message: MESSAGES.attemptFailed }),
  parseEvent: parseSandboxEvent,
  refund: sandboxRefund,
};

/** PayPal, Mobbex, Aplazo: an approval page with approve and cancel buttons, then back to return/cancel path. */
export const sandboxRedirect: PaymentProvider = {
  id: 'sandbox-redirect',
  async start(payment) {
    return { status: 'pending', action: { kind: 'approval', url: `/sandbox/approve/${payment.id}` } };
  },
  confirm: (payment, action) => confirmEvent(payment, action, { code: 'redirect_failed', message: MESSAGES.redirectFailed }),
  parseEvent: parseSandboxEvent,
  refund: sandboxRefund,
};

/** The sandbox's USDT rates: units of each currency per coin (fixed, made up: a demo shows the coin, not the market). */
const SANDBOX_USDT_RATE: Record<string, number> = { MXN: 17.5, USD: 1, EUR: 0.92, ARS: 1000 };

/** What a crypto buyer sends for `minor` of `currency`: USDT with 6 decimals, rounded up (the seller is never short). */
export function sandboxCryptoQuote(minor: number, currency: string): { asset: string; network: string; amount: string } {
  const major = minor / 10 ** currencyDigits(currency);
  const micro = Math.ceil((major / (SANDBOX_USDT_RATE[currency] ?? 1)) * 1e6 - 1e-6);
  return { asset: 'USDT', network: 'TRC-20 (sandbox)', amount: (micro / 1e6).toFixed(6) };
}

/** Bank transfer (1 hour), store cash and crypto references: paid later, reported by a webhook. */
export const sandboxReference: PaymentProvider = {
  id: 'sandbox-reference',
  async start(payment, { windowMs }) {
    const expires_at = new Date(Date.now() + (windowMs ?? 3600_000));
    const flow = payment.flow as PaymentFlow;
    const ref = payment.provider_ref;
    if (flow === 'bank_transfer') {
      return { status: 'pending', reference: { reference: digits(`${ref}:ref`, 7), expires_at, details: { clabe: `646180${digits(`${ref}:clabe`, 12)}`, bank: 'STP (sandbox)', beneficiary: 'Tiendas Sandbox SA de CV' } } };
    }
    if (flow === 'store_cash') {
      return { status: 'pending', reference: { reference: `9800${digits(`${ref}:store`, 12)}`, expires_at, details: { stores: ['farmacias', 'tiendas de conveniencia'], barcode_format: 'code128' } } };
    }
    // crypto: pay-to info, encrypted for the page that shows it (base64url JSON in the sandbox). The buyer sends an
    // exact amount of a coin, quoted from the order's amount when the reference is made (the sandbox's fixed rates).
    const address = `0x${createHash('sha256').update(`${ref}:addr`).digest('hex').slice(0, 40)}`;
    const quote = sandboxCryptoQuote(payment.amount, payment.currency);
    const encrypted_data = Buffer.from(JSON.stringify({ address, network: quote.network, amount: quote.amount, asset: quote.asset, amount_minor: payment.amount, currency: payment.currency })).toString('base64url');
    return { status: 'pending', reference: { reference: address, expires_at, details: { encrypted_data, charge_id: ref, crypto_asset: quote.asset, crypto_amount: quote.amount, crypto_network: quote.network } } };
  },
  confirm: (payment, action) => confirmEvent(payment, action, { code: 'reference_failed', message: MESSAGES.attemptFailed }),
  parseEvent: parseSandboxEvent,
  refund: sandboxRefund,
};

/** Cash on delivery and deposits: no provider call; the supplier marks the money received. */
export const offline: PaymentProvider = {
  id: 'offline',
  async start(payment, { windowMs, deposit }) {
    if (payment.flow === 'deposit') {
      const ref = payment.provider_ref;
      // The supplier's own account when its settings give one; else (older data) a sandbox account.
      const details = deposit ? { clabe: deposit.clabe, bank: deposit.bank, beneficiary: deposit.beneficiary } : { account: `0123${digits(`${ref}:acct`, 14)}`, bank: 'Banco Sandbox' };
      return { status: 'pending', reference: { reference: digits(`${ref}:dep`, 10), expires_at: new Date(Date.now() + (windowMs ?? 48 * 3600_000)), details } };
    }
    return { status: 'pending' };
  },
  confirm: (payment, action) => confirmEvent(payment, action, { code: 'not_received', message: MESSAGES.attemptFailed }),
  parseEvent: parseSandboxEvent,
  // Cash and deposits are given back by the supplier by hand: no test amounts here.
  refund: async () => ({ status: 'success' }),
};

/** The sandbox and offline providers (registry.ts adds the real ones). */
export const SANDBOX_PROVIDERS = { 'sandbox-card': sandboxCard, 'sandbox-redirect': sandboxRedirect, 'sandbox-reference': sandboxReference, offline } as const;
