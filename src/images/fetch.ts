/**
 * Download one feed photo (issue 15): http(s) only, a deadline per attempt, a minimum rate
 * of the body, a size cap (Content-Length and the bytes actually received), a few redirects,
 * retries with back-off for transient failures (network errors, timeouts, too slow, 5xx, 429),
 * and a check by content that the body is an image. Never throws: a failure is a reason a
 * person can act on. A caller's signal stops it (the download under way is cut).
 * Loopback, private and link-local addresses are refused in every written form, for literal
 * hosts, DNS answers, each redirect and the socket's connected peer: the outbound-address
 * policy of src/platform/net/outbound.ts.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PHOTO_DEFAULTS, type PhotoFetchSettings } from '../config/images.ts';
import { guardPeer, literalRefusal, outboundRequestOptions } from '../platform/net/outbound.ts';
import { describeStart, sniffPhotoType, type PhotoType } from './sniff.ts';

export { embeddedIPv4, isPrivateAddress } from '../platform/net/outbound.ts';

/** How a photo is fetched: the photo settings (src/config/images.ts, each default PHOTO_DEFAULTS'), and addresses a fixture allows. */
export interface FetchPhotoOptions extends PhotoFetchSettings {
  /** Private addresses allowed one by one, exactly as connected to (local fixtures). */
  allowAddresses?: readonly string[];
  /** Once it aborts the fetch ends: the download under way is cut, no retry starts (the result says `stopped`). */
  signal?: AbortSignal;
}

/**
 * Stopped: `last` is the reason of the last attempt that ended before the stop (none when the
 * first was cut). Transient: the last attempt failed as a host in trouble does (network, timeout, 5xx, 429).
 */
export type FetchPhotoResult =
  | { ok: true; bytes: Buffer; type: PhotoType; attempts: number }
  | { ok: false; reason: string; attempts: number; stopped?: true; last?: string; transient?: true };

type Attempt = { ok: true; bytes: Buffer } | { ok: false; reason: string; transient: boolean; stopped?: true } | { redirect: string };

const stoppedReason = (signal: AbortSignal) => `stopped: ${signal.reason instanceof Error ? signal.reason.message : String(signal.reason)}`;

const MAX_REDIRECTS = 3;

/** A redirect's target, or null when the Location header is not a URL (a host's answer is untrusted). */
function redirectTarget(location: string, base: URL): string | null {
  try {
    return new URL(location, base).href;
  } catch {
    return null;
  }
}

function attempt(url: URL, options: FetchPhotoOptions): Promise<Attempt> {
  return new Promise((done) => {
    let settled = false;
    let rateCheck: NodeJS.Timeout | undefined;
    const finish = (result: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(rateCheck);
      options.signal?.removeEventListener('abort', stop);
      done(result);
    };
    // Every callback below runs outside this promise's executor: one that threw would end the
    // process (a stock's photo would crash every release of it), so each is guarded.
    const guarded =
      <A extends unknown[]>(handler: (...args: A) => void) =>
      (...args: A) => {
        try {
          handler(...args);
        } catch (error) {
          request.destroy();
          finish({ ok: false, reason: `download failed: ${(error as Error).message}`, transient: false });
        }
      };
    const stop = () => {
      request.destroy();
      finish({ ok: false, reason: stoppedReason(options.signal!), transient: false, stopped: true });
    };
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, reason: `timed out after ${options.timeoutMs} ms`, transient: true });
    }, options.timeoutMs);
    let created: ClientRequest;
    try {
      created = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
        url,
        {
          method: 'GET',
          headers: { accept: 'image/avif,image/webp,image/*;q=0.8', 'user-agent': 'dealer-sites-photo-fetch/1' },
          ...outboundRequestOptions(options),
        },
        guarded((response: IncomingMessage) => onResponse(response)),
      );
    } catch (error) {
      return finish({ ok: false, reason: `cannot request: ${(error as Error).message}`, transient: false });
    }
    const request = created;
    options.signal?.addEventListener('abort', stop);
    const onResponse = (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        const target = redirectTarget(response.headers.location, url);
        return finish(target === null ? { ok: false, reason: 'bad redirect Location', transient: false } : { redirect: target });
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
      // A body that drips (a slow or hostile host) is cut once past its grace, not at the attempt's deadline.
      const { minBytesPerSecond, rateGraceMs } = options;
      if (minBytesPerSecond > 0) {
        const bodyStart = performance.now();
        rateCheck = setInterval(
          guarded(() => {
            const elapsed = performance.now() - bodyStart;
            if (elapsed < rateGraceMs || (received * 1000) / elapsed >= minBytesPerSecond) return;
            request.destroy();
            const seconds = Math.round(elapsed / 100) / 10;
            finish({ ok: false, reason: `too slow: ${received} bytes in ${seconds} s, the minimum is ${minBytesPerSecond} bytes/s`, transient: true });
          }),
          Math.min(1_000, Math.max(50, rateGraceMs / 4)),
        );
      }
      response.on(
        'data',
        guarded((chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes) {
            request.destroy();
            finish({ ok: false, reason: `too large: more than ${options.maxBytes} bytes`, transient: false });
            return;
          }
          chunks.push(chunk);
        }),
      );
      response.on(
        'end',
        guarded(() => finish({ ok: true, bytes: Buffer.concat(chunks) })),
      );
      response.on('error', (error) => finish({ ok: false, reason: `download failed: ${error.message}`, transient: true }));
      response.on('aborted', () => finish({ ok: false, reason: 'download aborted by the server', transient: true }));
    };
    // Judge the address actually connected to as well (a reused keep-alive socket included).
    guardPeer(request, options);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        ok: false,
        reason: error.code === 'EPRIVATE' ? error.message : `cannot connect: ${error.code ?? error.message}`,
        transient: error.code !== 'EPRIVATE' && error.code !== 'ENOTFOUND',
      }),
    );
    request.end();
  });
}

/** Wait `ms`, or less when the signal aborts. */
const pause = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((done) => {
    const end = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', end);
      done();
    };
    const timer = setTimeout(end, ms);
    signal?.addEventListener('abort', end);
  });

/** Download a photo URL and check it is an image; a setting left out is PHOTO_DEFAULTS'. */
export async function fetchPhoto(rawUrl: string, overrides: Partial<FetchPhotoOptions> = {}): Promise<FetchPhotoResult> {
  const options: FetchPhotoOptions = { ...PHOTO_DEFAULTS.fetch, ...overrides };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, reason: 'not a valid URL', attempts: 0 };
  }
  let attempts = 0;
  let redirects = 0;
  let last: string | undefined;
  for (;;) {
    // The scheme, and an address written as the host (which never goes through DNS).
    const refusal = literalRefusal(url, options);
    if (refusal) return { ok: false, reason: refusal, attempts };
    if (options.signal?.aborted) return { ok: false, reason: stoppedReason(options.signal), attempts, stopped: true, ...(last ? { last } : {}) };
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
    if (result.stopped) return { ok: false, reason: result.reason, attempts, stopped: true, ...(last ? { last } : {}) };
    if (!result.transient || attempts > options.retries)
      return {
        ok: false,
        reason: attempts > 1 ? `${result.reason} (${attempts} attempts)` : result.reason,
        attempts,
        ...(result.transient ? { transient: true } : {}),
      };
    last = result.reason;
    await pause(options.retryDelayMs * attempts, options.signal);
  }
}
