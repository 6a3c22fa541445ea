// Pure rules of opening a store and of packages (issue 14).
import { describe, expect, it } from 'vitest';
import { allowedStoreTypes, openStanding, slugFromName, slugProblem } from '../../src/domain/store-opening/rules.ts';
import { addMonth, commissionReleaseAt, packageCharge, REFUND_WINDOW_MS, refundable, renewalStart, subscriptionEntries } from '../../src/domain/subscriptions/rules.ts';

describe('store addresses and who may open a store', () => {
  it('refuses reserved, malformed and hyphen-edged addresses', () => {
    expect(slugProblem('mi-tienda')).toBeNull();
    expect(slugProblem('emprendedores')).toBe('slug_reserved');
    expect(slugProblem('api')).toBe('slug_reserved');
    for (const bad of ['a', '-abc', 'abc-', 'a--b', 'Mayús', 'con espacio', 'x'.repeat(64)]) expect(slugProblem(bad), bad).toBe('slug_invalid');
  });
  it('suggests an address from the name', () => {
    expect(slugFromName('Café de Altura Ñandú!')).toBe('cafe-de-altura-nandu');
    expect(slugFromName('  --  ')).toBe('');
  });
  it('offers affiliate to everyone, affinity to affinity profiles, franchise to suppliers', () => {
    expect(allowedStoreTypes({ mainType: 'referral', isSupplier: false })).toEqual(['affiliate']);
    expect(allowedStoreTypes({ mainType: 'affinity', isSupplier: true })).toEqual(['affiliate', 'affinity', 'franchise']);
  });
  it('reads the levels of seed 000 §3', () => {
    expect(openStanding(null, false, false)).toBe('anonymous');
    expect(openStanding('ul0', true, false)).toBe('registered');
    expect(openStanding('ul1', true, false)).toBe('entrepreneur');
    expect(openStanding('ul1', true, true)).toBe('has_store');
    expect(openStanding('ul2', true, false)).toBe('other_level');
    expect(openStanding('ul3', true, false)).toBe('other_level');
  });
});

describe('packages', () => {
  it('renews a month later, on the last day when the month is shorter', () => {
    expect(addMonth(new Date('2030-01-31T08:00:00Z')).toISOString()).toBe('2030-02-28T08:00:00.000Z');
    expect(addMonth(new Date('2032-01-31T08:00:00Z')).toISOString()).toBe('2032-02-29T08:00:00.000Z');
    expect(addMonth(new Date('2030-12-15T00:00:00Z')).toISOString()).toBe('2031-01-15T00:00:00.000Z');
  });
  it('charges approved sandbox cards only; 3-D Secure cards need authentication', () => {
    expect(packageCharge('approve')).toEqual({ ok: true });
    expect(packageCharge('decline')).toEqual({ ok: false, code: 'card_declined' });
    expect(packageCharge('challenge_3ds')).toEqual({ ok: false, code: 'authentication_required' });
    expect(packageCharge('whatever')).toEqual({ ok: false, code: 'processing_error' });
  });
  it('posts balanced lines: the referrer earns margin x rate, the platform the rest', () => {
    const withRef = subscriptionEntries({ price: 19900, currency: 'MXN', margin: 9950, rate: '0.5', referrer: 'p1' });
    expect(withRef.reduce((s, e) => s + e.amount, 0)).toBe(0);
    // Held in pending until the period's refund window closes (issue 23), never available at once.
    expect(withRef.find((e) => e.role === 'promoter')).toMatchObject({ holder: 'p1', account: 'pending', amount: 4975 });
    const alone = subscriptionEntries({ price: 19900, currency: 'MXN', margin: 9950, rate: '0.5', referrer: null });
    expect(alone).toEqual([
      { holder: null, role: 'bank', account: 'clearing', currency: 'MXN', amount: -19900 },
      { holder: null, role: 'platform', account: 'revenue', currency: 'MXN', amount: 19900 },
    ]);
    // A margin above the price never pays the referrer more than was paid.
    const odd = subscriptionEntries({ price: 100, currency: 'MXN', margin: 500, rate: '1', referrer: 'p1' });
    expect(odd.reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(odd.find((e) => e.role === 'promoter')?.amount).toBe(100);
  });
});

describe('renewal periods and held commissions (issue 23)', () => {
  const due = new Date('2030-01-31T12:00:00Z');
  it('keeps the billing day on schedule (and during the retries) and starts an overdue period at the charge', () => {
    expect(renewalStart(due, new Date(due.getTime() + 30_000))).toEqual(due);
    expect(renewalStart(due, new Date(due.getTime() + 2 * 86_400_000 + 60_000))).toEqual(due);
    const late = new Date('2032-02-01T08:00:00Z');
    expect(renewalStart(due, late)).toEqual(late);
    // Either way the next renewal is in the future: one charge per sweep, never one per missed month.
    for (const now of [new Date(due.getTime() + 1000), late]) expect(addMonth(renewalStart(due, now)).getTime()).toBeGreaterThan(now.getTime());
  });

  it('releases a commission exactly when its period can no longer be refunded', () => {
    const start = new Date('2030-03-01T00:00:00Z');
    const at = commissionReleaseAt(start);
    expect(at.getTime() - start.getTime()).toBe(REFUND_WINDOW_MS);
    expect(refundable({ period_start: start, refunded_at: null }, at)).toBe(true);
    expect(refundable({ period_start: start, refunded_at: null }, new Date(at.getTime() + 1))).toBe(false);
  });
});
