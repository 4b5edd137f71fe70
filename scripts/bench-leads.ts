/**
 * Lead API benchmark, crash test and fuzz run, on loopback only: per database the API runs as a
 * child process (scripts/api.ts) over a bench tenant, with a webhook served here; throughput at
 * each concurrency level, then a SIGKILL crash test (every acknowledged lead and revision stored
 * and delivered once), then malformed requests. Exits non-zero when a check fails.
 *
 *   npx node scripts/bench-leads.ts [--db sqlite|postgres|both] [--seconds 5]
 *     [--concurrency 8,32] [--fuzz 10000] [--skip-crash] [--skip-fuzz] [--sql-stats]
 *
 * The phases, the CPU figures and --sql-stats: docs/benchmarks.md.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { childEnvironment, environment } from '../src/config/env.ts';
import { openDatabase, type DatabaseConfig, type SqlDatabase } from '../src/server/database.ts';
import { findPostgresBinaries, freePort, startThrowawayPostgres, type ThrowawayPostgres } from '../tests/support/dev-postgres.ts';
import { writeTenantFolder } from '../tests/support/tenant-folder.ts';
import { openStores } from '../src/server/stores.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8,32' },
    fuzz: { type: 'string', default: '10000' },
    'skip-crash': { type: 'boolean', default: false },
    'skip-fuzz': { type: 'boolean', default: false },
    'sql-stats': { type: 'boolean', default: false },
  },
});
const SECONDS = Math.min(120, Math.max(1, Number(args.seconds)));
const LEVELS = args.concurrency.split(',').map((level) => Math.min(512, Math.max(1, Math.round(Number(level)) || 1)));
const CONCURRENCY = LEVELS[0]!;
const FUZZ = Math.min(1_000_000, Math.max(0, Number(args.fuzz)));
const HOST = 'bench.localhost';
const failures: string[] = [];
let serverFailuresLogged = 0;

// ---- Fixtures ------------------------------------------------------------------------------------

interface Listing {
  id: number;
  slug: string;
  [key: string]: unknown;
}

function writeTenant(dir: string, webhookUrl: string): Listing[] {
  const source = join(root, '..', 'shared', 'data', 'au-vehicle-listings.json');
  const listings = existsSync(source) ? (JSON.parse(readFileSync(source, 'utf8')) as Listing[]).slice(0, 2000) : [];
  const cars =
    listings.length > 0
      ? listings.map((car) => ({ ...car, dealership_id: 1, dealership_slug: 'bench-central' }))
      : Array.from({ length: 200 }, (_, i) => ({ id: i + 1, slug: `bench-car-${i + 1}`, status: 'in_stock', car_type: 'used', make: 'Toyota', model: 'Corolla', year: 2020, price: 20_000 + i }));
  writeTenantFolder(join(dir, 'bench'), {
    site: {
      slug: 'bench',
      name: 'Bench Motors',
      url: 'https://bench-motors.example',
      dealerships: [{ id: 1, slug: 'bench-central', name: 'Bench Central' }],
      locations: [{ id: 1, name: 'Bench Yard', slug: 'bench-yard', dealership_slug: 'bench-central', address: { street: '1 Main St', city: 'Brisbane', state: 'QLD', postcode: '4000' } }],
    },
    stock: cars,
    delivery: { destinations: [{ id: 'crm', type: 'webhook', format: 'json', url: webhookUrl }] },
  });
  return cars as Listing[];
}

/** Webhook receiver: counts receipts per idempotency key, and the revision markers the bodies carried. */
async function startReceiver() {
  const receipts = new Map<string, number>();
  const revisionsSeen = new Set<string>();
  const control = { delayMs: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const key = String(req.headers['idempotency-key'] ?? '');
      for (const marker of Buffer.concat(chunks)
        .toString('utf8')
        .match(/rev-[0-9a-f-]{36}/g) ?? [])
        revisionsSeen.add(marker);
      const answer = () => {
        receipts.set(key, (receipts.get(key) ?? 0) + 1);
        res.writeHead(200).end('ok');
      };
      if (control.delayMs > 0) setTimeout(answer, control.delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    receipts,
    revisionsSeen,
    control,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- The API child process -------------------------------------------------------------------------

function startApi(env: Record<string, string>, port: number): Promise<ChildProcess> {
  // BENCH_API_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', profiles the API process.
  const nodeArgs = (environment().BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'scripts', 'api.ts')], {
    cwd: root,
    env: childEnvironment({ ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', TENANTS_WATCH: 'false' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  // Server-side failures are logged (pino JSON on stdout, LOG_LEVEL=error) as 'request failed': count them.
  child.stdout!.on('data', (chunk: Buffer) => {
    serverFailuresLogged += chunk.toString().split('request failed').length - 1;
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (child.exitCode !== null) return reject(new Error(`API exited with ${child.exitCode}: ${stderr}`));
      const req = http.get({ host: '127.0.0.1', port, path: '/api/geocode?postcode=4000', headers: { host: HOST } }, (res) => {
        res.resume();
        if (res.statusCode === 200) resolve(child);
        else setTimeout(poll, 50);
      });
      req.on('error', () => (Date.now() - started > 30_000 ? reject(new Error(`API did not start: ${stderr}`)) : setTimeout(poll, 50)));
    };
    poll();
  });
}

// ---- HTTP client --------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/** A fresh connection per request: the fuzz run must not let one bad request's closed socket fail the next. */
const noAgent = new http.Agent({ keepAlive: false });

function request(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer; fresh?: boolean },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let status: number | undefined;
    const chunks: Buffer[] = [];
    // The server may answer (e.g. 404 or 413) and close before reading a body it does not
    // want; the client then sees a reset after the response: the answer still counts.
    const fail = (error: Error) => (status !== undefined ? resolve({ status, body: Buffer.concat(chunks).toString('utf8') }) : reject(error));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent: options.fresh ? noAgent : agent,
        method: options.method,
        path: options.path,
        headers: { host: HOST, ...options.headers },
      },
      (res) => {
        status = res.statusCode ?? 0;
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: status!, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', fail);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', fail);
    req.end(options.body);
  });
}

function leadBody(cars: Listing[], n: number): string {
  const car = cars[n % cars.length]!;
  return JSON.stringify({
    category: n % 3 === 0 ? 'Test Drive' : 'General Enquiry',
    name: `Bench ${n}`,
    last_name: 'Shopper',
    email: `shopper${n}@example.com`,
    phone: `04${String(10_000_000 + (n % 89_999_999)).padStart(8, '0')}`,
    postcode: '4000',
    message: 'Is this car still available? I would like to come and see it this week.',
    car_id: car.id,
    car_dealership_id: 1,
    url: `https://bench-motors.example/cars/${car.slug}`,
    source: 'Website',
    user_agent: 'bench-leads',
    lead_attributes: { visited_pages: [`/cars/${car.slug}`, '/search/used-cars'], linked_query_params: { utm_source: 'bench' } },
  });
}

/** Keep `concurrency` submissions in flight until `until()`; acknowledged lead ids and latencies. */
async function drive(port: number, cars: Listing[], concurrency: number, until: () => boolean, counter: { n: number }, onAck?: (leadId: string) => void) {
  const latencies: number[] = [];
  const acked: string[] = [];
  let errors = 0;
  let rejected = 0;
  const worker = async () => {
    while (!until()) {
      const n = counter.n++;
      const started = performance.now();
      try {
        // As the forms send it: every first submission carries a fresh Idempotency-Key (src/islands/ui/form-kit/request-key.ts).
        const response = await request(port, {
          method: 'POST',
          path: '/api/leads',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: leadBody(cars, n),
        });
        if (response.status === 201) {
          latencies.push(performance.now() - started);
          const leadId = (JSON.parse(response.body) as { lead_id: string }).lead_id;
          acked.push(leadId);
          onAck?.(leadId);
        } else rejected++;
      } catch {
        errors++;
        // The server is down (crash test): back off briefly instead of spinning.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, acked, errors, rejected };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
function processCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** CPU time (ms) of a process and its live children (PostgreSQL: the postmaster, its backends and helpers). */
function processTreeCpuMs(pid: number | undefined): number | undefined {
  const own = processCpuMs(pid);
  if (own === undefined) return undefined;
  let total = own;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === pid) total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** PostgreSQL counters of the throughput phase: commits and WAL writes / flushes (pg_stat_wal, PostgreSQL 14+). */
async function postgresCounters(db: SqlDatabase): Promise<{ commits: number; walWrites: number; walSyncs: number }> {
  const [commits] = await db.query<{ n: number }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
  const [wal] = await db
    .query<{ wal_write: number; wal_sync: number }>('SELECT wal_write, wal_sync FROM pg_stat_wal')
    .catch(() => [{ wal_write: Number.NaN, wal_sync: Number.NaN }]);
  return { commits: Number(commits?.n), walWrites: Number(wal?.wal_write), walSyncs: Number(wal?.wal_sync) };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

// ---- Fuzz ----------------------------------------------------------------------------------------------------

/** A deterministic pseudo-random generator (mulberry32), so a failing fuzz case can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fuzzCase(random: () => number, cars: Listing[]): { method: string; path: string; headers: Record<string, string>; body?: string | Buffer } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const paths = [
    '/api/leads',
    '/api/watchlist/save-car',
    '/api/watchlist/remove-car',
    '/api/watchlist',
    '/api/auth/request-code',
    '/api/auth/verify',
    '/api/auth/session',
    '/api/auth/sign-out',
    '/api/eval-expert/enter-vin',
    '/api/eval-expert/manual-entry',
    '/api/eval-expert/image-upload',
    '/api/eval-expert/update-eval',
    '/api/youx/quote',
    '/api/miscellaneous',
    '/api/phone-reveal',
    `/api/cars/${pick(cars).slug}/view.json`,
    `/api/cars/${pick(cars).slug}/autogauge`,
    '/api/cars/%E0%A4%A/view.json',
    '/api/test-drive/availability',
    '/api/delivery-estimate',
    '/api/geocode',
    '/api/locations/nearest',
    '/api/' + 'x'.repeat(Math.floor(random() * 3000)),
  ];
  const junkValues: unknown[] = [
    null,
    true,
    -1,
    1e308,
    '',
    ' ',
    'x'.repeat(5000),
    '\u0000\uFFFF',
    '<script>alert(1)</script>',
    "'; DROP TABLE leads; --",
    [],
    {},
    [[[[]]]],
    { $gt: '' },
    { __proto__: { admin: true } },
    'NaN',
    '2026-13-45T99:99',
    '０４１２３４５６７８',
  ];
  const fields = [
    'name',
    'email',
    'phone',
    'postcode',
    'car_id',
    'lead_id',
    'category',
    'form_completed',
    'phone_number',
    'code',
    'rego',
    'state',
    'evalid',
    'km',
    'cEmail',
    'purchasePrice',
    'column_name',
    'lead_attributes',
    'custom_params',
    'additional_services',
    'dateTime',
    'site',
    'hidden_field',
    'desc',
    'vin',
  ];
  const object: Record<string, unknown> = {};
  const count = Math.floor(random() * 8);
  for (let i = 0; i < count; i++) object[pick(fields)] = pick(junkValues);
  const deep = (depth: number): unknown => (depth === 0 ? 1 : { a: deep(depth - 1) });
  const bodies: (string | Buffer)[] = [
    JSON.stringify(object),
    JSON.stringify(pick(junkValues)),
    JSON.stringify(object).slice(0, Math.floor(random() * 20)),
    '{"name":"a","name":"b","__proto__":{"x":1}}',
    JSON.stringify(deep(Math.floor(random() * 2000))),
    Buffer.from(Array.from({ length: Math.floor(random() * 2000) }, () => Math.floor(random() * 256))),
    `--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n${'A'.repeat(100)}`,
    'x'.repeat(70_000),
  ];
  const contentTypes = [
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'multipart/form-data',
    'application/xml',
    '',
  ];
  const hosts = [HOST, HOST, HOST, 'nobody.localhost', 'bench.localhost:99999', '', '..', 'a'.repeat(300)];
  const method = pick(['POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
  const query =
    random() < 0.5
      ? `?${pick(['postcode', 'car_id', 'days', 'site', 'evalid'])}=${encodeURIComponent(String(pick(junkValues)))}&${pick(['postcode', 'car_id', 'days'])}[]=1`
      : '';
  const headers: Record<string, string> = { host: pick(hosts) };
  const contentType = pick(contentTypes);
  if (contentType) headers['content-type'] = contentType;
  if (random() < 0.2) headers['x-site'] = pick(['bench', 'other', '', '../../etc']);
  if (random() < 0.2) headers.origin = pick(['https://evil.example', 'null', 'http://bench.localhost:1', 'not a url']);
  if (random() < 0.2) headers.authorization = pick(['Bearer ', 'Bearer x', `Bearer ${'y'.repeat(500)}`, 'Basic abc']);
  if (random() < 0.1) headers.cookie = pick(['dealer_session=', 'dealer_session=%E0%A4%A', 'a=b; dealer_session=zzz']);
  if (random() < 0.1) headers['idempotency-key'] = pick(['short', 'k'.repeat(200), randomUUID()]);
  const body = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies);
  return { method, path: pick(paths) + query, headers, body };
}

async function fuzz(port: number, cars: Listing[], child: ChildProcess, total: number) {
  const random = prng(20_260_305);
  const statuses = new Map<number, number>();
  const fiveHundreds: string[] = [];
  const transportErrors: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const testCase = fuzzCase(random, cars);
      try {
        const response = await request(port, { ...testCase, fresh: true });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500 && fiveHundreds.length < 5)
          fiveHundreds.push(`${testCase.method} ${testCase.path.slice(0, 80)} -> ${response.status} ${response.body.slice(0, 120)}`);
      } catch (error) {
        // Requests Node's HTTP client refuses to send (invalid header characters), or bodies the
        // server stops reading after answering 413 (the socket closes under the client): not a 5xx.
        const code = (error as { code?: string }).code ?? (error as Error).message.slice(0, 40);
        transportErrors[code] = (transportErrors[code] ?? 0) + 1;
        if (environment().BENCH_DEBUG && transportErrors[code] <= 8)
          console.log(
            'transport',
            code,
            testCase.method,
            testCase.path.slice(0, 60),
            JSON.stringify(testCase.headers).slice(0, 200),
            String(testCase.body ?? '').length,
          );
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const alive = child.exitCode === null && (await request(port, { method: 'GET', path: '/api/geocode?postcode=4000' })).status === 200;
  const count5xx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  return { statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])), count5xx, fiveHundreds, transportErrors, serverFailuresLogged, alive };
}

// ---- One database --------------------------------------------------------------------------------------------

async function benchDatabase(kind: 'sqlite' | 'postgres') {
  const work = mkdtempSync(join(tmpdir(), `bench-leads-${kind}-`));
  const receiver = await startReceiver();
  const cars = writeTenant(join(work, 'tenants'), receiver.url);
  let postgres: ThrowawayPostgres | undefined;
  let database: DatabaseConfig;
  const env: Record<string, string> = {
    LEAD_DELIVERY_ALLOW_PRIVATE: 'true', // the bench's webhook receiver is on loopback
    TENANTS_DIR: join(work, 'tenants'),
    RATE_LIMIT_MAX: '10000000',
    RATE_LIMIT_TENANT_MAX: '100000000',
    DELIVERY_BASE_DELAY_MS: '100',
    DELIVERY_POLL_MS: '100',
  };
  if (kind === 'postgres') {
    postgres = await startThrowawayPostgres(
      args['sql-stats'] ? { settings: ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'] } : {},
    );
    env.DATABASE_URL = postgres.url;
    env.DATABASE_POOL_SIZE = '16';
    database = { kind: 'postgres', url: postgres.url, poolSize: 2 };
  } else {
    env.SQLITE_FILE = join(work, 'leads.sqlite');
    database = { kind: 'sqlite', file: env.SQLITE_FILE };
  }
  const port = await freePort();
  let child = await startApi(env, port);
  const counter = { n: 0 };
  const report: Record<string, unknown> = { database: kind, stock: cars.length };
  try {
    // 1. Throughput, one run per level. A short warm-up first (JIT, connection pools), not counted.
    let stop = Date.now() + 1000;
    await drive(port, cars, CONCURRENCY, () => Date.now() > stop, counter);
    // PostgreSQL: a connection of our own for the server's counters (read before and after, not during).
    const statsDb = kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: postgres!.url, poolSize: 1 }) : undefined;
    const throughput: Record<string, unknown>[] = [];
    report.throughput = throughput;
    for (const level of LEVELS) {
      if (statsDb && args['sql-stats']) {
        await statsDb.run('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
        await statsDb.query('SELECT pg_stat_statements_reset()');
      }
      const countersBefore = statsDb ? await postgresCounters(statsDb) : undefined;
      const started = performance.now();
      const cpuBefore = processCpuMs(child.pid);
      const postgresCpuBefore = processTreeCpuMs(postgres?.pid());
      const clientCpuBefore = process.cpuUsage();
      stop = Date.now() + SECONDS * 1000;
      const run = await drive(port, cars, level, () => Date.now() > stop, counter);
      const elapsed = (performance.now() - started) / 1000;
      const cpuAfter = processCpuMs(child.pid);
      const postgresCpuAfter = processTreeCpuMs(postgres?.pid());
      const clientCpu = process.cpuUsage(clientCpuBefore);
      const countersAfter = statsDb ? await postgresCounters(statsDb) : undefined;
      const perLead = (value: number) => Math.round((value / Math.max(1, run.acked.length)) * 1000) / 1000;
      // CPU per lead of the API process (parsing, validation, storage, and delivering it to the
      // webhook): a figure the other load on a shared machine does not distort much.
      const cpuPerLead = cpuBefore !== undefined && cpuAfter !== undefined && run.acked.length > 0 ? (cpuAfter - cpuBefore) / run.acked.length : undefined;
      const sorted = run.latencies.sort((a, b) => a - b);
      const measured: Record<string, unknown> = {
        seconds: Math.round(elapsed * 10) / 10,
        concurrency: level,
        leads: run.acked.length,
        leadsPerSecond: Math.round(run.acked.length / elapsed),
        p50ms: Math.round(percentile(sorted, 0.5) * 10) / 10,
        p99ms: Math.round(percentile(sorted, 0.99) * 10) / 10,
        rejected: run.rejected,
        errors: run.errors,
        apiCpuMsPerLead: cpuPerLead === undefined ? null : Math.round(cpuPerLead * 1000) / 1000,
        leadsPerSecondPerApiCore: cpuPerLead === undefined ? null : Math.round(1000 / cpuPerLead),
        clientCpuMsPerLead: perLead((clientCpu.user + clientCpu.system) / 1000),
        ...(postgresCpuBefore !== undefined && postgresCpuAfter !== undefined ? { postgresCpuMsPerLead: perLead(postgresCpuAfter - postgresCpuBefore) } : {}),
        ...(countersBefore && countersAfter
          ? {
              // The stats connection's own two reads are not counted (pg_stat counters lag a little; close enough per lead).
              commitsPerLead: perLead(countersAfter.commits - countersBefore.commits),
              walWritesPerLead: perLead(countersAfter.walWrites - countersBefore.walWrites),
              walSyncsPerLead: perLead(countersAfter.walSyncs - countersBefore.walSyncs),
            }
          : {}),
        loadAverage1m: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
      };
      throughput.push(measured);
      console.log(`[${kind}] throughput`, measured);
      if (statsDb && args['sql-stats']) {
        const statements = await statsDb.query<{ query: string; calls: number; ms: number; rows: number }>(
          "SELECT query, calls, total_exec_time AS ms, rows FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_%' ORDER BY calls DESC LIMIT 40",
        );
        measured.statements = statements.map((row) => ({
          callsPerLead: perLead(Number(row.calls)),
          msPerCall: Math.round((Number(row.ms) / Math.max(1, Number(row.calls))) * 1000) / 1000,
          rowsPerCall: Math.round((Number(row.rows) / Math.max(1, Number(row.calls))) * 10) / 10,
          sql: row.query.replace(/\s+/g, ' ').slice(0, 160),
        }));
        // Sequential scans since the server started (a plan that lost its index shows here).
        measured.tableScans = await statsDb.query(
          "SELECT relname AS table, seq_scan, seq_tup_read, idx_scan, n_live_tup, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname IN ('leads', 'deliveries', 'marketing_opt_outs') ORDER BY relname",
        );
        console.log(`[${kind}] table scans`, measured.tableScans);
        console.log(`[${kind}] statements per lead (pg_stat_statements)`);
        for (const row of measured.statements as { callsPerLead: number; msPerCall: number; rowsPerCall: number; sql: string }[])
          console.log(
            `  ${String(row.callsPerLead).padStart(7)}/lead ${String(row.msPerCall).padStart(7)} ms ${String(row.rowsPerCall).padStart(6)} rows  ${row.sql}`,
          );
      }
    }
    await statsDb?.close();

    // 2. Crash test: SIGKILL mid-run, restart, keep going; every acknowledged lead must survive and be delivered once.
    if (!args['skip-crash']) {
      const acked: string[] = [];
      // Revisions sent while deliveries are in flight: the webhook answers slowly, so many land on leased jobs.
      receiver.control.delayMs = 150;
      const revisionsAcked: string[] = [];
      const toRevise: string[] = [];
      const onAck = (leadId: string) => void toRevise.push(leadId);
      let revising = true;
      const reviser = (async () => {
        let next = 0;
        while (revising) {
          const target = toRevise[next];
          if (!target) {
            await new Promise((resolve) => setTimeout(resolve, 5));
            continue;
          }
          next++;
          try {
            const response = await request(port, {
              method: 'POST',
              path: '/api/leads',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ lead_id: target, message: `rev-${target}` }),
            });
            if (response.status === 200) revisionsAcked.push(target);
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      })();
      let phaseEnd = Date.now() + 1500;
      const killAt = Date.now() + 700;
      const killer = (async () => {
        while (Date.now() < killAt) await new Promise((resolve) => setTimeout(resolve, 10));
        child.kill('SIGKILL');
      })();
      const before = await drive(port, cars, CONCURRENCY, () => Date.now() > phaseEnd || child.exitCode !== null || child.signalCode !== null, counter, onAck);
      await killer;
      await new Promise((resolve) => setTimeout(resolve, 100));
      acked.push(...before.acked);
      const inFlightAtKill = before.errors;
      child = await startApi(env, port);
      phaseEnd = Date.now() + 1500;
      const after = await drive(port, cars, CONCURRENCY, () => Date.now() > phaseEnd, counter, onAck);
      acked.push(...after.acked);
      revising = false;
      await reviser;
      receiver.control.delayMs = 0;
      // Wait (bounded) for the outbox to drain.
      const db = await openDatabase(database);
      const stores = openStores(db);
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && ((await stores.outbox.deliveryCounts()).pending ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      let missing = 0;
      let undelivered = 0;
      for (const id of acked) {
        if (!(await stores.leads.get('bench', id))) missing++;
        if (!receiver.receipts.has(`${id}:crm:1`)) undelivered++;
      }
      const duplicates = [...receiver.receipts.values()].filter((n) => n > 1).length;
      const revisionsLost = revisionsAcked.filter((id) => !receiver.revisionsSeen.has(`rev-${id}`)).length;
      const firstDeliveries = [...receiver.receipts.keys()].filter((key) => key.endsWith(':crm:1')).length;
      const stored = await stores.leads.count('bench');
      await db.close();
      report.crash = {
        acknowledged: acked.length,
        requestsFailedByKill: inFlightAtKill,
        ackedButMissing: missing,
        ackedButNotDelivered: undelivered,
        keysReceivedMoreThanOnce: duplicates,
        leadsStoredInTotal: stored,
        distinctKeysDelivered: receiver.receipts.size,
        revisionsAcknowledged: revisionsAcked.length,
        revisionsDeliveredAsOwnJob: [...receiver.receipts.keys()].filter((key) => !key.endsWith(':crm:1')).length,
        acknowledgedRevisionsLost: revisionsLost,
      };
      console.log(`[${kind}] crash test`, report.crash);
      if (missing > 0) failures.push(`${kind}: ${missing} acknowledged leads missing after the crash`);
      if (undelivered > 0) failures.push(`${kind}: ${undelivered} acknowledged leads not delivered`);
      if (firstDeliveries !== stored) failures.push(`${kind}: ${stored} leads stored but ${firstDeliveries} distinct first deliveries`);
      if (revisionsLost > 0) failures.push(`${kind}: ${revisionsLost} acknowledged revisions never reached the webhook`);
    }

    // 3. Fuzz.
    if (!args['skip-fuzz'] && FUZZ > 0) {
      const result = await fuzz(port, cars, child, FUZZ);
      report.fuzz = { requests: FUZZ, ...result };
      console.log(`[${kind}] fuzz`, report.fuzz);
      if (result.serverFailuresLogged > 0) failures.push(`${kind}: the server logged ${result.serverFailuresLogged} failed requests during the run`);
      if (result.count5xx > 0) failures.push(`${kind}: ${result.count5xx} fuzz requests got a 5xx, e.g. ${result.fiveHundreds.join(' | ')}`);
      if (!result.alive) failures.push(`${kind}: the API died during the fuzz run`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await receiver.close();
    await postgres?.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return report;
}

const kinds: ('sqlite' | 'postgres')[] = args.db === 'both' ? ['sqlite', 'postgres'] : [args.db as 'sqlite' | 'postgres'];
const reports = [];
for (const kind of kinds) {
  if (kind === 'postgres' && !findPostgresBinaries()) {
    console.log('[postgres] skipped: PostgreSQL server binaries not found (Debian package `postgresql`)');
    continue;
  }
  reports.push(await benchDatabase(kind));
}
agent.destroy();
console.log(JSON.stringify({ reports, failures }, null, 2));
if (failures.length > 0) {
  console.error(`FAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
