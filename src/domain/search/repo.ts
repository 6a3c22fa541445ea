// The only place search SQL lives. Same statements on PGlite and PostgreSQL; the functions and indexes they
// rely on (f_search_name, f_search_document, trigram and tsvector GIN indexes) come from src/db/migrations/0007_search_and_live_events.sql.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProducts, catalogues, productReviewStats, products, shopProducts } from '../../db/schema/index.ts';
import { averageRating } from '../reviews/index.ts';
import type { ItemSort, ItemType, ListItem } from '../catalog/schema.ts';
import { escapeLike, prefixTsquery, SEARCH_CHECK_AT_LEAST, searchTokens } from './schema.ts';
import { HOME_CURRENCY } from '../../lib/shared/money.ts';

/** The folded name (stored generated column products.search_name = f_search_name(name), trigram-indexed). */
export const foldedName = sql.raw('"products"."search_name"');
/** Name, tags and description as words (stored generated column products.search_document, GIN-indexed). */
export const searchDocument = sql.raw('"products"."search_document"');

export interface TextMatch {
  /** Rows that match. */
  where: SQL;
  /** Relevance, best first: `rank, length(name)`, an ORDER BY list ending before the shop's own order. */
  order: SQL;
  /** The first key of `order` (lower is better). */
  rank: SQL;
  /** Whether `where` reads the name alone (near matches, one-character texts): no match in tags or description. */
  nameOnly: boolean;
  /** The part of `where` that reads the name; `where` is `nameWhere or docWhere`. */
  nameWhere: SQL;
  /** The part of `where` that reads name, tags and description as words (absent when nameOnly). */
  docWhere?: SQL;
  /**
   * Strict texts of a word or more: the matches found in the name (every rank but the last), which always come
   * before those found only in tags or description. rankedPage reads the others only when a page reaches them.
   * Every row it selects also matches `where` (the words it finds in the name are words of the document too).
   */
  inName?: SQL;
}

/** Whether a text may fall back to near matches: one word of 4+ characters. */
export function fuzzyEligible(text: string): boolean {
  return searchTokens(text).length === 1 && text.length >= 4;
}

/**
 * SQL for a normalised, non-empty search text, over a folded name column `n` (products.search_name unless a
 * search table's column is given) and the products' document.
 *
 * Strict: the name contains the text, or every word of the text starts a word of the name, tags or description
 * (one-character texts: a word of the name starts with it). Relevance: the name is or starts with the text as
 * whole words, starts with it, has it as a whole word, has a word starting with it, contains it, has every word
 * of it as word starts; then names with fewer other characters first (for a name that contains the text, this
 * is the order of trigram similarity, without computing it for every match); matches only in tags or
 * description last.
 *
 * Fuzzy (the fallback when strict finds nothing): a word of the name is close to the text (pg_trgm word
 * similarity >= 0.6: plurals and slips, 'camisas' -> 'camisa'), most similar first.
 */
export function textMatch(text: string, mode: 'strict' | 'fuzzy' = 'strict', n: SQL = foldedName): TextMatch {
  const tokens = searchTokens(text);
  const q = sql`public.f_search_name(${escapeLike(text)})`;
  const spaced = sql`(' ' || ${n})`;
  if (mode === 'fuzzy') {
    const plain = sql`public.f_search_name(${text})`;
    const where = sql`(${n} %> ${plain})`;
    const rank = sql`-word_similarity(${plain}, ${n})`;
    return { where, nameWhere: where, nameOnly: true, rank, order: sql`${rank}, length(${n})` };
  }
  let where: SQL, nameWhere: SQL, docWhere: SQL | undefined;
  if (text.length < 2) {
    // A word of the name starts with it, written on the column itself so the trigram index answers it (the word's
    // first trigram): a rare letter in a store of 100,000 names is 800 index hits, not a scan of every name.
    where = nameWhere = sql`(${n} like ${q} || '%' or ${n} like '% ' || ${q} || '%')`;
  } else {
    nameWhere = sql`(${n} like '%' || ${q} || '%')`;
    if (tokens.length) docWhere = sql`(${searchDocument} @@ to_tsquery('simple', public.f_unaccent(${prefixTsquery(tokens)})))`;
    where = docWhere ? sql`(${nameWhere} or ${docWhere})` : nameWhere;
  }
  const allWordsInName = tokens.length > 1
    ? sql.join(tokens.map((t) => sql`${spaced} like '% ' || public.f_search_name(${escapeLike(t)}) || '%'`), sql` and `)
    : sql`false`;
  // The same words as plain "contains" too: what the trigram index answers before the word starts are checked.
  const allWordsIndexed = tokens.length > 1
    ? sql.join(tokens.map((t) => sql`${n} like '%' || public.f_search_name(${escapeLike(t)}) || '%'`), sql` and `)
    : null;
  const rank = sql`case
      when ${n} = ${q} or ${n} like ${q} || ' %' then 0
      when ${n} like ${q} || '%' then 1
      when ${n} like '% ' || ${q} || ' %' or ${n} like '% ' || ${q} then 2
      when ${spaced} like '% ' || ${q} || '%' then 3
      when ${n} like '%' || ${q} || '%' then 4
      when ${allWordsInName} then 5
      else 6 end`;
  return {
    where, nameWhere, docWhere, nameOnly: !docWhere, rank,
    inName: docWhere
      ? sql`(${n} like '%' || ${q} || '%'${allWordsIndexed ? sql` or (${allWordsIndexed} and ${allWordsInName})` : sql``})`
      : undefined,
    order: sql`${rank}, length(${n})`,
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
    ${products.experience_date} as experience_date, ${ratingColumns}`;
}

/**
 * A card's review count and rating sum, read from product_review_stats by key inside the list's own statement
 * (no query per card); toListItem turns them into `rating`.
 */
export const ratingColumns = sql`(select ${productReviewStats.review_count} from ${productReviewStats} where ${productReviewStats.product_id} = ${products.id}) as rating_count,
    (select ${productReviewStats.rating_sum} from ${productReviewStats} where ${productReviewStats.product_id} = ${products.id}) as rating_sum`;

/** `rating` of a list item from the stats columns (null without reviews). */
export function ratingOf(count: unknown, sum: unknown): ListItem['rating'] {
  const n = Number(count ?? 0), total = Number(sum ?? 0);
  const average = averageRating(total, n);
  return average === null ? null : { average, count: n };
}

export type RawItem = Omit<ListItem, 'experience_date' | 'in_store' | 'rating'> & { experience_date: Date | string | null; rating_count?: number | string | null; rating_sum?: number | string | null };

export function toListItem(r: RawItem, inStore = true): ListItem {
  const d = r.experience_date;
  return {
    id: r.id, owner: r.owner, name: r.name, slug: r.slug, type: r.type, currency: r.currency, in_store: inStore,
    list_price: Number(r.list_price), crossout_price: r.crossout_price === null ? null : Number(r.crossout_price),
    hide_price: r.hide_price, is_free: r.is_free, queue_position: Number(r.queue_position), photo: r.photo,
    stock_type: r.stock_type, available: Number(r.available), sold_out: r.sold_out,
    experience_date: d === null ? null : new Date(d).toISOString(), rating: ratingOf(r.rating_count, r.rating_sum),
  };
}

/** Rows of db.execute on either driver. */
export function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/**
 * Price order never compares amounts of different currencies (the platform keeps no exchange rates: €99 is not
 * 'less' than $109): items are grouped by currency, the home currency (HOME_CURRENCY) first, then the others by
 * code, the same group order both ways; the price order holds within each group.
 */
export const currencyGroup = sql`(${products.currency} <> ${HOME_CURRENCY}), ${products.currency}`;

/** Sort keys: price when asked for, else relevance then the shop's own order. */
function orderFor(sort: ItemSort, match: TextMatch | null, queuePosition: SQL): SQL {
  if (sort === '-list_price') return sql`${currencyGroup}, ${products.list_price} desc, ${products.id}`;
  if (sort === 'list_price') return sql`${currencyGroup}, ${products.list_price} asc, ${products.id}`;
  if (match) return sql`${match.order}, ${queuePosition}, ${products.id}`;
  return sql`${queuePosition}, ${products.id}`;
}

/**
 * One page of `select ... from ... where ... and <match>` in relevance order, then `tail` (the list's own order).
 * With match.inName, the matches in the name are ranked first and alone: the matches only in tags or description
 * (the last rank, by name length then `tail`) are read only when the page reaches past the name matches, so a word
 * found in thousands of descriptions ('taza') does not rank them all for its first page.
 */
async function rankedPage(db: Db, head: SQL, from: SQL, match: TextMatch, tail: SQL, offset: number, limit: number): Promise<RawItem[]> {
  if (!match.inName) {
    return rowsOf<RawItem>(await db.execute(sql`${head} ${from} and ${match.where} order by ${match.order}, ${tail} offset ${offset} limit ${limit}`));
  }
  const want = offset + limit;
  const named = rowsOf<RawItem>(await db.execute(sql`${head} ${from} and ${match.where} and ${match.inName}
    order by ${match.order}, ${tail} limit ${want}`));
  if (named.length === want) return named.slice(offset);
  const rest = rowsOf<RawItem>(await db.execute(sql`${head} ${from} and ${match.where} and not ${match.inName}
    order by length(${foldedName}), ${tail} offset ${Math.max(0, offset - named.length)} limit ${want - Math.max(offset, named.length)}`));
  return [...named.slice(offset), ...rest];
}

/**
 * Matches are counted exactly up to SEARCH_CHECK_AT_LEAST (seed 001 §7 check_at_least); a broader text answers
 * that number (the API's matches_estimated), so a search for "a" over 100,000 items never counts them all.
 */
async function countAtLeast(db: Db, from: SQL, atLeast = SEARCH_CHECK_AT_LEAST): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from (select 1 ${from} limit ${atLeast}) as m`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** The folded name column of shop_item_search (alias `s`): what a store's search ranks names on. */
const itemName = sql.raw('"s"."search_name"');

/**
 * One page of a store's matches in relevance order, then the store's own order. The names are ranked on
 * shop_item_search alone (narrow rows that also hold the store's order), and only the page's rows are read from
 * products; matches only in tags or description (`wide`, on products) are read only when the page reaches past
 * the name matches.
 */
async function shopRankedPage(db: Db, shopId: string, type: ItemType, narrow: TextMatch, wide: TextMatch, offset: number, limit: number): Promise<RawItem[]> {
  const want = offset + limit;
  // A name-only text (near matches, one character) ranks every match anyway: the same statement counts them, the
  // near-match recheck being the costly part (a miss like 'camsa' rechecks thousands of trigram candidates).
  const total = narrow.nameOnly ? sql`, t.total` : sql``;
  const named = rowsOf<RawItem>(await db.execute(sql`select ${listItemColumns(sql`t.qp`)}${total} from (
      select s.product_id as pid, s.queue_position as qp, ${narrow.rank} as k0, length(s.search_name) as k1
        ${narrow.nameOnly ? sql`, count(*) over () as total` : sql``}
      from shop_item_search s
      where s.shop_id = ${shopId} and s.type = ${type} and ${narrow.inName ?? narrow.where}
      order by k0, k1, qp, pid limit ${want}
    ) t join ${products} on ${products.id} = t.pid order by t.k0, t.k1, t.qp, t.pid`));
  if (named.length === want || !wide.inName) return named.slice(offset);
  const rest = rowsOf<RawItem>(await db.execute(sql`select ${listItemColumns(sql`${shopProducts.queue_position}`)}
    from ${shopProducts} join ${products} on ${products.id} = ${shopProducts.product_id}
    where ${shopProducts.shop_id} = ${shopId} and ${products.type} = ${type} and ${visibleItem} and ${wide.where} and not ${wide.inName}
    order by length(${foldedName}), ${shopProducts.queue_position}, ${products.id}
    offset ${Math.max(0, offset - named.length)} limit ${want - Math.max(offset, named.length)}`));
  return [...named.slice(offset), ...rest];
}

/**
 * The first `want` matches of a one-character text when they all have its two best ranks (the name is the
 * character or starts with it), in relevance order, read off shop_item_search_initial (migration 0039: shop, type,
 * first character, 'first word is the character alone', name length, the store's order) instead of ranking every
 * name with a word starting with it (most of a large store's names). Null when there are fewer: the caller ranks
 * them all. Only a letter or digit: the index's first character is the folded name's.
 */
async function initialPage(db: Db, shopId: string, type: ItemType, text: string, want: number): Promise<RawItem[] | null> {
  if (!/^[\p{L}\p{N}]$/u.test(text)) return null;
  const q = sql`public.f_search_name(${text})`;
  // The rank: 0 when the name is the character or its first word is the character alone, else 1. Written as the
  // index is, so the planner matches it (a boolean expression would be rewritten and read as a filter).
  const rank = sql.raw(`(case when length(s.search_name) = 1 or substr(s.search_name, 2, 1) = ' ' then 0 else 1 end)`);
  const tier = (k0: 0 | 1) => sql`(select s.product_id as pid, s.queue_position as qp, ${sql.raw(String(k0))} as k0, length(s.search_name) as k1
    from shop_item_search s where s.shop_id = ${shopId} and s.type = ${type} and left(s.search_name, 1) = ${q} and ${rank} = ${sql.raw(String(k0))}
    order by length(s.search_name), s.queue_position, s.product_id limit ${want})`;
  const rows = rowsOf<RawItem>(await db.execute(sql`select ${listItemColumns(sql`t.qp`)} from (
      ${tier(0)} union all ${tier(1)} order by k0, k1, qp, pid limit ${want}
    ) t join ${products} on ${products.id} = t.pid order by t.k0, t.k1, t.qp, t.pid`));
  return rows.length === want ? rows : null;
}

/**
 * The names starting with a one-character text, counted up to SEARCH_CHECK_AT_LEAST off the same index: when they
 * reach it, so do the matches (every one of them matches), and the count needs no scan of the other names.
 */
async function initialCountAtLeast(db: Db, shopId: string, type: ItemType, text: string): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from (select 1 from shop_item_search s
    where s.shop_id = ${shopId} and s.type = ${type} and left(s.search_name, 1) = public.f_search_name(${text}) limit ${SEARCH_CHECK_AT_LEAST}) as m`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/**
 * A store's matches counted up to SEARCH_CHECK_AT_LEAST: those in the name on shop_item_search, then, when they
 * are fewer, those only in tags or description on products (up to the rest of the limit).
 */
async function shopCountAtLeast(db: Db, shopId: string, type: ItemType, narrow: TextMatch, wide: TextMatch): Promise<number> {
  const named = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (select 1 from shop_item_search s
    where s.shop_id = ${shopId} and s.type = ${type} and ${narrow.nameWhere} limit ${SEARCH_CHECK_AT_LEAST}) as m`))[0]?.n ?? 0);
  if (named >= SEARCH_CHECK_AT_LEAST || !wide.docWhere) return named;
  return named + await countAtLeast(db, sql`from ${shopProducts} join ${products} on ${products.id} = ${shopProducts.product_id}
    where ${shopProducts.shop_id} = ${shopId} and ${products.type} = ${type} and ${visibleItem}
    and ${wide.docWhere} and not ${wide.nameWhere}`, SEARCH_CHECK_AT_LEAST - named);
}

/**
 * A shop's items of one type matching `text` (normalised, non-empty); when nothing matches strictly, the near
 * matches of a one-word text.
 */
export async function searchShopItems(db: Db, shopId: string, opts: { text: string; type: ItemType; sort: ItemSort; offset: number; limit: number }) {
  const run = async (mode: 'strict' | 'fuzzy') => {
    const narrow = textMatch(opts.text, mode, itemName);
    const wide = textMatch(opts.text, mode);
    const priced = () => db.execute(sql`select ${listItemColumns(sql`${shopProducts.queue_position}`)}
      from ${shopProducts} join ${products} on ${products.id} = ${shopProducts.product_id}
      where ${shopProducts.shop_id} = ${shopId} and ${products.type} = ${opts.type} and ${visibleItem} and ${wide.where}
      order by ${orderFor(opts.sort, wide, sql`${shopProducts.queue_position}`)} offset ${opts.offset} limit ${opts.limit}`).then((r) => rowsOf<RawItem>(r));
    // A broad one-character text ('a'): its first pages straight off the index, the count bounded (issue 29).
    const initial = mode === 'strict' && opts.sort === 'queue_position' && opts.text.length === 1
      ? await initialPage(db, shopId, opts.type, opts.text, opts.offset + opts.limit) : null;
    if (initial) {
      const total = await initialCountAtLeast(db, shopId, opts.type, opts.text) >= SEARCH_CHECK_AT_LEAST
        ? SEARCH_CHECK_AT_LEAST : await shopCountAtLeast(db, shopId, opts.type, narrow, wide);
      return { results: initial.slice(opts.offset).map((r) => toListItem(r)), matches_estimated: total };
    }
    if (opts.sort === 'queue_position' && narrow.nameOnly) {
      const rows = await shopRankedPage(db, shopId, opts.type, narrow, wide, opts.offset, opts.limit);
      // Past the last match the page is empty and says nothing of the total: counted apart then.
      const total = rows.length ? Number((rows[0] as RawItem & { total: number | string }).total) : opts.offset ? await shopCountAtLeast(db, shopId, opts.type, narrow, wide) : 0;
      return { results: rows.map((r) => toListItem(r)), matches_estimated: Math.min(total, SEARCH_CHECK_AT_LEAST) };
    }
    const [rows, total] = await Promise.all([
      opts.sort === 'queue_position' ? shopRankedPage(db, shopId, opts.type, narrow, wide, opts.offset, opts.limit) : priced(),
      shopCountAtLeast(db, shopId, opts.type, narrow, wide),
    ]);
    return { results: rows.map((r) => toListItem(r)), matches_estimated: total };
  };
  const strict = await run('strict');
  if (strict.matches_estimated > 0 || !fuzzyEligible(opts.text)) return strict;
  return run('fuzzy');
}

/**
 * A catalogue's visible items in its order (queue_position, zero-based), optionally filtered by text.
 * in_store tells whether the shop also offers the item in its store.
 */
export async function catalogueItems(db: Db, shopId: string, catalogueId: string, opts: { text: string; offset: number; limit: number }) {
  const qp = sql`${catalogueProducts.queue_position}`;
  const inStore = sql`exists (select 1 from ${shopProducts} where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} = ${products.id}) as in_store`;
  const base = sql`from ${catalogueProducts} join ${products} on ${products.id} = ${catalogueProducts.product_id}
    where ${catalogueProducts.catalogue_id} = ${catalogueId} and ${visibleItem}`;
  const isIn = (r: RawItem) => Boolean((r as RawItem & { in_store: boolean }).in_store);
  if (!opts.text) {
    // The page's ids come from the catalogue's visible items on their narrow partial index (catalogue_id,
    // queue_position, product_id where visible: migration 0039), so page 50 skips 1,470 index entries instead of as
    // many product rows; only the page's rows are read from products. The count is kept by the database
    // (catalogue_item_counts, migration 0023).
    const [res, c] = await Promise.all([
      db.execute(sql`select ${listItemColumns(sql`k.qp`)}, ${inStore} from (
          select cp.product_id as pid, cp.queue_position as qp from ${catalogueProducts} cp
          where cp.catalogue_id = ${catalogueId} and cp.visible order by cp.queue_position, cp.product_id
          offset ${opts.offset} limit ${opts.limit}
        ) as k join ${products} on ${products.id} = k.pid order by k.qp, k.pid`),
      db.execute(sql`select coalesce((select n from catalogue_item_counts where catalogue_id = ${catalogueId}), 0)::int as n`),
    ]);
    const rows = rowsOf<RawItem>(res);
    return { results: rows.map((r) => toListItem(r, isIn(r))), matches_estimated: Number(rowsOf<{ n: number }>(c)[0]?.n ?? 0) };
  }
  const run = async (match: TextMatch) => {
    const [rows, total] = await Promise.all([
      rankedPage(db, sql`select ${listItemColumns(qp)}, ${inStore}`, base, match, sql`${qp}, ${products.id}`, opts.offset, opts.limit),
      countAtLeast(db, sql`${base} and ${match.where}`),
    ]);
    return { results: rows.map((r) => toListItem(r, isIn(r))), matches_estimated: total };
  };
  const strict = await run(textMatch(opts.text));
  if (strict.matches_estimated > 0 || !fuzzyEligible(opts.text)) return strict;
  return run(textMatch(opts.text, 'fuzzy'));
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
