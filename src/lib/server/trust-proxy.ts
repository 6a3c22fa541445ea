// TRUST_PROXY's grammar (what src/lib/server/proxy.ts does with it is explained there); parsed by the config module.
import net from 'node:net';

export type ProxyTrust =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'list'; proxies: net.BlockList };

/** TRUST_PROXY's value as a setting; a malformed list entry is an error (start-up refuses it rather than guess). */
export function parseTrustProxy(value: string | undefined): ProxyTrust {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '' || v === '0' || v === 'false' || v === 'no' || v === 'off') return { kind: 'none' };
  if (v === 'true' || v === 'yes' || v === 'on') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(v)) return { kind: 'hops', hops: Math.min(Number(v), 100) };
  const proxies = new net.BlockList();
  for (const raw of v.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [address, bits, extra] = raw.split('/');
    const family = net.isIP(address ?? '');
    if (!family || extra !== undefined || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`TRUST_PROXY: "${raw}" is neither an address nor a CIDR range (expected a hop count or e.g. 10.0.0.0/8,::1)`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) proxies.addAddress(address!, type);
    else {
      const prefix = Number(bits);
      if (prefix > (family === 6 ? 128 : 32)) throw new Error(`TRUST_PROXY: "${raw}" has a prefix longer than the address`);
      proxies.addSubnet(address!, prefix, type);
    }
  }
  return { kind: 'list', proxies };
}
