// Per-shop data every storefront render reads (the shop row, its published theme, banners, franchises), kept in
// each process so an uncached render does not ask the database for them again. Correctness follows the page
// cache's (src/lib/server/page-cache.ts): the database announces every change of these rows on shop_events (the
// triggers of migrations 0003, 0004 and 0008; payload: the shop's id), and each process drops the entries tagged
// with that shop as soon as it hears it, so a write through any process shows on the next render in every one.
//   - An entry is tagged with the shops it was read from (a shop's franchise list: the shop and each franchise).
//   - A load still under way when any change is announced is not kept (it may have read the old rows).
//   - Nothing is kept or served while the notifications cannot arrive (the LISTEN connection is being reopened),
//     and everything is forgotten when they can again; entries also expire after SHOP_CACHE_TTL_MS.
//   - A missing row (an unknown slug) is never kept: creating a shop is not announced.
//   - Signed-in viewers read through (and refill the entry): an admin sees their own change on the next page even
//     before the announcement reaches this process.
// Cached values are shared by every request: callers must not change them.
import { getDbHandle } from '../../db/client.ts';

export const SHOP_CACHE_TTL_MS = Number(process.env.SHOP_CACHE_TTL_MS ?? 60_000);
/** Entries kept at most (the oldest go first). */
export const SHOP_CACHE_MAX_ENTRIES = Number(process.env.SHOP_CACHE_MAX_ENTRIES ?? 5_000);
/** Listening again after a failure to start is tried at most this often. */
const LISTEN_RETRY_MS = 5_000;

interface Entry { value: Promise<unknown>; at: number; tags: ReadonlySet<string> | null }
interface State { entries: Map<string, Entry>; listening: Promise<void> | null; trusted: boolean }

const KEY = Symbol.for('tiendas.shopCache');
const state = (): State => ((globalThis as { [KEY]?: State })[KEY] ??= { entries: new Map(), listening: null, trusted: true });

/** Drops what a change of `shopId` affects (null: everything), and every load under way. */
export function dropShopData(shopId: string | null) {
  const s = state();
  for (const [k, e] of s.entries) {
    if (e.tags === null || shopId === null || e.tags.has(shopId)) s.entries.delete(k);
  }
}

async function listen(s: State) {
  const h = await getDbHandle();
  await h.listen('shop_events', (id) => dropShopData(id || null));
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
  const entry: Entry = { value: load(), at: now, tags: null };
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
