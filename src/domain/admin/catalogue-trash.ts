// Deleting a catalogue moves it to the trash (table catalogue_trash) instead of losing it: its row and its products
// in order are kept for CATALOGUE_TRASH_MS, so the builder's Undo can bring it back (restoreCatalogue) with the same
// id, address and product order. Nothing that reads `catalogues` (storefront, search, API lists) sees a trashed one.
// Expired rows are purged lazily after each delete, by one DELETE statement: safe with several processes (a row is
// returned to one of them only), and its photo is deleted then, unless something else uses it.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProducts, catalogues, catalogueTrash, products, shops } from '../../db/schema/index.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { mediaIdOf } from './schema.ts';
import * as repo from './repo.ts';
import type { AdminCtx } from './context.ts';

/** How long a deleted catalogue can be restored. */
export const CATALOGUE_TRASH_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('not_found', 'Catalogue not found');
const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
const ttl = sql`(${CATALOGUE_TRASH_MS} * interval '1 millisecond')`;

/** Moves the catalogue to the trash (its product links go with it, in order); the products stay in the store. */
export async function trashCatalogue({ db, shop }: AdminCtx, id: string) {
  if (!UUID.test(id)) throw notFound();
  const cid = id.toLowerCase();
  const moved = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await repo.lockCatalogueOrder(tx, cid);
    const res = await tx.execute(sql`
      with gone as (delete from ${catalogues} where shop_id = ${shop.id}::uuid and id = ${cid}::uuid returning *),
      list as (select coalesce(array_agg(cp.product_id order by cp.queue_position, cp.product_id), '{}') as ids
               from ${catalogueProducts} cp where cp.catalogue_id = ${cid}::uuid)
      insert into ${catalogueTrash} (catalogue_id, shop_id, owner, slug, name, photo, icon_class, origin_id, created_at, product_ids, deleted_at)
      select g.id, g.shop_id, g.owner, g.slug, g.name, g.photo, g.icon_class, g.origin_id, g.created_at, list.ids, now() from gone g, list
      on conflict (catalogue_id) do update set shop_id = excluded.shop_id, owner = excluded.owner, slug = excluded.slug, name = excluded.name,
        photo = excluded.photo, icon_class = excluded.icon_class, origin_id = excluded.origin_id, created_at = excluded.created_at,
        product_ids = excluded.product_ids, deleted_at = excluded.deleted_at
      returning cardinality(product_ids) as n, deleted_at`);
    return rowsOf<{ n: number; deleted_at: Date | string }>(res)[0];
  });
  if (!moved) throw notFound();
  await purgeCatalogueTrash(db).catch((e) => console.error('catalogue trash purge failed', e));
  const until = new Date(new Date(moved.deleted_at).getTime() + CATALOGUE_TRASH_MS).toISOString();
  return { id: cid, deleted: true as const, removed_products: Number(moved.n), restorable_until: until };
}

/**
 * Brings a trashed catalogue of this shop back: same id and photo, its address unless another catalogue took it
 * meanwhile (then -2, -3 ...), and the products that still exist in their order. 404 when unknown or purged.
 */
export async function restoreCatalogue({ db, shop }: AdminCtx, id: string) {
  if (!UUID.test(id)) throw notFound();
  const cid = id.toLowerCase();
  const ok = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const res = await tx.execute(sql`
      delete from ${catalogueTrash} where catalogue_id = ${cid}::uuid and shop_id = ${shop.id}::uuid and deleted_at > now() - ${ttl}
      returning owner, slug, name, photo, icon_class, origin_id, created_at, product_ids`);
    const t = rowsOf<{ owner: string | null; slug: string; name: string; photo: string | null; icon_class: string | null; origin_id: string | null; created_at: Date | string; product_ids: string[] }>(res)[0];
    if (!t) return false;
    const ids = typeof t.product_ids === 'string' ? (t.product_ids as string).replace(/[{}]/g, '').split(',').filter(Boolean) : t.product_ids;
    const taken = await repo.catalogueSlugsLike(tx, shop.id, t.slug);
    let slug = t.slug;
    for (let n = 2; taken.has(slug); n++) slug = `${t.slug}-${n}`;
    await tx.insert(catalogues).values({
      id: cid, shop_id: shop.id, owner: t.owner, slug, name: t.name, photo: t.photo, icon_class: t.icon_class, origin_id: t.origin_id,
      created_at: new Date(t.created_at), updated_at: new Date(),
    });
    if (ids.length) await tx.execute(sql`
      insert into ${catalogueProducts} (catalogue_id, product_id, queue_position)
      select ${cid}::uuid, x.pid, (row_number() over (order by x.ord) - 1)::int
      from unnest(${sql.raw('array[')}${sql.join(ids.map((p) => sql`${p}::uuid`), sql`, `)}${sql.raw(']::uuid[]')}) with ordinality as x(pid, ord)
      where exists (select 1 from ${products} p where p.id = x.pid)`);
    return true;
  });
  if (!ok) throw notFound();
  const row = await repo.findCatalogue(db, shop.id, cid);
  if (!row) throw notFound();
  return { ...row, updated_at: row.updated_at.toISOString() };
}

/** Removes trashed catalogues older than CATALOGUE_TRASH_MS (every shop) and then their photos if unused. */
export async function purgeCatalogueTrash(db: Db): Promise<number> {
  const res = await db.execute(sql`
    delete from ${catalogueTrash} t using ${shops} s
    where s.id = t.shop_id and t.deleted_at <= now() - ${ttl}
    returning t.photo, s.owner`);
  const rows = rowsOf<{ photo: string | null; owner: string | null }>(res);
  const byOwner = new Map<string | null, string[]>();
  for (const r of rows) {
    const m = mediaIdOf(r.photo);
    if (m) byOwner.set(r.owner, [...(byOwner.get(r.owner) ?? []), m]);
  }
  for (const [owner, ids] of byOwner) await repo.deleteMediaIfUnused(db, ids, owner);
  return rows.length;
}
