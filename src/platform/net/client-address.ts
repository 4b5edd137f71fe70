/**
 * What one client is, for every per-client limit (the lead API's rate limits and allowances,
 * the pipeline operator page's wrong-token wait): an IPv4 address as it is; an IPv4-mapped
 * IPv6 address (`::ffff:a.b.c.d`) as its IPv4 address; any other IPv6 address by its routed
 * prefix, /64 by default (CLIENT_IPV6_PREFIX), since one host is routed a whole /64 and would
 * otherwise be 2^64 clients.
 */
import { isIP } from 'node:net';
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
