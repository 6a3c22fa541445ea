// The page cache follows the LISTEN connection's state: emptied and bypassed while it is down (changes go
// unannounced then), emptied again when it is back. Changes mark pages stale (stock-only: the pages that show the
// product; a product row's (migration 0036): the pages that show it and the lists of its shops it can move; a
// shop's: that shop's), a stale page is served while one request renders it again, and concurrent
// requests for a page nobody has yet share one render. A fake database handle plays the connection.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setDbHandle, type DbHandle } from '../../src/db/client.ts';
import type { ListenState } from '../../src/db/listener.ts';
import {
  abandonPage, cachedPage, dropShop, listsProducts, PAGE_CACHE_STOCK_REFRESH_MS, pageCacheStats, preciseLists, shownProducts, storePage,
  type ProductField,
} from '../../src/lib/server/page-cache.ts';

let state: ListenState = 'up';
const watchers = new Set<(s: ListenState) => void>();
const channels = new Map<string, (payload: string) => void>();
const setState = (s: ListenState) => { state = s; for (const w of watchers) w(s); };
const fake = {
  kind: 'postgres',
  listen: async (channel: string, cb: (p: string) => void) => { channels.set(channel, cb); return async () => {}; },
  listenState: () => state,
  onListenState: (cb: (s: ListenState) => void) => { watchers.add(cb); return () => watchers.delete(cb); },
} as unknown as DbHandle;
setDbHandle(Promise.resolve(fake));
afterAll(() => setDbHandle(undefined));
const notify = (channel: string, payload: unknown) => channels.get(channel)!(typeof payload === 'string' ? payload : JSON.stringify(payload));

const page = (body: string) => new Response(body, { status: 200, headers: { 'content-type': 'text/html' } });
async function render(key: string, body: string, shop = 'shop-1', products: string[] = []) {
  if (await cachedPage(key)) throw new Error('expected a miss');
  return storePage(key, shop, page(body), { ...shownProducts(), cards: new Set(products), details: new Set() });
}
async function served(key: string): Promise<[string | null, string] | null> {
  const r = await cachedPage(key);
  return r ? [r.headers.get('x-page-cache'), await r.text()] : null;
}

describe('page cache and the LISTEN connection', () => {
  it('is emptied and bypassed while the connection is down, emptied again when it is back', async () => {
    await render('k1', 'v1');
    expect(await served('k1')).toEqual(['hit', 'v1']);
    setState('down');
    expect(await cachedPage('k1')).toBeNull();
    const whileDown = await render('k1', 'v2');
    expect(whileDown.headers.get('x-page-cache')).toBeNull();
    expect(await cachedPage('k1')).toBeNull();
    setState('up');
    expect(await cachedPage('k1')).toBeNull(); // nothing from before or during the gap
    await storePage('k1', 'shop-1', page('v3'));
    expect(await served('k1')).toEqual(['hit', 'v3']);
  });

  it('does not serve as fresh a page whose rendering began before a change was announced', async () => {
    expect(await cachedPage('k2')).toBeNull();
    dropShop('shop-1'); // announced while the page was rendering from the old data
    const res = await storePage('k2', 'shop-1', page('old'));
    expect(await res.text()).toBe('old');
    expect(await cachedPage('k2')).toBeNull(); // this request renders it again...
    expect(await served('k2')).toEqual(['stale', 'old']); // ...while others get the old copy meanwhile
    await storePage('k2', 'shop-1', page('new'));
    expect(await served('k2')).toEqual(['hit', 'new']);
  });
});

describe('what a change makes stale', () => {
  it('a stock-only change: only the pages that show the product', async () => {
    await render('a|product-p1', 'p1 page', 'shop-a', ['p1', 'p2']);
    await render('a|list', 'list', 'shop-a', ['p2', 'p3']);
    await render('b|product-p1', 'p1 in b', 'shop-b', ['p1']);
    notify('product_events', { product_id: 'p1', op: 'stock' });
    // Rendered less than PAGE_CACHE_STOCK_REFRESH_MS ago: served as they are (a stream of reservations costs
    // each page at most one render per interval)...
    expect(await served('a|product-p1')).toEqual(['stale', 'p1 page']);
    expect(await served('a|list')).toEqual(['hit', 'list']);
    // ...and rendered again once the interval is over; the page that does not show p1 stays fresh.
    const later = Date.now() + PAGE_CACHE_STOCK_REFRESH_MS;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(await cachedPage('a|product-p1')).toBeNull();
      expect(await cachedPage('b|product-p1')).toBeNull();
      expect(await served('a|list')).toEqual(['hit', 'list']);
    } finally { clock.mockRestore(); }
    abandonPage('a|product-p1'); abandonPage('b|product-p1');
  });

  it("any other product change: every page; a shop's change: that shop's pages", async () => {
    await render('c|home', 'c', 'shop-c', []);
    await render('d|home', 'd', 'shop-d', []);
    notify('shop_events', 'shop-c');
    expect(await cachedPage('c|home')).toBeNull();
    expect(await served('d|home')).toEqual(['hit', 'd']);
    await storePage('c|home', 'shop-c', page('c2'));
    notify('product_events', { shop_id: 'shop-d', product_id: 'p9', op: 'update' });
    expect(await served('c|home')).toEqual(['hit', 'c2']);
    expect(await cachedPage('d|home')).toBeNull();
    await storePage('d|home', 'shop-d', page('d2'));
    notify('product_events', { product_id: 'p9', op: 'update' });
    expect(await cachedPage('c|home')).toBeNull();
    expect(await cachedPage('d|home')).toBeNull();
    abandonPage('c|home'); abandonPage('d|home');
  });
});

describe('a stock change that leaves the cards as they were', () => {
  const shown = (cards: string[], details: string[] = []) => ({ ...shownProducts(), cards: new Set(cards), details: new Set(details) });
  const stock = (was: number, now: number) => ({ product_id: 'q1', op: 'stock', stock_type: 'onstock', was, now });
  const later = async (fn: () => Promise<void>) => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + PAGE_CACHE_STOCK_REFRESH_MS);
    try { await fn(); } finally { clock.mockRestore(); }
  };

  it('makes only the product\'s own page stale; pages showing it as a card stay fresh', async () => {
    expect(await cachedPage('e|product-q1')).toBeNull();
    await storePage('e|product-q1', 'shop-e', page('q1 page'), shown(['q2'], ['q1']));
    expect(await cachedPage('e|product-q2')).toBeNull();
    await storePage('e|product-q2', 'shop-e', page('q2 page, q1 related'), shown(['q1'], ['q2']));
    notify('product_events', stock(40, 39)); // 'available' before and after
    await later(async () => {
      expect(await cachedPage('e|product-q1')).toBeNull();
      expect(await served('e|product-q2')).toEqual(['hit', 'q2 page, q1 related']);
    });
    await storePage('e|product-q1', 'shop-e', page('q1 page 2'), shown(['q2'], ['q1']));
    // Down to the last units: the cards change ('Últimas disponibles'), so the pages showing them are stale too.
    notify('product_events', stock(6, 5));
    await later(async () => {
      expect(await cachedPage('e|product-q1')).toBeNull();
      expect(await cachedPage('e|product-q2')).toBeNull();
    });
    abandonPage('e|product-q1'); abandonPage('e|product-q2');
  });

  it('a render under way is kept fresh unless what was announced meanwhile touches what it shows', async () => {
    // Another product's stock, another shop's change: the page rendered meanwhile is fresh.
    expect(await cachedPage('f|list')).toBeNull();
    notify('product_events', { ...stock(40, 39), product_id: 'elsewhere' });
    notify('shop_events', 'shop-other');
    await storePage('f|list', 'shop-f', page('list'), shown(['q1']));
    expect(await served('f|list')).toEqual(['hit', 'list']);
    // A stock change of an item it shows as a card, cards unchanged: fresh as well.
    notify('product_events', stock(40, 39));
    expect(await served('f|list')).toEqual(['hit', 'list']);
    dropShop('shop-f');
    expect(await cachedPage('f|list')).toBeNull();
    notify('product_events', stock(6, 5)); // the card changes while the page renders again
    await storePage('f|list', 'shop-f', page('list 2'), shown(['q1']));
    expect(await served('f|list')).toEqual(['stale', 'list 2']); // kept, refreshed after the stock interval
    await later(async () => { expect(await cachedPage('f|list')).toBeNull(); });
    abandonPage('f|list');
  });
});

describe("a product row's change (migration 0036): the pages that show it and the lists it can move", () => {
  type Shown = ReturnType<typeof shownProducts>;
  const shown = (o: { cards?: string[]; details?: string[]; lists?: ProductField[] | 'any'; precise?: boolean } = {}): Shown => {
    const locals = { shownProducts: { ...shownProducts(), cards: new Set(o.cards ?? []), details: new Set(o.details ?? []) } };
    if (o.lists) listsProducts(locals, o.lists);
    if (o.precise) preciseLists(locals);
    return locals.shownProducts;
  };
  const pages: Record<string, [string, Shown]> = {
    'a|product-x': ['shop-a', shown({ details: ['x'], cards: ['y'], lists: ['visibility', 'tags'], precise: true })],
    'a|product-y': ['shop-a', shown({ details: ['y'], cards: ['z'], lists: ['visibility', 'tags'], precise: true })],
    'a|by-price': ['shop-a', shown({ cards: ['y', 'z'], lists: ['visibility', 'price'], precise: true })],
    'a|newest': ['shop-a', shown({ cards: ['y', 'z'], lists: ['visibility'], precise: true })],
    'a|search': ['shop-a', shown({ cards: ['y'], lists: 'any', precise: true })],
    'a|home': ['shop-a', shown({ cards: ['y'] })], // not declared: any change of an item of shop-a
    'b|product-x': ['shop-b', shown({ details: ['x'], lists: ['visibility', 'tags'], precise: true })],
    'b|product-w': ['shop-b', shown({ details: ['w'], cards: ['x'], lists: ['visibility', 'tags'], precise: true })],
    'c|product-v': ['shop-c', shown({ details: ['v'], lists: ['visibility', 'tags'], precise: true })],
    'c|home': ['shop-c', shown({ cards: ['v'] })],
  };
  // Each round renders its own copies (keys prefixed by the round), all fresh.
  let round = 0;
  async function renderAll() {
    round++;
    for (const [key, [shop, what]] of Object.entries(pages)) {
      expect(await cachedPage(`${round}:${key}`)).toBeNull();
      await storePage(`${round}:${key}`, shop, page(key), what);
      expect(await served(`${round}:${key}`)).toEqual(['hit', key]);
    }
  }
  async function staleNow(): Promise<string[]> {
    const out: string[] = [];
    for (const key of Object.keys(pages)) {
      const r = await served(`${round}:${key}`);
      if (r?.[0] !== 'hit') { out.push(key); abandonPage(`${round}:${key}`); }
    }
    return out;
  }
  // x is offered by shops a and b (its owner is a supplier); c does not offer it.
  const update = (columns: string[]) => ({ product_id: 'x', op: 'update', fields: columns, shop_ids: ['shop-a', 'shop-b'] });

  it('a price change of x: the pages showing x, the listings of its shops sorted by price or not declared', async () => {
    await renderAll();
    notify('product_events', update(['list_price']));
    expect(await staleNow()).toEqual(['a|product-x', 'a|by-price', 'a|search', 'a|home', 'b|product-x', 'b|product-w']);
  });

  it('a name or photo change of x: the pages showing x, and the listings that depend on any field', async () => {
    await renderAll();
    notify('product_events', update(['name', 'slug']));
    expect(await staleNow()).toEqual(['a|product-x', 'a|search', 'a|home', 'b|product-x', 'b|product-w']);
    await renderAll();
    notify('product_events', update(['photos']));
    expect(await staleNow()).toEqual(['a|product-x', 'a|search', 'a|home', 'b|product-x', 'b|product-w']);
  });

  it('x sold out (or back in stock): the pages showing x; lists that do not depend on it stay fresh', async () => {
    await renderAll();
    notify('product_events', { ...update(['stock_reserved']), stock_type: 'onstock', was: 1, now: 0 });
    expect(await staleNow()).toEqual(['a|product-x', 'a|search', 'a|home', 'b|product-x', 'b|product-w']);
  });

  it('x hidden: also every list of its shops that shows visible items; another shop stays fresh', async () => {
    await renderAll();
    notify('product_events', update(['hiden']));
    expect(await staleNow()).toEqual(['a|product-x', 'a|product-y', 'a|by-price', 'a|newest', 'a|search', 'a|home', 'b|product-x', 'b|product-w']);
  });

  it('a column not classified yet moves every list of its shops (conservative); a description only the pages showing x', async () => {
    await renderAll();
    notify('product_events', update(['some_new_column']));
    expect(await staleNow()).toEqual(['a|product-x', 'a|product-y', 'a|by-price', 'a|newest', 'a|search', 'a|home', 'b|product-x', 'b|product-w']);
    await renderAll();
    notify('product_events', update(['description', 'plain_description']));
    expect(await staleNow()).toEqual(['a|product-x', 'a|search', 'a|home', 'b|product-x', 'b|product-w']);
  });

  it('shops unknown (more than 100): the lists of every shop, still not the precise pages that cannot move', async () => {
    await renderAll();
    notify('product_events', { ...update(['list_price']), shop_ids: null });
    expect(await staleNow()).toEqual(['a|product-x', 'a|by-price', 'a|search', 'a|home', 'b|product-x', 'b|product-w', 'c|home']);
  });

  it("a theme published by shop a leaves the pages of shops b and c fresh", async () => {
    await renderAll();
    notify('shop_events', 'shop-a');
    expect(await staleNow()).toEqual(['a|product-x', 'a|product-y', 'a|by-price', 'a|newest', 'a|search', 'a|home']);
  });

  it('a page is rendered again once however many changes arrive while it renders, at most every refresh interval', async () => {
    await renderAll();
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      expect(await cachedPage('missing|x')).toBeNull();
      for (let i = 0; i < 20; i++) notify('product_events', update(['list_price']));
      await storePage('missing|x', 'shop-c', page('old x'), shown({ cards: ['x'] }));
      // Kept as stale: served as it is until the interval is over...
      for (let i = 0; i < 3; i++) expect(await served('missing|x')).toEqual(['stale', 'old x']);
      now += PAGE_CACHE_STOCK_REFRESH_MS;
      expect(await cachedPage('missing|x')).toBeNull(); // ...then one request renders it again...
      for (let i = 0; i < 5; i++) expect(await served('missing|x')).toEqual(['stale', 'old x']); // ...the others get the old copy
      for (let i = 0; i < 20; i++) notify('product_events', update(['name'])); // more while it renders
      await storePage('missing|x', 'shop-c', page('new x'), shown({ cards: ['x'] }));
      expect(await served('missing|x')).toEqual(['stale', 'new x']);
      now += PAGE_CACHE_STOCK_REFRESH_MS;
      expect(await cachedPage('missing|x')).toBeNull(); // one more render for all of those
      await storePage('missing|x', 'shop-c', page('newest x'), shown({ cards: ['x'] }));
      expect(await served('missing|x')).toEqual(['hit', 'newest x']);
      // A page of the shop made stale by a theme publish (not an item's change) is rendered again at once.
      notify('shop_events', 'shop-c');
      expect(await cachedPage('missing|x')).toBeNull();
      abandonPage('missing|x');
    } finally { clock.mockRestore(); }
    // shop-c's pages by its own change; the others by the price changes above.
    expect(await staleNow()).toEqual(['a|product-x', 'a|by-price', 'a|search', 'a|home', 'b|product-x', 'b|product-w', 'c|product-v', 'c|home']);
  });
});

describe('single flight', () => {
  it('concurrent requests for a page nobody has wait for the one render and get its result', async () => {
    expect(await cachedPage('sf1')).toBeNull();
    const waiting = served('sf1');
    await storePage('sf1', 'shop-1', page('rendered once'));
    expect(await waiting).toEqual(['hit', 'rendered once']);
  });

  it('when that render is not kept, a waiter renders on its own', async () => {
    expect(await cachedPage('sf2')).toBeNull();
    const waiting = cachedPage('sf2');
    await storePage('sf2', 'shop-1', new Response('nope', { status: 404, headers: { 'content-type': 'text/html' } }));
    expect(await waiting).toBeNull();
    expect(pageCacheStats().flights).toBeGreaterThan(0);
    abandonPage('sf2');
  });
});

describe('streamed answers (sitemaps, issue 29)', () => {
  const xml = () => {
    let c!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start(controller) { c = controller; } });
    return { res: new Response(body, { status: 200, headers: { 'content-type': 'application/xml' } }), push: (s: string) => c.enqueue(new TextEncoder().encode(s)), end: () => c.close() };
  };

  it('reaches the first client before the body ends, is kept once whole, and requests meanwhile wait for it', async () => {
    expect(await cachedPage('s1')).toBeNull();
    const { res, push, end } = xml();
    const out = await storePage('s1', 'shop-1', res);
    abandonPage('s1'); // the middleware's finally runs as soon as the response is returned: the stream goes on
    push('<urlset>');
    const reader = out.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('<urlset>');
    const waiting = cachedPage('s1');
    push('</urlset>');
    end();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toBe('</urlset>');
    const hit = await waiting;
    expect([hit?.headers.get('x-page-cache'), await hit?.text()]).toEqual(['hit', '<urlset></urlset>']);
    expect(hit?.headers.get('etag')).toBeTruthy();
  });

  it('keeps nothing of a body the client cancelled, and notes changes announced while it streamed', async () => {
    expect(await cachedPage('s2')).toBeNull();
    const first = xml();
    const out = await storePage('s2', 'shop-1', first.res);
    first.push('<urlset>');
    await out.body!.cancel();
    expect(await cachedPage('s2')).toBeNull(); // not kept: this request renders it

    const second = xml();
    const again = await storePage('s2', 'shop-1', second.res);
    dropShop('shop-1'); // announced while it streams: kept, but stale
    second.push('<urlset/>');
    second.end();
    expect(await again.text()).toBe('<urlset/>');
    expect(await cachedPage('s2')).toBeNull();
  });
});
