// The only place search SQL lives. Same statements on PGlite and PostgreSQL; the functions and indexes they
// rely on (f_search_name, f_search_document, trigram and tsvector GIN indexes) come from ./migration.sql.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProducts, catalogues, products, shopProducts } from '../../db/schema/index.ts';
import type { ItemSort, ItemType, ListItem } from '../catalog/schema.ts';
import { escapeLike, prefixTsquery, searchTokens } from './schema.ts';

/** The folded name: the expression the trigram index is built on. */
export const foldedName = sql`public.f_search_name(${products.name})`;
/** Name, tags and description as words: the expression the full-text index is built on. */
export const searchDocument = sql`public.f_search_document(${products.name}, ${products.plain_description}, ${products.tags})`;

export interface TextMatch {
  /** Rows that match: the name contains the text, every word starts a word of name/tags/description, or a word of the name is close to the text. */
  where: SQL;
  /** 0 name starts with the text, 1 a word of the name does, 2 the name contains it, 3 every word starts a word of the name, 4 anything else. */
  rank: SQL;
  /** Word similarity of the text to the name (0..1), the tie-breaker inside a rank. */
  similarity: SQL;
}

/** SQL for a normalised, non-empty search text. */
export function textMatch(text: string): TextMatch {
  const tokens = searchTokens(text);
  const q = sql`public.f_search_name(${text})`;
  const qLike = sql`public.f_search_name(${escapeLike(text)})`;
  const spaced = sql`(' ' || ${foldedName})`;
  const anyOf: SQL[] = [sql`${foldedName} like '%' || ${qLike} || '%'`];
  if (tokens.length) anyOf.push(sql`${searchDocument} @@ to_tsquery('simple', public.f_unaccent(${prefixTsquery(tokens)}))`);
  // Typo tolerance (word similarity >= pg_trgm.word_similarity_threshold, 0.6) for texts long enough to have trigrams.
  if (text.length >= 4) anyOf.push(sql`${foldedName} %> ${q}`);
  const allWordsInName = tokens.length > 1
    ? sql.join(tokens.map((t) => sql`${spaced} like '% ' || public.f_search_name(${escapeLike(t)}) || '%'`), sql` and `)
    : sql`false`;
  return {
    where: sql`(${sql.join(anyOf, sql` or `)})`,
    rank: sql`case
      when ${foldedName} like ${qLike} || '%' then 0
      when ${spaced} like '% ' || ${qLike} || '%' then 1
      when ${foldedName} like '%' || ${qLike} || '%' then 2
      when ${allWordsInName} then 3
      else 4 end`,
    similarity: sql`word_similarity(${q}, ${foldedName})`,
  };
}

/** Items a storefront may show: published, not hidden, not disabled. */
export const visibleItem = sql`${products.list_state} = 'published' and not ${products.hiden} and not ${products.disabled}`;

/** The list-item columns (ListItem without in_store), for a select list. */
export function listItemColumns(queuePosition: SQL) {
  return sql`${products.id} as id, ${products.owner} as owner, ${products.name} as name, ${products.slug} as slug,
    ${products.type} as type, ${products.currency} as currency, ${products.list_price} as list_price,
    ${products.crossout_price} as crossout_price, ${products.hide_price} as hide_price, ${products.is_free} as is_free,
    ${queuePosition} as queue_position, ${products.photos}->>0 as photo, ${products.stock_type} as stock_type,
    (${products.stock_on_hand} - ${products.stock_reserved})::int as available, ${products.sold_out} as sold_out,
    ${products.experience_date} as experience_date`;
}

export type RawItem = Omit<ListItem, 'experience_date' | 'in_store'> & { experience_date: Date | string | null; total?: number | string };

export function toListItem(r: RawItem, inStore = true): ListItem {
  const d = r.experience_date;
  return {
    id: r.id, owner: r.owner, name: r.name, slug: r.slug, type: r.type, currency: r.currency, in_store: inStore,
    list_price: Number(r.list_price), crossout_price: r.crossout_price === null ? null : Number(r.crossout_price),
    hide_price: r.hide_price, is_free: r.is_free, queue_position: Number(r.queue_position), photo: r.photo,
    stock_type: r.stock_type, available: Number(r.available), sold_out: r.sold_out,
    experience_date: d === null ? null : new Date(d).toISOString(),
  };
}

/** Rows of db.execute on either driver. */
export function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/** Sort keys after the text rank: price when asked for, else the shop's own order. */
function orderFor(sort: ItemSort, match: TextMatch | null, queuePosition: SQL): SQL {
  if (sort === '-list_price') return sql`${products.list_price} desc, ${products.id}`;
  if (sort === 'list_price') return sql`${products.list_price} asc, ${products.id}`;
  if (match) return sql`${match.rank}, ${match.similarity} desc, ${queuePosition}, ${products.id}`;
  return sql`${queuePosition}, ${products.id}`;
}

/** A shop's items of one type whose name, tags or description match `text` (normalised, non-empty). */
export async function searchShopItems(db: Db, shopId: string, opts: { text: string; type: ItemType; sort: ItemSort; offset: number; limit: number }) {
  const match = textMatch(opts.text);
  const res = await db.execute(sql`
    select ${listItemColumns(sql`${shopProducts.queue_position}`)}, count(*) over () as total
    from ${shopProducts} join ${products} on ${products.id} = ${shopProducts.product_id}
    where ${shopProducts.shop_id} = ${shopId} and ${products.type} = ${opts.type} and ${visibleItem} and ${match.where}
    order by ${orderFor(opts.sort, match, sql`${shopProducts.queue_position}`)}
    offset ${opts.offset} limit ${opts.limit}`);
  return withTotal(db, rowsOf<RawItem>(res), opts.offset, async () => {
    const c = await db.execute(sql`select count(*)::int as n
      from ${shopProducts} join ${products} on ${products.id} = ${shopProducts.product_id}
      where ${shopProducts.shop_id} = ${shopId} and ${products.type} = ${opts.type} and ${visibleItem} and ${match.where}`);
    return Number(rowsOf<{ n: number }>(c)[0]?.n ?? 0);
  });
}

/** {results, matches_estimated} from rows carrying count(*) over (); past the end the count is asked separately. */
export async function withTotal(_db: Db, rows: RawItem[], offset: number, count: () => Promise<number>, inStore?: (r: RawItem) => boolean) {
  const total = rows.length ? Number(rows[0]!.total) : offset > 0 ? await count() : 0;
  return { results: rows.map((r) => toListItem(r, inStore ? inStore(r) : true)), matches_estimated: total };
}

/**
 * A catalogue's visible items in its order (queue_position, zero-based), optionally filtered by text.
 * in_store tells whether the shop also offers the item in its store.
 */
export async function catalogueItems(db: Db, shopId: string, catalogueId: string, opts: { text: string; offset: number; limit: number }) {
  const match = opts.text ? textMatch(opts.text) : null;
  const qp = sql`${catalogueProducts.queue_position}`;
  const where = sql`${catalogueProducts.catalogue_id} = ${catalogueId} and ${visibleItem} ${match ? sql`and ${match.where}` : sql``}`;
  const res = await db.execute(sql`
    select ${listItemColumns(qp)}, count(*) over () as total,
      exists (select 1 from ${shopProducts} where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} = ${products.id}) as in_store
    from ${catalogueProducts} join ${products} on ${products.id} = ${catalogueProducts.product_id}
    where ${where}
    order by ${match ? sql`${match.rank}, ${match.similarity} desc, ${qp}, ${products.id}` : sql`${qp}, ${products.id}`}
    offset ${opts.offset} limit ${opts.limit}`);
  return withTotal(db, rowsOf<RawItem & { in_store: boolean }>(res), opts.offset, async () => {
    const c = await db.execute(sql`select count(*)::int as n from ${catalogueProducts} join ${products} on ${products.id} = ${catalogueProducts.product_id} where ${where}`);
    return Number(rowsOf<{ n: number }>(c)[0]?.n ?? 0);
  }, (r) => Boolean((r as RawItem & { in_store: boolean }).in_store));
}

/** Of the given shops, those that offer the product (in the store or in one of their catalogues). */
export async function shopsOffering(db: Db, productId: string, shopIds: readonly string[]): Promise<string[]> {
  if (!shopIds.length) return [];
  const ids = sql.join(shopIds.map((id) => sql`${id}::uuid`), sql`, `);
  const res = await db.execute(sql`
    select ${shopProducts.shop_id} as shop_id from ${shopProducts}
      where ${shopProducts.product_id} = ${productId} and ${shopProducts.shop_id} in (${ids})
    union
    select ${catalogues.shop_id} from ${catalogueProducts} join ${catalogues} on ${catalogues.id} = ${catalogueProducts.catalogue_id}
      where ${catalogueProducts.product_id} = ${productId} and ${catalogues.shop_id} in (${ids})`);
  return rowsOf<{ shop_id: string }>(res).map((r) => r.shop_id);
}
