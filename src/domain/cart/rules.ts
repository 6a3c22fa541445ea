// Cart quantity rules of seed 001 §5 (browser-safe: the cart island applies the same rules before asking).
//   - whole numbers from 1; zero or empty is ignored (no change);
//   - not above the available stock unless stock_type is ondemand -> adjusted down, code quantity_exceeded;
//   - not above max_purchase_amount when set -> adjusted down, code max_purchase_amount_exceeded (with the max);
//   - unpublished, hidden, disabled or concluded items -> unavailable_for_sale; nothing left -> out_of_stock.
import { CART_MAX_AMOUNT } from '../../lib/shared/constants.ts';

export interface SellableInfo {
  type: string;
  list_state: string;
  hiden: boolean;
  disabled: boolean;
  sold_out: boolean;
  experience_available: boolean;
  experience_date: Date | string | null;
  stock_type: 'onstock' | 'ondemand' | string;
  stock_on_hand: number;
  stock_reserved: number;
  max_purchase_amount: number | null;
  supplier_id: string | null;
}

export type RefusalCode = 'unavailable_for_sale' | 'out_of_stock';
export type AdjustCode = 'quantity_exceeded' | 'max_purchase_amount_exceeded';

export const QUANTITY_MESSAGES = {
  unavailable_for_sale: 'Product temporarily unavailable',
  out_of_stock: 'Out of stock',
  insufficient_stock: 'Insufficient stock',
  quantity_exceeded: (available: number) => `Quantity exceeded: only ${available} available`,
  max_purchase_amount_exceeded: (max: number) => `Purchase amount exceeded: at most ${max} per purchase`,
} as const;

/** The field message keys of the same refusals (translated in the answer: src/lib/i18n/validation.ts). */
export const QUANTITY_FIELD_KEYS = {
  unavailable_for_sale: 'validation.unavailable',
  out_of_stock: 'validation.outOfStock',
  insufficient_stock: 'validation.insufficientStock',
  quantity_exceeded: 'validation.quantityExceeded', // { available }
  max_purchase_amount_exceeded: 'validation.maxPerPurchase', // { max }
  invalid_amount: 'validation.quantity',
} as const;

/** Units a shopper can still take (null: unlimited, ondemand). */
export function availableUnits(p: Pick<SellableInfo, 'stock_type' | 'stock_on_hand' | 'stock_reserved'>): number | null {
  if (p.stock_type === 'ondemand') return null;
  return Math.max(0, p.stock_on_hand - p.stock_reserved);
}

/**
 * The item as one variant of it sells: an item with per-variant stock counts that variant's free units (none when
 * the choice has no stock row); any other item is unchanged.
 */
export function forVariant<P extends Pick<SellableInfo, 'stock_on_hand' | 'stock_reserved'> & { variant_available?: Record<string, number> | null }>(p: P, variant: Record<string, string> | null | undefined): P {
  if (!p.variant_available) return p;
  return { ...p, stock_on_hand: Math.max(0, p.variant_available[variantKey(variant)] ?? 0), stock_reserved: 0 };
}

/** Why an item cannot be bought at all, or null when it can. */
export function refusal(p: SellableInfo, now = new Date()): RefusalCode | null {
  if (p.list_state !== 'published' || p.hiden || p.disabled || !p.supplier_id) return 'unavailable_for_sale';
  if (p.type === 'experience') {
    if (!p.experience_available) return 'unavailable_for_sale';
    if (p.experience_date && new Date(p.experience_date).getTime() < now.getTime()) return 'unavailable_for_sale';
  }
  if (p.sold_out) return 'out_of_stock';
  const avail = availableUnits(p);
  if (avail !== null && avail <= 0) return 'out_of_stock';
  return null;
}

export type QuantityOutcome =
  | { kind: 'ignored' }
  | { kind: 'invalid'; message: string }
  | { kind: 'refused'; code: RefusalCode; message: string }
  | { kind: 'ok'; amount: number; notice: QuantityNotice | null };

export type QuantityNotice =
  | { code: 'quantity_exceeded'; requested: number; amount: number; available: number; message: string }
  | { code: 'max_purchase_amount_exceeded'; requested: number; amount: number; max: number; message: string };

/** Reads what a shopper typed: '', null, 0 -> ignored; '.', 'e', '-' and fractions are invalid. */
export function parseAmount(raw: unknown): number | 'ignored' | 'invalid' {
  if (raw === null || raw === undefined || raw === '') return 'ignored';
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < 0) return 'invalid';
  if (n === 0) return 'ignored';
  return n;
}

/**
 * The amount a line may hold. `requested` is what the line should end with (after adding up, for merges);
 * the answer is adjusted down to what the stock and max_purchase_amount allow, saying why.
 */
export function applyQuantityRules(requested: unknown, p: SellableInfo, now = new Date()): QuantityOutcome {
  const parsed = parseAmount(requested);
  if (parsed === 'ignored') return { kind: 'ignored' };
  if (parsed === 'invalid') return { kind: 'invalid', message: 'Enter a whole number from 1' };
  const why = refusal(p, now);
  if (why) return { kind: 'refused', code: why, message: QUANTITY_MESSAGES[why] };
  const wanted = Math.min(parsed, CART_MAX_AMOUNT);
  const avail = availableUnits(p);
  const max = p.max_purchase_amount ?? null;
  let amount = wanted;
  let notice: QuantityNotice | null = null;
  // The tighter limit is the one reported.
  if (max !== null && amount > max && (avail === null || max <= avail)) {
    amount = max;
    notice = { code: 'max_purchase_amount_exceeded', requested: parsed, amount, max, message: QUANTITY_MESSAGES.max_purchase_amount_exceeded(max) };
  } else if (avail !== null && amount > avail) {
    amount = avail;
    notice = { code: 'quantity_exceeded', requested: parsed, amount, available: avail, message: QUANTITY_MESSAGES.quantity_exceeded(avail) };
  }
  return { kind: 'ok', amount, notice };
}

/** Canonical key of a variant choice: axes sorted, "Color=Negro|Talla=M" ('' for none). */
export function variantKey(v: Record<string, string> | null | undefined): string {
  if (!v) return '';
  return Object.keys(v).sort().map((k) => `${k}=${v[k]}`).join('|');
}

/**
 * Checks a variant choice against the product's axes: every axis needs one of its values, nothing else.
 * Answers an error message per axis, or null when the choice is complete and valid.
 */
export function variantProblems(axes: Record<string, string[]>, choice: Record<string, string> | null | undefined): Record<string, string> | null {
  const problems: Record<string, string> = {};
  const c = choice ?? {};
  for (const [axis, values] of Object.entries(axes)) {
    if (!values.length) continue;
    if (!(axis in c)) problems[axis] = `Choose ${axis}`;
    else if (!values.includes(c[axis]!)) problems[axis] = `${axis}: choose one of ${values.join(', ')}`;
  }
  for (const k of Object.keys(c)) if (!(k in axes)) problems[k] = `${k} is not an option of this item`;
  return Object.keys(problems).length ? problems : null;
}

/** The message key of one variant problem (`{{axis}}` is the axis): a missing or wrong value, or an unknown axis. */
export const variantFieldKey = (axes: Record<string, string[]>, axis: string) => (axis in axes ? 'validation.chooseVariant' : 'validation.unknownField');

/** Savings of an offer (seed 001 §9: regular price minus reduced price), per unit. */
export function unitSaving(listPrice: number, crossoutPrice: number | null): number {
  return crossoutPrice !== null && crossoutPrice > listPrice ? crossoutPrice - listPrice : 0;
}
