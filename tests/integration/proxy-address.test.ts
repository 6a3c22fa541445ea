// Behind a proxy (the test server runs with TRUST_PROXY=1: one proxy in front) the client's address is the entry
// that proxy appended to X-Forwarded-For, the right-most. A client that writes its own left-most entries, a new one
// each try, is still one address to the per-address sign-in limit (LOGIN_LIMIT_PER_ADDRESS, 30 by default).
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const rand = () => Math.floor(Math.random() * 254) + 1;

describe('client address behind a trusted proxy', () => {
  it('a forged left-most X-Forwarded-For does not escape the per-address sign-in limit', async () => {
    const real = `198.51.${rand()}.${rand()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      // A new made-up address and a new unknown account each time: only the per-address counter can stop it.
      const forged = new Client(undefined, { 'x-forwarded-for': `172.16.${rand()}.${i}, ${real}` });
      statuses.push((await forged.post('/api/auth/login', { email: `nobody-${i}-${rand()}@proxy.test`, password: 'wrong-password' })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
