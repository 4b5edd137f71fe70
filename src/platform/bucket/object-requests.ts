/**
 * The bucket's one-object requests (PUT, GET, HEAD) as signed HTTP requests of their own: a
 * release is thousands of small objects, and the S3 client's per-request pipeline costs far
 * more CPU than a plain signed request (figures: docs/scale.md). The client's still: the endpoint (its rules,
 * resolved once), the credentials (its provider chain) and the signature (its SigV4 signer).
 * The contract is the client's: a connection not made in `connectMs` or a socket silent for
 * `socketMs` fails the attempt (a `TimeoutError`); network errors, 429 and 5xx are tried again
 * (3 attempts, full-jitter backoff); another answer but 2xx or 404 (read as "none") throws,
 * named by S3's error code, its status in `$metadata.httpStatusCode`, so
 * src/pipeline/transient.ts waits out the errors of a bucket that is down.
 */
import { createHash, createHmac, createSecretKey, type Hash, type Hmac, type KeyObject } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, Provider, SourceData } from '@smithy/types';

/** What an object request needs: where the bucket is and how requests are signed. */
export interface BucketEndpoint {
  /** The bucket's base URL as the S3 client's endpoint rules resolve it (virtual host or path style). */
  url: URL;
  region: string;
  credentials: Provider<AwsCredentialIdentity>;
  connectMs: number;
  socketMs: number;
}

/** An answer: status, headers (lower-case names) and the body read whole (empty for HEAD). */
export interface ObjectAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A failed request, shaped as the S3 client's errors (name = S3 error code, $metadata.httpStatusCode). */
export class BucketRequestError extends Error {
  readonly $metadata: { httpStatusCode?: number };
  constructor(message: string, name: string, status?: number) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode: status };
  }
}

const ATTEMPTS = 3;
const BASE_DELAY_MS = 100;
const EMPTY_SHA256 = createHash('sha256').digest('hex');

const bytesOf = (data: SourceData): string | Uint8Array =>
  typeof data === 'string' ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/**
 * The signer's HMAC keys as key objects, made once: the signer gives the same secret string and
 * the same cached signing key (one array) request after request, and a raw key is checked and
 * copied on every HMAC. Secrets by value (a few), arrays by identity.
 */
const secretKeys = new Map<string, KeyObject>();
const arrayKeys = new WeakMap<object, KeyObject>();

function hmacKey(secret: SourceData): KeyObject {
  if (typeof secret === 'string') {
    let key = secretKeys.get(secret);
    if (!key) {
      if (secretKeys.size >= 16) secretKeys.clear();
      key = createSecretKey(Buffer.from(secret, 'utf8'));
      secretKeys.set(secret, key);
    }
    return key;
  }
  let key = arrayKeys.get(secret);
  if (!key) {
    key = createSecretKey(bytesOf(secret) as Uint8Array);
    arrayKeys.set(secret, key);
  }
  return key;
}

/** RFC 3986 escaping of each key segment, as S3 signs paths (no double escaping). */
function keyPath(key: string): string {
  return key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

/** The requests of one bucket: one kept-alive agent, one signer. */
export class ObjectRequests {
  private readonly agent: http.Agent;
  private readonly signer: SignatureV4;
  private readonly client: typeof http | typeof https;
  private readonly endpoint: BucketEndpoint;

  constructor(endpoint: BucketEndpoint) {
    this.endpoint = endpoint;
    const secure = endpoint.url.protocol === 'https:';
    this.client = secure ? https : http;
    this.agent = secure ? new https.Agent({ keepAlive: true, maxSockets: 50 }) : new http.Agent({ keepAlive: true, maxSockets: 50 });
    this.signer = new SignatureV4({
      service: 's3',
      region: endpoint.region,
      credentials: endpoint.credentials,
      // The signer's hash: an HMAC when it gives a secret (the signing key), else a digest.
      sha256: class {
        private readonly hash: Hash | Hmac;
        constructor(secret?: SourceData) {
          this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', hmacKey(secret));
        }
        update(data: SourceData) {
          this.hash.update(bytesOf(data));
        }
        async digest() {
          return new Uint8Array(this.hash.digest());
        }
      },
      uriEscapePath: false,
      applyChecksum: false,
    });
  }

  /**
   * One request for `fullKey` (the key in the bucket, prefix included), tried up to 3 times.
   * `body` is sent with its SHA-256 (`sha256` when the caller knows it).
   */
  async send(
    method: 'PUT' | 'GET' | 'HEAD',
    fullKey: string,
    options: { body?: Buffer; sha256?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<ObjectAnswer> {
    for (let attempt = 1; ; attempt++) {
      let answer: ObjectAnswer | undefined;
      try {
        answer = await this.once(method, fullKey, options);
      } catch (error) {
        if (options.signal?.aborted || attempt === ATTEMPTS) throw error;
      }
      if (answer && ((answer.status < 500 && answer.status !== 429) || attempt === ATTEMPTS)) return checked(method, fullKey, answer);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20_000, BASE_DELAY_MS * 2 ** attempt)));
    }
  }

  private async once(
    method: string,
    fullKey: string,
    options: { body?: Buffer; sha256?: string; headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<ObjectAnswer> {
    const { url } = this.endpoint;
    const path = `${url.pathname.replace(/\/$/, '')}/${keyPath(fullKey)}`;
    const body = options.body;
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': body ? (options.sha256 ?? createHash('sha256').update(body).digest('hex')) : EMPTY_SHA256,
      ...(body ? { 'content-length': String(body.length) } : {}),
      ...options.headers,
    };
    const signed = await this.signer.sign({
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path,
      query: {},
      headers,
    });
    return new Promise<ObjectAnswer>((resolve, reject) => {
      const request = this.client.request(
        {
          agent: this.agent,
          method,
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port || undefined,
          path,
          headers: signed.headers,
          signal: options.signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        },
      );
      // A connection not made in connectMs; a socket silent for socketMs.
      request.on('socket', (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(
          () =>
            request.destroy(new BucketRequestError(`${method} ${fullKey}: no connection to ${url.host} within ${this.endpoint.connectMs} ms`, 'TimeoutError')),
          this.endpoint.connectMs,
        );
        socket.once('connect', () => clearTimeout(timer));
        socket.once('close', () => clearTimeout(timer));
      });
      request.setTimeout(this.endpoint.socketMs, () =>
        request.destroy(new BucketRequestError(`${method} ${fullKey}: ${url.host} silent for ${this.endpoint.socketMs} ms`, 'TimeoutError')),
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /** Close the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }
}

/** A 2xx or 404 answer as is; any other throws, named by S3's error code. */
function checked(method: string, fullKey: string, answer: ObjectAnswer): ObjectAnswer {
  if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) return answer;
  const text = answer.body.toString('utf8');
  // A HEAD answer has no body: named by its status, as the client names it (Forbidden, BadRequest).
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? (http.STATUS_CODES[answer.status] ?? `Http${answer.status}`).replace(/\W/g, '');
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  throw new BucketRequestError(`${method} ${fullKey}: ${answer.status} ${code}${message ? ` (${message})` : ''}`, code, answer.status);
}

/** User metadata (x-amz-meta-*) of an answer's headers. */
export function metadataOf(headers: http.IncomingHttpHeaders): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice('x-amz-meta-'.length)] = value;
  return metadata;
}
