// Stock display states of seed 001 §9 (browser-safe: cards and the cart use the same rule).
export type StockState = 'available' | 'last_available' | 'on_demand' | 'out_of_stock' | 'unavailable';

export const LAST_AVAILABLE_THRESHOLD = 5;

export function stockState(i: { stock_type: string; available: number; sold_out?: boolean; disabled?: boolean; experience_available?: boolean }): StockState {
  if (i.disabled || i.experience_available === false) return 'unavailable';
  if (i.stock_type === 'ondemand') return 'on_demand';
  if (i.sold_out || i.available <= 0) return 'out_of_stock';
  if (i.available <= LAST_AVAILABLE_THRESHOLD) return 'last_available';
  return 'available';
}
