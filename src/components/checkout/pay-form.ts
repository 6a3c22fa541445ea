// The payment form posted to its own page (before its island runs, or without script): paid through
// src/domain/payments/form.ts and answered with a redirect (303), as the island's `location.assign` would go: to the
// 3-D Secure or approval page, or to the order. A refusal or a failed charge goes back with its code only
// (?pago=card_invalid), shown in the visitor's language by PayFormNotice.astro; nothing typed ever reaches an address.
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { payFromForm, type PayTarget } from '../../domain/payments/form.ts';
import type { MessageKey, Translator } from '../../lib/i18n/index.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { PAY_OUTCOME_PARAM } from '../../lib/shared/pay-form.ts';

const withOutcome = (path: string, code: string) => `${path}${path.includes('?') ? '&' : '?'}${PAY_OUTCOME_PARAM}=${encodeURIComponent(code)}`;

/** Where the browser goes after the posted payment form. `self` is the page the form was on (its public address). */
export async function payFormRedirect(db: Db, viewer: Viewer, target: PayTarget, form: FormData, paths: { basePath: string; self: string; locale?: string }): Promise<string> {
  try {
    const r = await payFromForm(db, viewer, target, form, paths);
    const failure = r.payment?.failure;
    return failure ? withOutcome(r.order_path, failure.code) : r.redirect_to;
  } catch (err) {
    if (err instanceof AppError) return withOutcome(paths.self, err.code);
    throw err;
  }
}

/** Outcome codes with their own text; any other code reads as its API error text, else the generic failure. */
const OUTCOME_TEXT: Record<string, MessageKey> = {
  card_invalid: 'payment.cardInvalid',
  card_declined: 'payment.bankDeclined',
  insufficient_funds: 'payment.bankDeclined',
  card_expired: 'payment.savedCardUnusable',
  not_found: 'payment.savedCardUnusable',
  installments_not_allowed: 'payment.noInstallments',
  payment_token_stale: 'payment.tryAgain',
  idempotency_conflict: 'payment.tryAgain',
  validation_error: 'payment.checkDetails',
  checkout_expired: 'checkout.timeExpired',
  already_paid: 'payment.alreadyPaid',
  supplier_not_configured: 'cart.purchaseNotPossible',
  payment_method_not_enabled: 'payment.attemptFailed',
};

/** The text for the `?pago=` code on a page, or null when there is none. */
export function payOutcomeText(t: Translator, url: URL): string | null {
  const code = url.searchParams.get(PAY_OUTCOME_PARAM);
  if (!code) return null;
  const key = OUTCOME_TEXT[code];
  return key ? t(key) : t.error(code, t('payment.failedNoTransaction'));
}
