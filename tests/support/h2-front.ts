/**
 * An HTTP/2 front for a local HTTP/1.1 server, for benchmarks that must see a page the way a
 * CDN serves it (bench-page). Browsers speak HTTP/2 only over TLS, so the front listens with a
 * throwaway self-signed certificate for `localhost` and `*.localhost` (made with the system's
 * `openssl`); the browser is started with `--ignore-certificate-errors`. Every request is passed
 * to the origin unchanged (method, path, headers; `:authority` becomes `Host`, so tenant routing
 * by host name works) and the answer streamed back (compression is the origin's).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createSecureServer, constants, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Headers HTTP/2 forbids in a response (RFC 9113 §8.2.2). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'h2-front-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,DNS:*.localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a certificate for the HTTP/2 front: ${made.stderr || made.error?.message}`);
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function forward(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, originPort: number): void {
  const outgoing: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':') && value !== undefined) outgoing[name] = value;
  outgoing.host = String(headers[constants.HTTP2_HEADER_AUTHORITY] ?? 'localhost');
  const upstream = request(
    {
      host: '127.0.0.1',
      port: originPort,
      method: String(headers[constants.HTTP2_HEADER_METHOD]),
      path: String(headers[constants.HTTP2_HEADER_PATH]),
      headers: outgoing,
    },
    (response) => {
      const answer: Record<string, string | string[] | number> = { [constants.HTTP2_HEADER_STATUS]: response.statusCode ?? 502 };
      for (const [name, value] of Object.entries(response.headers)) if (!CONNECTION_HEADERS.has(name) && value !== undefined) answer[name] = value;
      if (stream.destroyed) return response.resume();
      stream.respond(answer);
      response.pipe(stream);
    },
  );
  upstream.on('error', () => {
    if (!stream.headersSent && !stream.destroyed) stream.respond({ [constants.HTTP2_HEADER_STATUS]: 502 });
    stream.end();
  });
  stream.pipe(upstream);
}

export interface H2Front {
  port: number;
  close(): Promise<void>;
}

/** Start an HTTP/2 (TLS) front on a free port of 127.0.0.1 for the HTTP/1.1 server on `originPort`. */
export async function startH2Front(originPort: number): Promise<H2Front> {
  const server = createSecureServer({ ...selfSignedCertificate(), allowHTTP1: false });
  server.on('stream', (stream, headers) => forward(stream as ServerHttp2Stream, headers, originPort));
  server.on('sessionError', () => undefined);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the HTTP/2 front has no port');
  return {
    port: address.port,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
