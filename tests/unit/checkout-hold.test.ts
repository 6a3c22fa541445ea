import { describe, expect, it } from 'vitest';
import { holdCap, holderLockKeys, holdProblems, knownAddress, mayOpenAnother, restartRefusal } from '../../src/domain/checkout/rules.ts';
import { CHECKOUT_MAX_AGE_MS, CHECKOUT_MAX_RESTARTS, CHECKOUT_OPEN_PER_ADDRESS, CHECKOUT_OPEN_PER_SHOPPER } from '../../src/lib/shared/constants.ts';

describe('reservation hoarding caps (issue 9)', () => {
  it('lets a checkout restart a few times while it is young', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const young = new Date(now.getTime() - 60_000);
    expect(restartRefusal({ restarts: 0, created_at: young }, now)).toBeNull();
    expect(restartRefusal({ restarts: CHECKOUT_MAX_RESTARTS - 1, created_at: young }, now)).toBeNull();
    expect(restartRefusal({ restarts: CHECKOUT_MAX_RESTARTS, created_at: young }, now)).toBe('restart_limit_reached');
    expect(restartRefusal({ restarts: 0, created_at: new Date(now.getTime() - CHECKOUT_MAX_AGE_MS) }, now)).toBe('restart_limit_reached');
  });

  it('caps the checkouts holding stock per shopper and per address', () => {
    expect(mayOpenAnother({ shopper: CHECKOUT_OPEN_PER_SHOPPER - 1, address: 0 })).toBe(true);
    expect(mayOpenAnother({ shopper: CHECKOUT_OPEN_PER_SHOPPER, address: 0 })).toBe(false);
    expect(mayOpenAnother({ shopper: 0, address: CHECKOUT_OPEN_PER_ADDRESS })).toBe(false);
  });

  it('holds at most half the units on hand, but never fewer than the floor', () => {
    expect(holdCap(0)).toBe(10);
    expect(holdCap(3)).toBe(10);
    expect(holdCap(40)).toBe(20);
    expect(holdCap(101)).toBe(50);
    const wanted = new Map([['a', 20], ['b', 5]]);
    expect(holdProblems(wanted, new Map(), new Map([['a', 40], ['b', 40]]))).toBeNull();
    const p = holdProblems(wanted, new Map([['a', 1]]), new Map([['a', 40], ['b', 40]]));
    expect(p).toEqual({ 'items.a': ['At most 20 units of this item can be held by one buyer at a time (19 more for you now)'] });
  });

  it('locks each identity once, in one order, and ignores an unknown address', () => {
    expect(holderLockKeys({ user_id: 'u', anonymous_id: 'a', guest_email: 'X@Y.co', client_address: '10.0.0.1' }))
      .toEqual(['hold:addr:10.0.0.1', 'hold:anon:a', 'hold:email:x@y.co', 'hold:user:u']);
    expect(holderLockKeys({ user_id: null, anonymous_id: 'a', guest_email: null, client_address: null })).toEqual(['hold:anon:a']);
    expect(knownAddress('unknown')).toBeUndefined();
    expect(knownAddress('10.0.0.1')).toBe('10.0.0.1');
  });
});
