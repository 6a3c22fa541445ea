// Live product events (seed 000 §4: "live product events add, remove or replace products"). Triggers on
// products, shop_products and catalogue_products NOTIFY the channel product_events (src/db/migrations/0007_search_and_live_events.sql). Each
// server process holds ONE LISTEN on it, shared by every connected storefront (DbHandle.listen), and passes each
// event to the subscribers of the shops it concerns: the shop named in the event, or, for a change to a product
// itself, the subscribed shops that offer that product (one query per event, only while someone listens).
import { getDbHandle, type DbHandle } from '../../db/client.ts';
import { shopsOffering } from './repo.ts';
import type { ProductEvent } from './schema.ts';

export const PRODUCT_EVENTS_CHANNEL = 'product_events';
/** Comment line sent on every open event stream this often, so proxies keep it open (~25 s). */
export const LIVE_HEARTBEAT_MS = 25_000;

type Listener = (event: ProductEvent) => void;
interface Hub {
  byShop: Map<string, Set<Listener>>;
  listening: Promise<unknown> | null;
  handle: DbHandle | null;
  /** Events are routed one after another, so subscribers get them in the database's order. */
  queue: Promise<void>;
}

const KEY = Symbol.for('tiendas.productEvents');
type Holder = { [KEY]?: Hub };

function hub(): Hub {
  const g = globalThis as Holder;
  return (g[KEY] ??= { byShop: new Map(), listening: null, handle: null, queue: Promise.resolve() });
}

interface Notification { shop_id?: string; product_id?: string; op?: string }

function deliver(h: Hub, shopIds: Iterable<string>, event: ProductEvent) {
  for (const id of shopIds) {
    for (const l of h.byShop.get(id) ?? []) {
      try { l(event); } catch (err) { console.error('[live] listener failed', err); }
    }
  }
}

async function onPayload(h: Hub, payload: string) {
  if (h.byShop.size === 0) return;
  let n: Notification;
  try { n = JSON.parse(payload) as Notification; } catch { return; }
  // 'stock' (a stock-only change, migration 0019) is an update to whoever follows a shop's products live.
  const op = n.op === 'stock' ? 'update' : n.op === 'insert' || n.op === 'update' || n.op === 'delete' || n.op === 'bulk' ? n.op : null;
  if (!op) return;
  const event: ProductEvent = n.product_id ? { product_id: n.product_id, op } : { op };
  if (n.shop_id) { deliver(h, [n.shop_id], event); return; }
  if (!n.product_id) { deliver(h, [...h.byShop.keys()], event); return; } // a bulk change of products: every shop
  try {
    const shops = await shopsOffering(h.handle!.db, n.product_id, [...h.byShop.keys()]);
    deliver(h, shops, event);
  } catch (err) {
    console.error('[live] could not route a product event', err);
  }
}

/**
 * Calls `listener` for every product event of the shop until the returned function is called. The first
 * subscriber of the process starts the LISTEN (rejects if the database cannot listen).
 */
export async function subscribeProductEvents(shopId: string, listener: Listener, handle?: DbHandle): Promise<() => void> {
  const h = hub();
  let set = h.byShop.get(shopId);
  if (!set) { set = new Set(); h.byShop.set(shopId, set); }
  set.add(listener);
  const unsubscribe = () => {
    const s = h.byShop.get(shopId);
    if (!s) return;
    s.delete(listener);
    if (s.size === 0) h.byShop.delete(shopId);
  };
  if (!h.listening) {
    h.listening = (async () => {
      const db = handle ?? await getDbHandle();
      h.handle = db;
      await db.listen(PRODUCT_EVENTS_CHANNEL, (payload) => { h.queue = h.queue.then(() => onPayload(h, payload)); });
      // Events sent while the LISTEN connection was being reopened are lost: once it is back, every storefront
      // gets a "bulk" event, which makes it ask for each card it shows again.
      db.onListenState((state) => {
        if (state === 'up') h.queue = h.queue.then(() => deliver(h, [...h.byShop.keys()], { op: 'bulk' }));
      });
    })();
    h.listening.catch(() => { h.listening = null; h.handle = null; });
  }
  try {
    await h.listening;
  } catch (err) {
    unsubscribe();
    throw err;
  }
  return unsubscribe;
}

/** How many storefronts listen in this process (for tests and diagnostics). */
export function liveSubscriberCount(): number {
  let n = 0;
  for (const s of hub().byShop.values()) n += s.size;
  return n;
}

/** Forgets the process's LISTEN (tests that close their database). */
export function resetProductEventsHub() {
  const h = hub();
  h.byShop.clear();
  h.listening = null;
  h.handle = null;
  h.queue = Promise.resolve();
}
