// Which flow each payment method constant of seed 001 §3 plays (the seed says "which constant maps to which
// method: not shown"; this table is our reading of the names and of §4/§9). Browser-safe: the checkout island
// shows the right form from it.
//
//   flow              what the shopper does                                   provider (sandbox)   stock
//   card              card form -> tokenise -> charge; installments (credit   sandbox-card         reserved until paid
//                     only); 3-D Secure challenge (url_3ds) or requires_action
//   redirect          approval page at the provider (approval_url), back to   sandbox-redirect     reserved until paid
//                     return_path / cancel_path
//   bank_transfer     a transfer reference valid 1 hour                       sandbox-reference    reserved 1 hour
//   store_cash        a cash reference for a pharmacy / convenience store     sandbox-reference    reserved 48 hours
//   crypto            pay-to info (encrypted_data, charge_id) valid 1 hour    sandbox-reference    reserved 1 hour
//   deposit           a deposit to the supplier's account; the supplier       offline              reserved 48 hours
//                     marks it paid
//   cash_on_delivery  pays when the order arrives; the supplier marks it paid  offline              allocated at once
import { BANK_TRANSFER_WINDOW_MS, CRYPTO_WINDOW_MS, STORE_REFERENCE_WINDOW_MS, type PaymentMethod } from '../../lib/shared/constants.ts';

export type PaymentFlow = 'card' | 'redirect' | 'bank_transfer' | 'store_cash' | 'crypto' | 'deposit' | 'cash_on_delivery';
export type ProviderId = 'sandbox-card' | 'sandbox-redirect' | 'sandbox-reference' | 'offline' | 'stripe' | 'conekta';

export interface MethodInfo {
  method: PaymentMethod;
  flow: PaymentFlow;
  provider: ProviderId;
  /** Who the method stands for (for people reading the table). */
  label: string;
  /** How long the stock stays reserved while the payment is pending (null: the checkout countdown). */
  window_ms: number | null;
  /** Card methods: installments (3/6/9/12, credit cards only). Redirect 'aplazo' finances at the provider. */
  installments: boolean;
}

export const PAYMENT_METHOD_TABLE: Record<PaymentMethod, MethodInfo> = {
  cash: { method: 'cash', flow: 'cash_on_delivery', provider: 'offline', label: 'Cash on delivery', window_ms: null, installments: false },
  deposit: { method: 'deposit', flow: 'deposit', provider: 'offline', label: 'Bank deposit to the supplier', window_ms: STORE_REFERENCE_WINDOW_MS, installments: false },
  banorte: { method: 'banorte', flow: 'card', provider: 'sandbox-card', label: 'Banorte card gateway', window_ms: null, installments: true },
  paypal: { method: 'paypal', flow: 'redirect', provider: 'sandbox-redirect', label: 'PayPal', window_ms: null, installments: false },
  mobbex: { method: 'mobbex', flow: 'redirect', provider: 'sandbox-redirect', label: 'Mobbex', window_ms: null, installments: false },
  aplazo: { method: 'aplazo', flow: 'redirect', provider: 'sandbox-redirect', label: 'Aplazo (deferred payments, identity document at the provider)', window_ms: null, installments: false },
  str_card: { method: 'str_card', flow: 'card', provider: 'sandbox-card', label: 'Stripe card', window_ms: null, installments: true },
  conekta_card: { method: 'conekta_card', flow: 'card', provider: 'sandbox-card', label: 'Conekta card', window_ms: null, installments: true },
  openpay_card: { method: 'openpay_card', flow: 'card', provider: 'sandbox-card', label: 'Openpay card', window_ms: null, installments: true },
  openpay_store: { method: 'openpay_store', flow: 'store_cash', provider: 'sandbox-reference', label: 'Openpay cash at a store or pharmacy', window_ms: STORE_REFERENCE_WINDOW_MS, installments: false },
  openpay_bank: { method: 'openpay_bank', flow: 'bank_transfer', provider: 'sandbox-reference', label: 'Openpay bank transfer (SPEI)', window_ms: BANK_TRANSFER_WINDOW_MS, installments: false },
  tiendacrypto: { method: 'tiendacrypto', flow: 'crypto', provider: 'sandbox-reference', label: 'Crypto payment info', window_ms: CRYPTO_WINDOW_MS, installments: false },
  baz_card: { method: 'baz_card', flow: 'card', provider: 'sandbox-card', label: 'Banco Azteca card', window_ms: null, installments: true },
  memphis: { method: 'memphis', flow: 'card', provider: 'sandbox-card', label: 'Memphis card acquirer', window_ms: null, installments: true },
};

export function methodInfo(method: string): MethodInfo | null {
  return (PAYMENT_METHOD_TABLE as Record<string, MethodInfo>)[method] ?? null;
}

/** The payment_metadata of seed 001 §3 each card method's form needs (sandbox keys). */
export function paymentMetadata(method: string, checkoutId: string): Record<string, unknown> {
  switch (method) {
    case 'str_card': return { str_public_key: 'pk_test_sandbox_tiendas' };
    case 'conekta_card': return { ck_public_key: 'key_sandbox_tiendas', ck_checkout_ids: { checkout_id: checkoutId } };
    case 'openpay_card': case 'openpay_store': case 'openpay_bank': return { op_public_key: 'pk_sandbox_tiendas', op_merchant_id: 'msandboxtiendas' };
    default: return {};
  }
}
