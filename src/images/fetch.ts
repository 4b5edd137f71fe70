/**
 * Download one feed photo (issue 15): http(s) only, a deadline per attempt, a size cap
 * (Content-Length and the bytes actually received), a few redirects, retries with back-off
 * for transient failures (network errors, timeouts, 5xx, 429), and a check by content that
 * the body is an image. Never throws: a failure is a reason a person can act on.
 * Loopback, private and link-local addresses are refused in every written form (IPv6 that
 * carries an IPv4 address: mapped, compatible, NAT64, 6to4), for literal hosts, DNS answers,
 * each redirect, and the socket's connected peer (issue 34 N2).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type Socket } from 'node:net';
import { describeStart, sniffPhotoType, type PhotoType } from './sniff.ts';

export interface FetchPhotoOptions {
  /** Deadline of one attempt, headers and body (ms). */
  timeoutMs: number;
  /** Largest accepted file (bytes). */
  maxBytes: number;
  /** Attempts after the first for transient failures. */
  retries: number;
  /** Back-off before retry n is n x this (ms). */
  retryDelayMs: number;
  /** Allow loopback and private network addresses (tests and local fixtures only). */
  allowPrivate: boolean;
  /** Private addresses allowed one by one, exactly as connected to (local fixtures). */
  allowAddresses?: readonly string[];
}

export const FETCH_DEFAULTS: FetchPhotoOptions = { timeoutMs: 20_000, maxBytes: 25 * 1024 * 1024, retries: 2, retryDelayMs: 500, allowPrivate: false };

export type FetchPhotoResult = { ok: true; bytes: Buffer; type: PhotoType; attempts: number } | { ok: false; reason: string; attempts: number };

type Attempt = { ok: true; bytes: Buffer } | { ok: false; reason: string; transient: boolean } | { redirect: string };

const MAX_REDIRECTS = 3;

/** IPv4 ranges a feed photo may never come from: [first address, prefix length]. */
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
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two 16-bit groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const words = (part: string) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  const gap = text.indexOf('::');
  const all = gap < 0 ? words(text) : (() => {
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

/** Whether the fetch options refuse an address. */
const refuses = (options: FetchPhotoOptions) => (address: string) => !options.allowPrivate && isPrivateAddress(address) && !options.allowAddresses?.includes(address);

/** DNS lookup that refuses private addresses, so a feed cannot make the build fetch internal services. */
const publicLookup = (refused: (address: string) => boolean) => (hostname: string, options: object, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const list = addresses as LookupAddress[];
    const blocked = list.find((entry) => refused(entry.address));
    if (blocked) return callback(Object.assign(new Error(`refused: ${hostname} resolves to the private address ${blocked.address}`), { code: 'EPRIVATE' }), '');
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** Destroy a request whose socket is (or gets) connected to a private address. */
function refusePrivatePeer(socket: Socket, request: { destroy(error: Error): void }, refused: (address: string) => boolean): void {
  const check = () => {
    const address = socket.remoteAddress;
    if (address && refused(address)) request.destroy(Object.assign(new Error(`refused: connected to the private address ${address}`), { code: 'EPRIVATE' }));
  };
  if (socket.remoteAddress) check();
  else socket.once('connect', check);
}

function attempt(url: URL, options: FetchPhotoOptions): Promise<Attempt> {
  return new Promise((done) => {
    let settled = false;
    const finish = (result: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(result);
    };
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: 'GET', headers: { accept: 'image/avif,image/webp,image/*;q=0.8', 'user-agent': 'dealer-sites-photo-fetch/1' }, ...(options.allowPrivate ? {} : { lookup: publicLookup(refuses(options)) }) },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return finish({ redirect: new URL(response.headers.location, url).href });
        }
        if (status !== 200) {
          response.resume();
          return finish({ ok: false, reason: `HTTP ${status}`, transient: status >= 500 || status === 429 });
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          request.destroy();
          return finish({ ok: false, reason: `too large: ${declared} bytes declared, the limit is ${options.maxBytes}`, transient: false });
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes) {
            request.destroy();
            finish({ ok: false, reason: `too large: more than ${options.maxBytes} bytes`, transient: false });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => finish({ ok: true, bytes: Buffer.concat(chunks) }));
        response.on('error', (error) => finish({ ok: false, reason: `download failed: ${error.message}`, transient: true }));
        response.on('aborted', () => finish({ ok: false, reason: 'download aborted by the server', transient: true }));
      },
    );
    // Judge the address actually connected to as well (a reused keep-alive socket included).
    if (!options.allowPrivate) request.on('socket', (socket: Socket) => refusePrivatePeer(socket, request, refuses(options)));
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, reason: `timed out after ${options.timeoutMs} ms`, transient: true });
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, reason: error.code === 'EPRIVATE' ? error.message : `cannot connect: ${error.code ?? error.message}`, transient: error.code !== 'EPRIVATE' && error.code !== 'ENOTFOUND' }));
    request.end();
  });
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Download a photo URL and check it is an image. */
export async function fetchPhoto(rawUrl: string, overrides: Partial<FetchPhotoOptions> = {}): Promise<FetchPhotoResult> {
  const options = { ...FETCH_DEFAULTS, ...overrides };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, reason: 'not a valid URL', attempts: 0 };
  }
  let attempts = 0;
  let redirects = 0;
  for (;;) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `unsupported scheme ${url.protocol}`, attempts };
    // An address written as the host never goes through DNS: check it here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && refuses(options)(literal)) return { ok: false, reason: `refused: ${url.hostname} is a private address`, attempts };
    attempts += 1;
    const result = await attempt(url, options);
    if ('redirect' in result) {
      if (++redirects > MAX_REDIRECTS) return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects`, attempts };
      url = new URL(result.redirect);
      attempts -= 1;
      continue;
    }
    if (result.ok) {
      const type = sniffPhotoType(result.bytes);
      if (!type) return { ok: false, reason: `not an image (${describeStart(result.bytes)})`, attempts };
      return { ok: true, bytes: result.bytes, type, attempts };
    }
    if (!result.transient || attempts > options.retries) return { ok: false, reason: attempts > 1 ? `${result.reason} (${attempts} attempts)` : result.reason, attempts };
    await pause(options.retryDelayMs * attempts);
  }
}
