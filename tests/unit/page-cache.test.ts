// The page cache follows the LISTEN connection's state: emptied and bypassed while it is down (changes go
// unannounced then), emptied again when it is back. A fake database handle plays the connection.
import { afterAll, describe, expect, it } from 'vitest';
import { setDbHandle, type DbHandle } from '../../src/db/client.ts';
import type { ListenState } from '../../src/db/listener.ts';
import { cachedPage, dropShop, storePage } from '../../src/lib/server/page-cache.ts';

let state: ListenState = 'up';
const watchers = new Set<(s: ListenState) => void>();
const setState = (s: ListenState) => { state = s; for (const w of watchers) w(s); };
const fake = {
  kind: 'postgres',
  listen: async () => async () => {},
  listenState: () => state,
  onListenState: (cb: (s: ListenState) => void) => { watchers.add(cb); return () => watchers.delete(cb); },
} as unknown as DbHandle;
setDbHandle(Promise.resolve(fake));
afterAll(() => setDbHandle(undefined));

const page = (body: string) => new Response(body, { status: 200, headers: { 'content-type': 'text/html' } });
async function render(key: string, body: string) {
  if (await cachedPage(key)) throw new Error('expected a miss');
  return storePage(key, 'shop-1', page(body));
}

describe('page cache and the LISTEN connection', () => {
  it('is emptied and bypassed while the connection is down, emptied again when it is back', async () => {
    await render('k1', 'v1');
    expect(await (await cachedPage('k1'))!.text()).toBe('v1');
    setState('down');
    expect(await cachedPage('k1')).toBeNull();
    const whileDown = await render('k1', 'v2');
    expect(whileDown.headers.get('x-page-cache')).toBeNull();
    expect(await cachedPage('k1')).toBeNull();
    setState('up');
    expect(await cachedPage('k1')).toBeNull(); // nothing from before or during the gap
    await render('k1', 'v3');
    expect(await (await cachedPage('k1'))!.text()).toBe('v3');
  });

  it('does not keep a page whose rendering began before a change was announced', async () => {
    expect(await cachedPage('k2')).toBeNull();
    dropShop('shop-1'); // announced while the page was rendering from the old data
    const res = await storePage('k2', 'shop-1', page('old'));
    expect(await res.text()).toBe('old');
    expect(await cachedPage('k2')).toBeNull();
  });
});
