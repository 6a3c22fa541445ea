// Purchase order shapes shared by the server and the /mis-compras and supplier islands (zod only, browser-safe).
import { z } from 'zod';
import {
  CANCELLATION_REASONS, CFDI_USES, DELIVERY_TYPES, FULFILLMENT_STATUSES, ORDERS_PAGE_SIZE, ORDER_STATUSES, PAGE_SIZE_MAX,
  PAYMENT_METHODS, PAYMENT_STATUSES, TAX_REGIMES,
} from '../../lib/shared/constants.ts';
import { isoDateSchema as isoDate } from '../../lib/shared/dates.ts';
import { CARRIERS } from '../../lib/shared/carriers.ts';
import { attributionSchema } from '../marketing/schema.ts';

export const orderListQuery = z.object({
  state: z.enum(ORDER_STATUSES).optional(),
  payment_type: z.enum(PAYMENT_METHODS).optional(),
  delivery_type: z.enum(DELIVERY_TYPES).optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  text: z.string().trim().max(100).optional(),
  sort: z.enum(['-updated_at', 'updated_at', '-placed_at', 'placed_at']).default('-updated_at'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(ORDERS_PAGE_SIZE),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const supplierRoleQuery = z.object({ as: z.enum(['supplier', 'dssupplier']).default('supplier') });
export const supplierListQuery = orderListQuery.extend(supplierRoleQuery.shape);

export const orderParams = z.object({ id: z.uuid() });

export const cancelInput = z.object({
  reason: z.enum(CANCELLATION_REASONS, { error: 'validation.cancellationReason' }),
  description: z.string().trim().min(1, 'validation.cancellationDescription').max(1000),
});

/** The supplier's 'next': confirming needs the estimated delivery date and the shipping cost (minor units). */
export const supplierNextInput = z.object({
  as: z.enum(['supplier', 'dssupplier']).default('supplier'),
  estimated_delivery_date: isoDate.optional(),
  shipping_cost: z.number().int().min(0).max(100_000_000).optional(),
  note: z.string().trim().max(1000).optional(),
});

export const noteInput = z.object({
  text: z.string().trim().min(1).max(2000),
  visibility: z.enum(['client', 'internal']).default('client'),
});

export const refundInput = z.object({
  amount: z.number().int().min(1),
  reason: z.string().trim().max(500).optional(),
  idempotency_key: z.string().min(8).max(200).optional(),
});

export const shipInput = z.object({
  as: z.enum(['supplier', 'dssupplier']).default('supplier'),
  tracking_number: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  /** The carrier that took the parcel (src/lib/shared/carriers.ts): the buyer's page links to its tracking page. */
  carrier: z.enum(CARRIERS).optional(),
});

/** The supplier marks a cash or deposit payment received: the amount it saw arrive and its bank reference (both optional). */
export const markPaidInput = z.object({
  amount: z.number().int().min(1, 'validation.amountAboveZero').max(100_000_000).optional(),
  reference: z.string().trim().max(100, 'validation.tooLong').optional(),
});

/** RFC: 3 letters (company) or 4 (person), the date yymmdd, 3 characters of homoclave. */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;
export const INVOICING_NAME_MAX = 200;

/** Invoicing data (seed 001 §3 purchase order): RFC, name or business name, SAT tax regime and CFDI use, fiscal postal code. */
export const invoicingInput = z.object({
  rfc: z.string().trim().toUpperCase().regex(RFC_PATTERN, 'validation.rfc'),
  name: z.string().trim().min(1, 'validation.required').max(INVOICING_NAME_MAX),
  tax_regime: z.enum(TAX_REGIMES, { error: 'validation.taxRegime' }),
  cfdi_use: z.enum(CFDI_USES, { error: 'validation.cfdiUse' }),
  postal_code: z.string().trim().regex(/^\d{5}$/, 'validation.postalCode'),
  email: z.email().optional(),
});

const money = z.number().int();

export const orderItemView = z.object({
  id: z.string(), product_id: z.string(), name: z.string(), photo: z.string().nullable(), type: z.string(),
  variant: z.record(z.string(), z.string()), unit_price: money, crossout_price: money.nullable(), amount: z.number(),
  line_total: money, currency: z.string(), experience_date: z.string().nullable(),
});

export const historyView = z.object({
  machine: z.enum(['status', 'payment', 'fulfillment']), event: z.string(), from: z.string().nullable(), to: z.string(),
  actor_role: z.string(), note: z.string().nullable(), at: z.string(),
});

export const paymentView = z.object({
  id: z.string(),
  status: z.string(),
  flow: z.string(),
  payment_type: z.string(),
  kind: z.string(),
  amount: money,
  currency: z.string(),
  installments: z.number().nullable(),
  card: z.record(z.string(), z.unknown()).nullable(),
  /** 3-D Secure challenge page: redirect the browser there. */
  url_3ds: z.string().nullable(),
  /** requires_action: redirect to the next-action url. */
  next_action_url: z.string().nullable(),
  /** Redirect providers (paypal, mobbex, aplazo): the approval page. */
  approval_url: z.string().nullable(),
  reference: z.string().nullable(),
  reference_expires_at: z.string().nullable(),
  reference_details: z.record(z.string(), z.unknown()).nullable(),
  encrypted_data: z.string().nullable(),
  charge_id: z.string(),
  failure: z.object({
    code: z.string(),
    message: z.string(),
    /** The card token must be requested again before another try (seed 001 §8). */
    reload_token: z.boolean(),
    /** After another failure: 'El intento de pago falló y no fue posible completar la transacción.' for 55 s. */
    notice: z.object({ message: z.string(), seconds: z.number() }).nullable(),
  }).nullable(),
  created_at: z.string(),
});
export type PaymentView = z.infer<typeof paymentView>;

export const orderSummary = z.object({
  id: z.string(),
  number: z.number(),
  reference: z.string(),
  shop: z.string(),
  supplier: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  fulfillment_status: z.enum(FULFILLMENT_STATUSES),
  payment_type: z.string(),
  delivery_type: z.string().nullable(),
  currency: z.string(),
  order_total: money,
  items_count: z.number(),
  first_item: z.object({ name: z.string(), photo: z.string().nullable() }).nullable(),
  placed_at: z.string(),
  updated_at: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderList = z.object({ results: z.array(orderSummary), matches_estimated: z.number() });

export const orderDetail = orderSummary.extend({
  checkout_id: z.string(),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  address: z.record(z.string(), z.unknown()).nullable(),
  delivery: z.record(z.string(), z.unknown()).nullable(),
  shipping_days: z.number().nullable(),
  estimated_delivery_date: z.string().nullable(),
  confirmed_shipping_cost: money.nullable(),
  tracking_number: z.string().nullable(),
  payment_flow: z.string(),
  payment_method: z.record(z.string(), z.unknown()).nullable(),
  items_total: money,
  shipping_total: money,
  extra_charge: money,
  amount_paid: money,
  amount_refunded: money,
  balance_due: money,
  items: z.array(orderItemView),
  attendees: z.array(z.object({ product_id: z.string(), full_name: z.string(), phone: z.string(), email: z.string().nullable() })),
  notes: z.array(z.object({ id: z.string(), text: z.string(), visibility: z.string(), author_role: z.string(), at: z.string() })),
  history: z.array(historyView),
  payments: z.array(paymentView),
  // from_return: made by a return's refund; a failed one is refunded again from its return, not from the order.
  refunds: z.array(z.object({ id: z.string(), amount: money, status: z.string(), reason: z.string().nullable(), at: z.string(), from_return: z.boolean() })),
  cancel_reason: z.string().nullable(),
  cancel_description: z.string().nullable(),
  canceled_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  return_deadline: z.string().nullable(),
  return_policy: z.object({ return_type: z.string(), text: z.string() }),
  invoicing: z.record(z.string(), z.string()).nullable(),
  is_courtesy: z.boolean(),
  /** What the viewer may do now. */
  /** What brought the order (issue 13): campaign and referral from the checkout's tracking; sellers' views only (null for buyers). */
  attribution: attributionSchema.nullable(),
  actions: z.object({
    /** The viewer's 'next' event, or null (the next step is someone else's or there is none). */
    next: z.string().nullable(),
    /** Who takes the next step. */
    next_actor: z.array(z.string()),
    can_cancel: z.boolean(),
    can_pay: z.boolean(),
    /** The supplier's side: the cash or deposit payment it may mark received now (amount and the buyer's reference), or null. */
    offline_payment: z.object({ id: z.string(), amount: z.number().int(), reference: z.string().nullable(), kind: z.string() }).nullable(),
    /** The supplier's side: the parcel may be shipped now with a tracking number (courier orders ready to deliver). */
    can_ship: z.boolean(),
    /** The token to pay with (customers, while something is due). */
    payment_token: z.string().nullable(),
    /** Seconds left to pay before the reservation lapses (null when nothing is held). */
    seconds_left: z.number().nullable(),
  }),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const receiptView = z.object({
  reference: z.string(),
  placed_at: z.string(),
  shop: z.object({ slug: z.string(), name: z.string() }),
  seller: z.object({ id: z.string(), name: z.string() }),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  delivery: z.object({ type: z.string().nullable(), address: z.record(z.string(), z.unknown()).nullable(), details: z.record(z.string(), z.unknown()).nullable(), estimated_delivery_date: z.string().nullable() }),
  invoicing: z.record(z.string(), z.string()).nullable(),
  tax_regime: z.string().nullable(),
  cfdi_use: z.string().nullable(),
  payment: z.object({ type: z.string(), method: z.record(z.string(), z.unknown()).nullable(), status: z.string() }),
  items: z.array(orderItemView),
  currency: z.string(),
  items_total: money,
  shipping_total: money,
  extra_charge: money,
  order_total: money,
  /** Taxes are included in prices (seed 001 §9): the VAT part, for the receipt. */
  included_tax: money,
});

export const historyList = z.object({ results: z.array(historyView) });
