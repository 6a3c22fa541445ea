// Which X-Forwarded-For entry is the client (src/lib/server/proxy.ts): only the entries trusted proxies added count,
// so an address a client writes into its own header is never taken for its own.
import { describe, expect, it } from 'vitest';
import { forwardedClient, forwardedHttps, forwardedProto, parseTrustProxy } from '../../src/lib/server/proxy.ts';

const hops = (n: string) => parseTrustProxy(n);

describe('TRUST_PROXY', () => {
  it('is off unset or false, one hop for 1 / true, N hops for N, else a list of addresses and ranges', () => {
    for (const v of [undefined, '', '0', 'false', ' off ']) expect(parseTrustProxy(v)).toEqual({ kind: 'none' });
    for (const v of ['1', 'true', 'TRUE']) expect(parseTrustProxy(v)).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('3')).toEqual({ kind: 'hops', hops: 3 });
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1').kind).toBe('list');
    for (const bad of ['proxy.local', '10.0.0.0/33', '10.0.0.1/8/2', '1.2.3']) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});

describe('the client address behind proxies', () => {
  it('without a trusted proxy is the socket peer, whatever the header says', () => {
    expect(forwardedClient('6.6.6.6', '203.0.113.9', hops('0'))).toEqual({ address: '203.0.113.9', hop: null });
  });

  it('with one proxy is the last entry: a forged left-most entry is ignored', () => {
    expect(forwardedClient('6.6.6.6, 198.51.100.7', '10.0.0.2', hops('1')).address).toBe('198.51.100.7');
    expect(forwardedClient('198.51.100.7', '10.0.0.2', hops('true')).address).toBe('198.51.100.7');
    // No header (a request that did not come through the proxy): the socket.
    expect(forwardedClient(null, '10.0.0.2', hops('1'))).toEqual({ address: '10.0.0.2', hop: null });
  });

  it('with N proxies is the N-th entry from the right (the left-most when there are fewer)', () => {
    expect(forwardedClient('6.6.6.6, 198.51.100.7, 10.0.0.5', '10.0.0.2', hops('2'))).toEqual({ address: '198.51.100.7', hop: 1 });
    expect(forwardedClient('198.51.100.7', '10.0.0.2', hops('3'))).toEqual({ address: '198.51.100.7', hop: 0 });
  });

  it('with a list walks from the right past trusted proxies, starting at the socket', () => {
    const trust = parseTrustProxy('10.0.0.0/8, ::1');
    expect(forwardedClient('6.6.6.6, 198.51.100.7, 10.1.2.3', '10.0.0.2', trust)).toEqual({ address: '198.51.100.7', hop: 1 });
    expect(forwardedClient('6.6.6.6, 198.51.100.7', '::ffff:10.0.0.2', trust).address).toBe('198.51.100.7');
    // A peer that is not one of the proxies wrote the header itself.
    expect(forwardedClient('198.51.100.7', '203.0.113.9', trust)).toEqual({ address: '203.0.113.9', hop: null });
    // Every entry a proxy: the left-most.
    expect(forwardedClient('10.9.9.9, 10.1.1.1', '::1', trust).address).toBe('10.9.9.9');
  });

  it('never hands out an unbounded string', () => {
    expect(forwardedClient('x'.repeat(5000), '10.0.0.2', hops('1')).address.length).toBeLessThanOrEqual(64);
  });
});

describe('the scheme of the client hop', () => {
  it('reads X-Forwarded-Proto at the same place from the right, or its right-most entry', () => {
    expect(forwardedProto('http, https', 0)).toBe('https');
    expect(forwardedProto('https, http', 1)).toBe('https');
    expect(forwardedProto('https', 1)).toBe('https');
    expect(forwardedProto('https', null)).toBeUndefined();
  });

  it('counts only behind a trusted proxy', () => {
    expect(forwardedHttps('198.51.100.7', 'https', '10.0.0.2', hops('0'))).toBe(false);
    expect(forwardedHttps('198.51.100.7', 'https', '10.0.0.2', hops('1'))).toBe(true);
    // A forged left-most scheme does not make the client's own hop https.
    expect(forwardedHttps('6.6.6.6, 198.51.100.7', 'https, http', '10.0.0.2', hops('1'))).toBe(false);
    expect(forwardedHttps(null, 'https', '10.0.0.2', hops('1'))).toBe(true);
    const list = parseTrustProxy('10.0.0.0/8');
    expect(forwardedHttps('198.51.100.7', 'https', '10.0.0.2', list)).toBe(true);
    expect(forwardedHttps('198.51.100.7', 'https', '203.0.113.9', list)).toBe(false);
  });
});
