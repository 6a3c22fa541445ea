// The page cache's memory (one per process, on globalThis so every module instance of the server shares it): the
// entries, what they cost in bytes, the renders under way, and the answers made from them. src/lib/server/page-cache.ts
// feeds it from the database's change notifications and holds the rules; this file imports nothing of the database,
// so the server's fast path (src/lib/server/fast-page.ts) can read it before the app runs.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import { config } from './config.ts';

export const PAGE_CACHE_TTL_MS = config().PAGE_CACHE_TTL_MS;
/**
 * A page made stale only by items' changes (stock counts, or a product row's price, name, photo, availability,
 * visibility...) is rendered again at most this often: a stream of reservations or edits on one item costs each page
 * showing it two renders a second, not one per write (checkout enforces the real stock and price). The first change
 * after a quiet spell renders at once (the page is older than this by then).
 */
export const PAGE_CACHE_STOCK_REFRESH_MS = config().PAGE_CACHE_STOCK_REFRESH_MS;
/** How long past its freshness a page may still be served while it is being rendered again. */
export const PAGE_CACHE_STALE_MS = config().PAGE_CACHE_STALE_MS;
export const PAGE_CACHE_MAX_BYTES = config().PAGE_CACHE_MAX_BYTES;
/** A request waiting for another's render of the same page gives up (and renders itself) after this long. */
export const FLIGHT_WAIT_MS = 10_000;

export interface Entry {
  body: Uint8Array<ArrayBuffer>; headers: [string, string][]; at: number; shopId: string; etag: string;
  /** Compressed copies, made on first demand. */
  br?: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer>;
  /** The products the page shows (showsProduct); a stock change of any other product leaves it fresh. */
  shown: ShownProducts;
  /** false: fresh; 'soon': only items changed since (see PAGE_CACHE_STOCK_REFRESH_MS); true: changed. */
  stale: boolean | 'soon';
}
/**
 * A render under way. What was announced while it ran decides whether its page is kept fresh: any change
 * (`dirty`), a change of the shop it turns out to be for (`shops`), or a stock change of a product it turns out to
 * show (`stock`: product id -> only the product page's count moved). Scoped so that a stream of reservations on
 * one item does not make every page rendered meanwhile stale, to be rendered again at once.
 */
export interface Flight {
  dirty: boolean; changes: Change[];
  /** Its answer is streaming to the first client: it is kept (or dropped) when the body ends, not before. */
  streaming?: boolean;
  done: Promise<Entry | null>; settle: (e: Entry | null) => void;
}
/** Past this many changes announced during one render, the render is simply taken as stale. */
const FLIGHT_CHANGES_MAX = 256;
export interface Store {
  entries: Map<string, Entry>;
  bytes: number;
  listening: Promise<void> | null;
  /** False while the database's notifications cannot reach this process: nothing is served or kept then. */
  trusted: boolean;
  /** Renders under way by key; a change announced meanwhile makes the result stale ('dirty'). */
  flights: Map<string, Flight>;
  sweeper: ReturnType<typeof setInterval> | null;
}
const KEY = Symbol.for('tiendas.pageCache');
export const store = (): Store => ((globalThis as { [KEY]?: Store })[KEY] ??= { entries: new Map(), bytes: 0, listening: null, trusted: true, flights: new Map(), sweeper: null });

/** PAGE_CACHE_TTL_MS=0 turns the page cache off (benches that measure renders). */
export function pageCacheEnabled() {
  return PAGE_CACHE_TTL_MS > 0;
}

/**
 * What a product change touched, by what a page can show of it: its card or detail (price, name, photo, whether it
 * is sold out), whether a list shows it at all (visibility: published, hidden, disabled, its type), its tags
 * (related items, search), and anything else ('other', also every column not known here).
 */
export type ProductField = 'price' | 'name' | 'photo' | 'availability' | 'visibility' | 'tags' | 'detail' | 'other';
export const PRODUCT_FIELDS: readonly ProductField[] = ['price', 'name', 'photo', 'availability', 'visibility', 'tags', 'detail', 'other'];

/**
 * What a page shows, recorded while it renders (showsProduct): items as cards, whose stock state shows, and the
 * item a product page is about, whose quantity limit is the exact count. `lists`: what the order, membership or
 * counts of its product lists depend on (listsProducts), for products of its shop; it counts only on a page that
 * declared all its lists (`precise`, preciseLists): any other page is taken to depend on every product field of its
 * shop (conservative: a page kind nobody audited goes stale with any change of an item its shop offers).
 */
export interface ShownProducts { cards: Set<string>; details: Set<string>; lists: Set<ProductField>; precise: boolean }
export const shownProducts = (): ShownProducts => ({ cards: new Set(), details: new Set(), lists: new Set(), precise: false });

/** Called by the components that show a product while a page renders: a stock change of it makes the page stale. */
export function showsProduct(locals: { shownProducts?: ShownProducts }, productId: string, as: 'card' | 'detail' = 'card') {
  locals.shownProducts?.[as === 'detail' ? 'details' : 'cards'].add(productId);
}

/**
 * Called by what runs a product list while a page renders: which product fields its order, membership or counts
 * depend on ('any': every one, e.g. a text search or a count of a filter).
 */
export function listsProducts(locals: { shownProducts?: ShownProducts }, fields: readonly ProductField[] | 'any') {
  const shown = locals.shownProducts;
  if (!shown) return;
  for (const f of fields === 'any' ? PRODUCT_FIELDS : fields) shown.lists.add(f);
  // A column nobody has classified yet (src/lib/server/page-cache.ts COLUMN_FIELDS) may move any list.
  shown.lists.add('other');
}

/** Called by a page whose every product list declares what it depends on (listsProducts): see ShownProducts. */
export function preciseLists(locals: { shownProducts?: ShownProducts }) {
  if (locals.shownProducts) locals.shownProducts.precise = true;
}

const entrySize = (e: Entry) => e.body.byteLength + 64 * e.headers.length + 40 * (e.shown.cards.size + e.shown.details.size) + 200;

export function remove(s: Store, key: string) {
  const e = s.entries.get(key);
  if (!e) return;
  s.entries.delete(key);
  s.bytes -= entrySize(e) + (e.br?.byteLength ?? 0) + (e.gzip?.byteLength ?? 0);
}

export function forgetAll(s: Store) {
  s.entries.clear();
  s.bytes = 0;
  for (const f of s.flights.values()) f.dirty = true;
}

export interface Change {
  shopId?: string | null; productId?: string | null;
  /** Only a product's stock counts moved (it stayed on the same side of sold out). */
  stockOnly?: boolean;
  /** ...and its cards' stock state did not move either: only its own product page shows the difference. */
  detailOnly?: boolean;
  /**
   * A change of the product row (with `productId`): what of it changed (see ProductField) and the shops offering it
   * (undefined or null: any shop may). Without `fields`, a product change is taken as a change of anything.
   */
  fields?: readonly ProductField[] | null;
  shopIds?: readonly string[] | null;
}

type Staleness = Entry['stale'];
const worse = (a: Staleness, b: Staleness): Staleness => (a === true || b === true ? true : a || b);

/** Whether a page that shows `shown` can differ after a stock-only change of `productId`. */
const stockShows = (shown: ShownProducts, productId: string, detailOnly: boolean) =>
  shown.details.has(productId) || (!detailOnly && shown.cards.has(productId));

/**
 * What a change does to a page of `shopId` that showed `shown`:
 *   - a stock-only change: 'soon' for the pages showing the product (only its own page when its cards read the same);
 *   - a change of a product row with known fields: 'soon' for the pages showing the product, and for the pages of
 *     the shops offering it (any shop when they are unknown) whose lists depend on a changed field;
 *   - `shopId` alone: that shop's pages; anything else: every page.
 */
export function affects(change: Change, shopId: string, shown: ShownProducts): Staleness {
  const { shopId: changedShop, productId, stockOnly, detailOnly = false, fields, shopIds } = change;
  if (stockOnly && productId) return stockShows(shown, productId, detailOnly) ? 'soon' : false;
  if (productId && fields && !changedShop) {
    if (shown.cards.has(productId) || shown.details.has(productId)) return 'soon';
    if (shopIds && !shopIds.includes(shopId)) return false;
    return (shown.precise ? fields.some((f) => shown.lists.has(f)) : fields.length > 0) && 'soon';
  }
  if (changedShop) return changedShop === shopId;
  return true;
}

/** Marks as stale what a change affects (see affects); renders under way note it for when they are kept. */
export function invalidate(change: Change) {
  const s = store();
  for (const f of s.flights.values()) {
    if (f.dirty) continue;
    if (!change.productId && !change.shopId) f.dirty = true;
    else if (f.changes.length >= FLIGHT_CHANGES_MAX) f.dirty = true;
    else f.changes.push(change);
  }
  for (const e of s.entries.values()) {
    if (e.stale === true) continue;
    e.stale = worse(e.stale, affects(change, e.shopId, e.shown));
  }
}

/** How a page rendered during `f` is kept: fresh, stale by stock counts only, or stale. */
function staleAfter(f: Flight | undefined, shopId: string, shown: ShownProducts): Staleness {
  if (!f || f.dirty) return true;
  let out: Staleness = false;
  for (const c of f.changes) { out = worse(out, affects(c, shopId, shown)); if (out === true) break; }
  return out;
}

/** A shop's data changed (null: anything may have): its pages are rendered again before they are served fresh. */
export function dropShop(shopId: string | null) {
  invalidate({ shopId });
}

/** What the request asks of the answer: its Accept-Encoding and If-None-Match headers. */
export interface CacheRequest { acceptEncoding?: string | null; ifNoneMatch?: string | null }

const ENCODINGS = ['br', 'gzip', 'identity'];
function encoded(s: Store, e: Entry, encoding: string): Uint8Array<ArrayBuffer> {
  if (encoding === 'br') {
    if (!e.br) { e.br = brotliCompressSync(e.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }); s.bytes += e.br.byteLength; }
    return e.br;
  }
  if (encoding === 'gzip') {
    if (!e.gzip) { e.gzip = gzipSync(e.body, { level: 6 }); s.bytes += e.gzip.byteLength; }
    return e.gzip;
  }
  return e.body;
}

/** An answer from the cache, before it becomes a Response (the server's fast path writes it to the socket). */
export interface CachedAnswer { status: 200 | 304; headers: Headers; body: Uint8Array<ArrayBuffer> | null }

export function answer(s: Store, e: Entry, state: 'hit' | 'stale', req: CacheRequest): CachedAnswer {
  const headers = new Headers(e.headers);
  headers.set('x-page-cache', state);
  headers.set('etag', e.etag);
  headers.append('vary', 'Accept-Encoding');
  if (req.ifNoneMatch && req.ifNoneMatch.split(',').some((t) => t.trim() === e.etag || t.trim() === '*')) {
    return { status: 304, headers, body: null };
  }
  const encoding = new Negotiator({ headers: { 'accept-encoding': req.acceptEncoding ?? undefined } }).encoding(ENCODINGS, { preferred: ENCODINGS }) ?? 'identity';
  const body = e.body.byteLength >= 1024 ? encoded(s, e, encoding) : e.body;
  if (body !== e.body) headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.byteLength));
  return { status: 200, headers, body };
}

export const toResponse = (a: CachedAnswer) => new Response(a.body, { status: a.status, headers: a.headers });

/** What the cache can do for `key` right now: answer, let the caller wait for a render under way, or have it render. */
export function lookup(s: Store, key: string, req: CacheRequest): { answer: CachedAnswer } | { wait: Flight } | null {
  const e = s.entries.get(key);
  const flight = s.flights.get(key);
  if (e) {
    const age = Date.now() - e.at;
    if (!e.stale && age <= PAGE_CACHE_TTL_MS) return { answer: answer(s, e, 'hit', req) };
    if (e.stale === 'soon' && age < PAGE_CACHE_STOCK_REFRESH_MS) return { answer: answer(s, e, 'stale', req) };
    if (age <= PAGE_CACHE_TTL_MS + PAGE_CACHE_STALE_MS) {
      if (flight) return { answer: answer(s, e, 'stale', req) };
      beginFlight(s, key);
      return null;
    }
    remove(s, key);
  }
  if (flight) return { wait: flight };
  beginFlight(s, key);
  return null;
}

/**
 * The fast path of the server (src/lib/server/fast-page.ts): a fresh page only, and only once this process
 * listens for changes (the app's first request starts that); anything else goes through the app.
 */
export function freshPage(key: string, req: CacheRequest): CachedAnswer | null {
  const s = store();
  if (!s.listening || !s.trusted) return null;
  const e = s.entries.get(key);
  if (!e || e.stale || Date.now() - e.at > PAGE_CACHE_TTL_MS) return null;
  return answer(s, e, 'hit', req);
}

export function beginFlight(s: Store, key: string) {
  let settle!: (e: Entry | null) => void;
  const done = new Promise<Entry | null>((r) => { settle = r; });
  s.flights.set(key, { dirty: false, changes: [], done, settle });
}

/** The render for `key` failed or was not kept: whoever waits for it renders on their own. */
export function abandonPage(key: string) {
  const s = store();
  const f = s.flights.get(key);
  if (!f || f.streaming) return;
  s.flights.delete(key);
  f.settle(null);
}

/** Keeps a 200 HTML answer (without its cookies) and returns an equivalent response to send now. */
export async function storePage(key: string, shopId: string, res: Response, shown: ShownProducts = shownProducts()): Promise<Response> {
  const type = res.headers.get('content-type') ?? '';
  // Pages about one visitor (a guest's cart, order or tickets) say so; they must never reach another visitor.
  // Besides HTML pages, a shop's sitemaps (XML, up to 50,000 addresses a file) are kept like them (issue 16).
  if (res.status !== 200 || !/^(text\/html|application\/xml)\b/.test(type) || /\b(private|no-store)\b/i.test(res.headers.get('cache-control') ?? '')) {
    abandonPage(key);
    return res;
  }
  // XML (a sitemap file: up to 50,000 addresses, read in batches) streams to its first client and is kept once whole.
  if (!type.startsWith('text/html') && res.body) return streamed(key, shopId, res, shown);
  return keep(key, shopId, new Uint8Array(await res.arrayBuffer()), res, shown);
}

/** Keeps a whole body as `key`'s entry (stale if a change announced meanwhile may be missing from it). */
function keep(key: string, shopId: string, body: Uint8Array<ArrayBuffer>, res: Response, shown: ShownProducts): Response {
  const s = store();
  const flight = s.flights.get(key);
  s.flights.delete(key);
  if (!s.trusted) {
    flight?.settle(null);
    return new Response(body, { status: res.status, headers: res.headers });
  }
  const headers = [...res.headers].filter(([k]) => k.toLowerCase() !== 'set-cookie');
  // A change announced while this page rendered may not be in it: keep it, but as stale (the next request renders;
  // after items' changes only, the next request past PAGE_CACHE_STOCK_REFRESH_MS).
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const entry: Entry = { body, headers, at: Date.now(), shopId, etag, shown, stale: staleAfter(flight, shopId, shown) };
  remove(s, key);
  const size = entrySize(entry);
  if (size <= PAGE_CACHE_MAX_BYTES / 4) {
    // The oldest pages go first (a Map keeps insertion order; a re-render re-inserts).
    for (const k of s.entries.keys()) { if (s.bytes + size <= PAGE_CACHE_MAX_BYTES) break; remove(s, k); }
    s.entries.set(key, entry);
    s.bytes += size;
  }
  flight?.settle(entry.stale ? null : entry);
  const out = new Response(body, { status: res.status, headers: res.headers });
  out.headers.set('x-page-cache', 'miss');
  out.headers.set('etag', etag);
  return out;
}

/**
 * Passes a streamed body through to the client as it comes and keeps it once complete. The render's flight stays
 * open until then, so changes announced while it streams are noted and requests for the same page wait for it; a
 * body that fails or is cancelled is not kept. The first answer has no ETag (it is only known at the end).
 */
function streamed(key: string, shopId: string, res: Response, shown: ShownProducts): Response {
  const s = store();
  const flight = s.flights.get(key);
  if (flight) flight.streaming = true;
  const chunks: Uint8Array[] = [];
  const reader = res.body!.getReader();
  const drop = () => {
    if (s.flights.get(key) !== flight || !flight) return;
    s.flights.delete(key);
    flight.settle(null);
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try { next = await reader.read(); } catch (err) { drop(); throw err; }
      if (!next.done) { chunks.push(next.value); c.enqueue(next.value); return; }
      c.close();
      const whole = new Uint8Array(chunks.reduce((n, ch) => n + ch.byteLength, 0));
      let at = 0;
      for (const ch of chunks) { whole.set(ch, at); at += ch.byteLength; }
      if (flight && s.flights.get(key) === flight) keep(key, shopId, whole, res, shown);
    },
    async cancel(reason) { drop(); await reader.cancel(reason); },
  });
  const out = new Response(body, { status: res.status, headers: res.headers });
  out.headers.set('x-page-cache', 'miss');
  return out;
}

/** What the cache holds now (tests and the memory bench). */
export function pageCacheStats() {
  const s = store();
  return { entries: s.entries.size, bytes: s.bytes, flights: s.flights.size };
}
