// The only place resale SQL lives: the items shops may resell, a shop's store assortment (shop_products, with
// its catalogues on removal) and the franchises it carries (shop_franchises). Both tables' triggers notify the
// page cache, so nothing here has to.
import { asc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProductMemory, catalogueProducts, catalogues, plans, products, shopFranchises, shopMemberships, shopProducts, shops, suppliers } from '../../db/schema/index.ts';
import { lockCatalogueOrder, placeCatalogueProduct } from '../admin/index.ts';
import { currencyGroup, foldedName, fuzzyEligible, rowsOf, textMatch, visibleItem } from '../search/index.ts';
import { escapeLike, SEARCH_CHECK_AT_LEAST } from '../search/schema.ts';
import type { FranchiseChoice, ResaleFacetsQuery, ResaleItem, ResaleQuery, ResaleScope } from './schema.ts';

/** Items any shop may resell: shown on storefronts, dropshipped, with a supplier. */
const resellable = sql`${visibleItem} and ${products.is_dropshipping} and ${products.supplier_id} is not null`;

/** Folded-name order under the C collation: the same page boundaries on PGlite and on any PostgreSQL locale. */
const byName = (folded: SQL, name: SQL, id: SQL) => sql`${folded} collate "C", ${name} collate "C", ${id}`;

const SORTS: Record<ResaleQuery['sort'], SQL> = {
  name: byName(foldedName, sql`${products.name}`, sql`${products.id}`),
  '-contribution_margin': sql`${products.contribution_margin} desc, ${products.id}`,
  // Grouped by currency first (no exchange rates: amounts of different currencies are never compared).
  list_price: sql`${currencyGroup}, ${products.list_price}, ${products.id}`,
  '-list_price': sql`${currencyGroup}, ${products.list_price} desc, ${products.id}`,
};

/** Counts up to SEARCH_CHECK_AT_LEAST (seed 001 §7 check_at_least): broad filters never count everything. */
async function countAtLeast(db: Db, from: SQL): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from (select 1 ${from} limit ${SEARCH_CHECK_AT_LEAST}) as m`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

type RawResale = Omit<ResaleItem, 'supplier' | 'earning'> & { supplier_id: string | null; supplier_name: string | null };

/**
 * The shop owner's own items (issue 26: a shop owner who is also a supplier): its store may take them even when they
 * are not dropshipped, i.e. kept to its own store, closed to other resellers.
 */
const ownItem = (shopOwner: string | null) => (shopOwner ? sql`(${visibleItem} and ${products.owner} = ${shopOwner})` : sql`false`);

/** Which items a list or its facets cover (see RESALE_SCOPES); a franchise store's supplier profile narrows them. */
function scopeWhere(shopId: string, scope: ResaleScope, franchiseOwner: string | null, shopOwner: string | null = null): { where: SQL; canAdd: SQL } {
  const own = franchiseOwner ? sql` and ${products.owner} = ${franchiseOwner}` : sql``;
  const canAdd = sql`((${resellable}${own}) or ${ownItem(shopOwner)})`;
  if (scope === 'resellable') return { where: canAdd, canAdd };
  const inStore = sql`exists (select 1 from ${shopProducts} where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} = ${products.id})`;
  return { where: sql`((${visibleItem} and ${products.supplier_id} is not null${own}) or ${inStore})`, canAdd };
}

export interface ResaleListOptions { franchiseOwner: string | null; /** The shop's owner profile: its own items may go in its store. */ shopOwner?: string | null }

/** One page of resellable items of a type; `text` (normalised) falls back to near matches like the storefront search. */
export async function listResale(db: Db, shopId: string, q: Omit<ResaleQuery, 'text'> & { text: string }, opts: ResaleListOptions = { franchiseOwner: null }) {
  const scope = scopeWhere(shopId, q.scope, opts.franchiseOwner, opts.shopOwner ?? null);
  const conds: SQL[] = [scope.where, sql`${products.type} = ${q.type}`];
  if (q.supplier) conds.push(sql`${products.supplier_id} = ${q.supplier}`);
  if (q.category) {
    conds.push(sql`exists (select 1 from unnest(${products.tags}) as tag where public.f_search_name(tag) = public.f_search_name(${q.category}))`);
  }
  const run = async (match: SQL | null) => {
    const from = sql`from ${products} left join ${suppliers} on ${suppliers.id} = ${products.supplier_id}
      where ${sql.join(match ? [...conds, match] : conds, sql` and `)}`;
    const [res, total] = await Promise.all([
      db.execute(sql`select ${products.id} as id, ${products.owner} as owner, ${products.name} as name, ${products.type} as type,
          ${products.photos}->>0 as photo, ${products.list_price} as list_price, ${products.currency} as currency,
          to_jsonb(${products.tags}) as tags, ${suppliers.id} as supplier_id, ${suppliers.name} as supplier_name,
          exists (select 1 from ${shopProducts} where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} = ${products.id}) as in_store,
          ${products.contribution_margin} as contribution_margin, ${products.is_dropshipping} as is_dropshipping,
          ${scope.canAdd} as resellable, not (${visibleItem}) as faded
        ${from} order by ${SORTS[q.sort]} offset ${q.offset} limit ${q.limit}`),
      countAtLeast(db, from),
    ]);
    const results = rowsOf<RawResale>(res).map((r) => ({
      id: r.id, owner: r.owner, name: r.name, type: r.type, photo: r.photo, list_price: Number(r.list_price), currency: r.currency,
      supplier: r.supplier_id ? { id: r.supplier_id, name: r.supplier_name ?? '' } : null, tags: r.tags ?? [], in_store: Boolean(r.in_store),
      contribution_margin: Number(r.contribution_margin), is_dropshipping: Boolean(r.is_dropshipping),
      resellable: Boolean(r.resellable), faded: Boolean(r.faded),
    }));
    return { results, matches_estimated: total };
  };
  if (!q.text) return run(null);
  const strict = await run(textMatch(q.text).where);
  if (strict.matches_estimated > 0 || !fuzzyEligible(q.text)) return strict;
  return run(textMatch(q.text, 'fuzzy').where);
}

/**
 * The filter dropdowns: suppliers and main tags (the first) of the items a list of that type and scope covers; with
 * a limit, those with the most items.
 */
export async function resaleFacets(db: Db, shopId: string, q: ResaleFacetsQuery & { scope: ResaleScope }, opts: ResaleListOptions = { franchiseOwner: null }) {
  const where = sql`${scopeWhere(shopId, q.scope, opts.franchiseOwner, opts.shopOwner ?? null).where} and ${products.type} = ${q.type}`;
  const limit = (n: number | undefined) => (n ? sql` limit ${n}` : sql``);
  const [sup, cat] = await Promise.all([
    db.execute(sql`select ${suppliers.id} as id, ${suppliers.name} as name
      from ${products} join ${suppliers} on ${suppliers.id} = ${products.supplier_id} where ${where}
      group by ${suppliers.id}, ${suppliers.name} order by count(*) desc, ${suppliers.name}, ${suppliers.id}${limit(q.suppliers_limit)}`),
    db.execute(sql`select ${products.tags}[1] as category from ${products} where ${where} and cardinality(${products.tags}) > 0
      group by 1 order by count(*) desc, 1${limit(q.categories_limit)}`),
  ]);
  return {
    suppliers: rowsOf<{ id: string; name: string }>(sup),
    categories: rowsOf<{ category: string }>(cat).map((r) => r.category),
  };
}

/** The shop's store items a plan comparison prices: resellable ones, in store order, with their margin. */
export async function storeSample(db: Db, shopId: string, limit: number) {
  const res = await db.execute(sql`select ${products.id} as id, ${products.name} as name, ${products.contribution_margin} as margin, ${products.currency} as currency
    from ${shopProducts} join ${products} on ${products.id} = ${shopProducts.product_id}
    where ${shopProducts.shop_id} = ${shopId} and ${resellable}
    order by ${shopProducts.queue_position}, ${products.id} limit ${limit}`);
  return rowsOf<{ id: string; name: string; margin: number; currency: string }>(res).map((r) => ({ ...r, margin: Number(r.margin) }));
}

/** Every plan (seed 001 §3 plan record), cheapest first. */
export async function allPlans(db: Db) {
  return db.select().from(plans).orderBy(asc(plans.price), asc(plans.id));
}

/** A resellable item by id, or the shop owner's own visible item (its owner tells a franchise store's supplier), or null. */
export async function findResellable(db: Db, id: string, shopOwner: string | null = null): Promise<{ id: string; owner: string } | null> {
  const res = await db.execute(sql`select ${products.id} as id, ${products.owner} as owner from ${products}
    where ${products.id} = ${id} and (${resellable} or ${ownItem(shopOwner)}) limit 1`);
  return rowsOf<{ id: string; owner: string }>(res)[0] ?? null;
}

export async function productExists(db: Db, id: string): Promise<boolean> {
  const res = await db.execute(sql`select 1 as one from ${products} where ${products.id} = ${id} limit 1`);
  return rowsOf(res).length > 0;
}

/** Store order changes of one shop take turns (the same lock as catalog's moveInStore). */
const lockStoreOrder = (tx: Db, shopId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop-order:${shopId}`}))`);

/**
 * Appends an item to the store (no-op when present); answers its queue_position. An item coming back also goes
 * back into the shop's catalogues it left with removeFromStore, each at its old position (or the end, when the
 * catalogue is shorter now); answers how many.
 */
export async function addToStore(db: Db, shopId: string, productId: string): Promise<{ queue_position: number; restored: number }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockStoreOrder(tx, shopId);
    const inserted = rowsOf(await tx.execute(sql`insert into ${shopProducts} (shop_id, product_id, queue_position)
      select ${shopId}::uuid, ${productId}::uuid, coalesce(max(${shopProducts.queue_position}) + 1, 0) from ${shopProducts} where ${shopProducts.shop_id} = ${shopId}
      on conflict do nothing returning ${shopProducts.product_id}`)).length > 0;
    const res = await tx.execute(sql`select ${shopProducts.queue_position} as p from ${shopProducts}
      where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} = ${productId}`);
    const queue_position = Number(rowsOf<{ p: number }>(res)[0]!.p);
    const restored = inserted ? await restoreCataloguePlaces(tx, shopId, productId) : 0;
    return { queue_position, restored };
  });
}

/** Puts an item back into the catalogues it left (catalogue_product_memory), at its old positions; clears them. */
async function restoreCataloguePlaces(tx: Db, shopId: string, productId: string): Promise<number> {
  const gone = await tx.execute(sql`delete from ${catalogueProductMemory}
    where ${catalogueProductMemory.shop_id} = ${shopId} and ${catalogueProductMemory.product_id} = ${productId}
    returning ${catalogueProductMemory.catalogue_id} as id, ${catalogueProductMemory.queue_position} as p`);
  const places = rowsOf<{ id: string; p: number }>(gone).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let restored = 0;
  for (const { id, p } of places) {
    await lockCatalogueOrder(tx, id);
    // Only a catalogue still of this shop (the memory row cascades when it is deleted).
    const put = await tx.execute(sql`insert into ${catalogueProducts} (catalogue_id, product_id, queue_position)
      select ${id}::uuid, ${productId}::uuid, coalesce(max(cp.queue_position) + 1, 0) from ${catalogueProducts} cp where cp.catalogue_id = ${id}::uuid
      on conflict do nothing returning ${catalogueProducts.product_id}`);
    if (!rowsOf(put).length) continue;
    await placeCatalogueProduct(tx, id, productId, Number(p));
    await tx.execute(sql`update ${catalogues} set updated_at = now() where ${catalogues.id} = ${id}`);
    restored++;
  }
  return restored;
}

/**
 * Takes an item out of the store and out of every catalogue of the shop, in one transaction, so no catalogue
 * keeps what the store no longer sells; those catalogues are renumbered 0..n-1. Its places are remembered
 * (catalogue_product_memory) for addToStore to restore. Answers how many catalogues there were.
 */
export async function removeFromStore(db: Db, shopId: string, productId: string): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockStoreOrder(tx, shopId);
    const res = await tx.execute(sql`select ${catalogues.id} as id from ${catalogues}
      join ${catalogueProducts} on ${catalogueProducts.catalogue_id} = ${catalogues.id}
      where ${catalogues.shop_id} = ${shopId} and ${catalogueProducts.product_id} = ${productId} order by ${catalogues.id}`);
    const ids = rowsOf<{ id: string }>(res).map((r) => r.id);
    if (ids.length) {
      await tx.execute(sql`insert into ${catalogueProductMemory} (shop_id, product_id, catalogue_id, queue_position)
        select ${shopId}::uuid, ${productId}::uuid, cp.catalogue_id, cp.queue_position from ${catalogueProducts} cp
        join ${catalogues} c on c.id = cp.catalogue_id where c.shop_id = ${shopId} and cp.product_id = ${productId}
        on conflict (catalogue_id, product_id) do update set queue_position = excluded.queue_position, removed_at = now()`);
    }
    await tx.execute(sql`delete from ${shopProducts} where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} = ${productId}`);
    for (const id of ids) {
      await lockCatalogueOrder(tx, id);
      await tx.execute(sql`delete from ${catalogueProducts} where ${catalogueProducts.catalogue_id} = ${id} and ${catalogueProducts.product_id} = ${productId}`);
      await placeCatalogueProduct(tx, id, null, 0);
      await tx.execute(sql`update ${catalogues} set updated_at = now() where ${catalogues.id} = ${id}`);
    }
    return ids.length;
  });
}

/** Of `ids`, those in the shop's store. */
export async function storeIdsAmong(db: Db, shopId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  const res = await db.execute(sql`select ${shopProducts.product_id} as id from ${shopProducts}
    where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} in (${list})`);
  return new Set(rowsOf<{ id: string }>(res).map((r) => r.id));
}

// ---------- franchises ----------

/** Shops another shop may carry as franchises: franchise type, enabled, real (not proxies). */
const franchiseShop = sql`${shops.store_type} = 'franchise' and not ${shops.disabled} and not ${shops.is_proxy}`;

export async function listFranchiseChoices(db: Db, shopId: string, q: { text: string; offset: number; limit: number }) {
  const conds: SQL[] = [franchiseShop, sql`${shops.id} <> ${shopId}`];
  if (q.text) conds.push(sql`public.f_search_name(${shops.name}) like '%' || public.f_search_name(${escapeLike(q.text)}) || '%'`);
  const where = sql.join(conds, sql` and `);
  const [res, total] = await Promise.all([
    db.execute(sql`select ${shops.id} as id, ${shops.slug}::text as slug, ${shops.name} as name, ${shops.photo} as photo,
        ${shops.canonical_url} as canonical_url,
        exists (select 1 from ${shopFranchises} where ${shopFranchises.shop_id} = ${shopId} and ${shopFranchises.franchise_id} = ${shops.id}) as in_store
      from ${shops} where ${where}
      order by ${byName(sql`public.f_search_name(${shops.name})`, sql`${shops.name}`, sql`${shops.id}`)} offset ${q.offset} limit ${q.limit}`),
    countAtLeast(db, sql`from ${shops} where ${where}`),
  ]);
  const results: FranchiseChoice[] = rowsOf<FranchiseChoice>(res).map((r) => ({ ...r, in_store: Boolean(r.in_store) }));
  return { results, matches_estimated: total };
}

/** A shop by id with what decides whether it may be carried as a franchise, or null. */
export async function findFranchiseTarget(db: Db, id: string): Promise<{ id: string; carriable: boolean } | null> {
  const res = await db.execute(sql`select ${shops.id} as id, (${franchiseShop}) as carriable from ${shops} where ${shops.id} = ${id} limit 1`);
  const row = rowsOf<{ id: string; carriable: boolean }>(res)[0];
  return row ? { id: row.id, carriable: Boolean(row.carriable) } : null;
}

/** Appends a franchise to the shop's list (no-op when present). */
export async function addFranchise(db: Db, shopId: string, franchiseId: string): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop-franchises:${shopId}`}))`);
    await tx.execute(sql`insert into ${shopFranchises} (shop_id, franchise_id, position)
      select ${shopId}::uuid, ${franchiseId}::uuid, coalesce(max(${shopFranchises.position}) + 1, 0) from ${shopFranchises} where ${shopFranchises.shop_id} = ${shopId}
      on conflict do nothing`);
  });
}

export async function removeFranchise(db: Db, shopId: string, franchiseId: string): Promise<void> {
  await db.execute(sql`delete from ${shopFranchises} where ${shopFranchises.shop_id} = ${shopId} and ${shopFranchises.franchise_id} = ${franchiseId}`);
}

// ---------- 'add to my store' on other shops' items (issue 26) ----------

/** The store a signed-in person adds items to: the enabled shop they own, else one they administer (by slug). */
export async function storeOfAdmin(db: Db, profileId: string, userId: string): Promise<{ id: string; slug: string; name: string; owner: string | null } | null> {
  const res = await db.execute(sql`select ${shops.id} as id, ${shops.slug}::text as slug, ${shops.name} as name, ${shops.owner} as owner,
      (${shops.owner} = ${profileId}) as own from ${shops}
    where not ${shops.disabled} and not ${shops.is_proxy} and (${shops.owner} = ${profileId} or exists (
      select 1 from ${shopMemberships} m where m.shop_id = ${shops.id} and m.user_id = ${userId} and 'admin' = any(m.permissions)))
    order by own desc, ${shops.slug} limit 1`);
  const r = rowsOf<{ id: string; slug: string; name: string; owner: string | null }>(res)[0];
  return r ? { id: r.id, slug: r.slug, name: r.name, owner: r.owner } : null;
}

/** Of `ids`, those a store may take (resellable, or the store owner's own visible items). */
export async function addableAmong(db: Db, ids: readonly string[], shopOwner: string | null): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  const res = await db.execute(sql`select ${products.id} as id from ${products}
    where ${products.id} in (${list}) and (${resellable} or ${ownItem(shopOwner)})`);
  return new Set(rowsOf<{ id: string }>(res).map((r) => r.id));
}
