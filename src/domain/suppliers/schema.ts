// A supplier's own settings and the 'become a supplier' form (seed 001 §2 /proveedores, §3 supplier and cart order
// fields). Browser-safe: the settings island and the endpoints validate with these same schemas.
import { z } from 'zod';
import { PAYMENT_METHODS, TAX_REGIMES } from '../../lib/shared/constants.ts';
import { mediaSrcSchema } from '../../lib/shared/safe-url.ts';
import { RFC_PATTERN, INVOICING_NAME_MAX } from '../orders/schema.ts';

export const SUPPLIER_NAME_MAX = 120;
/** Permissions a supplier's member may hold: admin (products and settings), dispatcher (orders), accountant (read). */
export const SUPPLIER_PERMISSIONS = ['admin', 'dispatcher', 'accountant'] as const;
export type SupplierPermission = (typeof SUPPLIER_PERMISSIONS)[number];
export const SUPPLIER_CURRENCIES = ['MXN', 'USD'] as const;

const phone = z.string().trim().max(30).transform((v) => v.replace(/\D+/g, '')).pipe(z.string().regex(/^\d{10}$/, 'validation.phone10'));

/** Becoming a supplier: the profile shoppers and shops see (seed 001 §3 dssupplier: id, name, image). */
export const becomeSupplierInput = z.object({
  name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(SUPPLIER_NAME_MAX, 'validation.tooLong'),
  image: mediaSrcSchema.nullable().default(null),
  contact_email: z.email('validation.invalidEmail').max(200),
  contact_phone: phone.nullable().default(null),
  currency: z.enum(SUPPLIER_CURRENCIES, { error: 'validation.invalidOption' }).default('MXN'),
});
export type BecomeSupplierInput = z.infer<typeof becomeSupplierInput>;

/** The bank account a deposit goes to (shown to the buyer who pays by deposit). */
export const depositAccount = z.object({
  bank: z.string().trim().min(1, 'validation.required').max(80, 'validation.tooLong'),
  clabe: z.string().trim().regex(/^\d{18}$/, 'validation.clabe'),
  beneficiary: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
});

/** Supplier invoicing details (the issuer side of invoices). */
export const supplierInvoicing = z.object({
  rfc: z.string().trim().toUpperCase().regex(RFC_PATTERN, 'validation.rfc'),
  legal_name: z.string().trim().min(1, 'validation.required').max(INVOICING_NAME_MAX, 'validation.tooLong'),
  tax_regime: z.enum(TAX_REGIMES, { error: 'validation.taxRegime' }),
  postal_code: z.string().trim().regex(/^\d{5}$/, 'validation.postalCode'),
  email: z.email('validation.invalidEmail').max(200),
});

/** GET/PUT /api/supplier/settings. */
export const supplierSettingsInput = z.object({
  name: z.string().trim().min(1, 'validation.required').max(SUPPLIER_NAME_MAX, 'validation.tooLong'),
  image: mediaSrcSchema.nullable().default(null),
  contact_email: z.email('validation.invalidEmail').max(200).nullable().default(null),
  contact_phone: phone.nullable().default(null),
  enabled_payment_types: z.array(z.enum(PAYMENT_METHODS, { error: 'validation.invalidOption' })).max(PAYMENT_METHODS.length)
    .refine((l) => new Set(l).size === l.length, 'validation.noRepeats').default([]),
  /** Required when 'deposit' is enabled. */
  deposit_account: depositAccount.nullable().default(null),
  /** Minor units of `currency`; null: no fixed-cost delivery. */
  fixed_shipping_cost: z.number({ error: 'validation.notANumber' }).int('validation.wholeNumber').min(0, 'validation.atLeast').max(10_000_000, 'validation.atMost').nullable().default(null),
  fixed_shipping_days: z.number({ error: 'validation.notANumber' }).int('validation.wholeNumber').min(1, 'validation.atLeast').max(120, 'validation.atMost').nullable().default(null),
  courier_shipping: z.boolean().default(true),
  invoicing: supplierInvoicing.nullable().default(null),
}).superRefine((s, ctx) => {
  if (s.enabled_payment_types.includes('deposit') && !s.deposit_account) ctx.addIssue({ code: 'custom', path: ['deposit_account'], message: 'validation.required' });
  if ((s.fixed_shipping_cost === null) !== (s.fixed_shipping_days === null)) {
    ctx.addIssue({ code: 'custom', path: [s.fixed_shipping_cost === null ? 'fixed_shipping_cost' : 'fixed_shipping_days'], message: 'validation.fixedShippingPair' });
  }
});
export type SupplierSettingsInput = z.infer<typeof supplierSettingsInput>;

/** Why a supplier cannot sell yet (empty: configured). Texts: 'supplierSettings.missing_<gap>'. */
export const CONFIGURATION_GAPS = ['payment_method', 'delivery'] as const;
export type ConfigurationGap = (typeof CONFIGURATION_GAPS)[number];

// ---------- answers ----------

/** A supplier as POST /api/suppliers answers it. */
export const supplierView = z.object({
  id: z.string(), name: z.string(), image: z.string().nullable(), currency: z.string(),
  contact_email: z.string().nullable(), contact_phone: z.string().nullable(),
  is_configured: z.boolean(), missing: z.array(z.enum(CONFIGURATION_GAPS)),
});
export type SupplierView = z.infer<typeof supplierView>;

/** One payment method as the settings show it: whether this server takes it, and its sandbox configuration. */
export const paymentMethodOption = z.object({
  method: z.enum(PAYMENT_METHODS),
  flow: z.string(),
  provider: z.string(),
  enabled: z.boolean(),
  /** This server takes it (provider methods only with the sandbox providers on, see README 'Production vs demo'). */
  available: z.boolean(),
  /** Provider methods: the sandbox's read-only configuration (public keys, test cards for card methods); null for cash and deposit. */
  sandbox: z.object({
    mode: z.literal('sandbox'),
    keys: z.record(z.string(), z.string()),
    test_cards: z.array(z.object({ number: z.string(), behaviour: z.string(), type: z.string(), note: z.string() })),
  }).nullable(),
});
export type PaymentMethodOption = z.infer<typeof paymentMethodOption>;

/** GET/PUT /api/supplier/settings answer: the settings, whether the supplier can sell, and what is missing. */
export const supplierSettingsView = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  currency: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  enabled_payment_types: z.array(z.string()),
  deposit_account: depositAccount.nullable(),
  fixed_shipping_cost: z.number().nullable(),
  fixed_shipping_days: z.number().nullable(),
  courier_shipping: z.boolean(),
  invoicing: supplierInvoicing.nullable(),
  is_configured: z.boolean(),
  missing: z.array(z.enum(CONFIGURATION_GAPS)),
  payment_methods: z.array(paymentMethodOption),
  /** Enabled collection branches (GET /api/supplier/branches). */
  branches: z.number(),
  /** Whether a delivery way is required (the supplier sells physical products, or has none yet). */
  needs_delivery: z.boolean(),
  updated_at: z.string(),
});
export type SupplierSettingsView = z.infer<typeof supplierSettingsView>;

// ---------- franchise packing lists (seed 001 §7) ----------

export const packingOrderParams = z.object({ id: z.uuid() });
export const packingBoxParams = z.object({ id: z.uuid(), box: z.coerce.number().int().min(1).max(10_000), itemId: z.uuid() });
export const packingItemParams = z.object({ id: z.uuid(), itemId: z.uuid() });
export const packMarkInput = z.object({ packed: z.boolean({ error: 'validation.invalidType' }) });

const packedLine = z.object({
  /** The order line (order item id). */
  item_id: z.string(), product_id: z.string(), name: z.string(), photo: z.string().nullable(),
  variant: z.record(z.string(), z.string()), units: z.number(), weight_g: z.number(),
  packed: z.boolean(), packed_at: z.string().nullable(),
});
export const packingBox = z.object({
  box: z.number(), oversize: z.boolean(), weight_g: z.number(), volume_cm3: z.number(), packed: z.boolean(), items: z.array(packedLine),
});
export const binpackedView = z.object({
  order_id: z.string(), reference: z.string(),
  box_size: z.object({ length_cm: z.number(), width_cm: z.number(), height_cm: z.number(), max_weight_g: z.number() }),
  boxes: z.array(packingBox),
  total_units: z.number(), packed_units: z.number(), all_packed: z.boolean(),
});
export type BinpackedView = z.infer<typeof binpackedView>;
export const notpackedView = z.object({
  order_id: z.string(), reference: z.string(),
  results: z.array(z.object({
    item_id: z.string(), product_id: z.string(), name: z.string(), variant: z.record(z.string(), z.string()),
    units_left: z.number(), boxes: z.array(z.number()),
  })),
  matches_estimated: z.number(),
});
export type NotpackedView = z.infer<typeof notpackedView>;
