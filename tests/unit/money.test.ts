import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney } from '../../src/lib/shared/money.ts';

describe('money', () => {
  it('formats minor units with the currency symbol of seed 001 §9', () => {
    expect(formatMoney(19900, 'MXN')).toBe('$199.00');
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(-250, 'GBP')).toBe('-£2.50');
    expect(currencySymbol('xyz')).toBe('$');
  });
  it('refuses floats', () => {
    expect(() => formatMoney(1.5)).toThrow(TypeError);
  });
});
