// Becoming a supplier (seed 001 §2 /proveedores) and the supplier's settings (issue 11): payment methods with their
// sandbox configuration, the deposit account, fixed shipping, couriers, contact and invoicing. `is_configured` is
// never set by hand: every settings or branch change recomputes it from the rules (./rules.ts) in its transaction.
import type { Db } from '../../db/client.ts';
import { sandboxPaymentsEnabled } from '../../lib/server/modes.ts';
import { PAYMENT_METHODS } from '../../lib/shared/constants.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { inTx } from '../../db/tx.ts';
import { methodAvailable } from '../payments/index.ts';
import { SANDBOX_CARDS } from '../payments/index.ts';
import { PAYMENT_METHOD_TABLE, paymentMetadata } from '../payments/index.ts';
import { requireSupplier } from './access.ts';
import * as repo from './repo.ts';
import type { SupplierRow } from './repo.ts';
import { configurationGaps } from './rules.ts';
import type {
  BecomeSupplierInput, ConfigurationGap, PaymentMethodOption, SupplierSettingsInput, SupplierSettingsView, SupplierView,
} from './schema.ts';
import { depositAccount, supplierInvoicing } from './schema.ts';

export const ALREADY_SUPPLIER = 'You are a supplier already';

interface Configuration { supplier: SupplierRow; missing: ConfigurationGap[]; branches: number; needs_delivery: boolean }

/**
 * Recomputes and stores whether the supplier can sell, with the supplier's row locked (call it inside the transaction
 * that changed its settings, branches or products; it opens one when called outside).
 */
export async function recomputeConfigured(db: Db, supplierId: string): Promise<Configuration> {
  return inTx(db, async (tx) => {
    const s = await repo.lockSupplier(tx, supplierId);
    if (!s) throw new AppError('not_found', 'Supplier not found');
    const counts = await repo.configurationCounts(tx, supplierId);
    const needs_delivery = counts.physical > 0 || counts.items === 0;
    const missing = configurationGaps({ ...s, branches: counts.branches, needs_delivery }, methodAvailable);
    const is_configured = missing.length === 0;
    if (s.is_configured !== is_configured) await repo.setConfigured(tx, s.id, is_configured);
    return { supplier: { ...s, is_configured }, missing, branches: counts.branches, needs_delivery };
  });
}

function supplierViewOf(c: Configuration): SupplierView {
  const s = c.supplier;
  return {
    id: s.id, name: s.name, image: s.image, currency: s.currency, contact_email: s.contact_email, contact_phone: s.contact_phone,
    is_configured: s.is_configured, missing: c.missing,
  };
}

/** A signed-in user without a supplier gets one on their own profile; it sells nothing until configured. */
export async function becomeSupplier(db: Db, viewer: Viewer, input: BecomeSupplierInput): Promise<SupplierView> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const profileId = viewer.user.profile_id;
  return inTx(db, async (tx) => {
    const row = await repo.insertSupplier(tx, {
      profile_id: profileId, name: input.name, image: input.image, currency: input.currency,
      contact_email: input.contact_email, contact_phone: input.contact_phone,
      // Nothing is offered until the supplier chooses: no method, no delivery way (couriers off until switched on).
      is_configured: false, enabled_payment_types: [], courier_shipping: false, payment_config: {},
    });
    if (!row) throw new AppError('already_supplier', ALREADY_SUPPLIER, { textKey: 'supplierSettings.alreadySupplier' });
    return supplierViewOf(await recomputeConfigured(tx, row.id));
  });
}

/** Each method of seed 001 §3 with whether this server takes it and, for provider methods, the sandbox's settings. */
export function paymentMethodOptions(enabled: readonly string[]): PaymentMethodOption[] {
  const sandbox = sandboxPaymentsEnabled();
  const cards = Object.entries(SANDBOX_CARDS).map(([number, c]) => ({ number, behaviour: c.behaviour, type: c.type, note: c.note }));
  return PAYMENT_METHODS.map((method) => {
    const info = PAYMENT_METHOD_TABLE[method];
    const keys = Object.fromEntries(Object.entries(paymentMetadata(method, '')).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return {
      method, flow: info.flow, provider: info.provider, enabled: enabled.includes(method), available: methodAvailable(method),
      sandbox: info.provider === 'offline' || !sandbox ? null : { mode: 'sandbox' as const, keys, test_cards: info.flow === 'card' ? cards : [] },
    };
  });
}

function settingsViewOf(c: Configuration): SupplierSettingsView {
  const s = c.supplier;
  const deposit = depositAccount.safeParse(s.payment_config?.deposit);
  const invoicing = supplierInvoicing.safeParse(s.invoicing);
  return {
    ...supplierViewOf(c),
    enabled_payment_types: s.enabled_payment_types,
    deposit_account: deposit.success ? deposit.data : null,
    fixed_shipping_cost: s.fixed_shipping_cost, fixed_shipping_days: s.fixed_shipping_days,
    courier_shipping: s.courier_shipping,
    invoicing: invoicing.success ? invoicing.data : null,
    payment_methods: paymentMethodOptions(s.enabled_payment_types),
    branches: c.branches,
    needs_delivery: c.needs_delivery,
    updated_at: new Date(s.updated_at).toISOString(),
  };
}

/** GET /api/supplier/settings. Reading also refreshes the stored flag (this server's methods, new products). */
export async function getSettings(db: Db, viewer: Viewer): Promise<SupplierSettingsView> {
  const { supplier } = await requireSupplier(db, viewer, 'admin');
  return settingsViewOf(await recomputeConfigured(db, supplier.id));
}

/** PUT /api/supplier/settings: the whole settings (supplierSettingsInput), then is_configured, in one transaction. */
export async function putSettings(db: Db, viewer: Viewer, input: SupplierSettingsInput): Promise<SupplierSettingsView> {
  const { supplier } = await requireSupplier(db, viewer, 'admin');
  return settingsViewOf(await inTx(db, async (tx) => {
    const s = (await repo.lockSupplier(tx, supplier.id))!;
    const config: Record<string, Record<string, string>> = { ...s.payment_config };
    if (input.deposit_account) config.deposit = input.deposit_account;
    else delete config.deposit;
    await repo.updateSupplier(tx, s.id, {
      name: input.name, image: input.image, contact_email: input.contact_email, contact_phone: input.contact_phone,
      enabled_payment_types: input.enabled_payment_types, payment_config: config,
      fixed_shipping_cost: input.fixed_shipping_cost, fixed_shipping_days: input.fixed_shipping_days,
      courier_shipping: input.courier_shipping, invoicing: input.invoicing,
    });
    return recomputeConfigured(tx, s.id);
  }));
}

/** The account a buyer paying by deposit sends the money to (null: none given; the sandbox shows its own). */
export function depositAccountOf(s: Pick<SupplierRow, 'payment_config'>) {
  const r = depositAccount.safeParse(s.payment_config?.deposit);
  return r.success ? r.data : null;
}
