/**
 * The bucket's one-object requests (PUT, GET, HEAD) as signed HTTP requests of their own: a
 * release is thousands of small objects, and the S3 client's per-request pipeline costs far
 * more CPU (figures: docs/scale.md). The client's still: the endpoint (its rules, resolved
 * once) and the credentials (its provider chain). Signature Version 4 is signed here as the
 * SDK's signer signs (same headers, same signature), the signing key derived once a day.
 * The contract is the client's: a connection not made in `connectMs` or a socket silent for
 * `socketMs` fails the attempt (a `TimeoutError`); network errors, 429 and 5xx are tried again
 * (3 attempts, full-jitter backoff); another answer but 2xx or 404 (read as "none") throws,
 * named by S3's error code, its status in `$metadata.httpStatusCode`, so
 * src/pipeline/transient.ts waits out the errors of a bucket that is down.
 */
import { createHash, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AwsCredentialIdentity, Provider } from '@smithy/types';

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

/** Headers the SDK's signer never signs (besides `proxy-*` and `sec-*`): they may change on the way. */
const UNSIGNED = new Set([
  'authorization',
  'cache-control',
  'connection',
  'expect',
  'from',
  'keep-alive',
  'max-forwards',
  'pragma',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
  'x-amzn-trace-id',
]);

/** Signing keys by credentials, day and region (`AWS4` + secret through four HMACs), as key objects; a few at most. */
const signingKeys = new Map<string, KeyObject>();

function signingKey(credentials: AwsCredentialIdentity, day: string, region: string): KeyObject {
  const cacheKey = `${credentials.accessKeyId}\n${credentials.secretAccessKey}\n${day}\n${region}`;
  let key = signingKeys.get(cacheKey);
  if (!key) {
    if (signingKeys.size >= 16) signingKeys.clear();
    let derived: Buffer = Buffer.from(`AWS4${credentials.secretAccessKey}`, 'utf8');
    for (const part of [day, region, 's3', 'aws4_request']) derived = createHmac('sha256', derived).update(part, 'utf8').digest();
    key = createSecretKey(derived);
    signingKeys.set(cacheKey, key);
  }
  return key;
}

/**
 * `headers` (lower-case names) signed with Signature Version 4 for `method` and `path` (already
 * escaped, no query): adds x-amz-date, x-amz-security-token (temporary credentials) and
 * authorization. `x-amz-content-sha256` must be among them.
 */
function sign(method: string, path: string, headers: Record<string, string>, credentials: AwsCredentialIdentity, region: string): void {
  const longDate = new Date()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  const day = longDate.slice(0, 8);
  headers['x-amz-date'] = longDate;
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;
  const names = Object.keys(headers)
    .filter((name) => !UNSIGNED.has(name) && !name.startsWith('proxy-') && !name.startsWith('sec-'))
    .sort();
  let canonical = `${method}\n${path}\n\n`;
  for (const name of names)
    canonical += `${name}:${headers[name]!.replace(/[\r\n]/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/^ | $/g, '')}\n`;
  const signedHeaders = names.join(';');
  canonical += `\n${signedHeaders}\n${headers['x-amz-content-sha256']}`;
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = `AWS4-HMAC-SHA256\n${longDate}\n${scope}\n${createHash('sha256').update(canonical, 'utf8').digest('hex')}`;
  const signature = createHmac('sha256', signingKey(credentials, day, region))
    .update(stringToSign, 'utf8')
    .digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** RFC 3986 escaping of each key segment, as S3 signs paths (no double escaping). */
function keyPath(key: string): string {
  return key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

/** The requests of one bucket: one kept-alive agent. */
export class ObjectRequests {
  private readonly agent: http.Agent;
  private readonly client: typeof http | typeof https;
  private readonly endpoint: BucketEndpoint;
  /** The bucket's path (no trailing slash) and port, as every request needs them. */
  private readonly base: string;
  private readonly port: string | undefined;

  constructor(endpoint: BucketEndpoint) {
    this.endpoint = endpoint;
    const secure = endpoint.url.protocol === 'https:';
    this.client = secure ? https : http;
    this.agent = secure ? new https.Agent({ keepAlive: true, maxSockets: 50 }) : new http.Agent({ keepAlive: true, maxSockets: 50 });
    this.base = endpoint.url.pathname.replace(/\/$/, '');
    this.port = endpoint.url.port || undefined;
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
    const path = `${this.base}/${keyPath(fullKey)}`;
    const body = options.body;
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': body ? (options.sha256 ?? createHash('sha256').update(body).digest('hex')) : EMPTY_SHA256,
      ...(body ? { 'content-length': String(body.length) } : {}),
    };
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    const credentials = await this.endpoint.credentials();
    if (typeof credentials?.accessKeyId !== 'string' || typeof credentials.secretAccessKey !== 'string')
      throw new Error('Resolved credential object is not valid');
    sign(method, path, headers, credentials, this.endpoint.region);
    return new Promise<ObjectAnswer>((resolve, reject) => {
      const request = this.client.request(
        {
          agent: this.agent,
          method,
          protocol: url.protocol,
          hostname: url.hostname,
          port: this.port,
          path,
          headers,
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
