// Pure rules of the promoted network: who may join under whom, the shop of a `next` path, tracking values, and the
// referred-people date filters as days of the shop's time zone.
import { describe, expect, it } from 'vitest';
import { cleanTrackingValue, dayRange, dayStartIn, mayJoin, shopSlugOfPath } from '../../src/domain/promoted/rules.ts';

describe('promoted rules', () => {
  it('joins only under another person, once, and never under someone below', () => {
    const base = { child: 'c', parent: 'p', childHasParent: false, parentBelowChild: false };
    expect(mayJoin(base)).toBe(true);
    expect(mayJoin({ ...base, parent: null })).toBe(false);
    expect(mayJoin({ ...base, parent: 'c' })).toBe(false);
    expect(mayJoin({ ...base, childHasParent: true })).toBe(false);
    expect(mayJoin({ ...base, parentBelowChild: true })).toBe(false);
  });

  it('reads the shop of a same-site path', () => {
    expect(shopSlugOfPath('/demo-03/productos/x?y=1')).toBe('demo-03');
    expect(shopSlugOfPath('/demo-03')).toBe('demo-03');
    expect(shopSlugOfPath('/')).toBeNull();
    expect(shopSlugOfPath('/login?next=/demo-03/')).toBeNull();
    expect(shopSlugOfPath('//evil.example/x')).toBeNull();
    expect(shopSlugOfPath(null)).toBeNull();
  });

  it('keeps tracking values the middleware would keep', () => {
    expect(cleanTrackingValue(' verano-2026 ')).toBe('verano-2026');
    expect(cleanTrackingValue('a b')).toBeNull();
    expect(cleanTrackingValue('x'.repeat(101))).toBeNull();
    expect(cleanTrackingValue(undefined)).toBeNull();
  });

  it('starts a day at midnight of the shop\'s zone, across daylight saving changes', () => {
    expect(dayStartIn('2026-01-05', 'America/Mexico_City').toISOString()).toBe('2026-01-05T06:00:00.000Z');
    expect(dayStartIn('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(dayStartIn('2026-01-05', 'UTC').toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(dayStartIn('2026-01-05', 'Not/AZone').toISOString()).toBe('2026-01-05T06:00:00.000Z');
    expect(dayRange('2026-03-07', '2026-03-08', 'America/New_York')).toEqual({
      from: new Date('2026-03-07T05:00:00.000Z'), to: new Date('2026-03-09T04:00:00.000Z'),
    });
    expect(dayRange(undefined, undefined)).toEqual({});
  });
});
