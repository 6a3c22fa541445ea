// The supplier's pure rules (src/domain/suppliers/rules.ts): when a supplier can sell, and first-fit decreasing packing.
import { describe, expect, it } from 'vitest';
import { configurationGaps, packUnits, sellsHere, type ConfigurationFacts } from '../../src/domain/suppliers/rules.ts';

const base: ConfigurationFacts = {
  enabled_payment_types: ['str_card'], fixed_shipping_cost: null, fixed_shipping_days: null, courier_shipping: false, currency: 'MXN', branches: 0, needs_delivery: true,
};
const all = () => true;

describe('configurationGaps', () => {
  it('needs a method this server takes and, for physical goods, a way to deliver', () => {
    expect(configurationGaps(base, all)).toEqual(['delivery']);
    expect(configurationGaps({ ...base, enabled_payment_types: [] }, all)).toEqual(['payment_method', 'delivery']);
    expect(configurationGaps({ ...base, fixed_shipping_cost: 9900, fixed_shipping_days: 3 }, all)).toEqual([]);
    expect(configurationGaps({ ...base, courier_shipping: true }, all)).toEqual([]);
    expect(configurationGaps({ ...base, branches: 1 }, all)).toEqual([]);
    // The couriers quote in pesos only.
    expect(configurationGaps({ ...base, courier_shipping: true, currency: 'USD' }, all)).toEqual(['delivery']);
    // Services and experiences only: no delivery needed.
    expect(configurationGaps({ ...base, needs_delivery: false }, all)).toEqual([]);
    // A method this server cannot take does not count.
    expect(configurationGaps({ ...base, branches: 1 }, (m) => m === 'cash')).toEqual(['payment_method']);
  });

  it('sellsHere checks the stored flag and this server\'s methods again', () => {
    expect(sellsHere({ is_configured: true, enabled_payment_types: ['str_card'] }, all)).toBe(true);
    expect(sellsHere({ is_configured: true, enabled_payment_types: ['str_card'] }, (m) => m === 'cash')).toBe(false);
    expect(sellsHere({ is_configured: false, enabled_payment_types: ['cash'] }, all)).toBe(false);
  });
});

describe('packUnits (first-fit decreasing into 40 x 30 x 30 cm, 10 kg boxes)', () => {
  const item = (item_id: string, units: number, weight_g: number | null, sides: [number, number, number] | null = null) =>
    ({ item_id, units, weight_g, length_cm: sides?.[0] ?? null, width_cm: sides?.[1] ?? null, height_cm: sides?.[2] ?? null });

  it('fills boxes by volume and weight, largest first', () => {
    const boxes = packUnits([item('small', 4, 500, [10, 10, 10]), item('big', 3, 4000, [30, 20, 20])]);
    expect(boxes.map((b) => ({ box: b.box, weight: b.weight_g, items: b.items.map((i) => `${i.units}×${i.item_id}`) }))).toEqual([
      { box: 1, weight: 10_000, items: ['2×big', '4×small'] },
      { box: 2, weight: 4000, items: ['1×big'] },
    ]);
  });

  it('counts a unit without weight as 1 kg and without size as 20 x 15 x 10 cm; splits by volume', () => {
    const boxes = packUnits([item('mug', 13, null)]);
    // 12 units of 3,000 cm³ fill 36,000 cm³ (and 12 kg would be too heavy: 10 per box).
    expect(boxes.map((b) => b.items[0]!.units)).toEqual([10, 3]);
  });

  it('sends what does not fit the box alone, marked oversize', () => {
    const boxes = packUnits([item('table', 1, 20_000, [120, 60, 10]), item('cup', 1, 300, [10, 10, 10])]);
    expect(boxes).toMatchObject([{ box: 1, oversize: true, items: [{ item_id: 'table' }] }, { box: 2, oversize: false, items: [{ item_id: 'cup' }] }]);
    expect(packUnits([])).toEqual([]);
  });
});
