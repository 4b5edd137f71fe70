/**
 * A throw-away PostgreSQL server for tests, benchmarks and the local stack: initdb into a temp
 * folder, start it on a free loopback port with its socket in that folder, remove it on stop.
 * Every connection needs the password generated for this run (scram-sha-256, never `trust`),
 * so another user of a shared machine cannot open it; the password is in `url` only.
 * Uses the PostgreSQL server binaries of the machine (Debian package `postgresql`,
 * /usr/lib/postgresql/<version>/bin). initdb refuses to run as root, so when this
 * process is root the server runs as the `postgres` system user (created by the Debian
 * package) through `runuser`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { environment, type Environment } from '../../src/config/env.ts';

/** A running throw-away server. */
export interface ThrowawayPostgres {
  url: string;
  port: number;
  dir: string;
  /** The postmaster's process id (benchmarks read the server's CPU time from it and its children). */
  pid(): number | undefined;
  /** Stop the server and delete its files. */
  stop(): Promise<void>;
}

/** The bin folder holding initdb and pg_ctl (POSTGRES_BIN_DIR, else the newest installed version), or undefined. */
export function findPostgresBinaries(env: Environment = environment()): string | undefined {
  const explicit = env.POSTGRES_BIN_DIR;
  if (explicit && existsSync(join(explicit, 'initdb'))) return explicit;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function postgresUid(): { uid: number; gid: number } | undefined {
  const result = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (result.status !== 0 || group.status !== 0) return undefined;
  return { uid: Number(result.stdout.trim()), gid: Number(group.stdout.trim()) };
}

/** The binaries and, when this process is root, the `runuser` prefix a throw-away server's commands run with. */
function serverCommands(): { bin: string; prefix: string[] } {
  const bin = findPostgresBinaries();
  if (!bin)
    throw new Error(
      'PostgreSQL server binaries not found: install the Debian package `postgresql` (initdb and pg_ctl under /usr/lib/postgresql/<version>/bin)',
    );
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return { bin, prefix: asRoot ? ['runuser', '-u', 'postgres', '--'] : [] };
}

function runServerCommand(command: string, args: string[]): void {
  const { bin, prefix } = serverCommands();
  const [file, ...rest] = [...prefix, join(bin, command), ...args];
  execFileSync(file!, rest, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/**
 * Stop (fast: open transactions roll back) or start again a throw-away server by its data
 * folder, keeping its files: what the fault suite and an operator trying the stack's recovery
 * do (docs/reliability.md). Its settings are in the folder's postgresql.conf.
 */
export function controlPostgres(dataDir: string, action: 'stop' | 'start'): void {
  if (action === 'stop') runServerCommand('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  else runServerCommand('pg_ctl', ['-D', dataDir, '-l', join(dataDir, '..', 'server.log'), '-w', '-t', '30', 'start']);
}

/** Start a throw-away server; rejects with a clear message when the binaries or the user are missing. */
export async function startThrowawayPostgres(options: { fsync?: boolean; settings?: readonly string[] } = {}): Promise<ThrowawayPostgres> {
  // A port picked free can be taken by another server starting at the same moment (the stack
  // starts several): a start that fails is tried again on a new port, with each failure's log.
  const failures: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      failures.push((error as Error).message);
      if (attempt === 3 || !(error instanceof StartFailure)) throw new Error(failures.join('\n'));
    }
  }
}

/** pg_ctl could not start the new cluster (initdb had made it). */
class StartFailure extends Error {}

async function startOnce(options: { fsync?: boolean; settings?: readonly string[] }): Promise<ThrowawayPostgres> {
  const { prefix } = serverCommands();
  const dir = mkdtempSync(join(tmpdir(), 'leads-pg-'));
  const owner = prefix.length > 0 ? postgresUid() : undefined;
  if (prefix.length > 0) {
    if (!owner) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        'running as root and there is no `postgres` user to run PostgreSQL as (initdb refuses root): install the `postgresql` package or run as a normal user',
      );
    }
    chownSync(dir, owner.uid, owner.gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const password = randomBytes(24).toString('hex');
  // initdb reads the password from a file (never the command line); it is removed once the cluster exists.
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (owner) chownSync(passwordFile, owner.uid, owner.gid);
  try {
    runServerCommand('initdb', ['-D', data, '-U', 'leads', '--auth=scram-sha-256', `--pwfile=${passwordFile}`, '-E', 'UTF8', '--no-locale', '--no-sync']);
    rmSync(passwordFile, { force: true });
    // In the folder's postgresql.conf (read at every start), so controlPostgres starts it again as it was.
    const settings = [
      `port = ${port}`,
      `unix_socket_directories = '${dir}'`,
      "listen_addresses = '127.0.0.1'",
      'max_connections = 60',
      'shared_buffers = 32MB',
      `fsync = ${options.fsync === false ? 'off' : 'on'}`,
      ...(options.settings ?? []).map((setting) => setting.replace('=', ' = ')),
    ];
    appendFileSync(join(data, 'postgresql.conf'), `\n# throw-away server (tests/support/dev-postgres.ts)\n${settings.join('\n')}\n`);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`could not make a throw-away PostgreSQL: ${(error as Error).message.split('\n')[0]} ${stderr.slice(0, 500)}`);
  }
  try {
    controlPostgres(data, 'start');
  } catch (error) {
    // The server's own log says why (a port taken, a setting refused): kept in the message, since the folder goes.
    let log = '';
    try {
      log = readFileSync(join(dir, 'server.log'), 'utf8').slice(-1000);
    } catch {
      // No log written.
    }
    rmSync(dir, { recursive: true, force: true });
    throw new StartFailure(`could not start a throw-away PostgreSQL on port ${port}: ${(error as Error).message.split('\n')[0]} server.log: ${log.trim()}`);
  }
  let stopped = false;
  return {
    url: `postgresql://leads:${password}@127.0.0.1:${port}/postgres`,
    port,
    dir,
    pid: () => {
      try {
        return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
      } catch {
        return undefined;
      }
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      try {
        // Already stopped by hand (controlPostgres): only the files go.
        if (existsSync(join(data, 'postmaster.pid'))) runServerCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
