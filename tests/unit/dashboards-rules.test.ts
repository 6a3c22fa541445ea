import { describe, expect, it } from 'vitest';
import { bucketOf, bucketize, bucketsOf, lastDays, localDay, runningBalances, totalsOf } from '../../src/domain/dashboards/rules.ts';

describe('dashboard buckets', () => {
  it('starts weeks on Monday and months on the 1st', () => {
    expect(bucketOf('2026-11-28', 'week')).toBe('2026-11-23'); // a Saturday
    expect(bucketOf('2026-11-23', 'week')).toBe('2026-11-23'); // a Monday
    expect(bucketOf('2026-11-29', 'week')).toBe('2026-11-23'); // a Sunday belongs to the week before
    expect(bucketOf('2027-01-01', 'week')).toBe('2026-12-28'); // across the year
    expect(bucketOf('2026-02-17', 'month')).toBe('2026-02-01');
    expect(bucketOf('2026-02-17', 'day')).toBe('2026-02-17');
  });

  it('answers every bucket of a range, across month ends and leap days', () => {
    expect(bucketsOf('2028-02-27', '2028-03-01', 'day')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(bucketsOf('2026-11-01', '2026-11-30', 'week')).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']);
    expect(bucketsOf('2026-11-15', '2027-02-03', 'month')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
    expect(bucketsOf('2026-11-30', '2026-11-01', 'day')).toEqual([]);
    expect(bucketsOf('2026-02-30', '2026-03-01', 'day')).toEqual([]);
  });

  it('sums days into buckets, fills empty ones with zeros and leaves out days outside the range', () => {
    const rows = [
      { day: '2026-10-31', sales: 999, orders: 9 }, // before the range
      { day: '2026-11-02', sales: 1000, orders: 1 },
      { day: '2026-11-03', sales: 250, orders: 2 },
      { day: '2026-11-09', sales: 5, orders: 1 },
    ];
    const days = bucketize(rows, ['sales', 'orders'], '2026-11-01', '2026-11-10', 'day');
    expect(days).toHaveLength(10);
    expect(days[0]).toEqual({ bucket: '2026-11-01', sales: 0, orders: 0 });
    expect(days[1]).toEqual({ bucket: '2026-11-02', sales: 1000, orders: 1 });
    const weeks = bucketize(rows, ['sales', 'orders'], '2026-11-01', '2026-11-10', 'week');
    expect(weeks).toEqual([
      { bucket: '2026-10-26', sales: 0, orders: 0 },
      { bucket: '2026-11-02', sales: 1250, orders: 3 },
      { bucket: '2026-11-09', sales: 5, orders: 1 },
    ]);
    // Same totals however it is bucketed (the figures are the days' own sums).
    const keys = ['sales', 'orders'] as const;
    expect(totalsOf(weeks, keys)).toEqual(totalsOf(days, keys));
    expect(totalsOf(bucketize(rows, keys, '2026-11-01', '2026-11-10', 'month'), keys)).toEqual({ sales: 1255, orders: 4 });
  });

  it('keeps running balances from the opening sums', () => {
    const changes = bucketize([{ day: '2026-11-02', pending: 500, available: 0 }, { day: '2026-11-04', pending: -500, available: 500 }], ['pending', 'available'], '2026-11-01', '2026-11-04', 'day');
    expect(runningBalances({ pending: 100, available: 20 }, changes, ['pending', 'available'])).toEqual([
      { bucket: '2026-11-01', pending: 100, available: 20 },
      { bucket: '2026-11-02', pending: 600, available: 20 },
      { bucket: '2026-11-03', pending: 600, available: 20 },
      { bucket: '2026-11-04', pending: 100, available: 520 },
    ]);
  });

  it('reads the local day of the time zone', () => {
    const at = new Date('2026-11-28T03:00:00Z'); // still the 27th in Mexico City
    expect(localDay(at, 'America/Mexico_City')).toBe('2026-11-27');
    expect(lastDays(at, 'America/Mexico_City', 30)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
  });
});
