/**
 * The S3 stand-in's process (started by tests/support/s3-server.ts with
 * `--openssl-legacy-provider`): s3rver serving one folder behind a front that lets only signed
 * requests through. s3rver accepts anonymous requests and never checks Signature Version 4, so
 * the front checks each request's SigV4 signature against the credentials it was given
 * (environment S3_STAND_IN_CREDENTIALS, JSON `[{ "accessKeyId", "secretAccessKey", "write" }]`,
 * never on the command line), answers 403 AccessDenied to anonymous and wrongly signed requests
 * and to any method but GET and HEAD from a read-only key. s3rver's fixed `S3RVER` key is revoked.
 * The front also answers S3's conditional PUT (`If-None-Match: *`), which s3rver ignores.
 *   node --openssl-legacy-provider tests/support/s3-stand-in-server.ts --dir <folder> --bucket sites [--port 0]
 * Prints `S3rver listening on 127.0.0.1:<port>` once it listens.
 */
import { createHash, createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { environment } from '../../src/config/env.ts';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: object) => {
  store: { existsObject(bucket: string, key: string): Promise<boolean> };
  configureBuckets(): Promise<void>;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
};
const AWSAccount = require('s3rver/lib/models/account.js') as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void; revokeAccessKey(id: string): void };
};

interface Credential {
  accessKeyId: string;
  secretAccessKey: string;
  write: boolean;
}

const { values } = parseArgs({ options: { dir: { type: 'string' }, bucket: { type: 'string', default: 'sites' }, port: { type: 'string', default: '0' } } });
const credentials = JSON.parse(environment().S3_STAND_IN_CREDENTIALS ?? '[]') as Credential[];
if (!values.dir || credentials.length === 0) {
  console.error('s3 stand-in: --dir and S3_STAND_IN_CREDENTIALS (at least one key) are required');
  process.exit(2);
}
const byId = new Map(credentials.map((credential) => [credential.accessKeyId, credential]));

const s3rver = new S3rver({ directory: values.dir, silent: true, configureBuckets: [{ name: values.bucket }] });
await s3rver.configureBuckets();
AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
for (const credential of credentials) AWSAccount.DUMMY_ACCOUNT.createKeyPair(credential.accessKeyId, credential.secretAccessKey);
const handle = s3rver.callback();

/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string | KeyObject, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** Signing keys by access key and scope (`date/region/service/aws4_request`): derived once a day, as S3 does, not four HMACs a request. */
const signingKeys = new Map<string, KeyObject>();

function signingKey(credential: Credential, scope: string): KeyObject {
  const cacheKey = `${credential.accessKeyId}/${scope}`;
  let key = signingKeys.get(cacheKey);
  if (!key) {
    const [date = '', region = '', service = ''] = scope.split('/');
    key = createSecretKey(hmac(hmac(hmac(hmac(`AWS4${credential.secretAccessKey}`, date), region), service), 'aws4_request'));
    signingKeys.set(cacheKey, key);
  }
  return key;
}

/** The key of a request whose Signature Version 4 header checks out, else why not. */
function verify(req: IncomingMessage): { credential: Credential } | { refused: string } {
  const header = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    header,
  );
  if (!match) return { refused: header ? 'not a Signature Version 4 header' : 'anonymous request' };
  const [, keyId, date, region, service, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string, string];
  const credential = byId.get(keyId);
  if (!credential) return { refused: 'unknown key' };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!amzDate.startsWith(date) || !payloadHash || !signedHeaders.split(';').includes('host')) return { refused: 'incomplete signature' };
  const [path = '/', query = ''] = (req.url ?? '/').split(/\?(.*)/s);
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, '%20'));
      return [encode(decode(name)), encode(decode(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => {
      const value = req.headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const expected = hmac(signingKey(credential, scope), stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { refused: 'signature does not match' };
  return { credential };
}

/** S3_STAND_IN_REQUEST_LOG=<folder> (off by default): one line a request, `<ms> <method> <url> <status>`, into `<folder>/requests-<pid>.log` (counting a deploy's requests). */
const requestLog = environment().S3_STAND_IN_REQUEST_LOG;
const logFile = requestLog ? `${requestLog}/requests-${process.pid}.log` : undefined;
let logLines: string[] = [];
if (logFile) setInterval(() => flushLog(), 500).unref();
function flushLog(): void {
  if (!logFile || logLines.length === 0) return;
  appendFileSync(logFile, logLines.join(''));
  logLines = [];
}

const server = createServer((req, res) => {
  if (logFile) res.once('finish', () => logLines.push(`${Date.now()} ${req.method} ${req.url} ${res.statusCode}\n`));
  const result = verify(req);
  const denied =
    'refused' in result ? result.refused : !result.credential.write && req.method !== 'GET' && req.method !== 'HEAD' ? 'a read-only key' : undefined;
  if (denied) {
    req.resume();
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied (${denied})</Message></Error>`);
    return;
  }
  if (req.method === 'PUT' && req.headers['if-none-match'] !== undefined) void conditionalPut(req, res);
  else handle(req, res);
});

/** Conditional PUTs under way, by path: one of two at once creates the object. */
const creating = new Set<string>();

/** S3's conditional PUT (`If-None-Match: *`: only when there is no such object), which s3rver does not know: 412 PreconditionFailed when there is one. */
async function conditionalPut(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const refuse = (status: number, code: string, message: string) => {
    req.resume();
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  };
  if (req.headers['if-none-match'] !== '*') return refuse(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented');
  const path = (req.url ?? '/').split('?')[0]!;
  const [bucket = '', ...key] = path
    .slice(1)
    .split('/')
    .map((part) => decodeURIComponent(part));
  // Taken before the first await, so a second conditional PUT of the key meanwhile is refused.
  if (creating.has(path)) return refuse(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
  creating.add(path);
  res.once('close', () => creating.delete(path));
  try {
    if (await s3rver.store.existsObject(bucket, key.join('/')))
      return refuse(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
  } catch {
    return refuse(500, 'InternalError', 'We encountered an internal error. Please try again.');
  }
  handle(req, res);
}
server.listen(Number(values.port), '127.0.0.1', () => {
  const address = server.address();
  console.log(`S3rver listening on 127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    flushLog();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
