// The one money module (src/lib/shared/money.ts): text typed by a person to exact minor units per currency, refused
// with a reason (a message key) when it is not an amount; the commission rounding the ledger and the previews share.
import { describe, expect, it } from 'vitest';
import { applyRate, currencyDigits, formatMoney, formatMoneyShort, minorToText, MONEY_MAX_MINOR, parseMoney, parseMoneyText } from '../../src/lib/shared/money.ts';
import { resaleEarning } from '../../src/domain/catalog/schema.ts';
import { formatTick, formatValue } from '../../islands/charts/format.ts';

describe('parseMoney', () => {
  // [typed, currency, minor units or the refusal's key]
  const TABLE: [string, string, number | string][] = [
    ['199.50', 'MXN', 19950],
    ['199.5', 'MXN', 19950],
    ['199', 'MXN', 19900],
    ['  12 ', 'MXN', 1200],
    ['12.5', 'MXN', 1250],
    ['12.5', 'USD', 1250],
    ['12.5', 'EUR', 1250],
    ['12.5', 'JPY', 'validation.moneyNoDecimals'],
    ['12', 'JPY', 12],
    ['1,234', 'JPY', 1234],
    ['12.5', 'KWD', 12500], // three decimals
    ['0.005', 'KWD', 5],
    ['0.005', 'MXN', 'validation.moneyDecimals'],
    ['19.999', 'MXN', 'validation.moneyDecimals'],
    ['1.234', 'MXN', 'validation.moneyDecimals'], // a lone '.' is a decimal point, never a thousands group
    ['4.35', 'MXN', 435], // 4.35 * 100 is 434.99999999999994 as a float
    ['0,99', 'MXN', 99],
    ['1,234.50', 'MXN', 123450],
    ['1,234', 'MXN', 123400],
    ['1,234,567.89', 'MXN', 123456789],
    ['1.234,50', 'MXN', 123450], // es-AR writing
    ['1.234.567', 'MXN', 123456700],
    ['$ 10', 'MXN', 1000],
    ['$1,299.90', 'MXN', 129990],
    ['€5', 'EUR', 500],
    ['007.10', 'MXN', 710],
    ['１２.５', 'MXN', 1250], // full-width digits
    ['0', 'MXN', 0],
    ['-0', 'MXN', 0],
    ['1e3', 'MXN', 'validation.moneyFormat'],
    ['1E3', 'MXN', 'validation.moneyFormat'],
    ['1.5e2', 'MXN', 'validation.moneyFormat'],
    ['0x10', 'MXN', 'validation.moneyFormat'],
    ['Infinity', 'MXN', 'validation.moneyFormat'],
    ['NaN', 'MXN', 'validation.moneyFormat'],
    ['abc', 'MXN', 'validation.moneyFormat'],
    ['.5', 'MXN', 'validation.moneyFormat'],
    ['5.', 'MXN', 'validation.moneyFormat'],
    ['1,23,4', 'MXN', 'validation.moneyFormat'],
    ['1,2345', 'MXN', 'validation.moneyDecimals'],
    ['12 34', 'MXN', 'validation.moneyFormat'],
    ['--5', 'MXN', 'validation.moneyFormat'],
    ['-5', 'MXN', 'validation.moneyNegative'],
    ['$-5', 'MXN', 'validation.moneyNegative'],
    ['', 'MXN', 'validation.required'],
    ['   ', 'MXN', 'validation.required'],
    ['1'.repeat(41), 'MXN', 'validation.moneyFormat'],
    ['99999999999', 'MXN', 'validation.moneyTooLarge'],
    ['21474836.47', 'MXN', MONEY_MAX_MINOR],
    ['21474836.48', 'MXN', 'validation.moneyTooLarge'],
  ];
  it.each(TABLE)('%j in %s', (text, currency, expected) => {
    const r = parseMoney(text, { currency });
    if (typeof expected === 'number') expect(r).toEqual({ ok: true, minor: expected });
    else expect(r).toMatchObject({ ok: false, error: expected });
  });
  it('says how many decimals and what the largest amount is', () => {
    expect(parseMoney('0.005')).toEqual({ ok: false, error: 'validation.moneyDecimals', vars: { max: 2 } });
    expect(parseMoney('100.01', { max: 10000 })).toEqual({ ok: false, error: 'validation.moneyTooLarge', vars: { max: '100.00' } });
  });
  it('takes negatives only when asked to', () => {
    expect(parseMoney('-5', { negative: true })).toEqual({ ok: true, minor: -500 });
    expect(parseMoney('- $1,234.50', { negative: true })).toEqual({ ok: true, minor: -123450 });
    expect(parseMoneyText('-5')).toBeNull();
    expect(parseMoneyText('12.5')).toBe(1250);
  });
  it('reads back every amount it shows for typing', () => {
    for (const [n, c] of [[1, 'MXN'], [99, 'MXN'], [100, 'EUR'], [123456789, 'MXN'], [500, 'JPY'], [1, 'KWD']] as const) {
      expect(parseMoney(minorToText(n, c), { currency: c })).toEqual({ ok: true, minor: n });
    }
    expect(minorToText(19950)).toBe('199.50');
    expect(minorToText(5)).toBe('0.05');
    expect(minorToText(500, 'JPY')).toBe('500');
    expect(minorToText(null)).toBe('');
  });
  it('knows each currency\'s decimals from Intl', () => {
    expect([currencyDigits('MXN'), currencyDigits('jpy'), currencyDigits('KWD'), currencyDigits('not a code')]).toEqual([2, 0, 3, 2]);
  });
});

describe('applyRate', () => {
  it('rounds half up to the minor unit, in integers', () => {
    expect(applyRate(4011, '0.5')).toBe(2006); // 20.055 -> 20.06
    expect(applyRate(4010, '0.5')).toBe(2005);
    expect(applyRate(16867, '0.5')).toBe(8434);
    expect(applyRate(1001, '0.125')).toBe(125);
    expect(applyRate(-4011, '0.5')).toBe(-2006);
    expect(() => applyRate(1.5, '0.5')).toThrow();
    expect(() => applyRate(100, '-0.5')).toThrow();
  });
  it('is the ledger\'s resale earning', () => {
    for (const m of [0, 1, 3, 4011, 9950, 16867, 123457]) for (const r of ['0.5', '0.1', '0.125', '0.35']) expect(resaleEarning(m, r)).toBe(applyRate(m, r));
  });
});

describe('formatMoney and the charts (issue 27)', () => {
  it('writes each locale\'s style with the site\'s "$", never "MX$"', () => {
    expect(formatMoney(149900, 'MXN', 'es')).toBe('$1,499.00');
    expect(formatMoney(149900, 'MXN', 'en')).toBe('$1,499.00');
    expect(formatMoney(149900, 'MXN', 'es-AR')).toBe('$\u00a01.499,00');
    expect(formatMoneyShort(149900, 'MXN', 'en')).toBe('$1.5K');
    expect(formatMoneyShort(149900, 'MXN', 'es-AR')).toBe('$1,5\u00a0K');
  });
  it('the dashboards\' charts print amounts as the rest of the page does, in our locales', () => {
    for (const locale of ['es', 'en', 'es-AR']) {
      expect(formatValue(149900, 'money', locale, 'MXN')).toBe(formatMoney(149900, 'MXN', locale));
      expect(formatTick(149900, 'money', locale, 'MXN')).toBe(formatMoneyShort(149900, 'MXN', locale));
      expect(formatTick(149900, 'money', locale, 'MXN')).not.toMatch(/MX|US/);
    }
    expect(formatValue(1234, 'count', 'es-AR')).toBe('1.234');
  });
});
