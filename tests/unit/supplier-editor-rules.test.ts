// The product editor's pure rules (its money: tests/unit/money.test.ts): datetime-local <-> ISO with offset, variant
// combinations and the list page's query reading.
import { describe, expect, it } from 'vitest';
import { isoToLocal, localToIso } from '../../islands/supplier/datetime.ts';
import { stockRowsFor, stockSum, variantCombinations } from '../../islands/supplier/variants.ts';
import { slugFrom } from '../../islands/supplier/values.ts';
import { filterSearch, readListQuery } from '../../src/components/supplier/list-query.ts';

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
