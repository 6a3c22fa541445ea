// Variant axes (name -> values) and the per-variant stock rows the editor keeps in step with them.
import { variantKeyOf } from '../../src/domain/products/schema.ts';

export interface StockRow { variant: Record<string, string>; stock_on_hand: number }

/** Every choice of one value per axis, in the axes' order (no axes or an axis without values: none). */
export function variantCombinations(axes: Record<string, string[]>): Record<string, string>[] {
  const entries = Object.entries(axes);
  if (!entries.length || entries.some(([, values]) => !values.length)) return [];
  let out: Record<string, string>[] = [{}];
  for (const [axis, values] of entries) out = out.flatMap((partial) => values.map((v) => ({ ...partial, [axis]: v })));
  return out;
}

/** One row per combination, keeping the stock already typed for a combination that still exists (0 for new ones). */
export function stockRowsFor(axes: Record<string, string[]>, previous: readonly StockRow[]): StockRow[] {
  const kept = new Map(previous.map((r) => [variantKeyOf(r.variant), r.stock_on_hand]));
  return variantCombinations(axes).map((variant) => ({ variant, stock_on_hand: kept.get(variantKeyOf(variant)) ?? 0 }));
}

/** Units on hand over every row (what stock_on_hand becomes when each variant has its own stock). */
export function stockSum(rows: readonly { stock_on_hand: number }[]): number {
  return rows.reduce((sum, r) => sum + (Number.isInteger(r.stock_on_hand) && r.stock_on_hand > 0 ? r.stock_on_hand : 0), 0);
}

/** 'Color: Negro · Talla: M' */
export const variantLabel = (v: Record<string, string>) => Object.entries(v).map(([k, val]) => `${k}: ${val}`).join(' · ');
