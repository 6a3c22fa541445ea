// The page cache is bounded in bytes, not in pages: adding a page past the bound drops the oldest pages first,
// and a page too big for a quarter of the bound is served but not kept.
import { afterAll, describe, expect, it } from 'vitest';
import { setDbHandle, type DbHandle } from '../../src/db/client.ts';

process.env.PAGE_CACHE_MAX_BYTES = String(40_000);
const { cachedPage, pageCacheStats, storePage } = await import('../../src/lib/server/page-cache.ts');
setDbHandle(Promise.resolve({ kind: 'postgres', listen: async () => async () => {}, listenState: () => 'up', onListenState: () => () => {} } as unknown as DbHandle));
afterAll(() => setDbHandle(undefined));

const html = (n: number) => new Response('x'.repeat(n), { status: 200, headers: { 'content-type': 'text/html' } });

describe('page cache memory bound', () => {
  it('keeps at most PAGE_CACHE_MAX_BYTES, dropping the oldest pages', async () => {
    for (let i = 0; i < 8; i++) {
      expect(await cachedPage(`p${i}`)).toBeNull();
      await storePage(`p${i}`, 's', html(9_000));
    }
    const { entries, bytes } = pageCacheStats();
    expect(bytes).toBeLessThanOrEqual(40_000);
    expect(entries).toBe(4);
    expect(await cachedPage('p0')).toBeNull();
    expect((await cachedPage('p7'))?.headers.get('x-page-cache')).toBe('hit');
  });

  it('does not keep a page bigger than a quarter of the bound', async () => {
    expect(await cachedPage('big')).toBeNull();
    const res = await storePage('big', 's', html(20_000));
    expect((await res.text()).length).toBe(20_000);
    expect(await cachedPage('big')).toBeNull();
  });
});
