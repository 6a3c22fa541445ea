// The only place shop-administration SQL lives: the shop row's admin fields, uploads (media), headers, banners,
// catalogue management and the builder's theme documents.
import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { totalOver, withTotal } from '../../db/page-total.ts';
import type { Db } from '../../db/client.ts';
import { catalogueProducts, catalogues, media, products, shopProducts, shops } from '../../db/schema/index.ts';
import { shopBanners, shopHeaders, shopThemes } from '../../db/schema/admin.ts';
import type { ShopRow } from '../shops/index.ts';
import type { ThemeDocument } from './schema.ts';
import { forgetMedia } from '../../lib/server/media-cache.ts';

export type HeaderRow = typeof shopHeaders.$inferSelect;
export type BannerRow = typeof shopBanners.$inferSelect;
export type ThemeRow = typeof shopThemes.$inferSelect;
export type CatalogueRow = typeof catalogues.$inferSelect;

function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/** Runs `fn` in a transaction holding the shop row's lock: admin writes to one shop's JSON never interleave. */
export async function withShopLocked<T>(db: Db, shopId: string, fn: (tx: Db, shop: ShopRow) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [shop] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
    if (!shop) throw new Error(`shop ${shopId} vanished`);
    return fn(tx as unknown as Db, shop);
  });
}

export async function updateShop(db: Db, shopId: string, set: Partial<typeof shops.$inferInsert>): Promise<ShopRow> {
  const [row] = await db.update(shops).set({ ...set, updated_at: new Date() }).where(eq(shops.id, shopId)).returning();
  return row!;
}

// ---------- media ----------

export async function findMediaInfo(db: Db, id: string) {
  const [row] = await db.select({ id: media.id, owner: media.owner, content_type: media.content_type, width: media.width, height: media.height })
    .from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

export async function findMediaBySha(db: Db, owner: string | null, sha256: string, contentType: string) {
  const [row] = await db.select({ id: media.id, content_type: media.content_type, width: media.width, height: media.height, byte_size: media.byte_size })
    .from(media)
    .where(and(eq(media.sha256, sha256), eq(media.content_type, contentType), owner ? eq(media.owner, owner) : sql`${media.owner} is null`))
    .limit(1);
  return row ?? null;
}

export async function insertMedia(db: Db, row: typeof media.$inferInsert) {
  const [out] = await db.insert(media).values(row).returning({ id: media.id });
  return out!;
}

/**
 * Deletes those of `ids` that belong to `owner` and that no record uses any more (shop photos, favicons and
 * theme info, catalogues (trashed ones too), banners, theme documents, products, profiles, suppliers). Answers the deleted ids.
 * The usage test is textual (the id inside the stored address), so it errs on the side of keeping.
 */
export async function deleteMediaIfUnused(db: Db, ids: string[], owner: string | null): Promise<string[]> {
  const unique = [...new Set(ids)].filter((i) => /^[0-9a-f-]{36}$/.test(i));
  if (!unique.length) return [];
  const idList = sql.join(unique.map((i) => sql`${i}::uuid`), sql`, `);
  const res = await db.execute(sql`
    delete from media m
    where m.id in (${idList}) and m.owner is not distinct from ${owner}::uuid
      and not exists (select 1 from shops s where s.photo like '%' || m.id::text || '%' or s.favicon like '%' || m.id::text || '%'
                        or s.store_theme_info::text like '%' || m.id::text || '%')
      and not exists (select 1 from catalogues c where c.photo like '%' || m.id::text || '%')
      and not exists (select 1 from catalogue_trash ct where ct.photo like '%' || m.id::text || '%')
      and not exists (select 1 from shop_banners b where b.hzt_image_id = m.id or b.vrt_image_id = m.id
                        or b.hzt_image like '%' || m.id::text || '%' or b.vrt_image like '%' || m.id::text || '%')
      and not exists (select 1 from shop_themes t where t.draft::text like '%' || m.id::text || '%' or coalesce(t.published::text, '') like '%' || m.id::text || '%')
      and not exists (select 1 from products p where p.photos::text like '%' || m.id::text || '%')
      and not exists (select 1 from profiles pr where pr.images::text like '%' || m.id::text || '%')
      and not exists (select 1 from suppliers su where su.image like '%' || m.id::text || '%')
      and not exists (select 1 from blog_entries be where be.image like '%' || m.id::text || '%' or be.content_html like '%' || m.id::text || '%')
    returning m.id`);
  const gone = rowsOf<{ id: string }>(res).map((r) => r.id);
  // This process stops answering them from its file cache at once (others within MEDIA_INDEX_TTL_MS).
  forgetMedia(gone);
  return gone;
}

// ---------- products a shop offers ----------

export interface OfferedProduct { id: string; name: string; owner: string; type: string }

/**
 * A published, visible product the shop offers (in its store or one of its catalogues), or null. Header,
 * slide, banner and catalogue links may only name such products.
 */
export async function findOfferedProduct(db: Db, shopId: string, productId: string): Promise<OfferedProduct | null> {
  const res = await db.execute(sql`
    select p.id, p.name, p.owner, p.type from ${products} p
    where p.id = ${productId}::uuid and p.list_state = 'published' and not p.hiden
      and (exists (select 1 from ${shopProducts} sp where sp.shop_id = ${shopId}::uuid and sp.product_id = p.id)
        or exists (select 1 from ${catalogueProducts} cp join ${catalogues} c on c.id = cp.catalogue_id
                   where c.shop_id = ${shopId}::uuid and cp.product_id = p.id))
    limit 1`);
  return rowsOf<OfferedProduct>(res)[0] ?? null;
}

export async function productNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---------- headers ----------

const headerColumns = {
  id: shopHeaders.id, shop_id: shopHeaders.shop_id, title: shopHeaders.title, subtitle: shopHeaders.subtitle,
  description: shopHeaders.description, action_type: shopHeaders.action_type, url: shopHeaders.url,
  button_label: shopHeaders.button_label, product: shopHeaders.product, product_supplier: shopHeaders.product_supplier,
  target: shopHeaders.target, active: shopHeaders.active, created_at: shopHeaders.created_at, updated_at: shopHeaders.updated_at,
  product_name: products.name,
};
export type HeaderWithName = HeaderRow & { product_name: string | null };

export async function listHeaders(db: Db, shopId: string, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db.select(headerColumns).from(shopHeaders).leftJoin(products, eq(products.id, shopHeaders.product))
      .where(eq(shopHeaders.shop_id, shopId)).orderBy(desc(shopHeaders.created_at), asc(shopHeaders.id)).offset(offset).limit(limit),
    db.select({ n: count() }).from(shopHeaders).where(eq(shopHeaders.shop_id, shopId)),
  ]);
  return { results: rows as HeaderWithName[], matches_estimated: total?.n ?? 0 };
}

export async function findHeader(db: Db, shopId: string, id: string): Promise<HeaderWithName | null> {
  const [row] = await db.select(headerColumns).from(shopHeaders).leftJoin(products, eq(products.id, shopHeaders.product))
    .where(and(eq(shopHeaders.shop_id, shopId), eq(shopHeaders.id, id))).limit(1);
  return (row as HeaderWithName | undefined) ?? null;
}

export async function insertHeader(db: Db, row: typeof shopHeaders.$inferInsert) {
  const [out] = await db.insert(shopHeaders).values(row).returning({ id: shopHeaders.id });
  return out!.id;
}

export async function updateHeader(db: Db, shopId: string, id: string, set: Partial<typeof shopHeaders.$inferInsert>) {
  await db.update(shopHeaders).set({ ...set, updated_at: new Date() }).where(and(eq(shopHeaders.shop_id, shopId), eq(shopHeaders.id, id)));
}

export async function deleteHeader(db: Db, shopId: string, id: string): Promise<HeaderRow | null> {
  const [row] = await db.delete(shopHeaders).where(and(eq(shopHeaders.shop_id, shopId), eq(shopHeaders.id, id))).returning();
  return row ?? null;
}

export async function hasActiveHeader(db: Db, shopId: string): Promise<boolean> {
  const [row] = await db.select({ id: shopHeaders.id }).from(shopHeaders).where(and(eq(shopHeaders.shop_id, shopId), eq(shopHeaders.active, true))).limit(1);
  return !!row;
}

/** The shop's active header (the one shown), if any. */
export async function findActiveHeader(db: Db, shopId: string): Promise<HeaderWithName | null> {
  const [row] = await db.select(headerColumns).from(shopHeaders).leftJoin(products, eq(products.id, shopHeaders.product))
    .where(and(eq(shopHeaders.shop_id, shopId), eq(shopHeaders.active, true))).limit(1);
  return (row as HeaderWithName | undefined) ?? null;
}

/** Marks one header active (null: none). Two statements: the partial unique index allows one active per shop. */
export async function setActiveHeader(db: Db, shopId: string, id: string | null) {
  await db.update(shopHeaders).set({ active: false }).where(and(eq(shopHeaders.shop_id, shopId), eq(shopHeaders.active, true)));
  if (id) await db.update(shopHeaders).set({ active: true }).where(and(eq(shopHeaders.shop_id, shopId), eq(shopHeaders.id, id)));
}

// ---------- banners ----------

export async function listBanners(db: Db, shopId: string, offset: number, limit: number) {
  const page = await db.select({ ...getTableColumns(shopBanners), total: totalOver() }).from(shopBanners).where(eq(shopBanners.shop_id, shopId))
    .orderBy(asc(shopBanners.position), asc(shopBanners.created_at)).offset(offset).limit(limit);
  const { rows, total } = await withTotal(page, { offset, limit }, () => countBanners(db, shopId));
  return { results: rows, matches_estimated: total };
}

export async function countBanners(db: Db, shopId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shopBanners).where(eq(shopBanners.shop_id, shopId));
  return row?.n ?? 0;
}

export async function findBanner(db: Db, shopId: string, id: string): Promise<BannerRow | null> {
  const [row] = await db.select().from(shopBanners).where(and(eq(shopBanners.shop_id, shopId), eq(shopBanners.id, id))).limit(1);
  return row ?? null;
}

export async function insertBanner(db: Db, row: Omit<typeof shopBanners.$inferInsert, 'position'>): Promise<string> {
  const res = await db.execute(sql`
    insert into ${shopBanners} (shop_id, hzt_image, vrt_image, hzt_image_id, vrt_image_id, action_type, url, url_target, product, product_supplier, target, position)
    select ${row.shop_id}::uuid, ${row.hzt_image ?? null}, ${row.vrt_image ?? null}, ${row.hzt_image_id ?? null}::uuid, ${row.vrt_image_id ?? null}::uuid,
      ${row.action_type ?? 'none'}, ${row.url ?? null}, ${row.url_target ?? '_self'}, ${row.product ?? null}::uuid, ${row.product_supplier ?? null}::uuid,
      ${row.target ?? 'all'}, coalesce(max(position) + 1, 0) from ${shopBanners} where shop_id = ${row.shop_id}::uuid
    returning id`);
  return rowsOf<{ id: string }>(res)[0]!.id;
}

export async function updateBanner(db: Db, shopId: string, id: string, set: Partial<typeof shopBanners.$inferInsert>) {
  await db.update(shopBanners).set({ ...set, updated_at: new Date() }).where(and(eq(shopBanners.shop_id, shopId), eq(shopBanners.id, id)));
}

export async function deleteBanner(db: Db, shopId: string, id: string): Promise<BannerRow | null> {
  const [row] = await db.delete(shopBanners).where(and(eq(shopBanners.shop_id, shopId), eq(shopBanners.id, id))).returning();
  return row ?? null;
}

/**
 * Moves a banner to a zero-based position (clamped to the last) and renumbers the shop's banners 0..n-1 in one
 * statement; `id` null only renumbers (after a delete).
 */
export async function placeBanner(db: Db, shopId: string, id: string | null, position: number) {
  await db.execute(sql`
    with others as (
      select id, (row_number() over (order by position, created_at, id) - 1)::int as rn
      from ${shopBanners} where shop_id = ${shopId}::uuid and (${id}::uuid is null or id <> ${id}::uuid)
    ), target as (select least(${position}::int, (select count(*) from others))::int as pos),
    wanted as (
      select id, case when ${id}::uuid is null or rn < (select pos from target) then rn else rn + 1 end as pos from others
      union all select ${id}::uuid, (select pos from target) where ${id}::uuid is not null
    )
    update ${shopBanners} b set position = w.pos from wanted w
    where b.shop_id = ${shopId}::uuid and b.id = w.id and b.position <> w.pos`);
}

// ---------- catalogues ----------

export async function findCatalogue(db: Db, shopId: string, id: string) {
  const [row] = await db.select({
    id: catalogues.id, name: catalogues.name, slug: catalogues.slug, photo: catalogues.photo, icon_class: catalogues.icon_class,
    updated_at: catalogues.updated_at,
    num_products: sql<number>`(select count(*)::int from ${catalogueProducts} where ${catalogueProducts.catalogue_id} = ${catalogues.id})`,
  }).from(catalogues).where(and(eq(catalogues.shop_id, shopId), eq(catalogues.id, id))).limit(1);
  return row ?? null;
}

/** Slugs of the shop's catalogues that start with `base` (to pick a free one). */
export async function catalogueSlugsLike(db: Db, shopId: string, base: string): Promise<Set<string>> {
  const rows = await db.select({ slug: catalogues.slug }).from(catalogues)
    .where(and(eq(catalogues.shop_id, shopId), sql`${catalogues.slug} like ${base.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`));
  return new Set(rows.map((r) => r.slug));
}

/**
 * Serialises the catalogue name checks of one shop (inside a transaction): the check and the write that follows it
 * see the same names.
 */
export async function lockCatalogueNames(tx: Db, shopId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue-names:${shopId}`}))`);
}

/** The shop's catalogue (other than `exceptId`) named `name` when case and spaces are ignored, or null. */
export async function catalogueNamed(db: Db, shopId: string, name: string, exceptId: string | null = null): Promise<{ id: string; name: string } | null> {
  const [row] = await db.select({ id: catalogues.id, name: catalogues.name }).from(catalogues)
    .where(and(eq(catalogues.shop_id, shopId), sql`lower(regexp_replace(btrim(${catalogues.name}), '\\s+', ' ', 'g')) = ${catalogueNameKey(name)}`,
      exceptId ? sql`${catalogues.id} <> ${exceptId}` : sql`true`)).limit(1);
  return row ?? null;
}

/** A catalogue name as compared for duplicates: trimmed, inner spaces collapsed, lower case (accents kept: 'Año' is not 'Ano'). */
export const catalogueNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Inserts unless the slug is taken (answers null then: another request took it first). */
export async function insertCatalogue(db: Db, row: typeof catalogues.$inferInsert): Promise<string | null> {
  const [out] = await db.insert(catalogues).values(row).onConflictDoNothing().returning({ id: catalogues.id });
  return out?.id ?? null;
}

export async function updateCatalogue(db: Db, shopId: string, id: string, set: { name?: string; photo?: string | null }) {
  const [row] = await db.update(catalogues).set({ ...set, updated_at: new Date() })
    .where(and(eq(catalogues.shop_id, shopId), eq(catalogues.id, id))).returning({ id: catalogues.id });
  return !!row;
}

/** Inside a transaction: a lock waited for longer than `ms` fails with 55P03 (lock_not_available). */
export async function setLockTimeout(db: Db, ms: number) {
  await db.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.floor(ms))}`));
}

/** Serialises order changes of one catalogue (inside a transaction). */
export async function lockCatalogueOrder(db: Db, catalogueId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue-order:${catalogueId}`}))`);
}

export async function cataloguePosition(db: Db, catalogueId: string, productId: string): Promise<number | null> {
  const [row] = await db.select({ p: catalogueProducts.queue_position }).from(catalogueProducts)
    .where(and(eq(catalogueProducts.catalogue_id, catalogueId), eq(catalogueProducts.product_id, productId))).limit(1);
  return row ? row.p : null;
}

/** Appends a product (no-op when present); answers whether it was added. */
export async function appendCatalogueProduct(db: Db, catalogueId: string, productId: string): Promise<boolean> {
  const res = await db.execute(sql`
    insert into ${catalogueProducts} (catalogue_id, product_id, queue_position)
    select ${catalogueId}::uuid, ${productId}::uuid, coalesce(max(queue_position) + 1, 0) from ${catalogueProducts} where catalogue_id = ${catalogueId}::uuid
    on conflict do nothing returning product_id`);
  return rowsOf(res).length > 0;
}

export async function removeCatalogueProduct(db: Db, catalogueId: string, productId: string): Promise<boolean> {
  const [row] = await db.delete(catalogueProducts)
    .where(and(eq(catalogueProducts.catalogue_id, catalogueId), eq(catalogueProducts.product_id, productId))).returning({ id: catalogueProducts.product_id });
  return !!row;
}

/**
 * Puts `productId` at the zero-based `position` of the catalogue (clamped to the last place) and renumbers every
 * other product 0..n-1 around it, in one statement. With `productId` null it only renumbers (after a removal).
 */
export async function placeCatalogueProduct(db: Db, catalogueId: string, productId: string | null, position: number) {
  await db.execute(sql`
    with others as (
      select product_id, (row_number() over (order by queue_position, product_id) - 1)::int as rn
      from ${catalogueProducts} where catalogue_id = ${catalogueId}::uuid and (${productId}::uuid is null or product_id <> ${productId}::uuid)
    ), target as (select least(${position}::int, (select count(*) from others))::int as pos),
    wanted as (
      select product_id, case when ${productId}::uuid is null or rn < (select pos from target) then rn else rn + 1 end as pos from others
      union all select ${productId}::uuid, (select pos from target) where ${productId}::uuid is not null
    )
    update ${catalogueProducts} cp set queue_position = w.pos from wanted w
    where cp.catalogue_id = ${catalogueId}::uuid and cp.product_id = w.product_id and cp.queue_position <> w.pos`);
}

export async function catalogueProductIds(db: Db, catalogueId: string): Promise<{ product_id: string; queue_position: number }[]> {
  return db.select({ product_id: catalogueProducts.product_id, queue_position: catalogueProducts.queue_position })
    .from(catalogueProducts).where(eq(catalogueProducts.catalogue_id, catalogueId)).orderBy(asc(catalogueProducts.queue_position));
}

// ---------- theme documents ----------

export async function findTheme(db: Db, shopId: string): Promise<ThemeRow | null> {
  const [row] = await db.select().from(shopThemes).where(eq(shopThemes.shop_id, shopId)).limit(1);
  return row ?? null;
}

/** The published template of one page (what the storefront renders), without reading the whole document. */
export async function findPublishedTemplate(db: Db, shopId: string, page: string, draft = false) {
  const doc = draft ? shopThemes.draft : shopThemes.published;
  const [row] = await db.select({ pack: sql<string | null>`${doc}->>'pack'`, template: sql<unknown>`${doc}->'templates'->${page}`, settings: sql<unknown>`${doc}->'settings'`, tokens: sql<unknown>`${doc}->'tokens'` })
    .from(shopThemes).where(eq(shopThemes.shop_id, shopId)).limit(1);
  return row ?? null;
}

/** Saves the draft; with `expectedVersion` only when the stored draft is still that version. Answers the new version or null. */
export async function saveDraft(db: Db, shopId: string, draft: ThemeDocument, expectedVersion?: number): Promise<number | null> {
  const res = await db.execute(sql`
    insert into ${shopThemes} (shop_id, draft, draft_version, draft_updated_at) values (${shopId}::uuid, ${JSON.stringify(draft)}::jsonb, 1, now())
    on conflict (shop_id) do update set draft = excluded.draft, draft_version = ${shopThemes.draft_version} + 1, draft_updated_at = now()
      where ${expectedVersion ?? null}::int is null or ${shopThemes.draft_version} = ${expectedVersion ?? null}::int
    returning draft_version`);
  const row = rowsOf<{ draft_version: number }>(res)[0];
  return row ? Number(row.draft_version) : null;
}

export async function publishTheme(db: Db, shopId: string, doc: ThemeDocument, userId: string) {
  await db.execute(sql`
    insert into ${shopThemes} (shop_id, draft, published, published_at, published_by) values (${shopId}::uuid, ${JSON.stringify(doc)}::jsonb, ${JSON.stringify(doc)}::jsonb, now(), ${userId}::uuid)
    on conflict (shop_id) do update set published = excluded.published, published_at = now(), published_by = excluded.published_by`);
}
