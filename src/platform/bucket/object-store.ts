/**
 * Object storage: one small interface over a bucket, so the S3
 * publisher, the edge and the pipeline's state store read and write files the same way on
 * AWS S3 / Cloudflare R2 / MinIO (S3ObjectStore, @aws-sdk/client-s3: endpoint, path style,
 * region, bucket, key prefix; credentials from the standard AWS chain) and on a local
 * directory (DirectoryObjectStore: tests and single-machine runs). Keys are relative to the
 * store's prefix and use `/` separators; metadata keys are lower case. On S3, the one-object
 * requests a release makes by the thousand (PUT, GET, HEAD) go as signed requests of their own
 * (object-requests.ts); the rest through the client.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-file.ts';
import { walkFiles } from '../fs/walk.ts';
import { metadataOf, ObjectRequests, type ObjectAnswer } from './object-requests.ts';
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';

/** What is stored beside an object's bytes. */
export interface ObjectAttributes {
  contentType?: string;
  cacheControl?: string;
  /** User metadata (x-amz-meta-*): lower-case ASCII names and values. */
  metadata?: Record<string, string>;
}

/** An object's description (HEAD / LIST). */
export interface ObjectInfo extends ObjectAttributes {
  key: string;
  size: number;
  etag?: string;
}

/** An object read whole. */
export interface StoredObject extends ObjectInfo {
  body: Buffer;
}

/** A bucket (or a folder standing in for one). */
export interface ObjectStore {
  /** Where it is, for messages (`s3://bucket/prefix`, a directory). */
  readonly location: string;
  /** The object, or null when there is none; `signal` gives the read up (the edge bounds every read). */
  get(key: string, options?: ReadOptions): Promise<StoredObject | null>;
  /** The object as a web stream (the edge streams large files), or null. */
  getStream(key: string, options?: ReadOptions): Promise<(ObjectInfo & { body: ReadableStream<Uint8Array> }) | null>;
  put(key: string, body: Buffer | string, attributes?: ObjectAttributes, options?: PutOptions): Promise<void>;
  /**
   * Create the object only when there is none (S3's conditional PUT, `If-None-Match: *`): true
   * when this call created it, false when one was there (or another writer's conditional PUT won).
   * Optional: a store without it cannot claim (work-store.ts).
   */
  putIfAbsent?(key: string, body: Buffer | string, attributes?: ObjectAttributes): Promise<boolean>;
  /** The object's description, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Server-side copy (no download); attributes replace the source's when given. */
  copy(fromKey: string, toKey: string, attributes?: ObjectAttributes): Promise<void>;
  /** Every object whose key starts with `prefix` (keys relative to the store). */
  list(prefix: string): Promise<ObjectInfo[]>;
  /** Delete objects (missing ones are no error). */
  delete(keys: readonly string[]): Promise<void>;
}

/** What a caller may know of a PUT's body. */
export interface PutOptions {
  /** The body's SHA-256 (hex) when the caller has it (a content-addressed object's name): the request does not hash the bytes again. */
  sha256?: string;
}

/** How a read may be given up. */
export interface ReadOptions {
  signal?: AbortSignal;
}

/** Settings of an S3-compatible bucket. */
export interface S3StoreOptions {
  bucket: string;
  /** Custom endpoint (R2, MinIO, s3rver); unset for AWS S3. */
  endpoint?: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`): MinIO and s3rver need them. */
  forcePathStyle?: boolean;
  region?: string;
  /** Key prefix inside the bucket (e.g. `sites/`), so one bucket can hold several deployments. */
  prefix?: string;
  /** Explicit credentials (tests); otherwise the standard AWS chain (env, profile, role). */
  credentials?: S3ClientConfig['credentials'];
  /**
   * A request whose connection is not made within this many ms, or whose socket then stays
   * silent this long, fails (and is retried by the client: 3 attempts): a stalled bucket fails a
   * publish, which is retried with backoff, instead of holding it for ever. Default 30000.
   */
  timeoutMs?: number;
}

/** `a/b/` style prefix: empty or ending in one slash. */
export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

function checkKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.' || part === '') || key.includes('\0')) {
    throw new Error(`invalid object key "${key}": expected slash-separated names, no empty, "." or ".." parts`);
  }
}

/** What a GetObject or HeadObject answer says of an object. */
function objectInfo(
  key: string,
  output: { ContentLength?: number; ETag?: string; ContentType?: string; CacheControl?: string; Metadata?: Record<string, string> },
): ObjectInfo {
  return {
    key,
    size: output.ContentLength ?? 0,
    etag: output.ETag,
    contentType: output.ContentType,
    cacheControl: output.CacheControl,
    metadata: output.Metadata ?? {},
  };
}

/** What a GET or HEAD answer's headers say of an object. */
function infoOfAnswer(key: string, answer: ObjectAnswer): ObjectInfo {
  const header = (name: string) => (typeof answer.headers[name] === 'string' ? (answer.headers[name] as string) : undefined);
  return {
    key,
    size: Number(header('content-length') ?? 0),
    etag: header('etag'),
    contentType: header('content-type'),
    cacheControl: header('cache-control'),
    metadata: metadataOf(answer.headers),
  };
}

function isNotFound(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return candidate?.name === 'NoSuchKey' || candidate?.name === 'NotFound' || candidate?.$metadata?.httpStatusCode === 404;
}

/** An S3-compatible bucket through @aws-sdk/client-s3. */
export class S3ObjectStore implements ObjectStore {
  readonly location: string;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly requests: ObjectRequests;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.prefix = normalizePrefix(options.prefix);
    this.location = `s3://${options.bucket}/${this.prefix}`;
    // One region and one pair of timeouts for the client and the plain requests alike.
    const region = options.region ?? 'us-east-1';
    const socketMs = options.timeoutMs ?? 30_000;
    const connectMs = Math.min(socketMs, 5000);
    this.client = new S3Client({
      region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Only ask for checksums where S3 requires them: R2, MinIO and s3rver differ in support.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: connectMs, socketTimeout: socketMs },
    });
    // The bucket's URL and signing region, as the client's endpoint rules resolve them.
    const endpoint = this.client.config.endpointProvider({
      Bucket: options.bucket,
      Region: region,
      UseFIPS: false,
      UseDualStack: false,
      Accelerate: false,
      ForcePathStyle: options.forcePathStyle ?? false,
      ...(options.endpoint ? { Endpoint: options.endpoint } : {}),
    });
    const scheme = (endpoint.properties?.authSchemes as { signingRegion?: string }[] | undefined)?.[0];
    this.requests = new ObjectRequests({
      url: new URL(endpoint.url.href),
      region: scheme?.signingRegion ?? region,
      credentials: () => this.client.config.credentials(),
      connectMs,
      socketMs,
    });
  }

  private full(key: string): string {
    checkKey(key);
    return this.prefix + key;
  }

  async get(key: string, options: ReadOptions = {}): Promise<StoredObject | null> {
    const answer = await this.requests.send('GET', this.full(key), { signal: options.signal });
    return answer.status === 404 ? null : { ...infoOfAnswer(key, answer), body: answer.body, size: answer.body.length };
  }

  async getStream(key: string, options: ReadOptions = {}): Promise<(ObjectInfo & { body: ReadableStream<Uint8Array> }) | null> {
    try {
      const output = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.full(key) }), { abortSignal: options.signal });
      return { ...objectInfo(key, output), body: output.Body!.transformToWebStream() as ReadableStream<Uint8Array> };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async put(key: string, body: Buffer | string, attributes: ObjectAttributes = {}, options: PutOptions = {}): Promise<void> {
    const headers: Record<string, string> = {};
    if (attributes.contentType) headers['content-type'] = attributes.contentType;
    if (attributes.cacheControl) headers['cache-control'] = attributes.cacheControl;
    for (const [name, value] of Object.entries(attributes.metadata ?? {})) headers[`x-amz-meta-${name}`] = value;
    await this.requests.send('PUT', this.full(key), { body: typeof body === 'string' ? Buffer.from(body) : body, headers, sha256: options.sha256 });
  }

  async putIfAbsent(key: string, body: Buffer | string, attributes: ObjectAttributes = {}): Promise<boolean> {
    const headers: Record<string, string> = { 'if-none-match': '*' };
    if (attributes.contentType) headers['content-type'] = attributes.contentType;
    if (attributes.cacheControl) headers['cache-control'] = attributes.cacheControl;
    for (const [name, value] of Object.entries(attributes.metadata ?? {})) headers[`x-amz-meta-${name}`] = value;
    try {
      await this.requests.send('PUT', this.full(key), { body: typeof body === 'string' ? Buffer.from(body) : body, headers });
      return true;
    } catch (error) {
      // 412: the object is there; 409: another conditional write of it is under way (S3 says try again; it will be there).
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 412 || status === 409) return false;
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const answer = await this.requests.send('HEAD', this.full(key));
    return answer.status === 404 ? null : infoOfAnswer(key, answer);
  }

  async copy(fromKey: string, toKey: string, attributes?: ObjectAttributes): Promise<void> {
    const source = `${this.bucket}/${this.full(fromKey)}`.split('/').map(encodeURIComponent).join('/');
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.full(toKey),
        CopySource: source,
        ...(attributes
          ? { MetadataDirective: 'REPLACE', ContentType: attributes.contentType, CacheControl: attributes.cacheControl, Metadata: attributes.metadata }
          : {}),
      }),
    );
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    const found: ObjectInfo[] = [];
    let token: string | undefined;
    do {
      const output = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }));
      for (const item of output.Contents ?? []) if (item.Key) found.push({ key: item.Key.slice(this.prefix.length), size: item.Size ?? 0, etag: item.ETag });
      token = output.IsTruncated ? output.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async delete(keys: readonly string[]): Promise<void> {
    // DeleteObjects takes at most 1,000 keys a call.
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      const output = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((key) => ({ Key: this.full(key) })), Quiet: true } }),
      );
      const failed = (output.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`${this.location}: could not delete ${failed.map((error) => `${error.Key} (${error.Code})`).join(', ')}`);
    }
  }
}

/**
 * A local directory standing in for a bucket: `<root>/data/<key>` holds the bytes and
 * `<root>/attributes/<key>.json` what S3 keeps beside them. Writes are renamed into place,
 * so a reader sees the old object or the new one.
 */
export class DirectoryObjectStore implements ObjectStore {
  readonly location: string;
  private readonly data: string;
  private readonly attributes: string;

  constructor(root: string) {
    this.location = root;
    this.data = join(root, 'data');
    this.attributes = join(root, 'attributes');
  }

  private paths(key: string) {
    checkKey(key);
    return { data: join(this.data, ...key.split('/')), attributes: `${join(this.attributes, ...key.split('/'))}.json` };
  }

  private static writeAtomic(file: string, bytes: Buffer | string): void {
    mkdirSync(dirname(file), { recursive: true });
    // A stand-in for a bucket (tests, a local run): atomic for readers, without fsync.
    writeFileAtomic(file, bytes, { durable: false });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const paths = this.paths(key);
    let size: number;
    try {
      size = statSync(paths.data).size;
    } catch {
      return null;
    }
    let attributes: ObjectAttributes & { etag?: string } = {};
    try {
      attributes = JSON.parse(readFileSync(paths.attributes, 'utf8')) as ObjectAttributes & { etag?: string };
    } catch {
      // bytes without attributes: an object with none
    }
    return {
      key,
      size,
      etag: attributes.etag,
      contentType: attributes.contentType,
      cacheControl: attributes.cacheControl,
      metadata: attributes.metadata ?? {},
    };
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.head(key);
    if (!info) return null;
    try {
      return { ...info, body: readFileSync(this.paths(key).data) };
    } catch {
      return null;
    }
  }

  async getStream(key: string): Promise<(ObjectInfo & { body: ReadableStream<Uint8Array> }) | null> {
    const object = await this.get(key);
    if (!object) return null;
    const { body, ...info } = object;
    return { ...info, body: new Blob([new Uint8Array(body)]).stream() };
  }

  async put(key: string, body: Buffer | string, attributes: ObjectAttributes = {}): Promise<void> {
    const paths = this.paths(key);
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    DirectoryObjectStore.writeAtomic(paths.attributes, JSON.stringify({ ...attributes, etag: `"${createHash('md5').update(bytes).digest('hex')}"` }));
    DirectoryObjectStore.writeAtomic(paths.data, bytes);
  }

  async putIfAbsent(key: string, body: Buffer | string, attributes: ObjectAttributes = {}): Promise<boolean> {
    const paths = this.paths(key);
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    mkdirSync(dirname(paths.data), { recursive: true });
    try {
      // Created exclusively: of two writers, one creates it.
      writeFileSync(paths.data, bytes, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    DirectoryObjectStore.writeAtomic(paths.attributes, JSON.stringify({ ...attributes, etag: `"${createHash('md5').update(bytes).digest('hex')}"` }));
    return true;
  }

  async copy(fromKey: string, toKey: string, attributes?: ObjectAttributes): Promise<void> {
    const source = await this.get(fromKey);
    if (!source) throw new Error(`${this.location}: no object ${fromKey} to copy`);
    await this.put(toKey, source.body, attributes ?? { contentType: source.contentType, cacheControl: source.cacheControl, metadata: source.metadata });
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    const found: ObjectInfo[] = [];
    for (const file of walkFiles(this.data, { skipUnreadable: true })) {
      if (file.dirent.isFile() && !file.name.endsWith('.tmp') && file.relative.startsWith(prefix))
        found.push({ key: file.relative, size: statSync(file.path).size });
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const paths = this.paths(key);
      rmSync(paths.data, { force: true });
      rmSync(paths.attributes, { force: true });
    }
  }
}
