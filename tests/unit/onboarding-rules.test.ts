// The owner's checklist's rules and the plans tab's comparison (issue 26), without a database.
import { describe, expect, it } from 'vitest';
import { checklistState, checklistSteps, type OnboardingFacts } from '../../src/domain/onboarding/rules.ts';
import { earningPerSale, planChange } from '../../src/domain/resale/plan-rules.ts';

const fresh: OnboardingFacts = { lookPublished: false, products: 0, catalogue: null, campaigns: 0, ownGoodsConfigured: null, canShare: true };

describe('checklist steps', () => {
  it('a new affiliate store has four steps, none done, and the list is open', () => {
    const steps = checklistSteps(fresh);
    expect(steps).toEqual([
      { id: 'look', done: false }, { id: 'products', done: false }, { id: 'catalogue', done: false }, { id: 'share', done: false },
    ]);
    expect(checklistState(steps, false)).toBe('open');
  });

  it('ticks each step from its fact; all done gives the complete state; dismissed hides it', () => {
    const done = checklistSteps({ ...fresh, lookPublished: true, products: 2, catalogue: { slug: 'lo-mejor', name: 'Lo mejor' }, campaigns: 1 });
    expect(done.every((s) => s.done)).toBe(true);
    expect(checklistState(done, false)).toBe('complete');
    expect(checklistState(done, true)).toBe('hidden');
    expect(checklistState(checklistSteps(fresh), true)).toBe('hidden');
  });

  it('asks for payment and delivery only from owners who sell goods of their own; no share step where sharing is closed', () => {
    expect(checklistSteps({ ...fresh, ownGoodsConfigured: false }).map((s) => [s.id, s.done]).at(-1)).toEqual(['payments', false]);
    expect(checklistSteps({ ...fresh, ownGoodsConfigured: true }).find((s) => s.id === 'payments')?.done).toBe(true);
    expect(checklistSteps({ ...fresh, canShare: false }).map((s) => s.id)).toEqual(['look', 'products', 'catalogue']);
  });
});

describe('plan changes', () => {
  const base = { id: 'plan_profesional', price: 19900, currency: 'MXN', rate: '0.5', contribution_margin: 9950 };

  it('earns the margin times the rate per sale (the spec: 99.50 x 0.5 = 49.75)', () => {
    expect(earningPerSale(base)).toBe(4975);
  });

  it('says the spec\'s plans change nothing in price, rate or earning', () => {
    expect(planChange(base, { ...base, id: 'negocio_digital' })).toEqual({
      price: { direction: 'same', difference: 0 }, rate: { direction: 'same' }, earning: { direction: 'same', difference: 0, perSale: 4975 }, comparable: true,
    });
  });

  it('names the direction and size of each difference', () => {
    const c = planChange(base, { ...base, id: 'x', price: 29900, rate: '0.6' });
    expect(c.price).toEqual({ direction: 'up', difference: 10000 });
    expect(c.rate.direction).toBe('up');
    expect(c.earning).toEqual({ direction: 'up', difference: 995, perSale: 5970 });
    expect(planChange({ ...base, rate: '0.6' }, base).rate.direction).toBe('down');
    expect(planChange(base, { ...base, currency: 'USD', price: 999 }).comparable).toBe(false);
  });
});
