// 'Buy by' pricing (seed 001 §6) and its effect on the money split: pure rules.
import { describe, expect, it } from 'vitest';
import { buyByPrice, requireBuyBy } from '../../src/domain/cart/buy-by.ts';
import { campaignName } from '../../src/domain/marketing/schema.ts';
import { splitOrder } from '../../src/domain/wallet/rules.ts';
import { AppError } from '../../src/lib/shared/errors.ts';

const item = { is_dropshipping: true, list_state: 'published' as 'published' | 'unpublished', hiden: false, is_free: false, hide_price: false, list_price: 19950, contribution_margin: 4001 };

describe('buy by', () => {
  it('is the list price less margin x rate (rounded half up), leaving the rest of the margin', () => {
    expect(buyByPrice(item, '0.5')).toEqual({ unit_price: 19950 - 2001, earning: 2001, contribution_margin: 2000 });
    expect(buyByPrice(item, '0.35')).toEqual({ unit_price: 19950 - 1400, earning: 1400, contribution_margin: 2601 });
  });

  it('refuses non-dropshipping, unpublished, hidden, free or price-hidden items and missing rates', () => {
    for (const bad of [{ is_dropshipping: false }, { list_state: 'unpublished' as const }, { hiden: true }, { is_free: true }, { hide_price: true }]) {
      expect(buyByPrice({ ...item, ...bad }, '0.5')).toBeNull();
    }
    expect(buyByPrice(item, null)).toBeNull();
    expect(() => requireBuyBy(item, '0.5', 'ul0')).toThrow(AppError);
    expect(() => requireBuyBy(item, null, null)).toThrow(/level one and two/);
    expect(() => requireBuyBy({ ...item, is_dropshipping: false }, '0.5', 'ul2')).toThrow(/cannot be bought/);
    expect(requireBuyBy(item, '0.5', 'ul1').unit_price).toBe(17949);
  });

  it('pays no reseller part on a buy-by line; the supplier gets the same as on a normal sale', () => {
    const net = buyByPrice(item, '0.5')!;
    const normal = splitOrder({ paid: 19950, lines: [{ unit_price: 19950, amount: 1, contribution_margin: 4001 }], rate: '0.5', supplier: 's', reseller: 'r', promoter: null });
    const bought = splitOrder({ paid: net.unit_price, lines: [{ unit_price: net.unit_price, amount: 1, contribution_margin: net.contribution_margin, buy_by: true }], rate: '0.5', supplier: 's', reseller: 'r', promoter: null });
    const part = (ps: typeof normal, role: string) => ps.find((p) => p.role === role)?.amount ?? 0;
    expect(part(bought, 'reseller')).toBe(0);
    expect(part(bought, 'supplier')).toBe(part(normal, 'supplier'));
    expect(part(bought, 'platform')).toBe(net.contribution_margin);
  });
});

describe('campaign names', () => {
  it('are trimmed and cut to 100 characters (code points), falling back to the address', () => {
    expect(campaignName('  Verano   2026 ', '/x')).toBe('Verano 2026');
    expect([...campaignName('ñ'.repeat(150), '/x')].length).toBe(100);
    expect(campaignName('   ', '/catalogos/verano')).toBe('/catalogos/verano');
  });
});
