/**
 * The bucket's one-object requests against a local HTTP server playing a bucket: what is sent
 * (signed, payload hash, headers), what is tried again (5xx, 429, a silent socket) and what is
 * not (4xx), and the errors' shape (S3 code as name, the status in $metadata).
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, SourceData } from '@smithy/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BucketRequestError, metadataOf, ObjectRequests } from './object-requests.ts';

type Handler = (request: IncomingMessage, body: Buffer, response: ServerResponse) => void;

let server: Server | undefined;
let requests: ObjectRequests | undefined;

afterEach(async () => {
  vi.useRealTimers();
  requests?.close();
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done) ?? done(undefined));
  server = requests = undefined;
});

/** A bucket answering with `handler`, and requests to it (`socketMs` short, so a stall fails fast). */
async function bucket(
  handler: Handler,
  socketMs = 300,
  credentials: AwsCredentialIdentity = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
): Promise<{ seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] }> {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      handler(request, body, response);
    });
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  requests = new ObjectRequests({
    url: new URL(`http://127.0.0.1:${port}/sites`),
    region: 'ap-southeast-2',
    credentials: async () => credentials,
    connectMs: 300,
    socketMs,
  });
  return { seen };
}

const answer =
  (status: number, body = '', headers: Record<string, string> = {}) =>
  (_request: IncomingMessage, _body: Buffer, response: ServerResponse) => {
    response.writeHead(status, headers);
    response.end(body);
  };

describe('the bucket’s one-object requests', () => {
  it('a PUT is signed for its bucket and region, carries its payload hash, headers and bytes, under the escaped key', async () => {
    const { seen } = await bucket(answer(200));
    const body = Buffer.from('<p>hello</p>');
    const sent = await requests!.send('PUT', 'a b/c(1).html', { body, headers: { 'content-type': 'text/html', 'x-amz-meta-kind': 'page' } });
    expect(sent.status).toBe(200);
    const [put] = seen;
    expect(put!.method).toBe('PUT');
    expect(put!.url).toBe('/sites/a%20b/c%281%29.html');
    expect(put!.body.equals(body)).toBe(true);
    expect(put!.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
    expect(put!.headers['content-type']).toBe('text/html');
    expect(put!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-southeast-2\/s3\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(metadataOf(put!.headers)).toEqual({ kind: 'page' });
  });

  it('each request is signed as the SDK’s SigV4 signer signs it (same headers signed, same signature), session token included', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-12-07T23:59:58.123Z') });
    const credentials = { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'token/with+chars=' };
    const { seen } = await bucket(answer(200), 300, credentials);
    const body = Buffer.from('<p>hello</p>');
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable', 'x-amz-meta-kind': 'a  page ' };
    await requests!.send('PUT', 'a b/c(1)*~!.html', { body, headers });
    await requests!.send('GET', 'tenant/_live.json');
    vi.setSystemTime(Date.parse('2026-12-08T00:00:01.000Z'));
    await requests!.send('HEAD', 'tenant/objects/ab');
    class Sha256 {
      private readonly hash;
      constructor(secret?: SourceData) {
        this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', typeof secret === 'string' ? secret : Buffer.from(secret as Uint8Array));
      }
      update(data: SourceData) {
        this.hash.update(typeof data === 'string' ? data : Buffer.from(data as Uint8Array));
      }
      async digest() {
        return new Uint8Array(this.hash.digest());
      }
    }
    const signer = new SignatureV4({ service: 's3', region: 'ap-southeast-2', credentials, sha256: Sha256, uriEscapePath: false, applyChecksum: false });
    const expected = [
      { date: '2026-12-07T23:59:58.123Z', body, headers },
      { date: '2026-12-07T23:59:58.123Z', body: undefined, headers: {} },
      { date: '2026-12-08T00:00:01.000Z', body: undefined, headers: {} },
    ];
    for (const [index, request] of seen.entries()) {
      const { date, body: sent, headers: extra } = expected[index]!;
      const signed = await signer.sign(
        {
          method: request.method,
          protocol: 'http:',
          hostname: '127.0.0.1',
          path: request.url,
          query: {},
          headers: {
            host: request.headers.host!,
            'x-amz-content-sha256': createHash('sha256')
              .update(sent ?? '')
              .digest('hex'),
            ...(sent ? { 'content-length': String(sent.length) } : {}),
            ...extra,
          },
        },
        { signingDate: new Date(date) },
      );
      expect(request.headers['x-amz-date']).toBe(signed.headers['x-amz-date']);
      expect(request.headers['x-amz-security-token']).toBe(credentials.sessionToken);
      expect(request.headers.authorization).toBe(signed.headers.authorization);
    }
    expect(seen.map((request) => request.url)).toEqual(['/sites/a%20b/c%281%29%2A~%21.html', '/sites/tenant/_live.json', '/sites/tenant/objects/ab']);
  });

  it('a 404 is an answer (the caller reads it as no object), not an error, and is not tried again', async () => {
    const { seen } = await bucket(answer(404, '<Error><Code>NoSuchKey</Code></Error>'));
    expect((await requests!.send('GET', 'missing.json')).status).toBe(404);
    expect(seen).toHaveLength(1);
  });

  it('a 500 and a 503 are tried again: the third attempt’s answer counts', async () => {
    let calls = 0;
    const { seen } = await bucket((request, body, response) => {
      calls += 1;
      if (calls === 1) return answer(500, '<Error><Code>InternalError</Code></Error>')(request, body, response);
      if (calls === 2) return answer(503, '<Error><Code>SlowDown</Code></Error>')(request, body, response);
      answer(200, 'ok', { 'content-type': 'text/plain', 'x-amz-meta-a': '1' })(request, body, response);
    });
    const got = await requests!.send('GET', 'k');
    expect(seen).toHaveLength(3);
    expect(got.body.toString()).toBe('ok');
    expect(metadataOf(got.headers)).toEqual({ a: '1' });
  });

  it('a bucket that keeps failing throws after 3 attempts, named by S3’s code, the status in $metadata', async () => {
    const { seen } = await bucket(answer(503, '<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>'));
    const error = (await requests!.send('PUT', 'k', { body: Buffer.from('x') }).catch((caught: unknown) => caught)) as BucketRequestError;
    expect(seen).toHaveLength(3);
    expect(error).toBeInstanceOf(BucketRequestError);
    expect(error.name).toBe('SlowDown');
    expect(error.$metadata.httpStatusCode).toBe(503);
    expect(error.message).toBe('PUT k: 503 SlowDown (Please reduce your request rate.)');
  });

  it('a 403 is not tried again; without a body (HEAD) it is named by its status', async () => {
    const { seen } = await bucket(answer(403, '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>'));
    await expect(requests!.send('GET', 'k')).rejects.toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    await expect(requests!.send('HEAD', 'k')).rejects.toMatchObject({ name: 'Forbidden', $metadata: { httpStatusCode: 403 } });
    expect(seen).toHaveLength(2);
  });

  it('a socket that stays silent fails each attempt after socketMs; the request fails after 3', async () => {
    const { seen } = await bucket(() => undefined, 200);
    const started = performance.now();
    await expect(requests!.send('GET', 'k')).rejects.toMatchObject({ name: 'TimeoutError', message: expect.stringMatching(/silent for 200 ms/) });
    expect(seen).toHaveLength(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);
  });

  it('an aborted read is given up at once, not tried again', async () => {
    const { seen } = await bucket(() => undefined, 5000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(requests!.send('GET', 'k', { signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(seen).toHaveLength(1);
  });
});
