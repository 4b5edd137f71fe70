/**
 * Starts a local Redis server (Debian's `redis-server`) for the stack: loopback only, no
 * persistence, and a password generated for this run (`requirepass`), written to a config file
 * only its owner can read, so neither another local user nor the command line (`ps`) sees it.
 * The password is in `url` only (`redis://:<password>@127.0.0.1:<port>`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './meilisearch-server.ts';

/** A running Redis server. */
export interface LocalRedis {
  /** `redis://:<password>@127.0.0.1:<port>` */
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Start redis-server on a free loopback port with a generated password; resolves once it answers. */
export async function startRedis(options: { dir?: string } = {}): Promise<LocalRedis> {
  const temporary = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'redis-'));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const port = await freePort();
  const password = randomBytes(24).toString('hex');
  const config = join(dir, 'redis.conf');
  writeFileSync(
    config,
    [`port ${port}`, 'bind 127.0.0.1', 'protected-mode yes', 'save ""', 'appendonly no', `dir ${dir}`, `requirepass ${password}`, ''].join('\n'),
    { mode: 0o600 },
  );
  const child = spawn('redis-server', [config], { stdio: 'ignore' });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode} (is the Debian package redis-server installed?)`);
    const up = await new Promise<boolean>((done) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        done(true);
      });
      socket.on('error', () => done(false));
    });
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('redis-server did not start in time');
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    pid: child.pid,
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
