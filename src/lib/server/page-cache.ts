// Rendered storefront pages for anonymous shoppers, kept briefly in each process. Every anonymous visitor of a
// shop sees the same page for the same address, language and preferences, so most requests skip rendering
// and the database. Correctness never depends on it: entries live at most PAGE_CACHE_TTL_MS, and the
// database's notifications (product_events from the catalogue triggers, shop_events when a shop row changes)
// drop a shop's entries in every process as soon as its data changes. Signed-in viewers are never cached.
import { getDbHandle } from '../../db/client.ts';

export const PAGE_CACHE_TTL_MS = Number(process.env.PAGE_CACHE_TTL_MS ?? 30_000);
const MAX_ENTRIES = 1000;

interface Entry { body: string; headers: [string, string][]; at: number; shopId: string }

const KEY = Symbol.for('tiendas.pageCache');
interface Store { entries: Map<string, Entry>; listening: Promise<void> | null }
const store = (): Store => ((globalThis as { [KEY]?: Store })[KEY] ??= { entries: new Map(), listening: null });

export function pageCacheEnabled() {
  return PAGE_CACHE_TTL_MS > 0;
}

export function dropShop(shopId: string | null) {
  const { entries } = store();
  if (!shopId) { entries.clear(); return; }
  for (const [k, e] of entries) if (e.shopId === shopId) entries.delete(k);
}

function startListening(s: Store) {
  s.listening ??= (async () => {
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
  })().catch((err) => {
    console.error('[page-cache] cannot listen for changes; caching stays off', err);
    s.entries.clear();
    s.listening = Promise.reject(err);
  });
  return s.listening;
}

export async function cachedPage(key: string): Promise<Response | null> {
  const s = store();
  try { await startListening(s); } catch { return null; }
  const e = s.entries.get(key);
  if (!e) return null;
  if (Date.now() - e.at > PAGE_CACHE_TTL_MS) { s.entries.delete(key); return null; }
  const headers = new Headers(e.headers);
  headers.set('x-page-cache', 'hit');
  return new Response(e.body, { status: 200, headers });
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
  if (s.entries.size >= MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value!);
  s.entries.set(key, { body, headers, at: Date.now(), shopId });
  const out = new Response(body, { status: res.status, headers: res.headers });
  out.headers.set('x-page-cache', 'miss');
  return out;
}
