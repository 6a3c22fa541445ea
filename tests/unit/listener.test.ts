import { describe, expect, it } from 'vitest';
import { backoffDelay, LISTEN_BACKOFF } from '../../src/db/listener.ts';

describe('LISTEN reconnect backoff', () => {
  it('doubles from the base, stays under the cap, and is jittered', () => {
    const lowest = (n: number) => backoffDelay(n, LISTEN_BACKOFF, () => 0);
    const highest = (n: number) => backoffDelay(n, LISTEN_BACKOFF, () => 1);
    expect([0, 1, 2, 3].map(highest)).toEqual([250, 500, 1000, 2000]);
    expect(lowest(0)).toBe(125);
    expect(highest(20)).toBe(LISTEN_BACKOFF.capMs);
    expect(highest(10_000)).toBe(LISTEN_BACKOFF.capMs);
    expect(lowest(20)).toBe(LISTEN_BACKOFF.capMs / 2);
  });
});
