// Takes a paid guest order's lines off the browser's cart (see ClearBoughtLines.astro). Browser-safe, no imports:
// it runs on the order page without the cart's store.
export interface BoughtLines { shop: string; order: string; items: { product_id: string; variant: Record<string, string>; amount: number }[] }
interface Line { product_id: string; variant?: Record<string, string>; amount: number }

const DONE_KEEP = 20;
const same = (a: Record<string, string> = {}, b: Record<string, string> = {}) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Returns the cart's new number of units, or null when nothing changed (order already handled, storage blocked). */
export function clearBought(storage: Storage | undefined, bought: BoughtLines): number | null {
  if (!storage) return null;
  try {
    const key = `cart:${bought.shop}`, doneKey = `cart-orders:${bought.shop}`;
    const done: string[] = JSON.parse(storage.getItem(doneKey) || '[]');
    if (!Array.isArray(done) || done.includes(bought.order)) return null;
    let lines: Line[] = JSON.parse(storage.getItem(key) || '[]');
    if (!Array.isArray(lines)) lines = [];
    for (const b of bought.items) {
      let left = b.amount;
      lines = lines.flatMap((l) => {
        if (left <= 0 || l.product_id !== b.product_id || !same(l.variant, b.variant)) return [l];
        const take = Math.min(left, l.amount);
        left -= take;
        return l.amount - take > 0 ? [{ ...l, amount: l.amount - take }] : [];
      });
    }
    if (lines.length) storage.setItem(key, JSON.stringify(lines)); else storage.removeItem(key);
    storage.setItem(doneKey, JSON.stringify([...done, bought.order].slice(-DONE_KEEP)));
    const units = lines.reduce((n, l) => n + (l.amount || 0), 0);
    for (const badge of globalThis.document?.querySelectorAll<HTMLElement>('[data-cart-count]') ?? []) {
      badge.textContent = String(units);
      badge.hidden = units <= 0;
    }
    return units;
  } catch {
    return null;
  }
}
