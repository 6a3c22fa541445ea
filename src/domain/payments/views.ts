// Charge attempts as the API shows them (no SQL, no provider calls).
import { PAYMENT_FAILED_NOTICE_S } from '../../lib/shared/constants.ts';
import type { PaymentView } from '../orders/schema.ts';
import { MESSAGES } from './providers.ts';
import type { PaymentRow } from './repo.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** `consecutiveFailures` is the order's count: from the second failure on, the 55 s notice goes with it. */
export function paymentViewOf(p: PaymentRow, consecutiveFailures = 0): PaymentView {
  const failed = p.status === 'failed' || p.status === 'canceled' || p.status === 'expired';
  const ref = p.reference_details;
  // Stripe's and Conekta's challenges are their own pages (redirect_to_url); the sandbox's is /sandbox/3ds/{id}.
  const is3ds = p.status === 'requires_action' && !!p.next_action_url
    && (p.provider === 'stripe' || p.provider === 'conekta' || (p.next_action_url.startsWith('/sandbox/3ds/') && !p.next_action_url.includes('step=action')));
  return {
    id: p.id, status: p.status === 'created' ? 'processing' : p.status, flow: p.flow, payment_type: p.payment_type, kind: p.kind,
    amount: p.amount, currency: p.currency, installments: p.installments, card: p.card ? withoutSave(p.card) : null,
    url_3ds: p.flow === 'card' && is3ds ? p.next_action_url : null,
    next_action_url: p.flow === 'card' && p.status === 'requires_action' && !is3ds ? p.next_action_url : null,
    approval_url: p.flow === 'redirect' && p.status === 'pending' ? p.next_action_url : null,
    reference: p.reference, reference_expires_at: iso(p.reference_expires_at),
    reference_details: ref,
    encrypted_data: (ref?.encrypted_data as string | undefined) ?? null,
    charge_id: p.provider_ref,
    failure: failed ? {
      code: p.failure_code ?? p.status,
      message: p.failure_message ?? MESSAGES.attemptFailed,
      reload_token: true,
      notice: consecutiveFailures >= 2 ? { message: MESSAGES.failedAgain, seconds: PAYMENT_FAILED_NOTICE_S } : null,
    } : null,
    created_at: iso(p.created_at)!,
  };
}

function withoutSave(card: Record<string, unknown>): Record<string, unknown> {
  const { save: _s, ...rest } = card;
  return rest;
}
