import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney } from '../../src/lib/shared/money.ts';
import { formatDate, formatDateTime } from '../../src/lib/shared/intl.ts';

describe('money', () => {
  it('formats minor units with the currency symbol of seed 001 §9', () => {
    expect(formatMoney(19900, 'MXN')).toBe('$199.00');
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(-250, 'GBP')).toBe('-£2.50');
    expect(currencySymbol('xyz')).toBe('$');
  });
  it('formats per locale with Intl (es-AR groups with dots and a space after the symbol)', () => {
    expect(formatMoney(123456789, 'MXN', 'es')).toBe('$1,234,567.89');
    expect(formatMoney(123456789, 'MXN', 'en')).toBe('$1,234,567.89');
    expect(formatMoney(123456789, 'ARS', 'es-AR')).toBe('$\u00a01.234.567,89');
    expect(formatMoney(-250, 'EUR', 'es-AR')).toBe('-€\u00a02,50');
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
  });
  it('formats dates in the reader\'s language and the shop\'s time zone', () => {
    const at = '2026-11-24T03:30:00Z';
    expect(formatDateTime(at, 'es', { dateStyle: 'medium', timeStyle: 'short' })).toMatch(/^23 nov 2026, 9:30\s?p\.\s?m\.$/);
    expect(formatDateTime(at, 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Argentina/Buenos_Aires' })).toMatch(/^Nov 24, 2026, 12:30\sAM$/);
    expect(formatDate(at, 'es-AR', 'Not/AZone')).toBe('23 nov 2026');
    expect(formatDateTime(null, 'es')).toBe('');
    expect(formatDateTime('not a date', 'es')).toBe('');
  });
  it('refuses floats', () => {
    expect(() => formatMoney(1.5)).toThrow(TypeError);
  });
});
