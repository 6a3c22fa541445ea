// The only place shop SQL lives.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopFranchises, shops } from '../../db/schema/index.ts';

export type ShopRow = typeof shops.$inferSelect;

export async function findBySlug(db: Db, slug: string): Promise<ShopRow | null> {
  const [row] = await db.select().from(shops).where(eq(shops.slug, slug)).limit(1);
  return row ?? null;
}

export async function findByDomain(db: Db, host: string): Promise<ShopRow | null> {
  const [row] = await db.select().from(shops).where(eq(shops.domain, host)).limit(1);
  return row ?? null;
}

export async function findById(db: Db, id: string): Promise<ShopRow | null> {
  const [row] = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
  return row ?? null;
}

export async function listEnabled(db: Db, offset: number, limit: number) {
  const where = and(eq(shops.disabled, false), eq(shops.is_proxy, false));
  const [results, [total]] = await Promise.all([
    db.select({
      id: shops.id, slug: shops.slug, name: shops.name, photo: shops.photo, photo_display: shops.photo_display,
      seo_description: shops.seo_description, store_type: shops.store_type, canonical_url: shops.canonical_url,
      store_theme_info: shops.store_theme_info,
    }).from(shops).where(where).orderBy(asc(shops.name)).offset(offset).limit(limit),
    db.select({ n: count() }).from(shops).where(where),
  ]);
  return { results, matches_estimated: total?.n ?? 0 };
}

/** Every shop's published pack (what start-up checks against the packs on disk). */
export async function themePackUses(db: Db): Promise<{ pack: string; shop: string }[]> {
  return db.select({ pack: shops.theme_pack, shop: shops.slug }).from(shops).orderBy(asc(shops.slug));
}

export async function updateThemePack(db: Db, shopId: string, themePack: string) {
  const [row] = await db.update(shops).set({ theme_pack: themePack, updated_at: new Date() }).where(eq(shops.id, shopId)).returning();
  return row!;
}

/** The franchises a shop carries, in its order (franchise list item of seed 001 §3). */
export async function listFranchises(db: Db, shopId: string, limit: number) {
  const rows = await db.select({ id: shops.id, slug: shops.slug, name: shops.name, photo: shops.photo, photo_display: shops.photo_display, canonical_url: shops.canonical_url, seo_description: shops.seo_description })
    .from(shopFranchises).innerJoin(shops, eq(shops.id, shopFranchises.franchise_id))
    .where(and(eq(shopFranchises.shop_id, shopId), eq(shops.disabled, false)))
    .orderBy(asc(shopFranchises.position), asc(shops.name)).limit(limit);
  return rows.map((r) => ({ ...r, in_store: true }));
}
