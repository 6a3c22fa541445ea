// What the request says about the visitor when proxies stand in front: their address and whether they reached us
// over https. Each proxy appends the address it was reached from to X-Forwarded-For, so only the right-most
// entries were written by proxies we trust; everything to their left is whatever the client sent. TRUST_PROXY:
//
//   unset, 0, false     no proxy: the forwarded headers are anyone's to forge and are ignored (the socket's address)
//   1, true             one proxy in front: the last X-Forwarded-For entry (the address that proxy saw)
//   N                   N proxies in a chain: the N-th entry from the right
//   10.0.0.0/8,::1,...  the proxies' addresses or CIDR ranges: the socket's peer and then the entries from the right
//                       are skipped while they are trusted proxies; the first one that is not is the client
//
// X-Forwarded-Proto is read from the same hop (its entry at the same place from the right; the right-most when a
// proxy chain keeps only one value).
import net from 'node:net';
import { config } from './config.ts';
import type { ProxyTrust } from './trust-proxy.ts';

export { parseTrustProxy, type ProxyTrust } from './trust-proxy.ts';

const MAX_ADDRESS_CHARS = 64;

function isTrusted(list: net.BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const a = mapped ? mapped[1]! : address;
  const family = net.isIP(a);
  return family !== 0 && list.check(a, family === 6 ? 'ipv6' : 'ipv4');
}

const entries = (header: string | null | undefined) => (header ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * The client as the trusted proxies saw it: its address, and `hop`, its entry's place in X-Forwarded-For counted
 * from the right (0 = the last entry), or null when the socket's peer is the client (no trusted proxy in front).
 */
export function forwardedClient(forwardedFor: string | null | undefined, socketAddress: string | undefined, trust: ProxyTrust): { address: string; hop: number | null } {
  const socket = socketAddress || 'unknown';
  if (trust.kind === 'none') return { address: socket, hop: null };
  const chain = entries(forwardedFor);
  if (!chain.length) return { address: socket, hop: null };
  let hop: number;
  if (trust.kind === 'hops') {
    // Fewer entries than proxies: the left-most is the furthest any proxy saw.
    hop = Math.min(trust.hops, chain.length) - 1;
  } else {
    if (!isTrusted(trust.proxies, socket)) return { address: socket, hop: null };
    hop = 0;
    while (hop < chain.length - 1 && isTrusted(trust.proxies, chain[chain.length - 1 - hop]!)) hop++;
  }
  return { address: chain[chain.length - 1 - hop]!.slice(0, MAX_ADDRESS_CHARS), hop };
}

/** X-Forwarded-Proto of the client's hop: the entry at the same place from the right, else the right-most. */
export function forwardedProto(forwardedProto: string | null | undefined, hop: number | null): string | undefined {
  if (hop === null) return undefined;
  const chain = entries(forwardedProto);
  return (chain[chain.length - 1 - hop] ?? chain.at(-1))?.toLowerCase();
}

export const PROXY_TRUST: ProxyTrust = config().TRUST_PROXY;
/** Whether any proxy is trusted (fast paths that only need to know whether to read the forwarded headers). */
export const TRUST_PROXY = PROXY_TRUST.kind !== 'none';

/** The client's address: the entry of X-Forwarded-For that the trusted proxies added, else the socket's. */
export function clientAddress(request: Request, socketAddress: string | undefined): string {
  return forwardedClient(request.headers.get('x-forwarded-for'), socketAddress, PROXY_TRUST).address;
}

// The socket's peer of each request, noted by the middleware (src/middleware.ts) so that code holding only the
// Request (cookies, security headers) can tell whether its forwarded headers come from a trusted proxy.
const PEERS = new WeakMap<Request, string>();
export function notePeer(request: Request, socketAddress: string | undefined): void {
  if (socketAddress) PEERS.set(request, socketAddress);
}

/** Whether the visitor's connection is https: the URL's scheme, or X-Forwarded-Proto of the client's hop. */
export function isHttps(url: URL, request: Request, socketAddress = PEERS.get(request)): boolean {
  if (url.protocol === 'https:') return true;
  return forwardedHttps(request.headers.get('x-forwarded-for'), request.headers.get('x-forwarded-proto'), socketAddress);
}

/** Same, from the raw header values (the fast page path reads Node's request, src/lib/server/fast-page.ts). */
export function forwardedHttps(forwardedFor: string | null | undefined, proto: string | null | undefined, socketAddress: string | undefined, trust = PROXY_TRUST): boolean {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'list' && !isTrusted(trust.proxies, socketAddress ?? '')) return false;
  // A proxy that sets only the scheme (no X-Forwarded-For): its right-most entry.
  const { hop } = forwardedClient(forwardedFor, socketAddress, trust);
  return forwardedProto(proto, hop ?? 0) === 'https';
}
