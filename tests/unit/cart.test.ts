import { describe, expect, it } from 'vitest';
import { applyQuantityRules, parseAmount, refusal, unitSaving, variantKey, variantProblems, type SellableInfo } from '../../src/domain/cart/rules.ts';
import { groupOrders } from '../../src/domain/cart/service.ts';

const item = (o: Partial<SellableInfo> = {}): SellableInfo => ({
  type: 'product', list_state: 'published', hiden: false, disabled: false, sold_out: false, experience_available: true,
  experience_date: null, stock_type: 'onstock', stock_on_hand: 10, stock_reserved: 0, max_purchase_amount: null, supplier_id: 's1', ...o,
});

describe('cart quantity rules (seed 001 §5)', () => {
  it('takes whole numbers from 1; zero or empty is ignored; fractions and negatives are invalid', () => {
    expect(parseAmount(3)).toBe(3);
    expect(parseAmount('4')).toBe(4);
    expect(parseAmount(0)).toBe('ignored');
    expect(parseAmount('')).toBe('ignored');
    expect(parseAmount(null)).toBe('ignored');
    for (const bad of [1.5, -1, '1.5', '1e2', '-2', '.', 'e', NaN]) expect(parseAmount(bad)).toBe('invalid');
    expect(applyQuantityRules(0, item())).toEqual({ kind: 'ignored' });
    expect(applyQuantityRules('2.5', item()).kind).toBe('invalid');
  });

  it('adjusts down to the available stock with quantity_exceeded', () => {
    const r = applyQuantityRules(12, item({ stock_on_hand: 10, stock_reserved: 3 }));
    expect(r).toMatchObject({ kind: 'ok', amount: 7, notice: { code: 'quantity_exceeded', available: 7, requested: 12 } });
    expect(applyQuantityRules(7, item({ stock_on_hand: 10, stock_reserved: 3 }))).toEqual({ kind: 'ok', amount: 7, notice: null });
  });

  it('ondemand items ignore the stock', () => {
    expect(applyQuantityRules(500, item({ stock_type: 'ondemand', stock_on_hand: 0 }))).toEqual({ kind: 'ok', amount: 500, notice: null });
  });

  it('adjusts down to max_purchase_amount with the max in the message', () => {
    const r = applyQuantityRules(5, item({ max_purchase_amount: 3 }));
    expect(r).toMatchObject({ kind: 'ok', amount: 3, notice: { code: 'max_purchase_amount_exceeded', max: 3 } });
    if (r.kind === 'ok') expect(r.notice!.message).toContain('3');
    // The tighter limit is reported.
    expect(applyQuantityRules(5, item({ max_purchase_amount: 3, stock_on_hand: 2 }))).toMatchObject({ amount: 2, notice: { code: 'quantity_exceeded' } });
  });

  it('refuses unavailable and out of stock items', () => {
    expect(refusal(item({ list_state: 'unpublished' }))).toBe('unavailable_for_sale');
    expect(refusal(item({ hiden: true }))).toBe('unavailable_for_sale');
    expect(refusal(item({ disabled: true }))).toBe('unavailable_for_sale');
    expect(refusal(item({ supplier_id: null }))).toBe('unavailable_for_sale');
    expect(refusal(item({ type: 'experience', experience_date: '2020-01-01T00:00:00Z' }))).toBe('unavailable_for_sale');
    expect(refusal(item({ type: 'experience', experience_available: false }))).toBe('unavailable_for_sale');
    expect(refusal(item({ stock_on_hand: 3, stock_reserved: 3 }))).toBe('out_of_stock');
    expect(refusal(item({ sold_out: true }))).toBe('out_of_stock');
    expect(refusal(item({ stock_type: 'ondemand', stock_on_hand: 0 }))).toBeNull();
    expect(applyQuantityRules(1, item({ stock_on_hand: 0 }))).toMatchObject({ kind: 'refused', code: 'out_of_stock', message: 'Out of stock' });
  });

  it('checks variant choices and keys them canonically', () => {
    const axes = { Talla: ['S', 'M'], Color: ['Rojo'] };
    expect(variantProblems(axes, { Talla: 'M', Color: 'Rojo' })).toBeNull();
    expect(variantProblems(axes, { Talla: 'XL' })).toEqual({ Talla: expect.any(String), Color: 'Choose Color' });
    expect(variantProblems({}, { Extra: 'x' })).toEqual({ Extra: expect.any(String) });
    expect(variantKey({ Talla: 'M', Color: 'Rojo' })).toBe(variantKey({ Color: 'Rojo', Talla: 'M' }));
    expect(variantKey(undefined)).toBe('');
  });

  it('computes offer savings as regular minus reduced price', () => {
    expect(unitSaving(10000, 12900)).toBe(2900);
    expect(unitSaving(10000, null)).toBe(0);
    expect(unitSaving(10000, 9000)).toBe(0);
  });
});

describe('cart orders per supplier', () => {
  const supplier = (id: string, o: Record<string, unknown> = {}) => ({
    id, profile_id: `prof-${id}`, name: `Sup ${id}`, image: null, is_configured: true, enabled_payment_types: ['cash'],
    fixed_shipping_cost: 9900, fixed_shipping_days: 5, currency: 'MXN', ...o,
  });
  const line = (product: string, amount: number, price: number, currency = 'MXN', problem: null | { code: string; message: string } = null) => ({
    item_id: product, product_id: product, name: product, photo: null, type: 'product', variant: {}, amount, unit_price: price, crossout_price: null,
    saving: 100, line_total: amount * price, currency, stock_type: 'onstock', available: 5, max_purchase_amount: null, stock_state: 'available' as const, problem,
  });
  it('groups by supplier and currency, totals and blocks', () => {
    const orders = groupOrders([
      { line: line('a', 2, 1000), p: { supplier: supplier('1') } as never },
      { line: line('b', 1, 500), p: { supplier: supplier('1') } as never },
      { line: line('c', 1, 20, 'USD'), p: { supplier: supplier('1') } as never },
      { line: line('d', 1, 700), p: { supplier: supplier('2', { is_configured: false }) } as never },
      { line: line('e', 1, 700, 'MXN', { code: 'out_of_stock', message: 'Out of stock' }), p: { supplier: supplier('3') } as never },
    ]);
    expect(orders.map((o) => [o.key, o.total, o.amount, o.currency])).toEqual([
      ['1', 2500, 3, 'MXN'], ['1:USD', 20, 1, 'USD'], ['2', 700, 1, 'MXN'], ['3', 700, 1, 'MXN'],
    ]);
    expect(orders[0]!.savings).toBe(300);
    expect(orders[0]!.blocked).toBeNull();
    expect(orders[0]!.dssupplier_info).toEqual({ fixed_shipping_cost: 9900, fixed_shipping_days: 5 });
    expect(orders[2]!.blocked).toMatchObject({ code: 'supplier_not_configured' });
    expect(orders[3]!.blocked).toMatchObject({ code: 'out_of_stock' });
  });
});
