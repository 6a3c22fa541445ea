// Rendered storefront pages for anonymous shoppers, kept briefly in each process. Every anonymous visitor of a
// shop sees the same page for the same address, language and preferences, so most requests skip rendering
// and the database. Correctness never depends on it: entries live at most PAGE_CACHE_TTL_MS, and the
// database's notifications (product_events from the catalogue triggers, shop_events when a shop row changes)
// drop a shop's entries in every process as soon as its data changes. Signed-in viewers are never cached.
// While those notifications cannot arrive (the LISTEN connection is lost and being reopened, src/db/listener.ts)
// the cache is emptied and bypassed, and emptied again once they can.
import { getDbHandle } from '../../db/client.ts';

export const PAGE_CACHE_TTL_MS = Number(process.env.PAGE_CACHE_TTL_MS ?? 30_000);
const MAX_ENTRIES = 1000;

interface Entry { body: string; headers: [string, string][]; at: number; shopId: string }

const KEY = Symbol.for('tiendas.pageCache');
/** Listening again after a failure to start is tried at most this often. */
const LISTEN_RETRY_MS = 5_000;
interface Store {
  entries: Map<string, Entry>;
  listening: Promise<void> | null;
  /** False while the database's notifications cannot reach this process: nothing is served or kept then. */
  trusted: boolean;
  /** Bumped by every drop; a page whose rendering began before a drop is not kept (it may show the old data). */
  generation: number;
  rendering: Map<string, number>;
}
const store = (): Store => ((globalThis as { [KEY]?: Store })[KEY] ??= { entries: new Map(), listening: null, trusted: true, generation: 0, rendering: new Map() });

export function pageCacheEnabled() {
  return PAGE_CACHE_TTL_MS > 0;
}

export function dropShop(shopId: string | null) {
  const s = store();
  s.generation++;
  if (!shopId) { s.entries.clear(); return; }
  for (const [k, e] of s.entries) if (e.shopId === shopId) s.entries.delete(k);
}

async function listenForChanges(s: Store) {
  const h = await getDbHandle();
  const onEvent = (payload: string) => {
    try {
      const n = JSON.parse(payload) as { shop_id?: string };
      // A change to a product itself may show in any shop that offers it.
      dropShop(n.shop_id ?? null);
    } catch { dropShop(null); }
  };
  await h.listen('product_events', onEvent);
  await h.listen('shop_events', (id) => dropShop(id || null));
  // While the LISTEN connection is being reopened, changes go unannounced: forget everything and keep nothing
  // until it is back; then forget again what was rendered from data changed during the gap.
  s.trusted = h.listenState() === 'up';
  h.onListenState((state) => {
    s.trusted = state === 'up';
    dropShop(null);
  });
}

function startListening(s: Store): Promise<void> {
  if (!s.listening) {
    const p = listenForChanges(s);
    s.listening = p;
    p.catch((err) => {
      console.error(`[page-cache] cannot listen for changes; caching is off (trying again in ${LISTEN_RETRY_MS / 1000} s)`, err);
      dropShop(null);
      setTimeout(() => { if (s.listening === p) s.listening = null; }, LISTEN_RETRY_MS).unref();
    });
  }
  return s.listening;
}

export async function cachedPage(key: string): Promise<Response | null> {
  const s = store();
  try { await startListening(s); } catch { return null; }
  if (!s.trusted) return null;
  const e = s.entries.get(key);
  if (e && Date.now() - e.at <= PAGE_CACHE_TTL_MS) {
    const headers = new Headers(e.headers);
    headers.set('x-page-cache', 'hit');
    return new Response(e.body, { status: 200, headers });
  }
  if (e) s.entries.delete(key);
  // A miss: this request renders the page; storePage keeps it only if nothing changed meanwhile.
  if (s.rendering.size >= MAX_ENTRIES) s.rendering.clear();
  s.rendering.set(key, s.generation);
  return null;
}

/** Keeps a 200 HTML answer (without its cookies) and returns an equivalent response to send now. */
export async function storePage(key: string, shopId: string, res: Response): Promise<Response> {
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.includes('text/html')) return res;
  // Pages about one visitor (a guest's cart, order or tickets) say so; they must never reach another visitor.
  if (/\b(private|no-store)\b/i.test(res.headers.get('cache-control') ?? '')) return res;
  const body = await res.text();
  const headers = [...res.headers].filter(([k]) => k.toLowerCase() !== 'set-cookie');
  const s = store();
  const began = s.rendering.get(key);
  s.rendering.delete(key);
  if (!s.trusted || began !== s.generation) return new Response(body, { status: res.status, headers: res.headers });
  if (s.entries.size >= MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value!);
  s.entries.set(key, { body, headers, at: Date.now(), shopId });
  const out = new Response(body, { status: res.status, headers: res.headers });
  out.headers.set('x-page-cache', 'miss');
  return out;
}
