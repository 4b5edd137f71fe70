/**
 * `npm run stack` as the fault suite drives it: started in a process group of its own (so
 * everything it starts can be found and stopped), its ready line, each process's JSON log
 * events, feeds dropped the way an upload completes, and its servers stopped and started again
 * from outside as an operator would: Redis (killed, or shut down saving its data; started with
 * its config), PostgreSQL (pg_ctl on its data folder), Meilisearch (killed; started with its
 * command line and environment). `stop()` stops every process this file started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processRuns } from '../../../src/platform/process/runs.ts';
import { controlPostgres } from '../dev-postgres.ts';
import { REPO, waitFor } from '../pipeline-env.ts';

export interface Ready {
  pid: number;
  dir: string;
  edge: string;
  api: string[];
  intake: string;
  operatorToken: string;
  inbox: string;
  tenants: string;
  disks: Record<string, string>;
  postgres: string;
  postgresData: string;
  redis: string;
  /** Redis's config file (its port, password and folder): `redis-server <it>` starts it again as it was. */
  redisConfig: string;
  meilisearch: string;
  s3: {
    endpoint: string;
    bucket: string;
    region: string;
    readWrite: { accessKeyId: string; secretAccessKey: string };
    readOnly: { accessKeyId: string; secretAccessKey: string };
  };
  env: string;
  operatorSites: string;
  logs: string;
  pids: Record<string, number>;
}

export interface LogEvent {
  time?: string;
  level?: string | number;
  event?: string;
  tenant?: string;
  job?: string;
  outcome?: string;
  mode?: string;
  release?: string;
  reason?: string;
  /** What a `dependency-wait` waits for (`the bucket publish`, `the pipeline state`). */
  what?: string;
  msg?: string;
}

export interface StackRun {
  ready: Ready;
  /** The stack's own stdout and stderr so far. */
  output(): string;
  /** JSON events of a process's log (lines that are not JSON are skipped). */
  events(name: string): LogEvent[];
  /** Every line of a process's log. */
  lines(name: string): string[];
  /** Drop a complete stock file into a tenant's inbox (written under a temporary name, then renamed). */
  dropFeed(slug: string, records: unknown[], name?: string): void;
  redis: { kill(): Promise<void>; saveAndStop(): Promise<void>; start(): Promise<void> };
  postgres: { stop(): void; start(): void };
  meilisearch: { kill(): Promise<void>; start(): Promise<void> };
  /** SIGTERM to the stack's process (it stops every process it started), then whatever is left of its group and of this file's servers. */
  stop(): Promise<void>;
}

async function exited(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!processRuns(pid)) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return !processRuns(pid);
}

/** Start the stack with `args` and `env`; resolves with its ready line. */
export async function startStack(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<StackRun> {
  // A process group of its own: the stack, its children and anything they start.
  const stack: ChildProcess = spawn(process.execPath, [join(REPO, 'scripts/stack.ts'), ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  stack.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  stack.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const extra = new Map<string, ChildProcess>();
  let ready: Ready;
  try {
    const line = await waitFor(
      'stack-ready',
      () => {
        if (stack.exitCode !== null) throw new Error(`npm run stack exited with code ${stack.exitCode}:\n${output}`);
        return output.split('\n').find((text) => text.includes('"stack-ready"'));
      },
      timeoutMs,
      100,
    );
    ready = JSON.parse(line) as Ready;
  } catch (error) {
    if (stack.pid) process.kill(-stack.pid, 'SIGKILL');
    throw error;
  }

  const lines = (name: string) => {
    const file = join(ready.logs, `${name}.log`);
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  };
  const events = (name: string) =>
    lines(name).flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as LogEvent];
      } catch {
        return [];
      }
    });

  /** A server started again by the test, in a process group of its own. */
  const restart = (name: string, command: string, commandArgs: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) => {
    const child = spawn(command, commandArgs, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'ignore', detached: true });
    child.unref();
    extra.set(name, child);
    return child;
  };
  const redisPid = () => (extra.get('redis')?.pid ?? ready.pids.redis)!;
  // The URL carries the stack's generated password; redis-cli 7.0 sends `-u redis://:<password>@...` as
  // the user "" (WRONGPASS), so it gets the host and port, and the password in its environment (not in `ps`).
  const redisAddress = new URL(ready.redis);
  const redisCli = (...command: string[]) =>
    spawnSync('redis-cli', ['-h', redisAddress.hostname, '-p', redisAddress.port, ...command], {
      encoding: 'utf8',
      timeout: 10_000,
      env: { ...process.env, REDISCLI_AUTH: decodeURIComponent(redisAddress.password) },
    });
  let meiliCommand: { argv: string[]; env: NodeJS.ProcessEnv; cwd: string } | undefined;
  const meiliPid = () => (extra.get('meilisearch')?.pid ?? ready.pids.meilisearch)!;

  return {
    ready,
    output: () => output,
    events,
    lines,
    dropFeed(slug, records, name = 'stock.json') {
      const inbox = join(ready.inbox, slug);
      mkdirSync(inbox, { recursive: true });
      writeFileSync(join(inbox, `.${name}.tmp`), JSON.stringify(records));
      renameSync(join(inbox, `.${name}.tmp`), join(inbox, name));
    },
    redis: {
      async kill() {
        const pid = redisPid();
        process.kill(pid, 'SIGKILL');
        await exited(pid, 5000);
      },
      async saveAndStop() {
        const pid = redisPid();
        // SHUTDOWN SAVE writes dump.rdb into --dir even though the stack runs Redis with --save '' (no periodic saves).
        redisCli('SHUTDOWN', 'SAVE');
        if (!(await exited(pid, 10_000))) throw new Error('redis did not shut down');
      },
      async start() {
        restart('redis', 'redis-server', [ready.redisConfig]);
        await waitFor('redis to answer', () => redisCli('PING').stdout.trim() === 'PONG', 10_000, 50);
      },
    },
    postgres: {
      stop: () => controlPostgres(ready.postgresData, 'stop'),
      start: () => controlPostgres(ready.postgresData, 'start'),
    },
    meilisearch: {
      async kill() {
        const pid = meiliPid();
        // Its command line and environment, to start it again as the stack did.
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        const environ = Object.fromEntries(
          readFileSync(`/proc/${pid}/environ`, 'utf8')
            .split('\0')
            .filter(Boolean)
            .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
        );
        meiliCommand = { argv, env: environ, cwd: join(ready.dir, 'meili') };
        process.kill(pid, 'SIGKILL');
        await exited(pid, 5000);
      },
      async start() {
        if (!meiliCommand) throw new Error('meilisearch was not killed by this run');
        restart('meilisearch', meiliCommand.argv[0]!, meiliCommand.argv.slice(1), { cwd: meiliCommand.cwd, env: meiliCommand.env });
        await waitFor('meilisearch to answer', async () => (await fetch(`${ready.meilisearch}/health`).catch(() => null))?.ok, 30_000, 100);
      },
    },
    async stop() {
      const pid = stack.pid!;
      if (stack.exitCode === null) {
        process.kill(pid, 'SIGTERM');
        if (!(await exited(pid, 60_000))) process.kill(-pid, 'SIGKILL');
      }
      // Whatever of its group is left (nothing, when it stopped as it should).
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // the group is gone
      }
      for (const child of extra.values()) {
        if (child.pid && processRuns(child.pid)) {
          process.kill(child.pid, 'SIGTERM');
          if (!(await exited(child.pid, 5000))) process.kill(child.pid, 'SIGKILL');
        }
      }
      // A PostgreSQL started again by the test outlives a killed stack: stop it by its data folder.
      if (existsSync(join(ready.postgresData, 'postmaster.pid'))) {
        try {
          controlPostgres(ready.postgresData, 'stop');
        } catch {
          // already stopping
        }
      }
    },
  };
}

/**
 * A small filesystem of its own (tmpfs) mounted at `dir`, so a test can fill it: only as root
 * on Linux (as CI runs). Returns null with the reason where it cannot be mounted.
 */
export function mountSmallDisk(dir: string, megabytes: number): { fill(): void; free(): void; available(): number; unmount(): void } | { skipped: string } {
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() !== 0) return { skipped: 'not root: cannot mount a small filesystem to fill' };
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) return { skipped: `mount -t tmpfs failed: ${mounted.stderr.trim()}` };
  const ballast: string[] = [];
  const available = () => Number(spawnSync('df', ['--output=avail', '-B1', dir], { encoding: 'utf8' }).stdout.split('\n')[1]);
  return {
    /**
     * Take every free byte. A worker may be writing meanwhile, so the space `df` reported can be
     * gone by the time `fallocate` asks for it, which then fails and takes nothing: ask again, for
     * half as much at each refusal, into further ballast files, until less than a page is left.
     */
    fill() {
      let size = available();
      while (size >= 4096 && ballast.length < 64) {
        const file = join(dir, `ballast-${ballast.length}`);
        if (spawnSync('fallocate', ['-l', String(size), file]).status === 0) {
          ballast.push(file);
          size = available();
        } else {
          rmSync(file, { force: true });
          size = Math.floor(size / 2);
        }
      }
    },
    free() {
      for (const file of ballast.splice(0)) rmSync(file, { force: true });
    },
    available,
    unmount() {
      spawnSync('umount', ['-l', dir]);
    },
  };
}
