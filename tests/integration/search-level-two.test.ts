// Seed 000 §6: level-two users (entrepreneurs with a store) get extra product data in searches: whether an item can
// be resold, what they would earn selling it from their own store, and whether their store carries it already.
// Anonymous shoppers and other levels get the plain list.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

interface Row { id: string; owner: string; level_two?: { resellable: boolean; earning: number | null; in_my_store: boolean } }
const search = async (c: Client, shop: string, text: string) => {
  const r = await c.get(`/api/shops/${shop}/search?type=product&text=${encodeURIComponent(text)}&limit=50`);
  expect(r.status, r.text).toBe(200);
  return r.json().results as Row[];
};

describe('level-two flags in searches', () => {
  it('are absent for anonymous shoppers and for registered (ul0) users', async () => {
    const anon = await search(new Client(), 'demo-04', 'a');
    expect(anon.length).toBeGreaterThan(0);
    expect(anon.every((r) => r.level_two === undefined)).toBe(true);
    const customer = new Client();
    await customer.login('cliente@demo.test');
    expect((await search(customer, 'demo-04', 'a')).every((r) => r.level_two === undefined)).toBe(true);
  });

  it("tell a store owner what they carry and what they would earn, as their own store's product page says", async () => {
    const owner = new Client();
    await owner.login('admin03@demo.test');
    const rows = await search(owner, 'demo-04', 'a');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.level_two !== undefined)).toBe(true);
    const mine = rows.filter((r) => r.level_two!.in_my_store && r.level_two!.resellable);
    expect(mine.length, 'demo-03 carries some of what demo-04 sells').toBeGreaterThan(0);
    for (const r of mine.slice(0, 3)) {
      const detail = await owner.get(`/api/shops/demo-03/items/${r.id}`);
      expect(detail.status, detail.text).toBe(200);
      expect(r.level_two!.earning).toBe(detail.json().resale_earning);
    }
    const ownStore = await search(owner, 'demo-03', 'a');
    expect(ownStore.every((r) => r.level_two!.in_my_store)).toBe(true);
    for (const r of rows) if (!r.level_two!.resellable) expect(r.level_two!.earning).toBeNull();
  });
});
