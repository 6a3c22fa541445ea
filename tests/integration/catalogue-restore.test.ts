// A deleted catalogue waits in the trash (issue 15: the builder's Undo): POST .../catalogues/{id}/restore brings it
// back with the same id, address, photo and products in order; nothing lists it meanwhile; the purge removes it
// (and its unused photo) after CATALOGUE_TRASH_MS. Over HTTP: 401 anonymous, 403 another shop's admin, 404 unknown,
// restored already, or another shop's catalogue.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueTrash, media, shopProducts } from '../../src/db/schema/index.ts';
import { DEMO_USER_BY_KEY, seedDemo, type DemoUserKey } from '../../src/db/seed/demo.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { CATALOGUE_TRASH_MS, purgeCatalogueTrash, restoreCatalogue } from '../../src/domain/admin/catalogue-trash.ts';
import { adminContext, addCatalogueProduct, createCatalogue, deleteCatalogue, listAdminCatalogues, listCatalogueProducts, type AdminCtx } from '../../src/domain/admin/service.ts';
import { uploadShopImage } from '../../src/domain/admin/upload.ts';
import { AppError } from '../../src/lib/shared/errors.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freshDb } from '../support/db.ts';
import { Client } from '../support/http.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
beforeAll(async () => { h = await freshDb(); await seedDemo(h); }, 180_000);
afterAll(async () => { await h?.dispose(); });

const viewer = (key: DemoUserKey): Viewer => {
  const u = DEMO_USER_BY_KEY[key];
  return { kind: 'user', anonymousId: '00000000-0000-4000-8000-000000000000', sessionId: 's', user: { id: u.id, email: u.email, name: u.name, profile_id: u.profileId, user_level: u.user_level } };
};
const ctxFor = (slug: string, key: DemoUserKey): Promise<AdminCtx> => adminContext(h.db, slug, viewer(key));
const statusOf = async (p: Promise<unknown>) => { try { await p; return 200; } catch (e) { if (e instanceof AppError) return e.status; throw e; } };
const order = async (ctx: AdminCtx, id: string) => (await listCatalogueProducts(ctx, id)).results.map((r) => [r.product_id, r.queue_position]);
const listed = async (ctx: AdminCtx) => (await listAdminCatalogues(ctx, { offset: 0, limit: 100 })).results.map((c) => c.id);

describe('catalogue trash (service)', () => {
  it('delete keeps it restorable; restore gives back the id, address, photo and the products in order', async () => {
    const ctx = await ctxFor('demo-basic', 'adminbasic');
    const photo = await uploadShopImage(ctx, { name: 'valid.png', type: '', bytes: readFileSync(path.resolve(import.meta.dirname, '../fixtures/uploads/valid.png')) });
    const c = await createCatalogue(ctx, { name: 'Para restaurar', photo: photo.url });
    const items = (await h.db.select({ id: shopProducts.product_id }).from(shopProducts).where(eq(shopProducts.shop_id, ctx.shop.id))).map((r) => r.id).slice(0, 3);
    for (const id of [items[2]!, items[0]!, items[1]!]) await addCatalogueProduct(ctx, c.id, { product_id: id });
    const before = await order(ctx, c.id);

    const del = await deleteCatalogue(ctx, c.id);
    expect(del).toMatchObject({ id: c.id, deleted: true, removed_products: 3 });
    expect(Date.parse(del.restorable_until) - Date.now()).toBeGreaterThan(CATALOGUE_TRASH_MS - 60_000);
    expect(await listed(ctx)).not.toContain(c.id);
    expect(await statusOf(listCatalogueProducts(ctx, c.id))).toBe(404);
    expect(await h.db.select().from(media).where(eq(media.id, photo.id))).toHaveLength(1); // kept for the restore

    // Another shop's admin cannot restore it (404, like an unknown id).
    expect(await statusOf(restoreCatalogue(await ctxFor('demo-03', 'admin03'), c.id))).toBe(404);
    // Its address was taken meanwhile: it comes back under -2.
    const squatter = await createCatalogue(ctx, { name: 'Para restaurar', photo: null });
    expect(squatter.slug).toBe(c.slug);
    const back = await restoreCatalogue(ctx, c.id);
    expect(back).toMatchObject({ id: c.id, name: 'Para restaurar', slug: `${c.slug}-2`, photo: photo.url, num_products: 3 });
    expect(await order(ctx, c.id)).toEqual(before);
    expect(await listed(ctx)).toContain(c.id);
    expect(await statusOf(restoreCatalogue(ctx, c.id))).toBe(404); // restored already
    expect(await statusOf(restoreCatalogue(ctx, 'not-a-uuid'))).toBe(404);

    // Deleted again and expired: the purge removes it and its photo; restore answers 404.
    await deleteCatalogue(ctx, c.id);
    await deleteCatalogue(ctx, squatter.id);
    await h.db.update(catalogueTrash).set({ deleted_at: sql`now() - interval '2 days'` }).where(eq(catalogueTrash.catalogue_id, c.id));
    expect(await purgeCatalogueTrash(h.db)).toBeGreaterThanOrEqual(1);
    expect(await purgeCatalogueTrash(h.db)).toBe(0);
    expect(await statusOf(restoreCatalogue(ctx, c.id))).toBe(404);
    expect(await h.db.select().from(media).where(eq(media.id, photo.id))).toHaveLength(0);
    expect(await h.db.select().from(catalogueTrash).where(eq(catalogueTrash.catalogue_id, squatter.id))).toHaveLength(1); // not expired
  });
});

describe('POST .../catalogues/{id}/restore over HTTP', () => {
  const SHOP = 'demo-03';
  const API = `/api/shops/${SHOP}/admin`;
  const anon = new Client();
  const other = new Client();
  const owner = new Client();
  beforeAll(async () => { await other.login('admin04@demo.test'); await owner.login('admin03@demo.test'); });

  it('401 anonymous, 403 another shop\'s admin, 404 unknown; the owner restores a deleted catalogue once', async () => {
    const c = (await owner.post(`${API}/catalogues`, { name: 'Restaurable HTTP' })).json();
    const items = (await anon.get(`/api/shops/${SHOP}/products?limit=2`)).json().results.map((x: { id: string }) => x.id);
    for (const id of items) expect((await owner.post(`${API}/catalogues/${c.id}/products`, { product_id: id })).status).toBe(201);
    const del = await owner.request('DELETE', `${API}/catalogues/${c.id}`);
    expect(del.json()).toMatchObject({ id: c.id, deleted: true, removed_products: 2, restorable_until: expect.any(String) });
    expect((await anon.get(`/api/shops/${SHOP}/catalogues?limit=100`)).json().results.map((x: { id: string }) => x.id)).not.toContain(c.id);

    const restore = (who: Client, id: string) => who.post(`${API}/catalogues/${id}/restore`, {});
    expect((await restore(anon, c.id)).status).toBe(401);
    const refused = await restore(other, c.id);
    expect(refused.status).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    const unknown = await restore(owner, '00000000-0000-4000-8000-00000000abcd');
    expect(unknown.status).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    expect((await restore(owner, 'x')).status).toBe(404);

    const back = await restore(owner, c.id);
    expect(back.status).toBe(200);
    expect(back.json()).toMatchObject({ id: c.id, slug: c.slug, num_products: 2 });
    expect((await owner.get(`${API}/catalogues/${c.id}/products`)).json().results.map((x: { product_id: string }) => x.product_id)).toEqual(items);
    expect((await anon.get(`/api/shops/${SHOP}/catalogues?limit=100`)).json().results.map((x: { id: string }) => x.id)).toContain(c.id);
    expect((await restore(owner, c.id)).status).toBe(404);
    expect((await owner.request('DELETE', `${API}/catalogues/${c.id}`)).status).toBe(200);
  });
});
