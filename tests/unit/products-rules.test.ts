// Pure rules of the supplier catalogue: slugs, money typed in major units, the cell formats of the CSV (and their
// escapes), per-variant stock plans, parcel weights for courier rates, what a checkout reserves.
import { describe, expect, it } from 'vitest';
import {
  formatMajorUnits, freeSlug, listFromCell, listToCell, planVariantStock, slugify, variantStockFromCell, variantStockToCell,
  variantsFromCell, variantsToCell,
} from '../../src/domain/products/rules.ts';
import { parseCsv, toCsv } from '../../src/domain/products/csv.ts';
import { productFields } from '../../src/domain/products/schema.ts';
import { parcelWeightG, unitWeightG } from '../../src/domain/checkout/rates.ts';
import { reservationUnits } from '../../src/domain/checkout/rules.ts';

describe('slugs', () => {
  it('folds accents, ñ and punctuation into one hyphen between words', () => {
    expect(slugify('Playera Algodón Niño — Edición #2!')).toBe('playera-algodon-nino-edicion-2');
    expect(slugify('¡¿!')).toBe('producto');
    expect(slugify('a'.repeat(100)).length).toBe(80);
  });
  it('takes the next free suffix and stays within the length', () => {
    expect(freeSlug('taza', new Set())).toBe('taza');
    expect(freeSlug('taza', new Set(['taza', 'taza-2']))).toBe('taza-3');
    const long = 'x'.repeat(80);
    expect(freeSlug(long, new Set([long]))).toBe(`${'x'.repeat(78)}-2`);
  });
});

describe('money in major units (read by the money module: tests/unit/money.test.ts)', () => {
  it('writes two decimals', () => {
    expect(formatMajorUnits(19950)).toBe('199.50');
    expect(formatMajorUnits(7)).toBe('0.07');
    expect(formatMajorUnits(0)).toBe('0.00');
  });
});

describe('cell formats', () => {
  it('lists, variants and variant stock survive a round trip, separators included', () => {
    const tags = ['uno|dos', 'a;b', 'c=d', 'e:f', 'back\\slash'];
    expect(listFromCell(listToCell(tags))).toEqual(tags);
    const axes = { 'Talla': ['S', 'M'], 'Color;x': ['Rojo|1', 'Azul=Marino'] };
    expect(variantsFromCell(variantsToCell(axes))).toEqual(axes);
    const stock = [{ variant: { Talla: 'S', Color: 'Rojo:1' }, stock_on_hand: 3 }, { variant: { Talla: 'M', Color: 'a|b' }, stock_on_hand: 0 }];
    expect(variantStockFromCell(variantStockToCell(stock))).toEqual(stock);
  });
  it('reads what people type and refuses what it cannot read', () => {
    expect(variantsFromCell('Talla=S|M|L;Color=Rojo|Azul')).toEqual({ Talla: ['S', 'M', 'L'], Color: ['Rojo', 'Azul'] });
    expect(variantsFromCell('Talla')).toBeNull();
    expect(variantsFromCell('Talla=S;Talla=M')).toBeNull();
    expect(variantStockFromCell('Talla=S:x')).toBeNull();
    expect(variantStockFromCell('Talla=S')).toBeNull();
    expect(listFromCell(' a | | b ')).toEqual(['a', 'b']);
  });
  it('CSV: an exported item reads back as the same values; a neutralised formula is read as typed', () => {
    const item = { ...productFields.parse({ name: '=HYPERLINK("x") camisa', list_price: 19950, tags: ['a|b'], variants: { Talla: ['S'] }, variant_stock: [{ variant: { Talla: 'S' }, stock_on_hand: 2 }], plain_description: 'uno, "dos"\ntres' }), id: '5b1c0d3e-8a7f-4c2b-9d1e-0f2a3b4c5d6e', slug: 'camisa' };
    const csv = toCsv([item]);
    expect(csv).toContain("'=HYPERLINK");
    const { rows, problems } = parseCsv(csv);
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({ line: 2, id: item.id, problems: [] });
    expect(rows[0]!.values).toMatchObject({ name: item.name, list_price: 19950, tags: ['a|b'], variant_stock: item.variant_stock, plain_description: item.plain_description, crossout_price: undefined, is_dropshipping: true });
  });
  it('CSV: problems by line and column; blank lines are counted, not read', () => {
    // A ';' spreadsheet writes decimal commas: "1,5" is 1.50; "1E+03" (a spreadsheet's exponent) is not an amount.
    const { rows, problems } = parseCsv('name;list_price;hiden;colour\nA;1.00;tal vez;x\n\nB;1E+03;no;\nC;1,5;no;\n');
    expect(problems.map((p) => p.path)).toEqual([[1, 'colour']]);
    expect(rows.map((r) => [r.line, r.problems.map((p) => p.path?.[1])])).toEqual([[2, ['hiden']], [4, ['list_price']], [5, []]]);
    expect(rows[1]!.problems[0]!.message).toBe('validation.moneyFormat');
    expect(rows[2]!.values.list_price).toBe(150);
  });
});

describe('per-variant stock plans', () => {
  const stored = [
    { variant_key: 'Talla=M', variant: { Talla: 'M' }, stock_on_hand: 5, stock_reserved: 2 },
    { variant_key: 'Talla=S', variant: { Talla: 'S' }, stock_on_hand: 1, stock_reserved: 1 },
  ];
  it('upserts, removes and sums', () => {
    const plan = planVariantStock(stored, [{ variant: { Talla: 'M' }, stock_on_hand: 4 }, { variant: { Talla: 'L' }, stock_on_hand: 3 }, { variant: { Talla: 'S' }, stock_on_hand: 1 }]);
    expect(plan.total).toBe(8);
    expect(plan.remove).toEqual([]);
    expect(plan.below).toEqual([]);
    expect(plan.upsert.map((u) => u.variant_key)).toEqual(['Talla=M', 'Talla=L', 'Talla=S']);
  });
  it('finds rows that would go below what is reserved, removed ones included', () => {
    expect(planVariantStock(stored, [{ variant: { Talla: 'M' }, stock_on_hand: 1 }]).below).toEqual([{ index: 0, reserved: 2 }, { index: -1, reserved: 1 }]);
  });
});

describe('parcel weight for courier rates', () => {
  const none = { weight_g: null, length_cm: null, width_cm: null, height_cm: null };
  it('is 1 kg a unit without a weight, the weight otherwise, the volume when larger', () => {
    expect(unitWeightG(none)).toBe(1000);
    expect(unitWeightG({ ...none, weight_g: 250 })).toBe(250);
    // 40 x 30 x 20 cm = 24,000 cm³ / 5000 = 4.8 kg.
    expect(unitWeightG({ weight_g: 250, length_cm: 40, width_cm: 30, height_cm: 20 })).toBe(4800);
    expect(unitWeightG({ weight_g: 9000, length_cm: 40, width_cm: 30, height_cm: 20 })).toBe(9000);
    // A box with a missing side is weighed by weight alone.
    expect(unitWeightG({ weight_g: 250, length_cm: 40, width_cm: 30, height_cm: null })).toBe(250);
    expect(parcelWeightG([{ amount: 3, ...none, weight_g: 400 }, { amount: 2, ...none }])).toBe(3200);
  });
});

describe('what a checkout reserves', () => {
  it('sums lines per product, and per variant for items sold per variant, in lock order', () => {
    const lines = [
      { product_id: 'b', variant: { Talla: 'M' }, amount: 1 },
      { product_id: 'a', variant: { Talla: 'S' }, amount: 2 },
      { product_id: 'b', variant: { Talla: 'S' }, amount: 1 },
      { product_id: 'a', variant: { Talla: 'M' }, amount: 1 },
      { product_id: 'b', variant: { Talla: 'M' }, amount: 2 },
    ];
    expect(reservationUnits(lines, (id) => id === 'b')).toEqual([
      { product_id: 'a', variant_key: '', quantity: 3 },
      { product_id: 'b', variant_key: 'Talla=M', quantity: 3 },
      { product_id: 'b', variant_key: 'Talla=S', quantity: 1 },
    ]);
  });
});
