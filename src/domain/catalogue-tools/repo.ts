// The only place the catalogue tools' SQL lives (issue 13): candidates of the add-products modal, adding every
// match in one statement, the admin's ordered list, and copying a catalogue (fork). Catalogue rows' triggers
// notify shop_events and catalogue_products' notify product events, so the page cache needs nothing from here.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProducts, catalogues, products, shopMemberships, shopProducts, shops, suppliers } from '../../db/schema/index.ts';
import { foldedName, rowsOf, visibleItem } from '../search/index.ts';
import { SEARCH_CHECK_AT_LEAST } from '../search/schema.ts';
import type { AdminItem, Candidate, CandidateFilter } from './schema.ts';

/**
 * Items a shop may put in a catalogue: shown on storefronts and either resellable (dropshipped, with a supplier)
 * or the shop owner's own, or already in the shop's store. `owner` narrows a franchise store to its supplier's items.
 */
export function candidateConds(shopId: string, f: Omit<CandidateFilter, 'text'>, owner: string | null, shopOwner: string | null = null): SQL[] {
  // The shop owner's own items too, dropshipped or not (issue 26).
  const own = shopOwner ? sql` or ${products.owner} = ${shopOwner}` : sql``;
  const conds: SQL[] = [
    visibleItem, sql`${products.type} = ${f.type}`,
    sql`((${products.is_dropshipping} and ${products.supplier_id} is not null)${own}
      or exists (select 1 from ${shopProducts} where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} = ${products.id}))`,
  ];
  if (f.supplier) conds.push(sql`${products.supplier_id} = ${f.supplier}`);
  if (f.category) conds.push(sql`exists (select 1 from unnest(${products.tags}) as tag where public.f_search_name(tag) = public.f_search_name(${f.category}))`);
  if (owner) conds.push(sql`${products.owner} = ${owner}`);
  return conds;
}

const byName = sql`${foldedName} collate "C", ${products.name} collate "C", ${products.id}`;

export async function countCandidates(db: Db, where: SQL): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from (select 1 from ${products} where ${where} limit ${SEARCH_CHECK_AT_LEAST}) as m`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

type RawCandidate = Omit<Candidate, 'supplier'> & { supplier_id: string | null; supplier_name: string | null };

export async function listCandidates(db: Db, shopId: string, catalogueId: string, where: SQL, page: { offset: number; limit: number }) {
  const [res, total] = await Promise.all([
    db.execute(sql`select ${products.id} as id, ${products.name} as name, ${products.type} as type, ${products.photos}->>0 as photo,
        ${products.list_price} as list_price, ${products.currency} as currency, ${suppliers.id} as supplier_id, ${suppliers.name} as supplier_name,
        exists (select 1 from ${shopProducts} where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} = ${products.id}) as in_store,
        exists (select 1 from ${catalogueProducts} where ${catalogueProducts.catalogue_id} = ${catalogueId} and ${catalogueProducts.product_id} = ${products.id}) as in_catalogue
      from ${products} left join ${suppliers} on ${suppliers.id} = ${products.supplier_id}
      where ${where} order by ${byName} offset ${page.offset} limit ${page.limit}`),
    countCandidates(db, where),
  ]);
  const results: Candidate[] = rowsOf<RawCandidate>(res).map((r) => ({
    id: r.id, name: r.name, type: r.type, photo: r.photo, list_price: Number(r.list_price), currency: r.currency,
    supplier: r.supplier_id ? { id: r.supplier_id, name: r.supplier_name ?? '' } : null,
    in_store: Boolean(r.in_store), in_catalogue: Boolean(r.in_catalogue),
  }));
  return { results, matches_estimated: total };
}

const lockStore = (tx: Db, shopId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop-order:${shopId}`}))`);
const lockCatalogue = (tx: Db, catalogueId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue-order:${catalogueId}`}))`);

/**
 * CTEs `to_store` and `s` of a query whose CTE `m` (id, rn) lists items for a catalogue: those of `m` the store does
 * not carry yet are appended to it, in `m`'s order (a catalogue only holds what the store offers).
 */
const appendToStore = (shopId: string) => sql`to_store as (
        select m.id, row_number() over (order by m.rn) as rn from m
        where not exists (select 1 from ${shopProducts} sp where sp.shop_id = ${shopId} and sp.product_id = m.id)
      ), s as (
        insert into ${shopProducts} (shop_id, product_id, queue_position)
        select ${shopId}::uuid, to_store.id, (select coalesce(max(queue_position), -1) from ${shopProducts} where shop_id = ${shopId}) + to_store.rn
        from to_store on conflict do nothing returning product_id
      )`;

/**
 * Appends to the catalogue every item matching `where` that it does not hold yet (at most `max`, by name), in one
 * statement; those not in the store yet are appended to the store too. Answers both counts.
 */
export async function addMatching(db: Db, shopId: string, catalogueId: string, where: SQL, max: number) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockStore(tx, shopId);
    await lockCatalogue(tx, catalogueId);
    const res = await tx.execute(sql`
      with m as (
        select ${products.id} as id, row_number() over (order by ${byName}) as rn from ${products}
        where ${where} and not exists (select 1 from ${catalogueProducts} cp where cp.catalogue_id = ${catalogueId} and cp.product_id = ${products.id})
        order by ${byName} limit ${max}
      ), ${appendToStore(shopId)}, c as (
        insert into ${catalogueProducts} (catalogue_id, product_id, queue_position)
        select ${catalogueId}::uuid, m.id, (select coalesce(max(queue_position), -1) from ${catalogueProducts} where catalogue_id = ${catalogueId}) + m.rn
        from m on conflict do nothing returning product_id
      )
      select coalesce((select array_agg(product_id::text) from c), '{}') as added_ids,
        coalesce((select array_agg(product_id::text) from s), '{}') as added_to_store_ids`);
    const r = rowsOf<{ added_ids: string[]; added_to_store_ids: string[] }>(res)[0];
    const added_ids = r?.added_ids ?? [], added_to_store_ids = r?.added_to_store_ids ?? [];
    if (added_ids.length > 0) await tx.execute(sql`update ${catalogues} set updated_at = now() where ${catalogues.id} = ${catalogueId}`);
    return { added: added_ids.length, added_to_store: added_to_store_ids.length, added_ids, added_to_store_ids };
  });
}

/**
 * Undoes one 'add all': takes `addedIds` out of the catalogue (renumbered 0..n-1) and `storeIds` out of the store,
 * except those another catalogue of the shop holds now. One transaction; answers both counts.
 */
export async function undoAddMatching(db: Db, shopId: string, catalogueId: string, addedIds: string[], storeIds: string[]) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockStore(tx, shopId);
    await lockCatalogue(tx, catalogueId);
    const ids = (list: string[]) => sql`array[${sql.join(list.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
    let removed = 0, removedFromStore = 0;
    if (addedIds.length) {
      removed = rowsOf(await tx.execute(sql`delete from ${catalogueProducts} where catalogue_id = ${catalogueId}
        and product_id = any(${ids(addedIds)}) returning product_id`)).length;
      await tx.execute(sql`with o as (select product_id, (row_number() over (order by queue_position, product_id) - 1)::int as rn
          from ${catalogueProducts} where catalogue_id = ${catalogueId})
        update ${catalogueProducts} cp set queue_position = o.rn from o
        where cp.catalogue_id = ${catalogueId} and cp.product_id = o.product_id and cp.queue_position <> o.rn`);
      await tx.execute(sql`update ${catalogues} set updated_at = now() where ${catalogues.id} = ${catalogueId}`);
    }
    if (storeIds.length) {
      removedFromStore = rowsOf(await tx.execute(sql`delete from ${shopProducts} sp where sp.shop_id = ${shopId}
        and sp.product_id = any(${ids(storeIds)})
        and not exists (select 1 from ${catalogueProducts} cp join ${catalogues} c on c.id = cp.catalogue_id
          where c.shop_id = ${shopId} and cp.product_id = sp.product_id)
        returning sp.product_id`)).length;
    }
    return { removed, removed_from_store: removedFromStore };
  });
}

export async function catalogueSize(db: Db, catalogueId: string): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from ${catalogueProducts} where ${catalogueProducts.catalogue_id} = ${catalogueId}`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** The catalogue's items in order, with what the admin's cards show. */
export async function adminItems(db: Db, catalogueId: string, page: { offset: number; limit: number }) {
  const [res, total] = await Promise.all([
    db.execute(sql`select ${products.id} as product_id, ${products.name} as name, ${products.photos}->>0 as photo,
        ${catalogueProducts.queue_position} as queue_position, ${products.list_price} as list_price, ${products.currency} as currency,
        (${visibleItem}) as visible
      from ${catalogueProducts} join ${products} on ${products.id} = ${catalogueProducts.product_id}
      where ${catalogueProducts.catalogue_id} = ${catalogueId}
      order by ${catalogueProducts.queue_position}, ${products.id} offset ${page.offset} limit ${page.limit}`),
    catalogueSize(db, catalogueId),
  ]);
  const results: AdminItem[] = rowsOf<AdminItem>(res).map((r) => ({
    ...r, queue_position: Number(r.queue_position), list_price: Number(r.list_price), visible: Boolean(r.visible),
  }));
  return { results, matches_estimated: total };
}

export interface OriginRow {
  id: string; name: string; slug: string; photo: string | null;
  shop: { id: string; slug: string; name: string; store_type: string; root_affinity_store_id: string | null; canonical_url: string | null; disabled: boolean };
}

const originColumns = sql`c.id, c.name, c.slug, c.photo, s.id as shop_id, s.slug::text as shop_slug, s.name as shop_name,
  s.store_type, s.root_affinity_store_id, s.canonical_url, s.disabled`;
type RawOrigin = Omit<OriginRow, 'shop'> & { shop_id: string; shop_slug: string; shop_name: string; store_type: string; root_affinity_store_id: string | null; canonical_url: string | null; disabled: boolean };
const toOrigin = (r: RawOrigin | undefined): OriginRow | null => (r ? {
  id: r.id, name: r.name, slug: r.slug, photo: r.photo,
  shop: { id: r.shop_id, slug: r.shop_slug, name: r.shop_name, store_type: r.store_type, root_affinity_store_id: r.root_affinity_store_id, canonical_url: r.canonical_url, disabled: Boolean(r.disabled) },
} : null);

export async function findOrigin(db: Db, by: { id: string } | { shopSlug: string; slug: string } | { shopId: string; slug: string }): Promise<OriginRow | null> {
  const where = 'id' in by ? sql`c.id = ${by.id}`
    : 'shopId' in by ? sql`s.id = ${by.shopId} and c.slug = ${by.slug}` : sql`s.slug = ${by.shopSlug} and c.slug = ${by.slug}`;
  const res = await db.execute(sql`select ${originColumns} from ${catalogues} c join ${shops} s on s.id = c.shop_id where ${where} limit 1`);
  return toOrigin(rowsOf<RawOrigin>(res)[0]);
}

/**
 * Copies the origin's items, in its order, into a new (empty) catalogue: those the target shop may carry
 * (visible, and resellable or already in its store; `owner` narrows a franchise store). Items missing from the
 * store are appended to it. One transaction with the store and catalogue locks. Answers how many were copied.
 */
export async function copyItems(db: Db, shopId: string, originId: string, catalogueId: string, owner: string | null): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockStore(tx, shopId);
    await lockCatalogue(tx, catalogueId);
    const ownerCond = owner ? sql`and ${products.owner} = ${owner}` : sql``;
    const res = await tx.execute(sql`
      with m as (
        select ${products.id} as id, row_number() over (order by cp.queue_position, ${products.id}) as rn
        from ${catalogueProducts} cp join ${products} on ${products.id} = cp.product_id
        where cp.catalogue_id = ${originId} and ${visibleItem} ${ownerCond}
          and ((${products.is_dropshipping} and ${products.supplier_id} is not null)
            or exists (select 1 from ${shopProducts} sp where sp.shop_id = ${shopId} and sp.product_id = ${products.id}))
      ), ${appendToStore(shopId)}, c as (
        insert into ${catalogueProducts} (catalogue_id, product_id, queue_position)
        select ${catalogueId}::uuid, m.id, (m.rn - 1)::int from m on conflict do nothing returning 1
      )
      select (select count(*) from c)::int as copied`);
    return Number(rowsOf<{ copied: number }>(res)[0]?.copied ?? 0);
  });
}

export async function insertFork(db: Db, row: { shop_id: string; owner: string | null; name: string; slug: string; photo: string | null; origin_id: string }): Promise<string | null> {
  const [out] = await db.insert(catalogues).values(row).onConflictDoNothing().returning({ id: catalogues.id });
  return out?.id ?? null;
}

/** Enabled shops the user administers (owner, or the admin permission), with what decides their network. */
export async function adminShopsOf(db: Db, profileId: string, userId: string) {
  const res = await db.execute(sql`select s.id, s.slug::text as slug, s.name, s.store_type, s.root_affinity_store_id, s.canonical_url
    from ${shops} s
    where not s.disabled and not s.is_proxy and (s.owner = ${profileId}
      or exists (select 1 from ${shopMemberships} m where m.shop_id = s.id and m.user_id = ${userId} and 'admin' = any(m.permissions)))
    order by s.name, s.id limit 50`);
  return rowsOf<{ id: string; slug: string; name: string; store_type: string; root_affinity_store_id: string | null; canonical_url: string | null }>(res);
}

/** The catalogue a fork was copied from (its origin_id), with its shop. */
export async function originOf(db: Db, catalogueId: string): Promise<OriginRow | null> {
  const res = await db.execute(sql`select ${originColumns} from ${catalogues} f join ${catalogues} c on c.id = f.origin_id
    join ${shops} s on s.id = c.shop_id where f.id = ${catalogueId} limit 1`);
  return toOrigin(rowsOf<RawOrigin>(res)[0]);
}

/**
 * Catalogues of the network's shops (the root store first) other than `excludeShopId`, by shop and name; `text`
 * matches the name (accents and case ignored). num_products counts what shoppers see.
 */
export async function networkCatalogues(db: Db, network: string, excludeShopId: string, q: { text: string; offset: number; limit: number }) {
  const conds: SQL[] = [sql`(s.id = ${network} or s.root_affinity_store_id = ${network})`, sql`s.id <> ${excludeShopId}`, sql`not s.disabled`];
  if (q.text) conds.push(sql`public.f_search_name(c.name) like '%' || public.f_search_name(${q.text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}) || '%'`);
  const where = sql.join(conds, sql` and `);
  const [res, total] = await Promise.all([
    db.execute(sql`select c.id, c.name, c.slug, c.photo, s.slug::text as shop_slug, s.name as shop_name,
        (select count(*)::int from ${catalogueProducts} cp join ${products} on ${products.id} = cp.product_id
          where cp.catalogue_id = c.id and ${visibleItem}) as num_products
      from ${catalogues} c join ${shops} s on s.id = c.shop_id where ${where}
      order by (s.id = ${network}) desc, s.name, c.name, c.id offset ${q.offset} limit ${q.limit}`),
    db.execute(sql`select count(*)::int as n from ${catalogues} c join ${shops} s on s.id = c.shop_id where ${where}`),
  ]);
  type Row = { id: string; name: string; slug: string; photo: string | null; shop_slug: string; shop_name: string; num_products: number };
  const results = rowsOf<Row>(res).map((r) => ({ ...r, num_products: Number(r.num_products) }));
  return { results, matches_estimated: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0) };
}
