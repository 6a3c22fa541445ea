// Rendered storefront pages for anonymous shoppers, kept briefly in each process. Every anonymous visitor of a
// shop sees the same page for the same address, language and preferences, so most requests skip rendering
// and the database. Correctness never depends on it: entries are fresh for PAGE_CACHE_TTL_MS, and the
// database's notifications (product_events from the catalogue triggers, shop_events when a shop row changes)
// mark what a change affects as stale in every process as soon as it happens:
//   - a stock-only change of a product ({op: 'stock'}, migrations 0019 and 0029) only the pages that show that
//     product (src/components/ItemCards.astro and the product page record what they show: showsProduct below), or
//     only its own product page when its cards' stock state is unchanged, and those at most every
//     PAGE_CACHE_STOCK_REFRESH_MS (so are the pages made stale by the item changes below);
//   - any other change of a product row ({op: 'update'} with the changed columns and the shops offering it,
//     migration 0036): the pages that show it, and the pages of those shops whose product lists can change order,
//     membership or counts with those columns (listsProducts; a page that has not declared its lists
//     (preciseLists) is taken to depend on every column);
//   - a change naming a shop only that shop's pages; any other change every page.
// A stale page is rendered again by the first request that wants it; requests arriving meanwhile get the stale
// copy (stale-while-revalidate), and concurrent requests for a page nobody has yet wait for that one render
// (single flight), so a burst of writes costs one render per affected page, not one per request.
// Signed-in viewers are never cached. While the notifications cannot arrive (the LISTEN connection is lost and
// being reopened, src/db/listener.ts) the cache is emptied and bypassed, and emptied again once they can.
// Memory is bounded in bytes (PAGE_CACHE_MAX_BYTES) and entries past their stale window are swept.
// Cached pages go out compressed (brotli or gzip, made once per page on first demand and kept beside it) and with
// an ETag, so a repeat visitor's conditional request is a 304 without a body. The memory itself is
// src/lib/server/page-cache-store.ts; the server answers fresh pages from it before the app runs
// (src/lib/server/fast-page.ts).
import { changeFeed } from './change-feed.ts';
import { stockState } from '../shared/stock.ts';
import {
  FLIGHT_WAIT_MS, PAGE_CACHE_STALE_MS, PAGE_CACHE_TTL_MS, forgetAll, invalidate, lookup, remove, store, toResponse,
  type CacheRequest, type ProductField, type Store,
} from './page-cache-store.ts';

export {
  PAGE_CACHE_MAX_BYTES, PAGE_CACHE_STALE_MS, PAGE_CACHE_STOCK_REFRESH_MS, PAGE_CACHE_TTL_MS, abandonPage, dropShop,
  invalidate, listsProducts, pageCacheEnabled, pageCacheStats, preciseLists, showsProduct, shownProducts, storePage,
  type CacheRequest, type ProductField, type ShownProducts,
} from './page-cache-store.ts';

/** A product_events payload; 'stock' events carry the units available before and after (migration 0029). */
interface StockEvent {
  shop_id?: string; product_id?: string; op?: string; stock_type?: string; was?: number; now?: number;
  /** 'update' of a product row (migration 0036): the columns that changed, the shops offering it (null: any). */
  fields?: unknown; shop_ids?: unknown;
}

/** What a page can show of each products column (see ProductField); a column not named here is 'other'. */
const COLUMN_FIELDS: Record<string, ProductField> = {
  list_price: 'price', crossout_price: 'price', hide_price: 'price', is_free: 'price', currency: 'price',
  name: 'name', slug: 'name', photos: 'photo',
  stock_on_hand: 'availability', stock_reserved: 'availability', stock_type: 'availability', sold_out: 'availability',
  experience_date: 'availability', experience_available: 'availability',
  list_state: 'visibility', hiden: 'visibility', disabled: 'visibility', supplier_suspended: 'visibility',
  type: 'visibility', main_type: 'visibility', owner: 'visibility', supplier_id: 'visibility',
  tags: 'tags', description: 'detail', plain_description: 'detail', variants: 'detail', max_purchase_amount: 'detail',
  weight_g: 'detail', length_cm: 'detail', width_cm: 'detail', height_cm: 'detail', experience_place: 'detail',
  experience_capacity: 'detail', attendee_fields: 'detail', is_dropshipping: 'detail', contribution_margin: 'detail',
  // Kept by the database from the name (search_name: the search table's and the related items' folded name) and from
  // name, description and tags (search_document: text search, whose pages depend on every field anyway).
  search_name: 'name', search_document: 'detail',
};

/** The ProductFields of an 'update' event's columns; null when the event does not say (any field). */
export function productFields(columns: unknown): ProductField[] | null {
  if (!Array.isArray(columns)) return null;
  return [...new Set(columns.map((c) => (typeof c === 'string' && Object.hasOwn(COLUMN_FIELDS, c) ? COLUMN_FIELDS[c]! : 'other')))];
}

/** The change a product_events payload announces. */
export function productChange(n: StockEvent): Parameters<typeof invalidate>[0] {
  const stockOnly = n.op === 'stock' && !n.shop_id;
  const fields = n.op === 'update' && !n.shop_id && n.product_id ? productFields(n.fields) : null;
  const shopIds = Array.isArray(n.shop_ids) && n.shop_ids.every((x) => typeof x === 'string') ? n.shop_ids as string[] : null;
  return {
    shopId: n.shop_id ?? null, productId: n.product_id ?? null, stockOnly, detailOnly: stockOnly && cardsUnchanged(n),
    ...(fields ? { fields, shopIds } : {}),
  };
}

/** Whether a stock-only change leaves the item's cards as they were (same stock state: src/lib/shared/stock.ts). */
function cardsUnchanged(n: StockEvent): boolean {
  if (typeof n.stock_type !== 'string' || !Number.isFinite(n.was) || !Number.isFinite(n.now)) return false;
  return stockState({ stock_type: n.stock_type, available: n.was! }) === stockState({ stock_type: n.stock_type, available: n.now! });
}

/** Listening again after a failure to start is tried at most this often. */
const LISTEN_RETRY_MS = 5_000;


async function listenForChanges(s: Store) {
  const h = await changeFeed();
  const onEvent = (payload: string) => {
    try {
      invalidate(productChange(JSON.parse(payload) as StockEvent));
    } catch { invalidate({}); }
  };
  await h.listen('product_events', onEvent);
  await h.listen('shop_events', (id) => invalidate({ shopId: id || null }));
  // While the LISTEN connection is being reopened, changes go unannounced: forget everything and keep nothing
  // until it is back; then forget again what was rendered from data changed during the gap.
  s.trusted = h.listenState() === 'up';
  h.onListenState((state) => {
    s.trusted = state === 'up';
    forgetAll(s);
  });
}

function startListening(s: Store): Promise<void> {
  if (!s.listening) {
    const p = listenForChanges(s);
    s.listening = p;
    p.catch((err) => {
      console.error(`[page-cache] cannot listen for changes; caching is off (trying again in ${LISTEN_RETRY_MS / 1000} s)`, err);
      forgetAll(s);
      setTimeout(() => { if (s.listening === p) s.listening = null; }, LISTEN_RETRY_MS).unref();
    });
  }
  if (!s.sweeper) {
    // Entries past their stale window are of no use: free them even if nobody asks for them again.
    s.sweeper = setInterval(() => {
      const oldest = Date.now() - PAGE_CACHE_TTL_MS - PAGE_CACHE_STALE_MS;
      for (const [k, e] of s.entries) if (e.at < oldest) remove(s, k);
    }, Math.max(1000, PAGE_CACHE_TTL_MS));
    s.sweeper.unref();
  }
  return s.listening;
}

/**
 * The cached answer for `key`, or null when this request is to render the page (then storePage or abandonPage
 * must follow). Waits for another request's render of the same page rather than starting a second one.
 */
export async function cachedPage(key: string, req: CacheRequest = {}): Promise<Response | null> {
  const s = store();
  try { await startListening(s); } catch { return null; }
  if (!s.trusted) return null;
  const found = lookup(s, key, req);
  if (!found) return null;
  if ('answer' in found) return toResponse(found.answer);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([found.wait.done, new Promise<null>((r) => { timer = setTimeout(() => r(null), FLIGHT_WAIT_MS); })]);
  clearTimeout(timer);
  // The render kept a fresh page: answer it. Otherwise this request renders (lookup has begun its flight, or
  // another request has already begun one: rendering twice is then the price of not waiting in a chain).
  const again = lookup(s, key, req);
  return again && 'answer' in again ? toResponse(again.answer) : null;
}
