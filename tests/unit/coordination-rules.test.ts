// Who is a coordinator (level two with a store of their own) and which stores the window shows, in what order.
import { describe, expect, it } from 'vitest';
import { COORDINATOR_SHOPS_MAX, coordinatedShops, isCoordinator } from '../../src/domain/coordination/rules.ts';

const shop = (name: string, is_owner: boolean) => ({ id: name, slug: name.toLowerCase(), name, is_owner });

describe('coordinator rules', () => {
  it('is level two with a store of their own', () => {
    expect(isCoordinator({ user_level: 'ul2' }, [shop('A', true)])).toBe(true);
    expect(isCoordinator({ user_level: 'ul2' }, [shop('A', false)])).toBe(false);
    expect(isCoordinator({ user_level: 'ul1' }, [shop('A', true)])).toBe(false);
    expect(isCoordinator(null, [shop('A', true)])).toBe(false);
    expect(isCoordinator({ user_level: 'ul2' }, undefined)).toBe(false);
  });

  it('shows owned stores first, each group by name, at most the cap', () => {
    expect(coordinatedShops([shop('Zeta', false), shop('Beta', true), shop('Alfa', false), shop('Gama', true)]).map((s) => s.name)).toEqual(['Beta', 'Gama', 'Alfa', 'Zeta']);
    expect(coordinatedShops(Array.from({ length: 20 }, (_, i) => shop(`S${String(i).padStart(2, '0')}`, true)))).toHaveLength(COORDINATOR_SHOPS_MAX);
  });
});
