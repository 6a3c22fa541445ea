// The operator console's pure rules (issue 25): which level changes are refused, and what a search box and a page
// number in the address become.
import { describe, expect, it } from 'vitest';
import { levelChangeRefusal, pageNumber, searchTerm } from '../../src/domain/operator/rules.ts';

describe('level changes', () => {
  const base = { actorId: 'op', targetId: 'other', operators: 2 } as const;
  it('refuses the same level, the operator demoting themselves and the last operator', () => {
    expect(levelChangeRefusal({ ...base, from: 'ul1', to: 'ul1' })).toBe('unchanged');
    expect(levelChangeRefusal({ ...base, targetId: 'op', from: 'ul3', to: 'ul2' })).toBe('self_demotion');
    expect(levelChangeRefusal({ ...base, from: 'ul3', to: 'ul0', operators: 1 })).toBe('last_operator');
  });
  it('allows promotions, demotions of another operator while one is left, and an unknown level set', () => {
    expect(levelChangeRefusal({ ...base, from: 'ul3', to: 'ul2' })).toBeNull();
    expect(levelChangeRefusal({ ...base, from: 'ul0', to: 'ul3', operators: 1 })).toBeNull();
    expect(levelChangeRefusal({ ...base, from: null, to: 'ul0' })).toBeNull();
    expect(levelChangeRefusal({ ...base, targetId: 'op', from: 'ul3', to: 'ul3' })).toBe('unchanged');
  });
});

describe('search terms and pages', () => {
  it('drops control characters, squeezes spaces and bounds the length', () => {
    expect(searchTerm('  café\u0000 de\t\taltura ')).toBe('café de altura');
    expect(searchTerm(null)).toBe('');
    expect(searchTerm('x'.repeat(500))).toHaveLength(100);
  });
  it('reads a page number or falls back to the first page', () => {
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('-2')).toBe(1);
    expect(pageNumber('abc')).toBe(1);
    expect(pageNumber('99999999999')).toBe(10_000);
  });
});
