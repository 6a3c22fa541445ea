// The product editor's pure rules: money typed in major units to exact minor units (no floats), the resellers'
// earning (margin x the plan's rate, in integers), datetime-local <-> ISO with offset, variant combinations and the
// list page's query reading.
import { describe, expect, it } from 'vitest';
import { minorToText, parseMoney, resellerEarning } from '../../islands/supplier/money.ts';
import { isoToLocal, localToIso } from '../../islands/supplier/datetime.ts';
import { stockRowsFor, stockSum, variantCombinations } from '../../islands/supplier/variants.ts';
import { slugFrom } from '../../islands/supplier/values.ts';
import { filterSearch, readListQuery } from '../../src/components/supplier/list-query.ts';

describe('money typed in major units', () => {
  it('converts by digits, never through a float', () => {
    expect(parseMoney('199.50')).toBe(19950);
    expect(parseMoney('199.5')).toBe(19950);
    expect(parseMoney('199')).toBe(19900);
    expect(parseMoney('0,99')).toBe(99);
    expect(parseMoney(' 1.10 ')).toBe(110);
    expect(parseMoney('4.35')).toBe(435); // 4.35 * 100 is 434.99999999999994 as a float
    expect(parseMoney('1.005')).toBeNaN();
    expect(parseMoney('1,999.00')).toBeNaN();
    expect(parseMoney('-5')).toBeNaN();
    expect(parseMoney('abc')).toBeNaN();
    expect(parseMoney('')).toBeNaN();
    expect(parseMoney('500', 'JPY')).toBe(500);
    expect(parseMoney('500.5', 'JPY')).toBeNaN();
  });
  it('shows minor units for typing', () => {
    expect(minorToText(19950)).toBe('199.50');
    expect(minorToText(5)).toBe('0.05');
    expect(minorToText(0)).toBe('0.00');
    expect(minorToText(null)).toBe('');
    expect(minorToText(500, 'JPY')).toBe('500');
    for (const n of [1, 99, 100, 123456789]) expect(parseMoney(minorToText(n))).toBe(n);
  });
  it("resellers earn margin x rate, rounded down to a minor unit", () => {
    expect(resellerEarning(4010)).toBe(2005);
    expect(resellerEarning(4011)).toBe(2005);
    expect(resellerEarning(9950, '0.5')).toBe(4975);
    expect(resellerEarning(1000, '0.125')).toBe(125);
    expect(resellerEarning(0)).toBe(0);
  });
});

describe('experience date and time', () => {
  it('adds the browser offset and reads back the same local time', () => {
    const iso = localToIso('2027-03-14T19:00')!;
    expect(iso).toMatch(/^2027-03-14T19:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(new Date(2027, 2, 14, 19, 0).getTime());
    expect(isoToLocal(iso)).toBe('2027-03-14T19:00');
    expect(localToIso('2027-02-31T10:00')).toBeNull();
    expect(localToIso('mañana')).toBeNull();
    expect(isoToLocal(null)).toBe('');
  });
});

describe('variants', () => {
  it('lists every combination and keeps typed stock', () => {
    const axes = { Color: ['Negro', 'Rojo'], Talla: ['S', 'M'] };
    expect(variantCombinations(axes)).toHaveLength(4);
    expect(variantCombinations({ Color: [] })).toEqual([]);
    const rows = stockRowsFor(axes, [{ variant: { Talla: 'M', Color: 'Rojo' }, stock_on_hand: 7 }]);
    expect(rows.find((r) => r.variant.Color === 'Rojo' && r.variant.Talla === 'M')!.stock_on_hand).toBe(7);
    expect(stockSum(rows)).toBe(7);
  });
  it('previews the address from the name', () => {
    expect(slugFrom('  Rebozo de Seda — Edición Otoño ')).toBe('rebozo-de-seda-edicion-otono');
  });
});

describe('list query', () => {
  it('drops empty and wrong values instead of refusing the page', () => {
    const { query, raw } = readListQuery(new URLSearchParams('text=rebozo&type=&list_state=nope&hiden=true&sort=name&offset=40'));
    expect(query).toMatchObject({ text: 'rebozo', hiden: true, sort: 'name', offset: 40, limit: 20 });
    expect(query.list_state).toBeUndefined();
    expect(filterSearch(raw)).toBe('?text=rebozo&hiden=true&sort=name');
    expect(filterSearch(raw, { offset: 0 })).toBe('?text=rebozo&hiden=true&sort=name');
    expect(filterSearch({}, { offset: 20 })).toBe('?offset=20');
  });
});
