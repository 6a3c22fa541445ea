// Stock display states of seed 001 §9 (browser-safe: cards and the cart use the same rule).
/** Named as the dictionary's `stock.*` keys. */
export type StockState = 'available' | 'lastAvailable' | 'onDemand' | 'outOfStock' | 'temporarilyUnavailable';

export const LAST_AVAILABLE_THRESHOLD = 5;

export function stockState(i: { stock_type: string; available: number; sold_out?: boolean; disabled?: boolean; experience_available?: boolean }): StockState {
  if (i.disabled || i.experience_available === false) return 'temporarilyUnavailable';
  if (i.stock_type === 'ondemand') return 'onDemand';
  if (i.sold_out || i.available <= 0) return 'outOfStock';
  if (i.available <= LAST_AVAILABLE_THRESHOLD) return 'lastAvailable';
  return 'available';
}
