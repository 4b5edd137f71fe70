/**
 * What one client is, for every per-client limit (the lead API's rate limits and allowances,
 * the pipeline operator page's wrong-token wait): an IPv4 address as it is; an IPv4-mapped
 * IPv6 address (`::ffff:a.b.c.d`) as its IPv4 address; any other IPv6 address by its routed
 * prefix, /64 by default (CLIENT_IPV6_PREFIX), since one host is routed a whole /64 and would
 * otherwise be 2^64 clients. Behind trusted proxies, the address is the nearest X-Forwarded-For
 * hop that is not one of them (requestAddress).
 */
import { BlockList, isIP } from 'node:net';
import { ipv6Bytes } from './outbound.ts';

/** The default IPv6 prefix that makes one client (CLIENT_IPV6_PREFIX). */
export const DEFAULT_CLIENT_IPV6_PREFIX = 64;

/** The client an address counts as (`2001:db8:0:1:0:0:0:0/64` for IPv6); anything that is not an IP address as it is. */
export function clientAddress(ip: string, prefixBits: number = DEFAULT_CLIENT_IPV6_PREFIX): string {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return ip;
  const bytes = ipv6Bytes(bare);
  if (bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12).join('.');
  const kept = bytes.map((byte, index) => {
    const from = index * 8;
    if (from + 8 <= prefixBits) return byte;
    if (from >= prefixBits) return 0;
    return byte & (0xff << (8 - (prefixBits - from)));
  });
  const groups = Array.from({ length: 8 }, (_, index) => ((kept[index * 2]! << 8) | kept[index * 2 + 1]!).toString(16));
  return `${groups.join(':')}/${prefixBits}`;
}

/** Whether an address is one of `proxies` (addresses or CIDR ranges); an IPv4-mapped IPv6 address is checked as IPv4. */
export function proxyMatcher(proxies: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of proxies) {
    const [address, bits] = entry.split('/');
    const family = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(bits), family);
  }
  return (address) => {
    const bare = address.replace(/^\[|\]$/g, '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
    const family = isIP(bare);
    return family !== 0 && list.check(bare, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** The address a request comes from: its peer, or, when the peer is a trusted proxy, the nearest X-Forwarded-For hop that is not (a malformed hop ends the walk). */
export function requestAddress(peer: string, forwardedFor: string | string[] | undefined, trusted: (address: string) => boolean): string {
  if (!trusted(peer) || forwardedFor === undefined) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((hop) => hop.trim());
  let address = peer;
  for (let index = hops.length - 1; index >= 0 && trusted(address); index -= 1) {
    if (isIP(hops[index]!) === 0) break;
    address = hops[index]!;
  }
  return address;
}
