// One error type with a stable code (browser-safe so islands can read the same shape).
export type ErrorCode =
  | 'bad_request' | 'validation_error' | 'malformed_json' | 'unauthenticated' | 'forbidden' | 'not_found'
  | 'conflict' | 'email_taken' | 'invalid_credentials' | 'rate_limited' | 'cross_origin' | 'pin_invalid'
  | 'pin_expired' | 'payload_too_large' | 'unsupported_media_type' | 'method_not_allowed'
  // bad input refused before it reaches the services (src/lib/server/input-guard.ts, uploads)
  | 'invalid_characters' | 'malformed_url' | 'image_too_large'
  // cart, checkout, payments, purchase orders (seed 001 §8)
  | 'insufficient_stock' | 'out_of_stock' | 'unavailable_for_sale' | 'quantity_exceeded' | 'max_purchase_amount_exceeded'
  | 'supplier_not_configured' | 'invalid_transition' | 'payment_failed' | 'checkout_expired' | 'installments_not_allowed'
  | 'payment_method_not_enabled' | 'invalid_signature' | 'idempotency_conflict' | 'no_shipping_options' | 'card_invalid'
  | 'already_paid' | 'slug_public_was_alrready_generated' | 'payment_token_stale' | 'card_expired'
  | 'payments_not_configured'
  // reservation hoarding caps (src/domain/checkout/rules.ts)
  | 'restart_limit_reached' | 'too_many_open_checkouts' | 'hold_limit_exceeded'
  | 'couriers_not_configured';

export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; fields?: Record<string, string[]> };
}

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400, validation_error: 400, malformed_json: 400, unauthenticated: 401, forbidden: 403,
  not_found: 404, conflict: 409, email_taken: 409, invalid_credentials: 401, rate_limited: 429,
  cross_origin: 403, pin_invalid: 400, pin_expired: 400, payload_too_large: 413, unsupported_media_type: 415,
  method_not_allowed: 405, invalid_characters: 400, malformed_url: 400, image_too_large: 400,
  insufficient_stock: 409, out_of_stock: 409, unavailable_for_sale: 409, quantity_exceeded: 409, max_purchase_amount_exceeded: 409,
  supplier_not_configured: 409, invalid_transition: 409, payment_failed: 402, checkout_expired: 410, installments_not_allowed: 400,
  payment_method_not_enabled: 400, invalid_signature: 401, idempotency_conflict: 409, no_shipping_options: 409, card_invalid: 400,
  already_paid: 409, slug_public_was_alrready_generated: 409, payment_token_stale: 409, card_expired: 400,
  payments_not_configured: 503,
  restart_limit_reached: 409, too_many_open_checkouts: 429, hold_limit_exceeded: 409,
  couriers_not_configured: 503,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  constructor(code: ErrorCode, message: string, opts: { fields?: Record<string, string[]>; headers?: Record<string, string> } = {}) {
    super(message);
    this.code = code;
    this.status = STATUS[code];
    this.fields = opts.fields;
    this.headers = opts.headers;
  }
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}
