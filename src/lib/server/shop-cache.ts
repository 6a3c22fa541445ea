// Per-shop data every storefront render reads (the shop row, its published theme, banners, franchises, catalogue
// lists), kept in each process so an uncached render does not ask the database for them again. Correctness follows the page
// cache's (src/lib/server/page-cache.ts): the database announces every change of these rows on shop_events (the
// triggers of migrations 0003, 0004 and 0008; payload: the shop's id), and each process drops the entries tagged
// with that shop as soon as it hears it, so a write through any process shows on the next render in every one.
//   - An entry is tagged with the shops it was read from (a shop's franchise list: the shop and each franchise).
//   - An entry that also depends on products (a catalogue list counts each catalogue's visible items) is dropped by
//     their changes too (product_events, migrations 0007/0019): those naming its shop, or any naming none; stock-only
//     changes ({op: 'stock'}) leave it.
//   - A load still under way when any change is announced is not kept (it may have read the old rows).
//   - Nothing is kept or served while the notifications cannot arrive (the LISTEN connection is being reopened),
//     and everything is forgotten when they can again; entries also expire after SHOP_CACHE_TTL_MS.
//   - A missing row (an unknown slug) is never kept: creating a shop is not announced.
//   - Signed-in viewers read through (and refill the entry), and a signed-in write that changes a shop drops its
//     entries in this process at once (forgetAfterWrite): the admin, and any shopper of this process, see the change
//     on the next page even before the announcement arrives.
// Cached values are shared by every request: callers must not change them.
import { changeFeed } from './change-feed.ts';
import { config } from './config.ts';

export const SHOP_CACHE_TTL_MS = config().SHOP_CACHE_TTL_MS;
/** Entries kept at most (the oldest go first). */
export const SHOP_CACHE_MAX_ENTRIES = config().SHOP_CACHE_MAX_ENTRIES;
/** Listening again after a failure to start is tried at most this often. */
const LISTEN_RETRY_MS = 5_000;

interface Entry { value: Promise<unknown>; at: number; tags: ReadonlySet<string> | null; products: boolean }
interface State { entries: Map<string, Entry>; listening: Promise<void> | null; trusted: boolean }

const KEY = Symbol.for('tiendas.shopCache');
const state = (): State => ((globalThis as { [KEY]?: State })[KEY] ??= { entries: new Map(), listening: null, trusted: true });

/**
 * Drops what a change of `shopId` affects (null: any shop), and every load under way. `productsOnly`: a change of
 * products, which only entries depending on products care about.
 */
export function dropShopData(shopId: string | null, productsOnly = false) {
  const s = state();
  for (const [k, e] of s.entries) {
    if (e.tags === null) s.entries.delete(k);
    else if (productsOnly && !e.products) continue;
    else if (shopId === null || e.tags.has(shopId)) s.entries.delete(k);
  }
}

/**
 * A signed-in write succeeded: what it may have changed is dropped here without waiting for the announcement.
 * A shop's admin API (/api/shops/{slug}/admin/..., .../theme) or admin pages (`shopId`): that shop; a supplier's
 * items (/api/supplier/products...): what depends on products, in every shop; the platform's admin and the rest of
 * the suppliers' API (shops, franchises): everything. Shoppers' own writes (cart, checkout...) change none of it.
 */
export function forgetAfterWrite(pathname: string, shopId: string | null) {
  if (shopId) { dropShopData(shopId); return; }
  const slug = /^\/api\/shops\/([^/]+)\/(admin|theme)\b/.exec(pathname)?.[1];
  if (slug) {
    const e = state().entries.get(`slug:${slug}`);
    // Not kept by slug (or still loading): which shop it is is not known here.
    if (e?.tags) for (const id of e.tags) dropShopData(id);
    else dropShopData(null);
  } else if (/^\/api\/supplier\/products(\/|$)/.test(pathname)) {
    // A supplier's items: only what depends on products (catalogue counts) can differ, in any shop offering them.
    dropShopData(null, true);
  } else if (/^\/api\/(admin|supplier)\//.test(pathname)) {
    dropShopData(null);
  }
}

function onProductEvent(payload: string) {
  try {
    const n = JSON.parse(payload) as { shop_id?: string; op?: string; shop_ids?: unknown };
    if (n.op === 'stock' && !n.shop_id) return;
    // A product row's update names the shops offering it (migration 0036): only theirs can differ.
    if (n.op === 'update' && !n.shop_id && Array.isArray(n.shop_ids) && n.shop_ids.every((x) => typeof x === 'string')) {
      for (const id of n.shop_ids as string[]) dropShopData(id, true);
      return;
    }
    dropShopData(n.shop_id ?? null, true);
  } catch { dropShopData(null, true); }
}

async function listen(s: State) {
  const h = await changeFeed();
  await h.listen('shop_events', (id) => dropShopData(id || null));
  await h.listen('product_events', onProductEvent);
  s.trusted = h.listenState() === 'up';
  h.onListenState((st) => {
    s.trusted = st === 'up';
    dropShopData(null);
  });
}

function startListening(s: State): Promise<void> {
  if (!s.listening) {
    const p = listen(s);
    s.listening = p;
    p.catch((err) => {
      console.error(`[shop-cache] cannot listen for changes; not caching (trying again in ${LISTEN_RETRY_MS / 1000} s)`, err);
      dropShopData(null);
      setTimeout(() => { if (s.listening === p) s.listening = null; }, LISTEN_RETRY_MS).unref();
    });
  }
  return s.listening;
}

export interface CacheOptions<T> {
  /** The shops the value was read from; null: do not keep it (a missing row). */
  tags: (value: T) => readonly string[] | null;
  /** Read through and refill (a signed-in viewer). */
  fresh?: boolean;
  /** The value depends on products too (see above). */
  products?: boolean;
}

/** The value kept under `key`, or `load()`'s (kept for the next request when it may be). */
export async function shopCached<T>(key: string, load: () => Promise<T>, opts: CacheOptions<T>): Promise<T> {
  if (SHOP_CACHE_TTL_MS <= 0) return load();
  const s = state();
  try { await startListening(s); } catch { return load(); }
  if (!s.trusted) return load();
  const now = Date.now();
  const found = s.entries.get(key);
  if (found && !opts.fresh && (found.tags === null || now - found.at <= SHOP_CACHE_TTL_MS)) return found.value as Promise<T>;
  const entry: Entry = { value: load(), at: now, tags: null, products: !!opts.products };
  s.entries.delete(key);
  s.entries.set(key, entry);
  if (s.entries.size > SHOP_CACHE_MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value!);
  try {
    const value = (await entry.value) as T;
    // Dropped meanwhile (a change was announced): answered, not kept.
    if (s.entries.get(key) === entry) {
      const tags = opts.tags(value);
      if (tags) entry.tags = new Set(tags);
      else s.entries.delete(key);
    }
    return value;
  } catch (err) {
    if (s.entries.get(key) === entry) s.entries.delete(key);
    throw err;
  }
}

/** What the cache holds (tests). */
export function shopCacheStats() {
  return { entries: state().entries.size };
}
