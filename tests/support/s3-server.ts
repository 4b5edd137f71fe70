/**
 * Starts a local S3-compatible server (TOOLCHAIN.md "Object storage"): the `s3rver` package,
 * a Node implementation of the S3 REST API over a folder, in a child process with one bucket,
 * behind a front that checks every request's signature (s3-stand-in-server.ts): only the two
 * key pairs generated for this run get in, and the read-only one only reads. The credentials
 * reach the child through its environment, never its command line.
 * It is the stand-in for tests and local stacks; production uses AWS S3, R2 or MinIO.
 * s3rver 3.7.1 signs ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only offers
 * through its legacy provider (jamhall/s3rver#818): without `--openssl-legacy-provider` every
 * listing longer than 1,000 keys fails with InternalError.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnvironment, environment } from '../../src/config/env.ts';

/** An access key pair. */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** A running local S3 server. */
export interface LocalS3Server {
  /** `http://127.0.0.1:<port>` (use with forcePathStyle). */
  endpoint: string;
  bucket: string;
  /** Generated for this run: the pipeline's key (read and write) and the readers' key (GET and HEAD only). */
  credentials: { readWrite: S3Credentials; readOnly: S3Credentials };
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

const SERVER = fileURLToPath(new URL('./s3-stand-in-server.ts', import.meta.url));

const keyPair = (role: string): S3Credentials => ({
  accessKeyId: `STANDIN${role}${randomBytes(6).toString('hex').toUpperCase()}`,
  secretAccessKey: randomBytes(30).toString('base64url'),
});

/** Start s3rver; resolves once it listens. Call stop() when done. */
export async function startLocalS3(options: LocalS3Options = {}): Promise<LocalS3Server> {
  const bucket = options.bucket ?? 'sites';
  const temporary = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 's3rver-'));
  mkdirSync(dir, { recursive: true });
  const credentials = { readWrite: keyPair('RW'), readOnly: keyPair('RO') };
  // S3_STAND_IN_CPU_PROF=<folder> (off by default): the stand-in's CPU profile, written there when it stops.
  const profile = environment().S3_STAND_IN_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []),
      '--openssl-legacy-provider',
      SERVER,
      '--dir',
      dir,
      '--bucket',
      bucket,
      '--port',
      String(options.port ?? 0),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnvironment({
        S3_STAND_IN_CREDENTIALS: JSON.stringify([
          { ...credentials.readWrite, write: true },
          { ...credentials.readOnly, write: false },
        ]),
      }),
    },
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
    credentials,
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
