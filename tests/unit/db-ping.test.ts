// The health check's database probe (src/pages/api/health.ts): up only when `select 1` answers in time.
import { describe, expect, it } from 'vitest';
import { pingDb, type Db } from '../../src/db/client.ts';

const fakeDb = (execute: () => Promise<unknown>) => ({ execute }) as unknown as Db;

describe('pingDb', () => {
  it('is true when the database answers', async () => {
    expect(await pingDb(fakeDb(async () => ({ rows: [{ '?column?': 1 }] })), 1000)).toBe(true);
  });
  it('is false when the query fails', async () => {
    expect(await pingDb(fakeDb(async () => { throw new Error('connect ECONNREFUSED'); }), 1000)).toBe(false);
  });
  it('is false when the database does not answer in time', async () => {
    expect(await pingDb(fakeDb(() => new Promise(() => {})), 50)).toBe(false);
  });
});
