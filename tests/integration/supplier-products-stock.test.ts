// Per-variant stock against a real database (PGlite in memory, or PostgreSQL in the postgres project): a supplier's
// item keeps its stock per variant (src/domain/products), checkout holds the variant row and the product row together
// (src/domain/checkout/repo.ts), so two buyers racing for the last unit of one variant cannot both get it while
// another variant stays sellable; payment, cancel and expiry move both rows; the cart counts the chosen variant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { products, productVariantStock, shopProducts } from '../../src/db/schema/index.ts';
import { checkouts, stockReservations } from '../../src/db/schema/commerce.ts';
import { cancelCheckout, chooseDelivery, restartCheckout, setProductStock, updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { sweepExpired } from '../../src/domain/checkout/sweeper.ts';
import { addItem } from '../../src/domain/cart/service.ts';
import { payCheckout } from '../../src/domain/payments/service.ts';
import { customerCancel } from '../../src/domain/orders/service.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { createProduct, patchProduct, getProduct } from '../../src/domain/products/service.ts';
import { productInput, productPatch } from '../../src/domain/products/schema.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { ADDRESS, CONTACT, makeWorld, type World } from './checkout.fixtures.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
let w: World;
let shirt: string;
const S = { Talla: 'S' };
const M = { Talla: 'M' };

beforeAll(async () => {
  h = await freshDb();
  w = await makeWorld(h.db);
  const p = await createProduct(h.db, w.supplierViewer, productInput.parse({
    type: 'product', name: 'Playera por talla', list_price: 25000, list_state: 'published', variants: { Talla: ['S', 'M', 'L'] },
    variant_stock: [{ variant: S, stock_on_hand: 1 }, { variant: M, stock_on_hand: 5 }],
  }));
  shirt = p.id;
  await h.db.insert(shopProducts).values({ shop_id: w.shop.id, product_id: shirt });
});
afterAll(async () => { await h.dispose(); });

const productStock = async () => (await h.db.select({ on: products.stock_on_hand, res: products.stock_reserved }).from(products).where(eq(products.id, shirt)))[0]!;
async function variantStock() {
  const rows = await h.db.select().from(productVariantStock).where(eq(productVariantStock.product_id, shirt));
  return Object.fromEntries(rows.map((r) => [r.variant_key, { on: r.stock_on_hand, res: r.stock_reserved }]));
}
const start = (buyer: Viewer, variant: Record<string, string>, amount = 1) =>
  startCheckout(h.db, w.shop, buyer, { items: [{ product_id: shirt, variant, amount }], buy_now: true, start_as_anonymous: false });
async function ready(buyer: Viewer, variant: Record<string, string>, amount = 1) {
  const c = await start(buyer, variant, amount);
  await updateCheckout(h.db, buyer, c.id, { contact: CONTACT, address: { ...addressInput.parse(ADDRESS), save: false } });
  return chooseDelivery(h.db, buyer, c.id, { delivery_type: 'fixed_delivery' });
}

describe('stock per variant', () => {
  it('keeps the product\'s units on hand as the sum of its variants', async () => {
    expect(await productStock()).toEqual({ on: 6, res: 0 });
    expect(await variantStock()).toEqual({ 'Talla=S': { on: 1, res: 0 }, 'Talla=M': { on: 5, res: 0 } });
    const v = await getProduct(h.db, w.supplierViewer, shirt);
    expect(v.stock_on_hand).toBe(6);
    expect(v.variant_stock.map((r) => [r.variant_key, r.stock_on_hand, r.stock_reserved])).toEqual([['Talla=M', 5, 0], ['Talla=S', 1, 0]]);
  });

  it('buyers racing for the last S: one gets it, the others are refused, and M stays sellable', async () => {
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => w.buyer(10 + i)));
    const c = await w.buyer(3);
    const results = await Promise.allSettled(racers.map((b) => start(b, S)));
    const ok = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ id: string }>[];
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(['insufficient_stock', 'out_of_stock']).toContain(r.reason.code);
    // Another variant of the same item still sells.
    const m = await start(c, M, 2);
    expect(m.status).toBe('open');
    expect(await variantStock()).toEqual({ 'Talla=S': { on: 1, res: 1 }, 'Talla=M': { on: 5, res: 2 } });
    expect(await productStock()).toEqual({ on: 6, res: 3 });
    const rows = await h.db.select({ key: stockReservations.variant_key, q: stockReservations.quantity }).from(stockReservations)
      .where(eq(stockReservations.product_id, shirt));
    expect(rows.map((r) => `${r.key}:${r.q}`).sort()).toEqual(['Talla=M:2', 'Talla=S:1']);
    // A third try at S is refused at once: that variant has nothing free, whatever the product row says.
    await expect(start(await w.buyer(4), S)).rejects.toMatchObject({ code: 'out_of_stock' });
    // Cancel gives both rows back.
    const winner = ok[0]!.value.id;
    await cancelCheckout(h.db, racers[results.findIndex((r) => r.status === 'fulfilled')]!, winner);
    await cancelCheckout(h.db, c, m.id);
    expect(await variantStock()).toEqual({ 'Talla=S': { on: 1, res: 0 }, 'Talla=M': { on: 5, res: 0 } });
    expect(await productStock()).toEqual({ on: 6, res: 0 });
  });

  it('refuses a variant without a stock row, and a choice that is not complete', async () => {
    await expect(start(await w.buyer(), { Talla: 'L' })).rejects.toMatchObject({ code: 'out_of_stock' });
    await expect(start(await w.buyer(), {})).rejects.toMatchObject({ code: 'validation_error' });
  });

  it('payment allocates the variant row with the product row; a paid order canceled returns the units to both', async () => {
    const buyer = await w.buyer();
    const c = await ready(buyer, M, 2);
    const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'cash', token: c.token!, save_card: false }, { basePath: '' });
    expect(await variantStock()).toEqual({ 'Talla=S': { on: 1, res: 0 }, 'Talla=M': { on: 3, res: 0 } });
    expect(await productStock()).toEqual({ on: 4, res: 0 });
    await customerCancel(h.db, buyer, r.order_id, { reason: 'requested_by_client', description: 'Ya no la necesito' });
    expect(await variantStock()).toEqual({ 'Talla=S': { on: 1, res: 0 }, 'Talla=M': { on: 5, res: 0 } });
    expect(await productStock()).toEqual({ on: 6, res: 0 });
  });

  it('expiry releases the variant row, and a restart holds it again', async () => {
    const buyer = await w.buyer();
    const c = await start(buyer, S);
    await h.db.update(checkouts).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(checkouts.id, c.id));
    await sweepExpired(h.db);
    expect((await variantStock())['Talla=S']).toEqual({ on: 1, res: 0 });
    const again = await restartCheckout(h.db, buyer, c.id);
    expect(again.status).toBe('open');
    expect((await variantStock())['Talla=S']).toEqual({ on: 1, res: 1 });
    expect(await productStock()).toEqual({ on: 6, res: 1 });
  });

  it('refuses a variant\'s stock below what is reserved (409), and the product-wide stock call for such an item', async () => {
    // S holds 1 reserved unit (the restarted checkout above).
    const err = await patchProduct(h.db, w.supplierViewer, shirt, productPatch.parse({ variant_stock: [{ variant: S, stock_on_hand: 0 }, { variant: M, stock_on_hand: 5 }] })).catch((e) => e);
    expect(err.code).toBe('conflict');
    expect(err.fields).toEqual({ 'variant_stock.0.stock_on_hand': ['validation.atLeast'] });
    // Removing the reserved variant's row is refused too.
    await expect(patchProduct(h.db, w.supplierViewer, shirt, productPatch.parse({ variant_stock: [{ variant: M, stock_on_hand: 5 }] }))).rejects.toMatchObject({ code: 'conflict' });
    await expect(setProductStock(h.db, w.supplierViewer, shirt, 50)).rejects.toMatchObject({ code: 'conflict' });
    // Raising it is fine, and the product's total follows.
    const v = await patchProduct(h.db, w.supplierViewer, shirt, productPatch.parse({ variant_stock: [{ variant: S, stock_on_hand: 4 }, { variant: M, stock_on_hand: 5 }, { variant: { Talla: 'L' }, stock_on_hand: 2 }] }));
    expect(v.stock_on_hand).toBe(11);
    expect(v.stock_reserved).toBe(1);
    expect(await variantStock()).toEqual({ 'Talla=S': { on: 4, res: 1 }, 'Talla=M': { on: 5, res: 0 }, 'Talla=L': { on: 2, res: 0 } });
  });

  it('the cart counts the chosen variant\'s free units', async () => {
    const buyer = await w.buyer();
    // L has 2 units: 5 asked becomes 2, with the notice saying so.
    const cart = await addItem(h.db, w.shop, buyer, { product_id: shirt, variant: { Talla: 'L' }, amount: 5 });
    const line = cart.orders[0]!.products[0]!;
    expect(line.amount).toBe(2);
    expect(line.available).toBe(2);
    expect(cart.notices[0]).toMatchObject({ code: 'quantity_exceeded', available: 2 });
    // S: 4 on hand, 1 reserved.
    const withS = await addItem(h.db, w.shop, buyer, { product_id: shirt, variant: S, amount: 10 });
    expect(withS.orders[0]!.products.find((l) => l.variant.Talla === 'S')!.amount).toBe(3);
  });

  it('an item without variant rows behaves as before (one figure for every variant)', async () => {
    const buyer = await w.buyer();
    const c = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.variants, variant: { Talla: 'M' }, amount: 2 }], buy_now: true, start_as_anonymous: false });
    const [row] = await h.db.select().from(stockReservations).where(eq(stockReservations.checkout_id, c.id));
    expect(row!.variant_key).toBe('');
    expect((await h.db.select({ res: products.stock_reserved }).from(products).where(eq(products.id, w.p.variants)))[0]!.res).toBe(2);
    await cancelCheckout(h.db, buyer, c.id);
  });
});
