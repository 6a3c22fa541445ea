// Package billing's pure rules: renewal retries, the refund window and the reversing ledger lines.
import { describe, expect, it } from 'vitest';
import { afterRenewFailure, REFUND_WINDOW_MS, RENEW_RETRY_MS, refundable, reversingEntries, subscriptionEntries } from '../../src/domain/subscriptions/rules.ts';

describe('package billing rules', () => {
  const now = new Date('2030-05-10T12:00:00Z');

  it('tries a failed renewal again a day later, twice, then expires', () => {
    expect(afterRenewFailure(0, now)).toEqual({ expire: false, failures: 1, retry_at: new Date(now.getTime() + RENEW_RETRY_MS) });
    expect(afterRenewFailure(1, now)).toEqual({ expire: false, failures: 2, retry_at: new Date(now.getTime() + RENEW_RETRY_MS) });
    expect(afterRenewFailure(2, now)).toEqual({ expire: true });
  });

  it('refunds a period once, within 14 days of its start', () => {
    const start = new Date(now.getTime() - REFUND_WINDOW_MS);
    expect(refundable({ period_start: start, refunded_at: null }, now)).toBe(true);
    expect(refundable({ period_start: new Date(start.getTime() - 1), refunded_at: null }, now)).toBe(false);
    expect(refundable({ period_start: start, refunded_at: now }, now)).toBe(false);
    expect(refundable({ period_start: null, refunded_at: null }, now)).toBe(false);
    expect(refundable({ period_start: new Date(now.getTime() + 1000), refunded_at: null }, now)).toBe(false);
  });

  it('a refund reverses every line of the paid period (balanced, opposite signs), the held commission from pending', () => {
    const paid = subscriptionEntries({ price: 19900, currency: 'MXN', margin: 9950, rate: '0.5', referrer: 'p1' });
    const back = reversingEntries(paid);
    expect(back.map((e) => e.amount)).toEqual(paid.map((e) => -e.amount));
    expect(back.reduce((a, e) => a + e.amount, 0)).toBe(0);
    expect(back.find((e) => e.role === 'promoter')).toMatchObject({ holder: 'p1', account: 'pending' });
  });
});
