/**
 * Download one feed photo (issue 15): http(s) only, a deadline per attempt, a size cap
 * (Content-Length and the bytes actually received), a few redirects, retries with back-off
 * for transient failures (network errors, timeouts, 5xx, 429), and a check by content that
 * the body is an image. Never throws: a failure is a reason a person can act on.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
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
}

export const FETCH_DEFAULTS: FetchPhotoOptions = { timeoutMs: 20_000, maxBytes: 25 * 1024 * 1024, retries: 2, retryDelayMs: 500, allowPrivate: false };

export type FetchPhotoResult = { ok: true; bytes: Buffer; type: PhotoType; attempts: number } | { ok: false; reason: string; attempts: number };

type Attempt = { ok: true; bytes: Buffer } | { ok: false; reason: string; transient: boolean } | { redirect: string };

const MAX_REDIRECTS = 3;

/** Loopback, private, link-local (cloud metadata), CGNAT and unspecified addresses. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const lower = address.toLowerCase();
    if (lower.startsWith('::ffff:')) return isPrivateAddress(lower.slice(7));
    return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
  }
  const [a, b] = address.split('.').map(Number) as [number, number];
  return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
}

/** DNS lookup that refuses private addresses, so a feed cannot make the build fetch internal services. */
function publicLookup(hostname: string, options: object, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const list = addresses as LookupAddress[];
    const blocked = list.find((entry) => isPrivateAddress(entry.address));
    if (blocked) return callback(Object.assign(new Error(`refused: ${hostname} resolves to the private address ${blocked.address}`), { code: 'EPRIVATE' }), '');
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
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
      { method: 'GET', headers: { accept: 'image/avif,image/webp,image/*;q=0.8', 'user-agent': 'dealer-sites-photo-fetch/1' }, ...(options.allowPrivate ? {} : { lookup: publicLookup }) },
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
    if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal)) return { ok: false, reason: `refused: ${url.hostname} is a private address`, attempts };
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
