/**
 * The outbound-address policy: where the platform may connect on behalf of input it does not
 * trust (feed photo URLs, lead-delivery.json webhooks). Loopback, private (RFC 1918, unique
 * local), link-local (cloud metadata), carrier-grade NAT, benchmarking, multicast, reserved and
 * unspecified addresses are refused in every written form: an IPv6 address that carries an
 * IPv4 one (mapped, translated, compatible, NAT64, 6to4) is judged by that IPv4 address,
 * Teredo is refused. The check runs on a literal host before connecting
 * (`literalRefusal`), on every DNS answer (`guardedLookup`, the request's `lookup` hook) and
 * on the socket's connected peer (`guardPeer`, which also covers a reused keep-alive socket).
 * The one owner of this policy: src/images/fetch.ts and src/server/leads/outbox.ts use it.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type Socket } from 'node:net';

/** Who may be reached besides public addresses. */
export interface OutboundPolicy {
  /** Allow loopback and private network addresses (tests and local fixtures only; refused in production). */
  allowPrivate?: boolean;
  /** Private addresses allowed one by one, exactly as connected to (local fixtures). */
  allowAddresses?: readonly string[];
}

/** IPv4 ranges never connected to: [first address, prefix length]. */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
/** IPv6 ranges refused outright (those embedding an IPv4 address are decoded instead). */
const BLOCKED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (an obfuscated IPv4 inside)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
const blockedV4 = new BlockList();
for (const [address, prefix] of BLOCKED_V4) blockedV4.addSubnet(address, prefix, 'ipv4');
const blockedV6 = new BlockList();
for (const [address, prefix] of BLOCKED_V6) blockedV6.addSubnet(address, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (any textual form isIP accepts, zone id dropped). */
export function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two 16-bit groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const words = (part: string) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  const gap = text.indexOf('::');
  const all =
    gap < 0
      ? words(text)
      : (() => {
          const before = words(text.slice(0, gap));
          const after = words(text.slice(gap + 2));
          return [...before, ...Array<number>(Math.max(0, 8 - before.length - after.length)).fill(0), ...after];
        })();
  return all.slice(0, 8).flatMap((word) => [word >> 8, word & 0xff]);
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped, IPv4-compatible, NAT64, 6to4), if any. */
export function embeddedIPv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const v4 = (from: number) => bytes.slice(from, from + 4).join('.');
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zero(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zero(10, 12)) return v4(12); // ::ffff:0:a.b.c.d (IPv4-translated)
  if (zero(0, 12) && !zero(12, 16)) return v4(12); // ::a.b.c.d (IPv4-compatible)
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12)) return v4(12); // 64:ff9b::/96 NAT64
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && bytes[4] === 0x00 && bytes[5] === 0x01) return v4(12); // 64:ff9b:1::/48 local NAT64
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2); // 2002::/16 6to4
  return null;
}

/**
 * Loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved and unspecified
 * addresses, in every form: an IPv6 address that carries an IPv4 one is judged by that IPv4
 * address. Anything that is not an IP address counts as private (refused).
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.replace(/%.*$/, ''));
  if (family === 4) return blockedV4.check(bare, 'ipv4');
  if (family !== 6) return true;
  const plain = bare.replace(/%.*$/, '');
  const inner = embeddedIPv4(plain);
  if (inner) return blockedV4.check(inner, 'ipv4');
  return blockedV6.check(plain, 'ipv6');
}

/** Whether `policy` refuses a connection to `address`. */
export function refusedBy(policy: OutboundPolicy): (address: string) => boolean {
  return (address) => !policy.allowPrivate && isPrivateAddress(address) && !policy.allowAddresses?.includes(address.replace(/^\[|\]$/g, ''));
}

/** Why a URL may not be connected to before any DNS (scheme, or a literal private address), or undefined. */
export function literalRefusal(url: URL, policy: OutboundPolicy): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `unsupported scheme ${url.protocol}`;
  // WHATWG URL parsing has already turned decimal, octal, hex and short IPv4 forms into dotted form.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && refusedBy(policy)(literal)) return `refused: ${url.hostname} is a private address`;
  return undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup (the `lookup` option of http.request) that refuses every answer the policy refuses. */
export function guardedLookup(policy: OutboundPolicy): (hostname: string, options: object, callback: LookupCallback) => void {
  const refused = refusedBy(policy);
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const blocked = list.find((entry) => refused(entry.address));
      if (blocked)
        return callback(Object.assign(new Error(`refused: ${hostname} resolves to the private address ${blocked.address}`), { code: 'EPRIVATE' }), '');
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * The request options that apply the policy while connecting (the DNS hook); pair it with
 * `guardPeer` on the request's socket.
 */
export function outboundRequestOptions(policy: OutboundPolicy): { lookup?: ReturnType<typeof guardedLookup> } {
  return policy.allowPrivate ? {} : { lookup: guardedLookup(policy) };
}

/** Destroy `request` when its socket is (or gets) connected to an address the policy refuses. */
export function guardPeer(
  request: { on(event: 'socket', listener: (socket: Socket) => void): unknown; destroy(error: Error): void },
  policy: OutboundPolicy,
): void {
  if (policy.allowPrivate) return;
  const refused = refusedBy(policy);
  request.on('socket', (socket: Socket) => {
    const check = () => {
      const address = socket.remoteAddress;
      if (address && refused(address)) request.destroy(Object.assign(new Error(`refused: connected to the private address ${address}`), { code: 'EPRIVATE' }));
    };
    if (socket.remoteAddress) check();
    else socket.once('connect', check);
  });
}
