import { describe, expect, it } from 'vitest';
import {
  escapeLike, normalizeSearchText, parseFilter, prefixTsquery, searchTokens, SEARCH_MAX_TOKENS, SEARCH_TEXT_MAX, toFilter,
} from '../../src/domain/search/schema.ts';
import { itemHref, pageCount, pageNumber, pageOffset, resaleEarning, typeOfRoute } from '../../src/domain/catalog/schema.ts';

describe('search text', () => {
  it('is trimmed, single-spaced and lower-cased; blank is empty', () => {
    expect(normalizeSearchText('  Café   DE\tOlla ')).toBe('café de olla');
    expect(normalizeSearchText('CAMISA')).toBe('camisa');
    for (const blank of ['', '   ', '\n\t', null, undefined]) expect(normalizeSearchText(blank)).toBe('');
    expect(normalizeSearchText('x'.repeat(500))).toHaveLength(SEARCH_TEXT_MAX);
    expect(normalizeSearchText('a\u0000b')).toBe('a b');
  });

  it('splits into unique words of letters and digits (accents kept), at most SEARCH_MAX_TOKENS', () => {
    expect(searchTokens('café, de-olla 2kg!')).toEqual(['café', 'de', 'olla', '2kg']);
    expect(searchTokens('a a b')).toEqual(['a', 'b']);
    expect(searchTokens('%_*&|!:')).toEqual([]);
    expect(searchTokens(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(SEARCH_MAX_TOKENS);
  });

  it('builds a prefix tsquery without tsquery syntax from the user', () => {
    expect(prefixTsquery(searchTokens('camisa & lino | !x:*'))).toBe('camisa:* & lino:* & x:*');
    expect(prefixTsquery([])).toBe('');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });

  it('round-trips the results page filter: the text in double quotes with a trailing asterisk', () => {
    expect(toFilter('café de olla')).toBe('"café de olla"*');
    expect(parseFilter('"café de olla"*')).toBe('café de olla');
    expect(parseFilter(toFilter('camisa'))).toBe('camisa');
    expect(parseFilter('camisa')).toBe('camisa');
    expect(parseFilter('"camisa"')).toBe('camisa');
    expect(parseFilter('camisa*')).toBe('camisa');
    expect(parseFilter('"a"b"*')).toBe('a b');
    expect(parseFilter('')).toBe('');
    expect(parseFilter(null)).toBe('');
    expect(parseFilter('""*')).toBe('');
  });
});

describe('pages and routes', () => {
  it('reads page numbers leniently and pages with offset = (page - 1) * size', () => {
    expect(pageNumber('3')).toBe(3);
    for (const bad of [null, undefined, '', '0', '-2', 'abc', '1.5', '1e3']) expect(pageNumber(bad)).toBe(1);
    expect(pageOffset(1, 30)).toBe(0);
    expect(pageOffset(3, 30)).toBe(60);
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(70, 30)).toBe(3);
    expect(pageCount(60, 30)).toBe(2);
  });

  it('maps storefront prefixes to item types and builds item addresses', () => {
    expect(typeOfRoute('productos')).toBe('product');
    expect(typeOfRoute('servicios')).toBe('service');
    expect(typeOfRoute('experiencias')).toBe('experience');
    for (const bad of ['products', 'toString', '__proto__', '', undefined]) expect(typeOfRoute(bad)).toBeNull();
    expect(itemHref('/demo-03', { type: 'experience', owner: 'o', id: 'i' })).toBe('/demo-03/experiencias/o/i');
    expect(itemHref('', { type: 'product', owner: 'o', id: 'i' })).toBe('/productos/o/i');
  });
});

describe('resale earning (seed 001 §6, §9)', () => {
  it('is the contribution margin times the plan commission rate, to the cent, rounded half up', () => {
    expect(resaleEarning(9950, '0.5')).toBe(4975); // the plan defaults: 99.50 x 0.5 = 49.75
    expect(resaleEarning(16867, '0.5')).toBe(8434); // 84.335 -> 84.34
    expect(resaleEarning(16866, '0.5')).toBe(8433);
    expect(resaleEarning(1001, '0.125')).toBe(125); // 1.25125 -> 1.25
    expect(resaleEarning(0, '0.5')).toBe(0);
    expect(resaleEarning(12345, '1')).toBe(12345);
  });

  it('refuses a fractional margin or a malformed rate', () => {
    expect(() => resaleEarning(1.5, '0.5')).toThrow();
    expect(() => resaleEarning(100, 'half')).toThrow();
    expect(() => resaleEarning(100, '-0.5')).toThrow();
  });
});
