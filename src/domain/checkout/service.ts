// Checkout rules: one checkout per supplier order. Starting it reserves the stock (summed per product, one
// conditional UPDATE per product in id order, all in one transaction; ondemand items skip the check) for the
// countdown; contact, address, delivery method and attendees are then filled in; paying lives in
// src/domain/payments/service.ts. Guests start with start_as_anonymous and an e-mail.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { AddressFields, LineSnapshot } from '../../db/schema/commerce.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { CHECKOUT_COUNTDOWN_MS, INSTALLMENT_OPTIONS, PAYMENT_METHODS } from '../../lib/shared/constants.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { QUANTITY_FIELD_KEYS, QUANTITY_MESSAGES } from '../cart/rules.ts';
import type { OfferedProduct } from '../cart/index.ts';
import type { ShopRow } from '../shops/index.ts';
import { availableMethods } from '../payments/index.ts';
import { recomputeConfigured } from '../suppliers/index.ts';
import { methodInfo, paymentMetadataHere } from '../payments/index.ts';
import { findOrderByCheckout } from '../orders/repo.ts';
import { customerCancelInTx } from '../orders/index.ts';
import { requireSupplier } from '../suppliers/index.ts';
import { agencies, findAgency, findRate, parcelWeightG, quote } from './rates.ts';
import * as repo from './repo.ts';
import type { CheckoutRow, SupplierRow } from './repo.ts';
import type { AddressInput, CheckoutView, DeliveryOption } from './schema.ts';
import { sweepExpired } from './sweeper.ts';
import { inTx } from '../../db/tx.ts';
import { HOLD_MESSAGES, holdCap, holderLockKeys, holdProblems, mayOpenAnother, reservationUnits, restartRefusal, type Holder, type ReservedUnits } from './rules.ts';

export const NEED_SIGN_IN = 'Sign in, sign up or continue as a guest';
const newToken = () => `ptk_${randomBytes(18).toString('base64url')}`;

// ---------- access ----------

export function ownsCheckout(viewer: Viewer, c: Pick<CheckoutRow, 'user_id' | 'anonymous_id'>): boolean {
  if (viewer.kind === 'user' && c.user_id === viewer.user.id) return true;
  return c.user_id === null && !!c.anonymous_id && c.anonymous_id === viewer.anonymousId;
}

export async function checkoutFor(db: Db, viewer: Viewer, id: string): Promise<CheckoutRow> {
  const c = await repo.findCheckout(db, id);
  if (!c || !ownsCheckout(viewer, c)) throw new AppError('not_found', 'Checkout not found');
  return c;
}

// ---------- start ----------

export interface StartInput {
  supplier_id?: string;
  currency?: string;
  items?: { product_id: string; variant?: Record<string, string>; amount: number; buy_by?: boolean }[];
  buy_now: boolean;
  start_as_anonymous: boolean;
  guest?: { email: string; name?: string; phone?: string };
  referral?: string;
  campaign?: string;
  click_id?: string;
  /** The client's address (the per-address cap on stock held); none in service-level callers. */
  client_address?: string;
}

/** Refuses a start the viewer may not make: an anonymous shopper continues as a guest, with an e-mail and the browser cart's lines. */
export function requireBuyer(viewer: Viewer, input: StartInput) {
  const anonymous = viewer.kind !== 'user';
  if (anonymous && !input.start_as_anonymous) throw new AppError('unauthenticated', NEED_SIGN_IN);
  if (anonymous && !input.guest?.email) throw new AppError('validation_error', 'A guest needs an e-mail', { fields: { 'guest.email': ['validation.required'] } });
  if (anonymous && !input.items?.length) throw new AppError('validation_error', 'A guest sends the lines of the browser cart', { fields: { items: ['validation.required'] } });
}

/** The supplier a checkout is for (its row, or null). */
export const checkoutSupplier = (db: Db, id: string) => repo.findSupplier(db, id);

/** A supplier order checked and priced by the cart (src/flows/checkout.ts), ready to hold its stock. */
export interface StartPlan {
  supplier: SupplierRow;
  currency: string;
  lines: { product_id: string; variant: Record<string, string>; amount: number }[];
  facts: Map<string, Pick<OfferedProduct, 'stock_type' | 'stock_on_hand' | 'variant_available'>>;
  /** Units asked for per product. */
  perProduct: Map<string, number>;
  snapshot: LineSnapshot[];
}

/**
 * The checkout's step of starting one (src/flows/checkout.ts startCheckout): reserves the stock of a checked and
 * priced supplier order and opens its checkout for the countdown. A cart checkout replaces the same buyer's earlier
 * open checkout of that supplier order (its units are released in the same transaction), so a double click never
 * holds stock twice.
 */
export async function holdAndOpen(db: Db, shop: ShopRow, viewer: Viewer, input: StartInput, plan: StartPlan): Promise<CheckoutView> {
  const { supplier, currency, lines, facts, perProduct, snapshot } = plan;
  const anonymous = viewer.kind !== 'user';
  const itemsTotal = snapshot.reduce((n, l) => n + l.unit_price * l.amount, 0);
  const onstock = [...perProduct].filter(([id]) => facts.get(id)!.stock_type === 'onstock').sort(([a], [b]) => a.localeCompare(b));
  // What is reserved: per product, and per variant row for items sold per variant (their variant_key).
  const units = reservationUnits(lines.filter((l) => facts.get(l.product_id)!.stock_type === 'onstock'), (id) => facts.get(id)!.variant_available !== null);

  // Expired reservations are released first (each process also does it on a timer): so it works with any number of processes.
  await sweepExpired(db);

  const userId = viewer.kind === 'user' ? viewer.user.id : null;
  const source = input.buy_now ? 'buy_now' : 'cart';
  const holder: Holder = { user_id: userId, anonymous_id: viewer.anonymousId, guest_email: anonymous ? input.guest!.email : null, client_address: input.client_address ?? null };
  const created = await inTx(db, async (tx) => {
    // This shopper's starts and restarts run one after the other from here on, so the caps below hold under concurrency.
    await repo.lockHolder(tx, holderLockKeys(holder));
    // Earlier open checkouts of the same cart order: locked in id order, their units given back below.
    const release = new Map<string, ReservedUnits[]>();
    if (source === 'cart') {
      const prior = await repo.openCartCheckouts(tx, { user_id: userId, anonymous_id: viewer.anonymousId, shop_id: shop.id, supplier_id: supplier.id, currency: currency! });
      for (const { id } of prior) {
        const c = await repo.lockCheckout(tx, id);
        if (!c || c.status !== 'open') continue;
        for (const h of await repo.settleReservations(tx, id, 'released')) release.set(h.product_id, [...(release.get(h.product_id) ?? []), h]);
        await repo.updateCheckout(tx, id, { status: 'canceled' });
      }
    }
    await assertMayHold(tx, holder, new Map(onstock), new Map(onstock.map(([id]) => [id, facts.get(id)!.stock_on_hand])), null);
    // Products locked in id order (each product row before its variant rows): releases and reservations interleaved per product.
    const ids = [...new Set([...release.keys(), ...units.map((u) => u.product_id)])].sort();
    const short: ReservedUnits[] = [];
    for (const id of ids) {
      for (const back of release.get(id) ?? []) await repo.releaseUnits(tx, id, back.quantity, back.variant_key);
      for (const u of units) if (u.product_id === id && !(await repo.reserveUnits(tx, id, u.quantity, u.variant_key))) short.push(u);
    }
    if (short.length) {
      const f: Record<string, string[]> = {};
      const fieldVars: Record<string, { available: number }> = {};
      for (const u of short) {
        const s = await repo.stockOf(tx, u.product_id);
        const left = u.variant_key ? await repo.variantAvailable(tx, u.product_id, u.variant_key) : s ? Math.max(0, s.stock_on_hand - s.stock_reserved) : 0;
        f[`items.${u.product_id}`] = [left > 0 ? QUANTITY_FIELD_KEYS.quantity_exceeded : QUANTITY_FIELD_KEYS.out_of_stock];
        fieldVars[`items.${u.product_id}`] = { available: left };
      }
      // Throwing rolls the whole transaction back: nothing stays reserved.
      throw new AppError('insufficient_stock', QUANTITY_MESSAGES.insufficient_stock, { fields: f, fieldVars });
    }
    const expires = new Date(Date.now() + CHECKOUT_COUNTDOWN_MS);
    const guest = anonymous ? input.guest! : null;
    const c = await repo.insertCheckout(tx, {
      shop_id: shop.id, supplier_id: supplier.id, user_id: userId, anonymous_id: viewer.anonymousId, guest_email: guest?.email ?? null, client_address: holder.client_address,
      source, currency: currency!, lines: snapshot, items_total: itemsTotal, expires_at: expires, payment_token: newToken(),
      contact: guest?.name && guest.phone ? { name: guest.name, email: guest.email, phone: guest.phone.replace(/\D+/g, '').slice(-10) } : null,
      tracking: { referral: input.referral ?? null, campaign: input.campaign ?? null, click_id: input.click_id ?? null },
    });
    await repo.insertReservations(tx, units.map((u) => ({ ...u, checkout_id: c.id, expires_at: expires })));
    return c;
  });
  return view(db, created);
}

/**
 * Refuses stock one shopper may not hold on top of what they (or their address) already hold in other live checkouts:
 * too many such checkouts, or more units of a product than holdCap. Call inside the transaction, after lockHolder.
 */
async function assertMayHold(tx: Db, holder: Holder, wanted: Map<string, number>, onHand: Map<string, number>, exceptId: string | null) {
  if (!wanted.size) return;
  if (!mayOpenAnother(await repo.countHolding(tx, holder, exceptId))) throw new AppError('too_many_open_checkouts', HOLD_MESSAGES.too_many_open_checkouts);
  const held = await repo.heldUnits(tx, holder, [...wanted.keys()], exceptId);
  const fields = holdProblems(wanted, held, onHand);
  if (!fields) return;
  // The answer reads each field in the shopper's language: a key with that product's cap and what is left of it.
  const fieldVars = Object.fromEntries(Object.keys(fields).map((k) => {
    const id = k.slice('items.'.length);
    const cap = holdCap(onHand.get(id) ?? 0);
    return [k, { max: cap, left: Math.max(0, cap - (held.get(id) ?? 0)) }];
  }));
  const keyed = Object.fromEntries(Object.keys(fields).map((k) => [k, ['validation.holdLimit']]));
  throw new AppError('hold_limit_exceeded', Object.values(fields)[0]![0]!, { fields: keyed, fieldVars });
}

// ---------- reading and filling in ----------

export async function getCheckout(db: Db, viewer: Viewer, id: string): Promise<CheckoutView> {
  return view(db, await checkoutFor(db, viewer, id));
}

const physical = (c: Pick<CheckoutRow, 'lines'>) => c.lines.some((l) => l.type === 'product');

export function formatAddress(a: AddressInput): AddressFields {
  const formatted = a.formatted_address || [
    [a.street_address, a.street_number].filter(Boolean).join(' '), a.sublocality, a.locality, a.administrative_area_level_1,
    a.postal_code, a.country,
  ].filter(Boolean).join(', ');
  return {
    address_name: a.address_name, address_phone: a.address_phone, street_address: a.street_address, route: a.route ?? null,
    street_number: a.street_number ?? null, country: a.country, administrative_area_level_1: a.administrative_area_level_1 ?? null,
    administrative_area_level_2: a.administrative_area_level_2 ?? null, administrative_area_level_3: a.administrative_area_level_3 ?? null,
    administrative_area_level_4: a.administrative_area_level_4 ?? null, administrative_area_level_5: a.administrative_area_level_5 ?? null,
    locality: a.locality ?? null, sublocality: a.sublocality ?? null, postal_code: a.postal_code, formatted_address: formatted,
  };
}

function addressOf(row: repo.AddressRow): AddressFields {
  const { id: _i, user_id: _u, created_at: _c, ...fields } = row;
  return fields;
}

function requireOpen(c: CheckoutRow) {
  if (c.status === 'placed' || c.status === 'completed') throw new AppError('invalid_transition', 'The order was already placed');
  if (c.status !== 'open' || c.expires_at.getTime() <= Date.now()) throw new AppError('checkout_expired', QUANTITY_EXPIRED);
}
const QUANTITY_EXPIRED = 'Time to complete purchase expired';

export interface PatchInput {
  contact?: { name: string; email: string; phone: string };
  address_id?: string;
  address?: AddressInput & { save: boolean };
  attendees?: { product_id: string; full_name: string; phone: string; email?: string | null }[];
  invoicing?: Record<string, string> | null;
}

export async function updateCheckout(db: Db, viewer: Viewer, id: string, input: PatchInput): Promise<CheckoutView> {
  const c0 = await checkoutFor(db, viewer, id);
  const updated = await inTx(db, async (tx) => {
    const c = (await repo.lockCheckout(tx, c0.id))!;
    requireOpen(c);
    const patch: Partial<repo.CheckoutInsert> = {};
    if (input.contact) patch.contact = input.contact;
    let newAddress: AddressFields | null = null;
    if (input.address_id) {
      if (viewer.kind !== 'user') throw new AppError('validation_error', 'Guests send the address itself', { fields: { address_id: ['validation.unknownAddress'] } });
      const row = await repo.findAddress(tx, viewer.user.id, input.address_id);
      if (!row) throw new AppError('validation_error', 'Unknown address', { fields: { address_id: ['validation.unknownAddress'] } });
      newAddress = addressOf(row);
      patch.address_id = row.id;
    } else if (input.address) {
      newAddress = formatAddress(input.address);
      patch.address_id = null;
      if (input.address.save && viewer.kind === 'user') patch.address_id = (await repo.insertAddress(tx, viewer.user.id, newAddress)).id;
    }
    if (newAddress) {
      patch.address = newAddress;
      // A new address invalidates a delivery priced for the old one.
      if (c.delivery_type && c.delivery_type !== 'collection') Object.assign(patch, { delivery_type: null, delivery: null, shipping_total: 0, shipping_days: null });
    }
    if (input.attendees) {
      const need = new Map(c.lines.filter((l) => l.type === 'experience').map((l) => [l.product_id, 0]));
      for (const l of c.lines) if (l.type === 'experience') need.set(l.product_id, need.get(l.product_id)! + l.amount);
      // Message keys, translated in the request's language by the error answer (issue 28: no English on a Spanish page).
      const fields: Record<string, string[]> = {};
      const fieldVars: Record<string, { max: number }> = {};
      const count = new Map<string, number>();
      input.attendees.forEach((a, i) => {
        if (!need.has(a.product_id)) (fields[`attendees.${i}.product_id`] ??= []).push('validation.invalidOption');
        count.set(a.product_id, (count.get(a.product_id) ?? 0) + 1);
      });
      for (const [pid, n] of count) {
        if (need.has(pid) && n > need.get(pid)!) {
          (fields[`attendees.${pid}`] ??= []).push('validation.tooMany');
          fieldVars[`attendees.${pid}`] = { max: need.get(pid)! };
        }
      }
      if (Object.keys(fields).length) throw new AppError('validation_error', 'Review the attendee information', { fields, fieldVars });
      patch.attendees = input.attendees.map((a) => ({ product_id: a.product_id, full_name: a.full_name, phone: a.phone, email: a.email ?? null }));
    }
    if (input.invoicing !== undefined) patch.invoicing = input.invoicing;
    return repo.updateCheckout(tx, c.id, patch);
  });
  return view(db, updated);
}

/** Delivery options for the checkout (seed 001 §7 .../rates with address_id, agency): fixed, courier rates, branches, agencies. */
export async function deliveryOptions(db: Db, viewer: Viewer, id: string, input: { address_id?: string; postal_code?: string }) {
  const c = await checkoutFor(db, viewer, id);
  let postal = input.postal_code ?? c.address?.postal_code ?? null;
  if (input.address_id && viewer.kind === 'user') {
    const a = await repo.findAddress(db, viewer.user.id, input.address_id);
    if (!a) throw new AppError('validation_error', 'Unknown address', { fields: { address_id: ['validation.unknownAddress'] } });
    postal = a.postal_code;
  }
  return { needs_delivery: physical(c), ...(await optionsFor(db, c, postal)) };
}

/** Grams the courier rates are priced by: each physical line's unit weight (or volume) times its amount. */
async function parcelWeight(db: Db, c: Pick<CheckoutRow, 'lines'>): Promise<number> {
  const physical = c.lines.filter((l) => l.type === 'product');
  const sizes = await repo.shippingSizes(db, [...new Set(physical.map((l) => l.product_id))]);
  return parcelWeightG(physical.map((l) => ({ amount: l.amount, ...(sizes.get(l.product_id) ?? { weight_g: null, length_cm: null, width_cm: null, height_cm: null }) })));
}

async function optionsFor(db: Db, c: CheckoutRow, postal: string | null): Promise<{ options: DeliveryOption[]; messages: { code: string; message: string }[] }> {
  const supplier = (await repo.findSupplier(db, c.supplier_id))!;
  const options: DeliveryOption[] = [];
  const messages: { code: string; message: string }[] = [];
  const weight = await parcelWeight(db, c);
  if (supplier.fixed_shipping_cost !== null && supplier.currency === c.currency) {
    options.push({ delivery_type: 'fixed_delivery', label: `Envío fijo del proveedor (${supplier.fixed_shipping_days ?? '?'} días)`, cost: supplier.fixed_shipping_cost, currency: c.currency, days: supplier.fixed_shipping_days });
  }
  // The built-in couriers ('shipping', 'to_branch'), unless the supplier switched them off.
  if (c.currency === 'MXN' && supplier.courier_shipping) {
    if (postal) {
      const rates = quote(postal, weight);
      const ags = agencies(postal, weight);
      if (!rates) messages.push({ code: 'no_courier_quotes', message: 'No courier quotes for this address' });
      for (const r of rates ?? []) options.push({ delivery_type: 'shipping', label: `${r.courier_name} · ${r.service_name}`, cost: r.cost, currency: 'MXN', days: r.days, rate_id: r.rate_id });
      for (const a of ags ?? []) options.push({ delivery_type: 'to_branch', label: `${a.courier_name} · ${a.name}`, cost: a.cost, currency: 'MXN', days: a.days, agency_id: a.agency_id, address: a.formatted_address });
    } else {
      messages.push({ code: 'address_needed', message: 'Enter the delivery address to see courier rates' });
    }
  }
  for (const b of await repo.listBranches(db, c.supplier_id)) {
    options.push({ delivery_type: 'collection', label: b.name, cost: 0, currency: c.currency, days: null, branch_id: b.id, address: b.address.formatted_address, phone: b.phone, hours: b.hours });
  }
  if (!options.length) messages.push({ code: 'no_shipping_options', message: 'No shipping options' });
  return { options, messages };
}

/** Chooses the delivery method; answers the checkout with its token (seed 001 §4: the broker / fixed_delivery step returns a token). */
export async function chooseDelivery(db: Db, viewer: Viewer, id: string, input: { delivery_type: string; rate_id?: string; branch_id?: string; agency_id?: string; supply_asap?: boolean }): Promise<CheckoutView> {
  const c0 = await checkoutFor(db, viewer, id);
  const updated = await inTx(db, async (tx) => {
    const c = (await repo.lockCheckout(tx, c0.id))!;
    requireOpen(c);
    const supplier = (await repo.findSupplier(tx, c.supplier_id))!;
    const weight = await parcelWeight(tx, c);
    const postal = c.address?.postal_code ?? null;
    const needAddress = () => {
      if (!c.address) throw new AppError('validation_error', 'Enter the delivery address first', { fields: { address: ['validation.requiredForDelivery'] } });
    };
    let patch: Partial<repo.CheckoutInsert>;
    switch (input.delivery_type) {
      case 'fixed_delivery': {
        needAddress();
        if (supplier.fixed_shipping_cost === null || supplier.currency !== c.currency) throw new AppError('no_shipping_options', 'This supplier has no fixed delivery');
        patch = { delivery: { label: 'fixed_delivery', cost: supplier.fixed_shipping_cost, days: supplier.fixed_shipping_days }, shipping_total: supplier.fixed_shipping_cost, shipping_days: supplier.fixed_shipping_days };
        break;
      }
      case 'shipping': {
        needAddress();
        if (!supplier.courier_shipping) throw new AppError('no_shipping_options', 'This supplier does not ship with the couriers');
        const r = c.currency === 'MXN' && input.rate_id ? findRate(postal!, weight, input.rate_id) : null;
        if (!r) throw new AppError('validation_error', 'Choose one of the courier rates for this address', { fields: { rate_id: ['validation.invalidOption'] } });
        patch = { delivery: { ...r, shipment_id: `shp_${c.id.slice(0, 8)}` }, shipping_total: r.cost, shipping_days: r.days };
        break;
      }
      case 'to_branch': {
        if (!supplier.courier_shipping) throw new AppError('no_shipping_options', 'This supplier does not ship with the couriers');
        const a = c.currency === 'MXN' && postal && input.agency_id ? findAgency(postal, weight, input.agency_id) : null;
        if (!a) throw new AppError('validation_error', 'Choose one of the courier agencies', { fields: { agency_id: ['validation.invalidOption'] } });
        patch = { delivery: { ...a }, shipping_total: a.cost, shipping_days: a.days };
        break;
      }
      case 'collection': {
        const b = (await repo.listBranches(tx, c.supplier_id)).find((x) => x.id === input.branch_id);
        if (!b) throw new AppError('validation_error', 'Choose one of the branches', { fields: { branch_id: ['validation.invalidOption'] } });
        patch = { delivery: { branch_id: b.id, name: b.name, phone: b.phone, hours: b.hours, address: b.address.formatted_address }, shipping_total: 0, shipping_days: null };
        break;
      }
      default: throw new AppError('validation_error', 'Unknown delivery type', { fields: { delivery_type: ['validation.invalidOption'] } });
    }
    if (input.supply_asap !== undefined) patch.delivery = { ...patch.delivery, supply_asap: input.supply_asap };
    return repo.updateCheckout(tx, c.id, { ...patch, delivery_type: input.delivery_type, payment_token: c.payment_token ?? newToken() });
  });
  return view(db, updated);
}

/**
 * Restarts the countdown. While the stock is still held it is simply extended; once it lapsed, the same units
 * are reserved again if the stock and the shopper's caps still allow (else insufficient_stock, too_many_open_checkouts
 * or hold_limit_exceeded). A placed order whose time ran out was canceled: that purchase has to start again from the
 * cart. Each restart counts: after CHECKOUT_MAX_RESTARTS, or once the checkout is CHECKOUT_MAX_AGE_MS old, it is
 * refused with restart_limit_reached, so one visitor cannot hold stock forever.
 */
export async function restartCheckout(db: Db, viewer: Viewer, id: string, clientAddress?: string): Promise<CheckoutView> {
  const c0 = await checkoutFor(db, viewer, id);
  const holder: Holder = { user_id: c0.user_id, anonymous_id: c0.anonymous_id, guest_email: c0.guest_email, client_address: clientAddress ?? c0.client_address };
  const updated = await inTx(db, async (tx) => {
    await repo.lockHolder(tx, holderLockKeys(holder));
    const c = (await repo.lockCheckout(tx, c0.id))!;
    const expires = new Date(Date.now() + CHECKOUT_COUNTDOWN_MS);
    const refuseIfSpent = () => {
      if (restartRefusal(c)) throw new AppError('restart_limit_reached', HOLD_MESSAGES.restart_limit_reached);
    };
    if ((c.status === 'open' || c.status === 'placed') && c.expires_at.getTime() > Date.now()) {
      // Never shortens a longer window (a bank transfer reference holds the stock for its hour): then nothing changes.
      if (c.expires_at.getTime() >= expires.getTime()) return c;
      refuseIfSpent();
      await repo.extendReservations(tx, c.id, expires);
      return repo.updateCheckout(tx, c.id, { expires_at: expires, restarts: c.restarts + 1 });
    }
    if (c.status !== 'expired' && c.status !== 'open') throw new AppError('checkout_expired', 'This purchase cannot be restarted: start again from the cart');
    if (await ordersExist(tx, c.id)) throw new AppError('checkout_expired', 'This purchase cannot be restarted: start again from the cart');
    refuseIfSpent();
    if (c.status === 'open') {
      // Expired but not swept yet: release first, then reserve again below.
      for (const h of await repo.settleReservations(tx, c.id, 'released')) await repo.releaseUnits(tx, h.product_id, h.quantity, h.variant_key);
    }
    const onstockLines = c.lines.filter((l) => l.stock_type === 'onstock');
    const per = new Map<string, number>();
    for (const l of onstockLines) per.set(l.product_id, (per.get(l.product_id) ?? 0) + l.amount);
    const ids = [...per.keys()].sort();
    const onHand = new Map<string, number>();
    for (const pid of ids) onHand.set(pid, (await repo.stockOf(tx, pid))?.stock_on_hand ?? 0);
    await assertMayHold(tx, holder, per, onHand, c.id);
    const perVariant = await repo.perVariantProducts(tx, ids);
    const units = reservationUnits(onstockLines, (id) => perVariant.has(id));
    const short = new Set<string>();
    for (const u of units) if (!(await repo.reserveUnits(tx, u.product_id, u.quantity, u.variant_key))) short.add(u.product_id);
    if (short.size) throw new AppError('insufficient_stock', QUANTITY_MESSAGES.insufficient_stock, { fields: Object.fromEntries([...short].map((p) => [`items.${p}`, [QUANTITY_FIELD_KEYS.insufficient_stock]])) });
    await repo.insertReservations(tx, units.map((u) => ({ ...u, checkout_id: c.id, expires_at: expires })));
    return repo.updateCheckout(tx, c.id, { status: 'open', expires_at: expires, restarts: c.restarts + 1, payment_token: newToken() });
  });
  return view(db, updated);
}

async function ordersExist(db: Db, checkoutId: string): Promise<boolean> {
  return (await findOrderByCheckout(db, checkoutId)) !== null;
}

/** Cancels the purchase: reserved stock is released at once; a placed order is canceled (requested by the client). */
export async function cancelCheckout(db: Db, viewer: Viewer, id: string): Promise<CheckoutView> {
  const c0 = await checkoutFor(db, viewer, id);
  const updated = await inTx(db, async (tx) => {
    const c = (await repo.lockCheckout(tx, c0.id))!;
    if (c.status === 'open') {
      for (const h of await repo.settleReservations(tx, c.id, 'released')) await repo.releaseUnits(tx, h.product_id, h.quantity, h.variant_key);
      return repo.updateCheckout(tx, c.id, { status: 'canceled' });
    }
    if (c.status === 'placed') {
      await customerCancelInTx(tx, c, viewer.kind === 'user' ? viewer.user.id : null);
      return (await repo.findCheckout(tx, c.id))!;
    }
    throw new AppError('invalid_transition', c.status === 'completed' ? 'The order is paid: cancel it from the order page' : 'The purchase is already closed');
  });
  return view(db, updated);
}

/** One of the shopper's own checkouts holding stock in a shop: its supplier order and the units it holds. */
export interface OwnHold {
  id: string; supplier_id: string; currency: string; source: string; expires_at: string;
  /** Units held per `${product_id} ${variant_key}` (a space, then '' for an item not sold per variant). */
  units: Map<string, number>;
}

/** The viewer's (signed-in or anonymous) open checkouts in the shop that hold stock right now, latest first. */
export async function ownHolds(db: Db, viewer: Viewer, shopId: string): Promise<OwnHold[]> {
  const rows = await repo.ownHoldingCheckouts(db, { user_id: viewer.kind === 'user' ? viewer.user.id : null, anonymous_id: viewer.anonymousId ?? null, shop_id: shopId });
  const by = new Map<string, OwnHold>();
  for (const r of rows) {
    let h = by.get(r.id);
    if (!h) { h = { id: r.id, supplier_id: r.supplier_id, currency: r.currency, source: r.source, expires_at: r.expires_at.toISOString(), units: new Map() }; by.set(r.id, h); }
    const k = `${r.product_id} ${r.variant_key}`;
    h.units.set(k, (h.units.get(k) ?? 0) + r.quantity);
  }
  return [...by.values()];
}

// ---------- view ----------

export async function view(db: Db, c: CheckoutRow): Promise<CheckoutView> {
  const [supplier, shops, order] = await Promise.all([
    repo.findSupplier(db, c.supplier_id), repo.shopsByIds(db, [c.shop_id]),
    findOrderByCheckout(db, c.id),
  ]);
  const s = supplier!;
  const needsDelivery = physical(c);
  const total = c.items_total + c.shipping_total;
  const experiences = new Map<string, { product_id: string; name: string; count: number }>();
  for (const l of c.lines) {
    if (l.type !== 'experience') continue;
    const e = experiences.get(l.product_id) ?? { product_id: l.product_id, name: l.name, count: 0 };
    e.count += l.amount;
    experiences.set(l.product_id, e);
  }
  const missing: string[] = [];
  if (!c.contact) missing.push('contact');
  if (needsDelivery && !c.delivery_type) missing.push('delivery');
  if (needsDelivery && c.delivery_type && c.delivery_type !== 'collection' && c.delivery_type !== 'to_branch' && !c.address) missing.push('address');
  for (const e of experiences.values()) if (c.attendees.filter((a) => a.product_id === e.product_id).length < e.count) { missing.push('attendees'); break; }
  // What the supplier takes and this server can take (no sandbox methods on a production server).
  const enabled = availableMethods(s.enabled_payment_types.filter((m) => (PAYMENT_METHODS as readonly string[]).includes(m)));
  const methods = enabled.map((m) => methodInfo(m)!).map((i) => ({ method: i.method, flow: i.flow, label: i.label, installments: i.installments }));
  const open = c.status === 'open' || c.status === 'placed';
  const inTime = c.expires_at.getTime() > Date.now();
  const payable = inTime && (c.status === 'open' || (c.status === 'placed' && order !== null && order.status !== 'canceled' && order.payment_status === 'failed'));
  return {
    id: c.id, status: c.status, shop: shops.get(c.shop_id)?.slug ?? '', source: c.source,
    supplier: {
      id: s.id, name: s.name, image: s.image, is_configured: s.is_configured, enabled_payment_types: enabled,
      fixed_shipping_cost: s.fixed_shipping_cost, fixed_shipping_days: s.fixed_shipping_days,
    },
    currency: c.currency,
    lines: c.lines.map((l) => ({
      product_id: l.product_id, name: l.name, photo: l.photo, type: l.type, variant: l.variant, amount: l.amount,
      unit_price: l.unit_price, crossout_price: l.crossout_price, line_total: l.unit_price * l.amount,
    })),
    items_total: c.items_total, shipping_total: c.shipping_total, total,
    expires_at: c.expires_at.toISOString(), seconds_left: open ? Math.max(0, Math.round((c.expires_at.getTime() - Date.now()) / 1000)) : 0,
    contact: c.contact ?? null, guest_email: c.guest_email, address_id: c.address_id, address: c.address as Record<string, unknown> | null,
    needs_delivery: needsDelivery, delivery_type: c.delivery_type, delivery: c.delivery, shipping_days: c.shipping_days,
    needs_attendees: [...experiences.values()], attendees: c.attendees, invoicing: c.invoicing,
    token: open ? c.payment_token : null,
    payment_methods: methods,
    payment_metadata: Object.fromEntries(enabled.map((m) => [m, paymentMetadataHere(m, c.id)]).filter(([, v]) => Object.keys(v as object).length)),
    instalments: methods.some((m) => m.installments) && total > 0
      ? INSTALLMENT_OPTIONS.map((months) => ({ months, monthly_amount: Math.ceil(total / months), total, financing_cost: 0 })) : [],
    order_id: order?.id ?? null,
    payable,
    missing,
  };
}

// ---------- saved addresses and supplier branches ----------

export async function listAddresses(db: Db, viewer: Viewer) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const rows = await repo.listAddresses(db, viewer.user.id);
  return { results: rows.map((r) => ({ id: r.id, ...addressOf(r) })), matches_estimated: rows.length };
}

export async function saveAddress(db: Db, viewer: Viewer, a: AddressInput) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const row = await repo.insertAddress(db, viewer.user.id, formatAddress(a));
  return { id: row.id, ...addressOf(row) };
}

export async function deleteAddress(db: Db, viewer: Viewer, id: string) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  if (!(await repo.deleteAddress(db, viewer.user.id, id))) throw new AppError('not_found', 'Address not found');
  return { deleted: true };
}

async function mySupplier(db: Db, viewer: Viewer) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const [s] = await repo.suppliersOfProfile(db, viewer.user.profile_id);
  if (!s) throw new AppError('forbidden', 'Only suppliers can do that');
  return s;
}

function branchView(b: repo.BranchRow) {
  return { id: b.id, name: b.name, phone: b.phone, hours: b.hours, address: b.address as unknown as Record<string, unknown>, enabled: b.enabled };
}

export async function listBranches(db: Db, viewer: Viewer) {
  const s = await mySupplier(db, viewer);
  const rows = await repo.listBranches(db, s.id, false);
  return { results: rows.map(branchView), matches_estimated: rows.length };
}

// A branch is a way to deliver: adding or removing one recomputes whether the supplier can sell, in its transaction.
export async function addBranch(db: Db, viewer: Viewer, b: { name: string; phone?: string | null; hours?: string | null; address: AddressInput }) {
  const s = await mySupplier(db, viewer);
  return inTx(db, async (tx) => {
    const row = await repo.insertBranch(tx, s.id, { name: b.name, phone: b.phone ?? null, hours: b.hours ?? null, address: formatAddress(b.address) });
    await recomputeConfigured(tx, s.id);
    return branchView(row);
  });
}

export async function removeBranch(db: Db, viewer: Viewer, id: string) {
  const s = await mySupplier(db, viewer);
  return inTx(db, async (tx) => {
    if (!(await repo.deleteBranch(tx, s.id, id))) throw new AppError('not_found', 'Branch not found');
    await recomputeConfigured(tx, s.id);
    return { deleted: true };
  });
}

/**
 * Sets the units on hand of one of the supplier's products (inventory; also how the benchmark sets up its
 * scenario through the real API). Never below the units reserved right now.
 */
async function requireProductSupplier(db: Db, viewer: Viewer, productId: string) {
  // The supplier (or a member with the admin permission); another supplier's item is not found, as in the catalogue API.
  const a = await requireSupplier(db, viewer);
  const p = await repo.productOwner(db, productId);
  if (!p || p.supplier_id !== a.supplier.id) throw new AppError('not_found', 'Product, service or experience not found');
}

export async function getProductStock(db: Db, viewer: Viewer, productId: string) {
  await requireProductSupplier(db, viewer, productId);
  const s = (await repo.stockOf(db, productId))!;
  return { product_id: productId, ...s, available: s.stock_type === 'ondemand' ? 0 : s.stock_on_hand - s.stock_reserved };
}

export async function setProductStock(db: Db, viewer: Viewer, productId: string, onHand: number) {
  await requireProductSupplier(db, viewer, productId);
  const row = await repo.setStockOnHand(db, productId, onHand);
  if (!row) {
    if ((await repo.perVariantProducts(db, [productId])).size) {
      throw new AppError('conflict', 'This item keeps its stock per variant: set each variant\'s units (PATCH /api/supplier/products/{id} variant_stock)', { textKey: 'supplierApi.stockPerVariant', fields: { stock_on_hand: ['validation.invalid'] } });
    }
    const s = await repo.stockOf(db, productId);
    throw new AppError('conflict', `${s?.stock_reserved ?? 0} units are reserved right now: stock cannot go below that`, { textKey: 'apiErrors.stock_below_reserved', vars: { reserved: s?.stock_reserved ?? 0, min: s?.stock_reserved ?? 0 }, fields: { stock_on_hand: ['validation.atLeast'] } });
  }
  return { product_id: productId, stock_type: 'onstock' as const, stock_on_hand: row.stock_on_hand, stock_reserved: row.stock_reserved, available: row.stock_on_hand - row.stock_reserved };
}

export type { OfferedProduct };
