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
  | 'couriers_not_configured'
  // the supplier's side (issue 11): becoming one, and a supplier's catalogue (src/domain/products)
  | 'already_supplier' | 'csv_invalid' | 'product_has_orders'
  // a catalogue's order is being changed by someone else (seed 001 §8 position update: try later)
  | 'updating_position_error'
  // the database cannot be reached right now: 503 with Retry-After (src/lib/server/db-errors.ts)
  | 'database_unavailable'
  // the account's e-mail is not proven yet (a code mailed to it proves it: src/domain/accounts/service.ts)
  | 'email_unverified';

export interface ErrorBody {
  error: {
    code: ErrorCode | string; message: string; fields?: Record<string, string[]>;
    /** The bare codes behind `fields` ('invalid_product', 'not_delivered'), for clients that act on them; `fields` has their texts. */
    field_codes?: Record<string, string[]>;
  };
}

/** Every code's HTTP status (also the list of codes: tests/unit/error-texts.test.ts checks each has a text). */
export const STATUS: Record<ErrorCode, number> = {
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
  already_supplier: 409, csv_invalid: 400, product_has_orders: 409,
  updating_position_error: 400,
  database_unavailable: 503,
  email_unverified: 403,
};

/** Values a translated text interpolates (`{{available}}` in `apiErrors.quantity_exceeded`). */
export type ErrorVars = Record<string, string | number>;

/** What a zod issue carries that a translated field text needs (zod 4 issues fit; src/lib/i18n/validation.ts). */
export interface IssueLike {
  code: string; message: string; path?: readonly PropertyKey[];
  origin?: string; minimum?: number | bigint; maximum?: number | bigint; format?: string; expected?: string; inclusive?: boolean;
}

export interface AppErrorOptions {
  fields?: Record<string, string[]>;
  headers?: Record<string, string>;
  /** Values of the translated top message (`apiErrors.<code>_detail`), e.g. `{ available: 30 }`. */
  vars?: ErrorVars;
  /** A message key more precise than the code's text (`apiErrors.cart_full`), translated with `vars`. */
  textKey?: string;
  /** Values of one field's translated messages (message keys such as `validation.atMost`), by field. */
  fieldVars?: Record<string, ErrorVars>;
  /** The zod issues behind `fields`: the answer rebuilds `fields` from them in the request's language. */
  issues?: readonly IssueLike[];
}

/**
 * `message` is the English text for developers (logs, and the answer when no translator is at hand); the
 * answer a person reads is translated from `code` (+ `vars`) and field messages that are message keys
 * (`validation.*`) or zod issues: src/lib/i18n/validation.ts, applied by src/lib/server/http.ts errorResponse.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  readonly vars?: ErrorVars;
  readonly textKey?: string;
  readonly fieldVars?: Record<string, ErrorVars>;
  readonly issues?: readonly IssueLike[];
  constructor(code: ErrorCode, message: string, opts: AppErrorOptions = {}) {
    super(message);
    this.code = code;
    this.status = STATUS[code];
    this.fields = opts.fields;
    this.headers = opts.headers;
    this.vars = opts.vars;
    this.textKey = opts.textKey;
    this.fieldVars = opts.fieldVars;
    this.issues = opts.issues;
  }
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}
