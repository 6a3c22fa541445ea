// A page and its total from one statement (src/db/page-total.ts): the count is read apart only when no row carries it.
import { describe, expect, it, vi } from 'vitest';
import { withTotal } from '../../src/db/page-total.ts';

describe('withTotal', () => {
  it('takes the total from the rows and drops the carried column', async () => {
    const countApart = vi.fn(async () => 99);
    expect(await withTotal([{ id: 'a', total: 7 }, { id: 'b', total: 7 }], { offset: 0, limit: 2 }, countApart)).toEqual({ rows: [{ id: 'a' }, { id: 'b' }], total: 7 });
    expect(countApart).not.toHaveBeenCalled();
  });
  it('an empty first page is an empty set: nothing more is read', async () => {
    const countApart = vi.fn(async () => 99);
    expect(await withTotal([], { offset: 0, limit: 20 }, countApart)).toEqual({ rows: [], total: 0 });
    expect(countApart).not.toHaveBeenCalled();
  });
  it('a page past the end, or of no rows asked, counts apart', async () => {
    expect(await withTotal([], { offset: 40, limit: 20 }, async () => 31)).toEqual({ rows: [], total: 31 });
    expect(await withTotal([], { offset: 0, limit: 0 }, async () => 5)).toEqual({ rows: [], total: 5 });
  });
});
