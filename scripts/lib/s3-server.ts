/**
 * Starts a local S3-compatible server (TOOLCHAIN.md "Object storage"): the `s3rver` package,
 * a Node implementation of the S3 REST API over a folder, in a child process with one bucket.
 * It is the stand-in for tests and local stacks; production uses AWS S3, R2 or MinIO.
 * s3rver 3.7.1 signs ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only offers
 * through its legacy provider (jamhall/s3rver#818): without `--openssl-legacy-provider` every
 * listing longer than 1,000 keys fails with InternalError.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** s3rver's fixed credentials (it checks request signatures against them). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A running local S3 server. */
export interface LocalS3Server {
  /** `http://127.0.0.1:<port>` (use with forcePathStyle). */
  endpoint: string;
  bucket: string;
  /** The server's process (the stack reports its pid and its exit). */
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface LocalS3Options {
  /** Bucket created at start. Default `sites`. */
  bucket?: string;
  /** Data directory (kept); default a new temp dir, removed by stop(). */
  dir?: string;
  /** Loopback port; default a free one. */
  port?: number;
}

const BIN = fileURLToPath(new URL('../../node_modules/s3rver/bin/s3rver.js', import.meta.url));

/** Start s3rver; resolves once it listens. Call stop() when done. */
export async function startLocalS3(options: LocalS3Options = {}): Promise<LocalS3Server> {
  const bucket = options.bucket ?? 'sites';
  const temporary = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 's3rver-'));
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', BIN, '-d', dir, '-a', '127.0.0.1', '-p', String(options.port ?? 0), '-s', '--configure-bucket', bucket],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start in time\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      const match = /S3rver listening on [^:\s]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with code ${code}\n${output}`));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}
