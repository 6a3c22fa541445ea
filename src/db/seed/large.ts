// A large deterministic catalogue on top of the demo data, for pagination, search and load tests:
// N extra items from the demo suppliers, offered by one shop (demo-03 by default) and collected in
// its catalogue `grande`. Item i is always the same row (id, name, price...), so running again with
// the same N inserts nothing, and a larger N only adds the missing ones.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../client.ts';
import { catalogueProducts, catalogues, media, products, shopProducts, shops, suppliers } from '../schema/index.ts';
import { demoId, insertBatches } from './demo.ts';
import { mulberry32, seedDate, seedUuid, slugify } from './ids.ts';
import { catalogueImage, mediaUrl, productImage, toMediaRow, type MediaRow } from './images.ts';
import { CATEGORIES, generateItem, itemName, SUPPLIER_SPECS, type Category } from './words.ts';

export const LARGE_CATALOGUE_SLUG = 'grande';
const BATCH = 1000;
const POOL_PER_CATEGORY = 2;

/** Id of large item i (0-based). */
export function largeProductId(i: number): string {
  return seedUuid(`large:product:${i}`);
}

/** Slugs of large items end with -g{i}: that is how they are told apart from the demo items. */
const LARGE_SLUG_RE = '-g[0-9]+$';

// Item i's supplier and category: weighted by each supplier's demo mix, fixed for a given i.
const SLOTS: { supplier: (typeof SUPPLIER_SPECS)[number]; category: Category }[] = SUPPLIER_SPECS.flatMap((s) =>
  Object.entries(s.mix).flatMap(([key, n]) => Array.from({ length: n }, () => ({ supplier: s, category: CATEGORIES[key]! }))));

const PRODUCT_COLUMNS = 'id, owner, supplier_id, type, main_type, slug, name, photos, list_price, crossout_price, hide_price, '
  + 'is_free, currency, is_dropshipping, contribution_margin, list_state, sold_out, experience_date, experience_available, '
  + 'variants, plain_description, description, tags, stock_type, stock_on_hand, stock_reserved, max_purchase_amount, created_at, updated_at';
const RECORD_COLUMNS = 'i int, id uuid, owner uuid, supplier_id uuid, type text, main_type text, slug text, name text, photos jsonb, '
  + 'list_price int, crossout_price int, hide_price boolean, is_free boolean, currency text, is_dropshipping boolean, '
  + 'contribution_margin int, list_state text, sold_out boolean, experience_date timestamptz, experience_available boolean, '
  + 'variants jsonb, plain_description text, description text, tags text[], stock_type text, stock_on_hand int, '
  + 'stock_reserved int, max_purchase_amount int, created_at timestamptz, updated_at timestamptz';

type LargeRow = Omit<typeof products.$inferInsert, 'created_at' | 'updated_at' | 'experience_date'> & {
  i: number; created_at: string; updated_at: string; experience_date: string | null;
};

/** Large item i: the same row whatever N is. */
function largeRow(i: number): LargeRow {
  const rng = mulberry32(`large:${i}`);
  const { supplier, category } = SLOTS[rng.int(0, SLOTS.length - 1)]!;
  const { name, accent } = itemName(category, rng);
  const g = generateItem(category, rng, name, accent, supplier.name);
  const at = seedDate(100_000 + i).toISOString();
  return {
    i, id: largeProductId(i), owner: demoId.supplierProfile(supplier.key), supplier_id: demoId.supplier(supplier.key), type: g.type,
    main_type: 'business', slug: `${slugify(name)}-g${i}`, name: g.name,
    photos: [mediaUrl(seedUuid(`large:media:${category.key}:${i % POOL_PER_CATEGORY}`))],
    list_price: g.list_price, crossout_price: g.crossout_price, hide_price: g.hide_price, is_free: g.is_free,
    currency: g.currency, is_dropshipping: true, contribution_margin: g.contribution_margin, list_state: g.list_state,
    sold_out: g.sold_out, experience_date: g.experience_date?.toISOString() ?? null, experience_available: g.experience_available,
    variants: g.variants, plain_description: g.plain_description, description: g.description, tags: g.tags,
    stock_type: g.stock_type, stock_on_hand: g.stock_on_hand, stock_reserved: 0, max_purchase_amount: g.max_purchase_amount,
    created_at: at, updated_at: at,
  };
}

export interface LargeSeedResult {
  shopSlug: string;
  requested: number;
  /** Product rows newly inserted by this call (0 when they were all there; missing shop/catalogue links are still added). */
  inserted: number;
  ms: number;
}

export async function seedLargeCatalogue(handle: DbHandle, n: number, opts: { shopSlug?: string } = {}): Promise<LargeSeedResult> {
  if (!Number.isInteger(n) || n < 0) throw new Error(`seedLargeCatalogue: N must be a non-negative integer, got ${n}`);
  const started = performance.now();
  const shopSlug = opts.shopSlug ?? 'demo-03';
  const db = handle.db;

  const [shop] = await db.select({ id: shops.id, owner: shops.owner }).from(shops).where(eq(shops.slug, shopSlug));
  if (!shop) throw new Error(`seedLargeCatalogue: no shop with slug ${shopSlug} (run the demo seed first)`);
  const supplierIds = SUPPLIER_SPECS.map((s) => demoId.supplier(s.key));
  const found = await db.select({ id: suppliers.id }).from(suppliers).where(inArray(suppliers.id, supplierIds));
  if (found.length !== supplierIds.length) throw new Error('seedLargeCatalogue: the demo suppliers are missing (run the demo seed first)');

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7240152)`);

    // A small pool of pictures per category, shared by all large items.
    const pool: MediaRow[] = [];
    for (const cat of Object.values(CATEGORIES)) {
      const owner = demoId.supplierProfile(SLOTS.find((s) => s.category === cat)!.supplier.key);
      for (let k = 0; k < POOL_PER_CATEGORY; k++) {
        pool.push(toMediaRow(seedUuid(`large:media:${cat.key}:${k}`), owner, productImage({
          name: cat.label, icon: cat.icon, hue: cat.hue, type: cat.type, index: k, fileName: `grande-${cat.key}-${k + 1}.svg`,
        }), seedDate(90_000 + pool.length)));
      }
    }
    pool.push(toMediaRow(seedUuid(`large:media:catalogue:${shopSlug}`), shop.owner, catalogueImage({
      name: 'Catálogo grande', icon: 'star', hue: 230, fileName: 'grande.svg',
    }), seedDate(90_500)));
    await insertBatches(tx, media, pool, 200, true);

    await tx.insert(catalogues).values({
      id: seedUuid(`large:catalogue:${shopSlug}`), shop_id: shop.id, owner: shop.owner, slug: LARGE_CATALOGUE_SLUG,
      name: 'Catálogo grande', photo: mediaUrl(seedUuid(`large:media:catalogue:${shopSlug}`)),
      created_at: seedDate(90_600), updated_at: seedDate(90_600),
    }).onConflictDoNothing();
    const [catalogue] = await tx.select({ id: catalogues.id }).from(catalogues)
      .where(and(eq(catalogues.shop_id, shop.id), eq(catalogues.slug, LARGE_CATALOGUE_SLUG)));

    // Large items go after the shop's own items, in a position that does not depend on earlier runs.
    const res = await tx.execute(sql`select coalesce(max(sp.queue_position) + 1, 0)::int as next
      from ${shopProducts} sp join ${products} p on p.id = sp.product_id
      where sp.shop_id = ${shop.id} and p.slug !~ ${LARGE_SLUG_RE}`);
    const rows = (Array.isArray(res) ? res : (res as { rows: { next: number }[] }).rows) as { next: number }[];
    const offset = Number(rows[0]?.next ?? 0);

    // One statement per batch: the rows travel as one jsonb parameter (far cheaper than 30 parameters a
    // row), and the shop and catalogue links are written by the same statement.
    let inserted = 0;
    for (let start = 0; start < n; start += BATCH) {
      const end = Math.min(n, start + BATCH);
      const rows: LargeRow[] = [];
      for (let i = start; i < end; i++) rows.push(largeRow(i));
      const r = await tx.execute(sql`with data as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(RECORD_COLUMNS)})
        ), ins as (
          insert into ${products} (${sql.raw(PRODUCT_COLUMNS)})
          select ${sql.raw(PRODUCT_COLUMNS)} from data on conflict do nothing returning 1
        ), sp as (
          insert into ${shopProducts} (shop_id, product_id, queue_position, added_at)
          select ${shop.id}::uuid, id, ${offset}::int + i, created_at from data on conflict do nothing
        ), cp as (
          insert into ${catalogueProducts} (catalogue_id, product_id, queue_position)
          select ${catalogue?.id ?? null}::uuid, id, i from data where ${catalogue?.id ?? null}::uuid is not null on conflict do nothing
        )
        select count(*)::int as n from ins`);
      const out = (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows) as { n: number }[];
      inserted += Number(out[0]?.n ?? 0);
    }
    return { shopSlug, requested: n, inserted, ms: Math.round(performance.now() - started) };
  });
}
