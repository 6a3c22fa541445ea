// Helpers of the supplier-products*.test.ts files (not a test file itself): a token that names only this run's items,
// creating items as the demo supplier, offering them in demo-03, and leaving the demo data as it was.
import { expect } from 'vitest';
import { Client } from '../support/http.ts';

/** Lower-case letters and digits, so it survives slugs and the folded search name. */
export const TOKEN = `z${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const SHOP = 'demo-03';

export function newItem(supplier: Client, body: Record<string, unknown>) {
  return supplier.post('/api/supplier/products', body);
}

let admin: Client | null = null;
async function shopAdmin() {
  if (!admin) {
    admin = new Client();
    await admin.login('admin03@demo.test');
  }
  return admin;
}

/** demo-03's admin puts the item in the shop's store. */
export async function offerInShop(id: string) {
  const r = await (await shopAdmin()).request('PATCH', `/api/shops/${SHOP}/items/${id}`, { body: { in_store: true } });
  expect(r.status, r.text).toBe(200);
}

/** Takes the items out of demo-03 and deletes them; those orders name are hidden and unpublished instead. */
export async function cleanUp(supplier: Client, ids: string[]) {
  const a = await shopAdmin();
  for (const id of ids) {
    await a.request('PATCH', `/api/shops/${SHOP}/items/${id}`, { body: { in_store: false } });
    const r = await supplier.request('DELETE', `/api/supplier/products/${id}`);
    if (r.status === 409) {
      await supplier.post('/api/supplier/products/bulk', { action: 'hide', ids: [id] });
      await supplier.post('/api/supplier/products/bulk', { action: 'unpublish', ids: [id] });
    }
  }
}
