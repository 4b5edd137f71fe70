#!/usr/bin/env node
/**
 * A production-shaped stack on 127.0.0.1 (docs/deploy.md "The stack on one machine"): PostgreSQL,
 * Redis, Meilisearch, a local S3 server (or --s3-endpoint), a pipeline intake and `--workers`
 * workers, two lead APIs and the edge; each pipeline process on a disk of its own, all under --dir
 * (removed on exit unless --keep; the S3 objects too unless --s3-dir). Credentials are made for the
 * run: the pipeline holds the bucket's read-write key, the APIs and the edge a read-only one.
 *   npm run stack [-- --tenants tenants] [--dir <temp>] [--keep] [--edge-port 4330] [--intake-port 4322] [--api-ports 8787,8788] [--workers 2] [--lock-ms 30000] [--meili-port <port>] [--s3-endpoint <url> [--s3-bucket sites]] [--s3-dir <dir>]
 * Prints `{"event":"stack-ready",...}` once all answer (addresses, process ids, files, `<dir>/stack.env`
 * for an operator's commands), `stack-process-exited` when a process dies. SIGINT or SIGTERM to it,
 * or its parent's exit, stops the whole stack; SIGUSR2 rolls the intake and workers to a new code
 * version (a code deploy) and prints `stack-rolled`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { childEnvironment, environment } from '../src/config/env.ts';
import { thisMachine } from '../src/config/machine.ts';
import { processRuns } from '../src/platform/process/runs.ts';
import { startThrowawayPostgres } from '../tests/support/dev-postgres.ts';
import { startMeilisearch } from '../tests/support/meilisearch-server.ts';
import { startRedis } from '../tests/support/redis-server.ts';
import { startLocalS3 } from '../tests/support/s3-server.ts';

const { values } = parseArgs({
  options: {
    tenants: { type: 'string', default: 'tenants' },
    dir: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'edge-port': { type: 'string', default: '4330' },
    'intake-port': { type: 'string', default: '4322' },
    'api-ports': { type: 'string', default: '8787,8788' },
    workers: { type: 'string', default: '2' },
    'lock-ms': { type: 'string' },
    'meili-port': { type: 'string' },
    's3-endpoint': { type: 'string' },
    's3-bucket': { type: 'string', default: 'sites' },
    's3-dir': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    'usage: npm run stack [-- --tenants tenants] [--dir <dir>] [--keep] [--edge-port 4330] [--intake-port 4322] [--api-ports 8787,8788] [--workers 2] [--lock-ms 30000] [--meili-port <port>] [--s3-endpoint <url> [--s3-bucket sites]] [--s3-dir <dir>]',
  );
  process.exit(0);
}
const ports = { edge: Number(values['edge-port']), intake: Number(values['intake-port']), api: values['api-ports'].split(',').map(Number) };
const meiliPort = values['meili-port'] === undefined ? undefined : Number(values['meili-port']);
if (
  ![ports.edge, ports.intake, ...ports.api, ...(meiliPort === undefined ? [] : [meiliPort])].every(
    (port) => Number.isInteger(port) && port > 0 && port < 65536,
  ) ||
  ports.api.length !== 2
) {
  console.error('--edge-port, --intake-port, --meili-port: port numbers; --api-ports: two port numbers separated by a comma');
  process.exit(2);
}
const workerCount = Number(values.workers);
if (!Number.isInteger(workerCount) || workerCount < 1 || workerCount > 64) {
  console.error(`--workers: a whole number of pipeline worker processes from 1 to 64 (got ${JSON.stringify(values.workers)})`);
  process.exit(2);
}
const lockMs = values['lock-ms'] === undefined ? undefined : Number(values['lock-ms']);
if (lockMs !== undefined && !(Number.isInteger(lockMs) && lockMs >= 1000)) {
  console.error("--lock-ms: milliseconds (1000 or more) after which a dead worker's job goes to another worker");
  process.exit(2);
}
// Another S3-compatible bucket (MinIO, a fault proxy in front of s3rver): one key pair from the environment for every process.
const external = values['s3-endpoint'];
if (external !== undefined && !/^https?:\/\/[^/]+\/?$/.test(external)) {
  console.error(`--s3-endpoint: an S3-compatible endpoint such as http://127.0.0.1:9000 (got ${JSON.stringify(external)})`);
  process.exit(2);
}
const env = environment();
if (external !== undefined && !(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY)) {
  console.error("--s3-endpoint: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY to the bucket's keys");
  process.exit(2);
}
if (!existsSync(values.tenants)) {
  console.error(`--tenants: no folder ${values.tenants}`);
  process.exit(2);
}

const REPO = fileURLToPath(new URL('..', import.meta.url));
const dir = resolve(values.dir ?? mkdtempSync(join(tmpdir(), 'dealer-stack-')));
// `operator`: the empty disk an operator's commands (rollback) use as their --sites.
const paths = {
  tenants: join(dir, 'tenants'),
  feeds: join(dir, 'feeds'),
  logs: join(dir, 'logs'),
  images: join(dir, 'images'),
  operator: join(dir, 'operator'),
};
for (const path of Object.values(paths)) mkdirSync(path, { recursive: true });
/** The disk of one pipeline process: its releases cache (`--sites`), its cache root (compiled bundles, photos, images), temporary files. */
function machine(name: string) {
  const root = join(dir, name);
  const disk = { root, sites: join(root, 'sites'), cache: join(root, 'cache'), tmp: join(root, 'tmp') };
  for (const path of Object.values(disk)) mkdirSync(path, { recursive: true });
  return disk;
}
const workers = Array.from({ length: workerCount }, (_, index) => `worker-${index + 1}`);
const disks = Object.fromEntries(['intake', ...workers].map((name) => [name, machine(name)]));
// A working copy: feeds change stock snapshots, never the checkout's tenant folders.
cpSync(values.tenants, paths.tenants, { recursive: true, filter: (source) => !source.endsWith('reservations.json') });
// Each tenant's inbox folder is there from the start: a feed is dropped into feeds/<slug>/.
for (const slug of readdirSync(paths.tenants)) if (existsSync(join(paths.tenants, slug, 'site.json'))) mkdirSync(join(paths.feeds, slug), { recursive: true });

const children: { name: string; child: ChildProcess }[] = [];
const stops: (() => Promise<void>)[] = [];
/** Process ids of the stack's servers that are not its children (PostgreSQL runs detached). */
const detached: { name: string; pid: () => number | undefined }[] = [];
let stopping = false;
let startup: Promise<unknown> = Promise.resolve();

async function stopAll(code: number, reason: string): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  const started = Date.now();
  console.error(JSON.stringify({ event: 'stack-stopping', reason }));
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            done();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  await startup;
  for (const stop of stops.reverse()) await stop().catch(() => {});
  console.error(JSON.stringify({ event: 'stack-stopped', reason, seconds: Math.round((Date.now() - started) / 100) / 10 }));
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll(0, signal));
// Started through `npm run stack`, this process's parent is npm's shell: when it goes (npm was
// sent SIGTERM, or a supervisor killed it), nothing would stop the stack, so its exit does.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stopAll(0, 'the parent process exited');
}, 1000).unref();

/** Pipeline processes stopped by a code roll (their exit is not a death). */
const rolledOut = new Set<ChildProcess>();

/** Report the death of a process of the stack (not during a stop). */
function reportExit(name: string, pid: number | undefined, code: number | null, signal: string | null): void {
  if (!stopping) console.error(JSON.stringify({ event: 'stack-process-exited', process: name, pid, code, signal, log: join(paths.logs, `${name}.log`) }));
}

/**
 * Watch a server by its pid (PostgreSQL runs detached; Redis is started by a helper): polled,
 * each death reported once; PostgreSQL started again by hand (docs/reliability.md) is watched
 * under its new pid (its postmaster.pid).
 */
function watchDetached(name: string, pid: () => number | undefined): void {
  detached.push({ name, pid });
  const reported = new Set<number>();
  setInterval(() => {
    const watched = pid();
    if (stopping || watched === undefined || reported.has(watched) || processRuns(watched)) return;
    reported.add(watched);
    reportExit(name, watched, null, null);
  }, 1000).unref();
}

/** A server process the stack started through a library (s3rver, Meilisearch, Redis): listed, and its death reported. */
function adopt(name: string, child: ChildProcess): void {
  child.once('exit', (code, signal) => {
    if (!rolledOut.has(child)) reportExit(name, child.pid, code, signal);
  });
  children.push({ name, child });
}

/** Start a script of this repository as a child, its output in <dir>/logs/<name>.log (appended: a rolled process keeps its log). */
function start(name: string, script: string, args: string[], env: Record<string, string>): ChildProcess {
  const log = createWriteStream(join(paths.logs, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [join(REPO, script), ...args], { cwd: REPO, env: childEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  adopt(name, child);
  return child;
}

/** Wait until `url` answers (any HTTP status below 500), or fail after `ms`. */
async function waitForHttp(url: string, ms: number, headers: Record<string, string> = {}): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** The default search-only key Meilisearch creates when it starts with a master key. */
async function meiliSearchKey(host: string, masterKey: string): Promise<{ key: string; uid: string }> {
  const response = await fetch(`${host}/keys?limit=100`, { headers: { Authorization: `Bearer ${masterKey}` } });
  if (!response.ok) throw new Error(`Meilisearch: listing its API keys failed: HTTP ${response.status}`);
  const keys = ((await response.json()) as { results: { uid: string; key: string; name: string | null }[] }).results;
  const key = keys.find((entry) => entry.name === 'Default Search API Key');
  if (!key) throw new Error('Meilisearch: no default search API key');
  return { key: key.key, uid: key.uid };
}

try {
  // Each server's stop is registered as soon as it runs; a stop during start-up waits for
  // the servers to come up first (startup), so no server outlives the stack.
  const started = <T extends { stop(): Promise<void> }>(server: T): T => {
    stops.push(() => server.stop());
    return server;
  };
  const servers = [
    startThrowawayPostgres().then(started),
    startMeilisearch({ dir: join(dir, 'meili'), port: meiliPort }).then(started),
    external === undefined ? startLocalS3({ dir: values['s3-dir'] ? resolve(values['s3-dir']) : join(dir, 's3') }).then(started) : Promise.resolve(undefined),
    startRedis({ dir: join(dir, 'redis') }).then(started),
  ] as const;
  startup = Promise.allSettled(servers);
  const [postgres, meili, localS3, redis] = await Promise.all(servers);
  // Stopped while the servers came up: start nothing more (stopAll exits the process).
  if (stopping) await new Promise(() => {});
  const redisUrl = redis.url;
  watchDetached('postgres', () => postgres.pid());
  watchDetached('redis', () => redis.pid);
  adopt('meilisearch', meili.child);
  if (localS3) adopt('s3rver', localS3.child);
  const externalKey = { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! };
  const s3 = localS3 ?? { endpoint: external!.replace(/\/$/, ''), bucket: values['s3-bucket'], credentials: { readWrite: externalKey, readOnly: externalKey } };

  const bucketEnv = (key: { accessKeyId: string; secretAccessKey: string }) => ({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: key.accessKeyId,
    AWS_SECRET_ACCESS_KEY: key.secretAccessKey,
    LOG_FORMAT: 'json',
  });
  // State records in PostgreSQL, state files in the bucket (src/pipeline/state/bucket-files.ts): the pipeline alone writes the bucket.
  // The builds sign each Meilisearch tenant's token with the server's default search key (docs/search.md).
  const search = await meiliSearchKey(meili.host, meili.masterKey);
  const pipelineEnv = {
    ...bucketEnv(s3.credentials.readWrite),
    DATABASE_URL: postgres.url,
    REDIS_URL: redisUrl,
    MEILI_ADMIN_HOST: meili.host,
    MEILI_ADMIN_KEY: meili.masterKey,
    MEILI_SEARCH_KEY: search.key,
    MEILI_SEARCH_KEY_UID: search.uid,
  };
  const pipelineArgs = ['--tenants', paths.tenants, '--inbox', paths.feeds, '--publisher', 's3'];
  const diskEnv = (disk: ReturnType<typeof machine>) => ({ PIPELINE_CACHE_DIR: disk.cache, TMPDIR: disk.tmp });
  const operatorToken = randomBytes(16).toString('hex');
  const lockArgs = lockMs ? ['--lock-ms', String(lockMs)] : [];
  // The workers share this machine as a fleet's workers share theirs: each sizes its jobs to its part of the cores (PIPELINE_CORES, docs/deploy.md).
  const workerCores = String(Math.max(1, Math.floor(thisMachine().cores / workerCount)));
  /** The intake and the workers, each on its disk; `code` a code version for all of them (a roll), else the environment's. */
  const startPipeline = (code?: string) => {
    // A worker lost with its disk comes back on an empty one.
    for (const name of ['intake', ...workers]) machine(name);
    const codeEnv: Record<string, string> = code === undefined ? {} : { PIPELINE_CODE_VERSION: code };
    start('intake', 'scripts/pipeline.ts', [...pipelineArgs, '--sites', disks.intake.sites, '--role', 'intake', '--port', String(ports.intake)], {
      ...pipelineEnv,
      ...diskEnv(disks.intake),
      ...codeEnv,
      PIPELINE_OPERATOR_TOKEN: operatorToken,
    });
    for (const name of workers)
      start(name, 'scripts/pipeline.ts', [...pipelineArgs, '--sites', disks[name].sites, '--role', 'worker', '--no-webhook', ...lockArgs], {
        ...pipelineEnv,
        ...diskEnv(disks[name]),
        ...codeEnv,
        PIPELINE_CORES: workerCores,
      });
  };
  startPipeline();
  // The lead APIs read the accepted stock and the reserved overlay from the pipeline state, and payments write the overlay there (docs/deploy.md).
  const apiEnv = {
    ...bucketEnv(s3.credentials.readOnly),
    STOCK_FROM_STATE: 'true',
    DATABASE_URL: postgres.url,
    REDIS_URL: redisUrl,
    TENANTS_DIR: paths.tenants,
    IMAGES_DIR: paths.images,
    SIGN_IN_SECRET: randomBytes(24).toString('hex'),
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
  };
  ports.api.forEach((port, index) => start(`api-${index + 1}`, 'scripts/api.ts', [], { ...apiEnv, PORT: String(port) }));
  start('edge', 'scripts/edge.ts', ['--port', String(ports.edge)], bucketEnv(s3.credentials.readOnly));

  const intakeAnswers = () => waitForHttp(`http://127.0.0.1:${ports.intake}/status.json`, 300_000, { Authorization: `Bearer ${operatorToken}` });
  await Promise.all([
    ...ports.api.map((port) => waitForHttp(`http://127.0.0.1:${port}/api/health`, 300_000)),
    waitForHttp(`http://127.0.0.1:${ports.edge}/`, 300_000),
    intakeAnswers(),
  ]);
  const pidsOf = () => Object.fromEntries([...children.map(({ name, child }) => [name, child.pid]), ...detached.map(({ name, pid }) => [name, pid()])]);
  // SIGUSR2: a code deploy. The intake and the workers stop (SIGTERM: a job under way ends first) and start again
  // on the same disks with a new code version, `<version>-roll-<n>`; the intake asks for every tenant, each re-rendered.
  let rolls = 0;
  let rolling = Promise.resolve();
  const roll = async () => {
    rolls += 1;
    // The stack is not a production process (its children run the production check): it names the variable it passes on, as startPipeline does.
    const code = `${env.PIPELINE_CODE_VERSION ?? 'sources'}-roll-${rolls}`;
    const pipeline = children.filter(({ name }) => name === 'intake' || workers.includes(name));
    await Promise.all(
      pipeline.map(({ child }) => {
        rolledOut.add(child);
        children.splice(
          children.findIndex((entry) => entry.child === child),
          1,
        );
        if (child.exitCode !== null || child.signalCode !== null) return undefined;
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        return exited;
      }),
    );
    if (stopping) return;
    startPipeline(code);
    await intakeAnswers();
    console.log(JSON.stringify({ event: 'stack-rolled', codeVersion: code, pids: pidsOf() }));
  };
  process.on('SIGUSR2', () => {
    rolling = rolling.then(roll).catch((error: Error) => void stopAll(1, `code roll failed: ${error.message}`));
  });
  // What an operator's commands need (rollback, the outbox, psql, redis-cli): `set -a; . <dir>/stack.env; set +a`.
  const { LOG_FORMAT: _format, ...bucketKeys } = bucketEnv(s3.credentials.readWrite);
  const operatorEnv = { DATABASE_URL: postgres.url, REDIS_URL: redisUrl, ...bucketKeys, PIPELINE_OPERATOR_TOKEN: operatorToken };
  const envFile = join(dir, 'stack.env');
  writeFileSync(
    envFile,
    Object.entries(operatorEnv)
      .map(([name, value]) => `${name}='${value.replace(/'/g, `'\\''`)}'\n`)
      .join(''),
    { mode: 0o600 },
  );
  mkdirSync(paths.operator, { recursive: true });
  console.log(
    JSON.stringify({
      event: 'stack-ready',
      pid: process.pid,
      dir,
      edge: `http://127.0.0.1:${ports.edge}`,
      sites: `http://<slug>.localhost:${ports.edge}/`,
      api: ports.api.map((port) => `http://127.0.0.1:${port}`),
      intake: `http://127.0.0.1:${ports.intake}`,
      operatorToken,
      inbox: paths.feeds,
      tenants: paths.tenants,
      disks: Object.fromEntries(Object.entries(disks).map(([name, disk]) => [name, disk.root])),
      postgres: postgres.url,
      postgresData: join(postgres.dir, 'data'),
      redis: redisUrl,
      redisConfig: join(dir, 'redis', 'redis.conf'),
      meilisearch: meili.host,
      s3: {
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        forcePathStyle: true,
        readWrite: s3.credentials.readWrite,
        readOnly: s3.credentials.readOnly,
      },
      env: envFile,
      operatorSites: paths.operator,
      logs: paths.logs,
      pids: pidsOf(),
    }),
  );
} catch (error) {
  console.error(`stack: ${(error as Error).message} (logs in ${paths.logs})`);
  await stopAll(1, 'start-up failed');
}
