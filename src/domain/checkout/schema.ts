// Checkout shapes shared by the server and the checkout island (zod only, browser-safe).
import { z } from 'zod';
import { CART_MAX_AMOUNT, CART_MAX_LINES, INSTALLMENT_OPTIONS, PAYMENT_METHODS } from '../../lib/shared/constants.ts';
import { variantChoice } from '../cart/schema.ts';
import { invoicingInput } from '../orders/schema.ts';
import { addressInput, attendeeInput, contactInput } from './fields-schema.ts';

export { addressInput, attendeeInput, contactInput, nationalPhone } from './fields-schema.ts';
export type AddressInput = z.infer<typeof addressInput>;

export const lineInput = z.object({
  product_id: z.uuid(), variant: variantChoice.optional(), amount: z.number().int().min(1).max(CART_MAX_AMOUNT),
  /** 'Buy by' at the net price (seed 001 §6): the server checks the viewer's level and prices it. */
  buy_by: z.boolean().optional(),
});

export const startInput = z.object({
  shop: z.string().min(1).max(63).optional(),
  /** From the server cart: which supplier order (and currency, when the supplier sells in several). */
  supplier_id: z.uuid().optional(),
  currency: z.string().length(3).toUpperCase().optional(),
  /** Buy-now, or the browser's cart of an anonymous shopper: the lines themselves (one supplier). */
  items: z.array(lineInput).min(1).max(CART_MAX_LINES).optional(),
  buy_now: z.boolean().default(false),
  /** Guests (seed 001 §2 startAsAnonymous): an e-mail is needed to send the order. */
  start_as_anonymous: z.boolean().default(false),
  guest: z.object({ email: z.email(), name: z.string().trim().max(120).optional(), phone: z.string().max(30).optional() }).optional(),
  referral: z.string().max(100).optional(),
  campaign: z.string().max(100).optional(),
  click_id: z.string().max(100).optional(),
}).refine((v) => v.items || v.supplier_id, { message: 'Give supplier_id (cart) or items (buy-now)', path: ['supplier_id'] });



export const patchInput = z.object({
  contact: contactInput.optional(),
  address_id: z.uuid().optional(),
  address: addressInput.extend({ save: z.boolean().default(false) }).optional(),
  attendees: z.array(attendeeInput).max(200).optional(),
  invoicing: invoicingInput.nullable().optional(),
});

export const ratesInput = z.object({ address_id: z.uuid().optional(), postal_code: z.string().regex(/^\d{5}$/, 'validation.postalCode').optional() });

export const DELIVERY_OFFERED = ['fixed_delivery', 'shipping', 'collection', 'to_branch'] as const;
export const deliveryInput = z.object({
  delivery_type: z.enum(DELIVERY_OFFERED),
  rate_id: z.string().max(100).optional(),
  branch_id: z.uuid().optional(),
  agency_id: z.string().max(100).optional(),
  supply_asap: z.boolean().optional(),
});

export const payInput = z.object({
  payment_type: z.enum(PAYMENT_METHODS),
  /** The token the checkout answered (rotated after a failure: reload it). */
  token: z.string().min(8).max(100),
  /** Same key, same charge: a double submit never charges twice. Defaults to the token. */
  idempotency_key: z.string().min(8).max(200).optional(),
  /** A new card: the single-use token of POST /api/payments/cards/tokens. */
  card_token: z.string().min(4).max(100).optional(),
  /** Or one of the signed-in buyer's saved cards (GET /api/payments/cards); another user's card is 404, an expired one 400 card_expired. */
  card_id: z.uuid().optional(),
  /** With Stripe on (`str_card`): the PaymentMethod Stripe.js made in the browser (pm_...); with Conekta on
   * (`conekta_card`): the token its card component made (tok_...). The card never reaches us. */
  payment_method: z.string().regex(/^(pm|tok)_[A-Za-z0-9_]{1,200}$/, 'validation.invalidOption').optional(),
  /** Installments: 3, 6, 9 or 12 months, credit cards only. */
  msi_payments: z.union([z.literal(3), z.literal(6), z.literal(9), z.literal(12)], { error: `Installments: ${INSTALLMENT_OPTIONS.join(', ')}` }).optional(),
  /** Keep the new card for later (signed-in buyers): saved once the charge succeeds. */
  save_card: z.boolean().default(false),
  return_path: z.string().max(500).optional(),
  cancel_path: z.string().max(500).optional(),
});
export type PayInput = z.infer<typeof payInput>;

export const checkoutParams = z.object({ id: z.uuid() });

const money = z.number().int();

export const deliveryOption = z.object({
  delivery_type: z.enum(DELIVERY_OFFERED),
  label: z.string(),
  cost: money,
  currency: z.string(),
  days: z.number().nullable(),
  rate_id: z.string().optional(),
  branch_id: z.string().optional(),
  agency_id: z.string().optional(),
  address: z.string().optional(),
  phone: z.string().nullable().optional(),
  hours: z.string().nullable().optional(),
});
export type DeliveryOption = z.infer<typeof deliveryOption>;

export const ratesOutput = z.object({
  needs_delivery: z.boolean(),
  options: z.array(deliveryOption),
  messages: z.array(z.object({ code: z.string(), message: z.string() })),
});

export const checkoutView = z.object({
  id: z.string(),
  status: z.enum(['open', 'placed', 'completed', 'canceled', 'expired']),
  shop: z.string(),
  source: z.enum(['cart', 'buy_now']),
  supplier: z.object({
    id: z.string(), name: z.string(), image: z.string().nullable(), is_configured: z.boolean(),
    enabled_payment_types: z.array(z.string()), fixed_shipping_cost: z.number().nullable(), fixed_shipping_days: z.number().nullable(),
  }),
  currency: z.string(),
  lines: z.array(z.object({
    product_id: z.string(), name: z.string(), photo: z.string().nullable(), type: z.string(), variant: z.record(z.string(), z.string()),
    amount: z.number(), unit_price: money, crossout_price: money.nullable(), line_total: money,
  })),
  items_total: money,
  shipping_total: money,
  total: money,
  /** The countdown: stock is held until then; restart extends it when the stock still allows. */
  expires_at: z.string(),
  seconds_left: z.number(),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  guest_email: z.string().nullable(),
  address_id: z.string().nullable(),
  address: z.record(z.string(), z.unknown()).nullable(),
  needs_delivery: z.boolean(),
  delivery_type: z.string().nullable(),
  delivery: z.record(z.string(), z.unknown()).nullable(),
  shipping_days: z.number().nullable(),
  needs_attendees: z.array(z.object({ product_id: z.string(), name: z.string(), count: z.number() })),
  attendees: z.array(z.object({ product_id: z.string(), full_name: z.string(), phone: z.string(), email: z.string().nullable().optional() })),
  invoicing: z.record(z.string(), z.string()).nullable(),
  /** Pay with this token (seed 001 §4: the delivery step returns a token). */
  token: z.string().nullable(),
  payment_methods: z.array(z.object({ method: z.string(), flow: z.string(), label: z.string(), installments: z.boolean() })),
  payment_metadata: z.record(z.string(), z.record(z.string(), z.unknown())),
  /** Installments for credit cards (months without interest). */
  instalments: z.array(z.object({ months: z.number(), monthly_amount: money, total: money, financing_cost: money })),
  order_id: z.string().nullable(),
  /**
   * Whether this checkout still takes a payment: open and in time, or placed with its order's last attempt failed
   * (a declined card): the buyer tries another card or method here at once, on the same order.
   */
  payable: z.boolean(),
  /** What is still missing before paying (contact, address, delivery, attendees). */
  missing: z.array(z.string()),
});
export type CheckoutView = z.infer<typeof checkoutView>;

export const savedAddressView = addressInput.extend({ id: z.string() });
export const addressList = z.object({ results: z.array(savedAddressView), matches_estimated: z.number() });

export const branchInput = z.object({
  name: z.string().trim().min(1).max(120),
  phone: z.string().trim().max(30).nullish(),
  hours: z.string().trim().max(200).nullish(),
  address: addressInput,
});
