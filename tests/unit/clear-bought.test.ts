// A paid guest order leaves the browser's cart: the amounts bought come off their lines (same product and variant),
// other lines stay, and a reload of the order page takes nothing off twice.
import { describe, expect, it } from 'vitest';
import { clearBought } from '../../src/components/store/clear-bought.ts';

function memoryStorage(init: Record<string, string> = {}): Storage {
  const m = new Map(Object.entries(init));
  return {
    get length() { return m.size; }, clear: () => m.clear(), key: (i: number) => [...m.keys()][i] ?? null,
    getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => { m.set(k, v); }, removeItem: (k: string) => { m.delete(k); },
  };
}
const line = (product_id: string, amount: number, variant: Record<string, string> = {}) => ({ product_id, variant, amount, name: product_id });

describe('clearBought', () => {
  it('takes the bought amounts off and keeps the rest', () => {
    const s = memoryStorage({ 'cart:demo-03': JSON.stringify([line('a', 2, { Talla: 'M' }), line('a', 1, { Talla: 'G' }), line('b', 3), line('c', 1)]) });
    const units = clearBought(s, { shop: 'demo-03', order: 'o1', items: [{ product_id: 'a', variant: { Talla: 'M' }, amount: 2 }, { product_id: 'b', variant: {}, amount: 1 }] });
    expect(units).toBe(4);
    expect(JSON.parse(s.getItem('cart:demo-03')!)).toEqual([line('a', 1, { Talla: 'G' }), line('b', 2), line('c', 1)]);
    // The same order again (a reload): nothing more comes off.
    expect(clearBought(s, { shop: 'demo-03', order: 'o1', items: [{ product_id: 'b', variant: {}, amount: 1 }] })).toBeNull();
    expect(JSON.parse(s.getItem('cart:demo-03')!)).toHaveLength(3);
  });

  it('empties the cart when everything was bought; other shops are untouched', () => {
    const s = memoryStorage({ 'cart:demo-03': JSON.stringify([line('a', 1)]), 'cart:demo-04': JSON.stringify([line('a', 1)]) });
    expect(clearBought(s, { shop: 'demo-03', order: 'o2', items: [{ product_id: 'a', variant: {}, amount: 1 }] })).toBe(0);
    expect(s.getItem('cart:demo-03')).toBeNull();
    expect(s.getItem('cart:demo-04')).not.toBeNull();
  });

  it('survives a broken cart entry or no storage', () => {
    expect(clearBought(memoryStorage({ 'cart:x': '{not json' }), { shop: 'x', order: 'o', items: [] })).toBeNull();
    expect(clearBought(undefined, { shop: 'x', order: 'o', items: [] })).toBeNull();
  });
});
