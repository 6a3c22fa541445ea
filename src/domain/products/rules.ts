// Pure rules of a supplier's catalogue: slugs, money typed by people (CSV cells in major units), and the small
// text formats a spreadsheet cell carries (tags and photos '|'-separated, variant axes "Talla=S|M|L;Color=Rojo",
// per-variant stock "Talla=S|Color=Rojo:5;..."). A backslash escapes a separator inside a value, so every value
// the schema accepts survives an export and an import unchanged. No I/O here.
import { slugify as slugText } from '../../lib/shared/slug.ts';
import { PRODUCT_SLUG_MAX, variantKeyOf } from './schema.ts';

// ---------- slugs ----------

/** 'Playera Algodón Niño' -> 'playera-algodon-nino' (ASCII letters and digits, one '-' between words). */
export function slugify(name: string, max = PRODUCT_SLUG_MAX): string {
  return slugText(name, max, 'producto');
}

/** The first of base, base-2, base-3 ... not in `taken`, never longer than `max` (the base is shortened). */
export function freeSlug(base: string, taken: ReadonlySet<string>, max = PRODUCT_SLUG_MAX): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, max - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

// ---------- money in major units (read with the money module's parseMoney) ----------

/** 19950 -> "199.50" (two decimals, '.' as separator, no grouping). */
export { decimalAmount as formatMajorUnits } from '../../lib/shared/money.ts';

// ---------- escaped lists inside one cell ----------

const SPECIAL = /[\\|;=:]/g;
/** A value written inside a cell format: separators and the backslash escaped. */
export const escapeCell = (v: string) => v.replace(SPECIAL, (c) => `\\${c}`);

/** Splits on `sep` outside escapes; the parts keep their escapes (split them again, then unescape). */
export function splitEscaped(text: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) { cur += c + text[i + 1]; i++; continue; }
    if (c === sep) { out.push(cur); cur = ''; continue; }
    cur += c;
  }
  out.push(cur);
  return out;
}

/** Removes the escapes of one value. */
export const unescapeCell = (v: string) => v.replace(/\\(.)/g, '$1');

/** The index of the last `sep` outside escapes, or -1. */
function lastUnescaped(text: string, sep: string): number {
  let found = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') { i++; continue; }
    if (text[i] === sep) found = i;
  }
  return found;
}

/** 'a|b|c' -> ['a','b','c'] (empty parts dropped, each trimmed). */
export function listFromCell(text: string): string[] {
  return splitEscaped(text, '|').map((p) => unescapeCell(p).trim()).filter(Boolean);
}

export const listToCell = (list: readonly string[]) => list.map(escapeCell).join('|');

/** "Talla=S|M|L;Color=Rojo|Azul" -> {Talla:['S','M','L'], Color:['Rojo','Azul']}; null when a part has no '='. */
export function variantsFromCell(text: string): Record<string, string[]> | null {
  const out: Record<string, string[]> = {};
  for (const part of splitEscaped(text, ';')) {
    if (!part.trim()) continue;
    const pair = splitEscaped(part, '=');
    if (pair.length !== 2) return null;
    const axis = unescapeCell(pair[0]!).trim();
    if (!axis || axis in out) return null;
    out[axis] = listFromCell(pair[1]!);
  }
  return out;
}

export function variantsToCell(axes: Record<string, string[]>): string {
  return Object.entries(axes).map(([axis, values]) => `${escapeCell(axis)}=${listToCell(values)}`).join(';');
}

/** "Talla=S|Color=Rojo:5;Talla=M|Color=Rojo:0" -> [{variant, stock_on_hand}]; null when a part cannot be read. */
export function variantStockFromCell(text: string): { variant: Record<string, string>; stock_on_hand: number }[] | null {
  const out: { variant: Record<string, string>; stock_on_hand: number }[] = [];
  for (const part of splitEscaped(text, ';')) {
    if (!part.trim()) continue;
    const at = lastUnescaped(part, ':');
    if (at === -1) return null;
    const units = part.slice(at + 1).trim();
    if (!/^\d{1,9}$/.test(units)) return null;
    const variant: Record<string, string> = {};
    for (const choice of splitEscaped(part.slice(0, at), '|')) {
      const pair = splitEscaped(choice, '=');
      if (pair.length !== 2) return null;
      const axis = unescapeCell(pair[0]!).trim();
      if (!axis || axis in variant) return null;
      variant[axis] = unescapeCell(pair[1]!).trim();
    }
    out.push({ variant, stock_on_hand: Number(units) });
  }
  return out;
}

export function variantStockToCell(rows: readonly { variant: Record<string, string>; stock_on_hand: number }[]): string {
  return rows.map((r) => `${Object.entries(r.variant).map(([a, v]) => `${escapeCell(a)}=${escapeCell(v)}`).join('|')}:${r.stock_on_hand}`).join(';');
}

// ---------- per-variant stock ----------

export interface VariantStockRow { variant_key: string; variant: Record<string, string>; stock_on_hand: number; stock_reserved: number }

/**
 * What writing `wanted` over the stored rows means: rows to upsert, keys to delete, the product's new total, and
 * the rows that would go below what is reserved right now (index in `wanted`, or -1 for a removed row).
 */
export function planVariantStock(stored: readonly VariantStockRow[], wanted: readonly { variant: Record<string, string>; stock_on_hand: number }[]) {
  const byKey = new Map(stored.map((r) => [r.variant_key, r]));
  const upsert = wanted.map((w) => ({ variant_key: variantKeyOf(w.variant), variant: w.variant, stock_on_hand: w.stock_on_hand }));
  const keep = new Set(upsert.map((u) => u.variant_key));
  const below: { index: number; reserved: number }[] = [];
  upsert.forEach((u, index) => {
    const reserved = byKey.get(u.variant_key)?.stock_reserved ?? 0;
    if (u.stock_on_hand < reserved) below.push({ index, reserved });
  });
  const remove = stored.filter((r) => !keep.has(r.variant_key));
  for (const r of remove) if (r.stock_reserved > 0) below.push({ index: -1, reserved: r.stock_reserved });
  return { upsert, remove: remove.map((r) => r.variant_key), total: upsert.reduce((n, u) => n + u.stock_on_hand, 0), below };
}
