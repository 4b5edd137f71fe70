/**
 * The running pipeline (issue 8 §5): watches the inbox and the tenant folders, receives
 * signed webhook pushes, debounces changes per tenant, and hands rebuild jobs to the queue
 * (in-process, or BullMQ on Redis). Used by scripts/pipeline.ts and the integration tests.
 */
import { existsSync, mkdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { environment, type Environment } from '../../config/env.ts';
import { pipelineSettings } from '../../config/pipeline.ts';
import { listTenantDirs } from '../../lib/site/tenant.ts';
import { OVERLAY_FILE } from '../../lib/vehicle/reservation-overlay.ts';
import { decideHeldFeed, intakePush, scanInbox, type IntakeOptions } from '../intake/inbox.ts';
import { createLogger, type Logger } from '../log.ts';
import type { GuardSettings } from '../intake/guard.ts';
import { OperatorAttempts, checkOperatorToken, handleOperatorRequest, isOperatorPath } from './operator.ts';
import { localPublisher, type Publisher } from '../publish/publisher.ts';
import { createInProcessQueue, createRedisProducer, createRedisQueue, type RebuildQueue, type TenantHandler } from './queue.ts';
import { rebuildTenant, warmNextRenderer, type RebuildResult } from '../release/run.ts';
import { createSecretStore } from '../intake/secrets.ts';
import { ReservationWatch } from '../state/reservation-watch.ts';
import { defaultDataDir, openPipelineState, type PipelineState } from '../state/store.ts';
import { sharedStateFiles } from '../state/files.ts';
import { createWebhookHandler } from '../intake/webhook.ts';

export interface PipelineOptions {
  tenantsDir: string;
  sitesDir: string;
  /** The pipeline state (docs/pipeline.md "State"); default: opened on DATABASE_URL, else SQLite in `dataDir`. */
  state?: PipelineState;
  /** Data directory of the state (SQLite file, state files); default `<sites>/.pipeline`. */
  dataDir?: string;
  /** Watched directory of dropped feed files (`<inbox>/<slug>/*.json|*.csv`). */
  inboxDir?: string;
  /** Webhook port (0 = any free port; undefined = no webhook server). */
  webhookPort?: number;
  webhookHost?: string;
  /** Largest accepted push body (bytes, default 20 MB). */
  webhookMaxBytes?: number;
  /** Accepted clock difference of a push's signing time (seconds, default 300). */
  webhookWindowSeconds?: number;
  /** Largest inbox file read (bytes, default 20 MB). */
  inboxMaxBytes?: number;
  /** Time limit of one inbox file's parse (ms, default 60 s). */
  parseTimeoutMs?: number;
  /** Quiet time after the last change before a tenant is rebuilt (ms). */
  debounceMs?: number;
  /** A tenant that keeps changing is still rebuilt after this long (ms). */
  maxWaitMs?: number;
  /** Parallel rebuilds in this process; default the number of cores. */
  concurrency?: number;
  keep?: number;
  /** Redis URL: rebuilds go through BullMQ. */
  redisUrl?: string;
  /** 'all' (default): intake and worker; 'intake': enqueue only (Redis); 'worker': process the Redis queue only. */
  role?: 'all' | 'intake' | 'worker';
  /** How often the inbox and the tenant folders are re-scanned besides fs.watch (ms). */
  pollMs?: number;
  /**
   * How often every tenant is asked for a rebuild even without a change (ms, default 6 h):
   * a no-op for most, a full rebuild for a Meilisearch tenant whose tenant token is due for
   * renewal (issue 13 M9).
   */
  refreshMs?: number;
  lockMs?: number;
  publisher?: Publisher;
  log?: Logger;
  env?: Environment;
  /** Mass-change guard (docs/pipeline.md): pipeline-wide settings, or false to take every feed in. */
  guard?: GuardSettings | false;
  /** Token of the operator page /status on the webhook port; default PIPELINE_OPERATOR_TOKEN; none disables the page. */
  operatorToken?: string;
  /** Serve /status on this port of its own (0: any free one) instead of the webhook port; default PIPELINE_OPERATOR_PORT. */
  operatorPort?: number;
  /** The operator port's address; default PIPELINE_OPERATOR_HOST, else 127.0.0.1. */
  operatorHost?: string;
  /** Called after every job (tests and the once mode). */
  onResult?: (result: RebuildResult) => void;
  /** Start a tenant's warm renderer after each full release (default true; `--once` turns it off). */
  warmRenderers?: boolean;
}

export interface RunningPipeline {
  /** Webhook URL base, e.g. http://127.0.0.1:4322 (when a webhook server runs). */
  webhookUrl?: string;
  /** Operator page URL base when it has a port of its own (operatorPort). */
  operatorUrl?: string;
  queue: RebuildQueue;
  /** Ask for a rebuild of a tenant (debounced). */
  request(slug: string): void;
  /** Scan the inbox now. */
  scan(): void;
  /** Resolves when no change is waiting for its debounce and the queue is idle. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Start the pipeline; the first pass requests every tenant (a no-op where nothing changed). */
export async function startPipeline(options: PipelineOptions): Promise<RunningPipeline> {
  const tenantsDir = resolve(options.tenantsDir);
  const sitesDir = resolve(options.sitesDir);
  const log = options.log ?? createLogger();
  const role = options.role ?? 'all';
  const debounceMs = options.debounceMs ?? 2000;
  const maxWaitMs = options.maxWaitMs ?? 15_000;
  const concurrency = options.concurrency ?? availableParallelism();
  const secretOf = createSecretStore({ env: options.env });
  const settings = pipelineSettings(options.env ?? environment());
  const operatorToken = options.operatorToken ?? settings.operatorToken;
  checkOperatorToken(operatorToken);
  const operatorPort = options.operatorPort ?? settings.operatorPort;
  mkdirSync(sitesDir, { recursive: true });
  const state = options.state ?? (await openPipelineState({ dataDir: options.dataDir ?? defaultDataDir(sitesDir), databaseUrl: settings.databaseUrl, files: sharedStateFiles(settings.databaseUrl, options.env) }));
  const intakeOptions: IntakeOptions = { sitesDir, guard: options.guard, inboxMaxBytes: options.inboxMaxBytes, parseTimeoutMs: options.parseTimeoutMs, state };

  const tenantDirOf = (slug: string): string | null => {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return null;
    const dir = join(tenantsDir, slug);
    return existsSync(join(dir, 'site.json')) ? dir : null;
  };

  // Warm a tenant's renderer after its full release only when nothing else waits to be built.
  const warmWhenIdle = async () => ((await queue.depth?.())?.waiting ?? 0) === 0;
  // A hint that a tenant's job is coming (src/pipeline/service/queue.ts `prepare`): an idle worker
  // starts that tenant's renderer while the change waits out its debounce. Once per quiet
  // spell: a burst of changes to many tenants would only start renderers that evict each other.
  let running = 0;
  let lastWarm = 0;
  const onPrepare = (slug: string) => {
    const dir = tenantDirOf(slug);
    if (!(options.warmRenderers ?? true) || running > 0 || Date.now() - lastWarm < Math.max(debounceMs, 1000) || !dir) return;
    lastWarm = Date.now();
    warmNextRenderer(state, sitesDir, slug, dir)
      .then((renderer) => renderer && log({ event: 'renderer-warm', tenant: slug, renderer, pid: process.pid }))
      .catch((error: Error) => log({ level: 'warn', event: 'renderer-warm', tenant: slug, reason: error.message }));
  };
  // The first idle moment after this process's first jobs (at start, every tenant unchanged or
  // just released) also warms the renderer, so the first change after a start renders warm.
  let warmedAfterStart = false;
  const handler: TenantHandler = async (slug, job) => {
    running += 1;
    try {
      await rebuildOne(slug, job);
    } finally {
      running -= 1;
      if (!warmedAfterStart && running === 0 && (await warmWhenIdle())) {
        warmedAfterStart = true;
        onPrepare(slug);
      }
    }
  };
  const rebuildOne = async (slug: string, job?: Parameters<TenantHandler>[1]) => {
    const dir = tenantDirOf(slug);
    if (!dir) {
      log({ level: 'error', event: 'release', tenant: slug, outcome: 'failed', reason: `no tenant folder ${join(tenantsDir, slug)}` });
      return;
    }
    const result = await rebuildTenant({ tenantDir: dir, sitesDir, state, keep: options.keep, log, publisher: options.publisher ?? localPublisher, env: options.env, warmRenderer: (options.warmRenderers ?? true) && warmWhenIdle, guard: job?.stillOwner });
    options.onResult?.(result);
  };

  const onQueueEvent = (event: string, fields: Record<string, unknown>) => log({ event, pid: process.pid, at: Date.now(), ...fields });
  const queue: RebuildQueue = options.redisUrl
    ? role === 'intake'
      ? createRedisProducer(options.redisUrl)
      : createRedisQueue(options.redisUrl, handler, { concurrency, lockMs: options.lockMs, onEvent: onQueueEvent, onPrepare })
    : createInProcessQueue(handler, { concurrency, onPrepare, onError: (slug, error) => log({ level: 'error', event: 'release', tenant: slug, outcome: 'failed', reason: String(error) }) });

  // Debounce: a burst of changes to one tenant makes one rebuild request.
  const timers = new Map<string, { timer: NodeJS.Timeout; first: number }>();
  const fire = (slug: string) => {
    timers.delete(slug);
    queue.enqueue(slug).catch((error) => log({ level: 'error', event: 'enqueue', tenant: slug, reason: String(error) }));
  };
  const request = (slug: string) => {
    if (role === 'worker') return;
    const existing = timers.get(slug);
    const first = existing?.first ?? Date.now();
    if (existing) clearTimeout(existing.timer);
    else queue.prepare?.(slug).catch((error) => log({ level: 'warn', event: 'prepare', tenant: slug, reason: String(error) }));
    const wait = Math.max(0, Math.min(debounceMs, first + maxWaitMs - Date.now()));
    timers.set(slug, { timer: setTimeout(() => fire(slug), wait), first });
  };

  // Tenant folders changed directly (stock.json / site.json replaced by another tool).
  const seen = new Map<string, string>();
  const stampOf = (dir: string) =>
    ['site.json', 'stock.json', OVERLAY_FILE]
      .map((name) => {
        try {
          const stats = statSync(join(dir, name));
          return `${stats.mtimeMs}:${stats.size}`;
        } catch {
          return '-';
        }
      })
      .join('|');
  const scanTenants = (initial: boolean) => {
    let dirs: string[] = [];
    try {
      dirs = listTenantDirs(tenantsDir);
    } catch (error) {
      log({ level: 'error', event: 'scan', reason: (error as Error).message });
    }
    for (const dir of dirs) {
      const slug = basename(dir);
      const stamp = stampOf(dir);
      if (initial || seen.get(slug) !== stamp) {
        seen.set(slug, stamp);
        if (initial) fire(slug);
        else request(slug);
      }
    }
  };

  // Reservations a lead API on any machine wrote into the state (state/reservation-watch.ts): polled with the folders.
  const reservations = new ReservationWatch(state);
  let reservationScan: Promise<void> | undefined;
  const scanReservations = () => {
    if (reservationScan) return;
    reservationScan = reservations
      .changed()
      .then((slugs) => slugs.filter((slug) => tenantDirOf(slug)).forEach(request))
      .catch((error: unknown) => log({ level: 'warn', event: 'scan', reason: `reservations in the pipeline state: ${(error as Error).message}` }))
      .finally(() => (reservationScan = undefined));
  };

  let rescan: NodeJS.Timeout | undefined;
  // Inbox files are parsed off the main thread; a tenant being read is left to its running scan.
  const busy = new Set<string>();
  const scans = new Set<Promise<void>>();
  const onChanged = (slug: string) => {
    seen.set(slug, stampOf(join(tenantsDir, slug)));
    request(slug);
  };
  const scan = () => {
    if (!options.inboxDir || role === 'worker') return;
    const running: Promise<void> = scanInbox(resolve(options.inboxDir), tenantDirOf, log, 300, { ...intakeOptions, busy, onChanged })
      .then(({ pending }) => {
        if (pending && !rescan) rescan = setTimeout(() => ((rescan = undefined), scan()), 350);
      })
      .catch((error: unknown) => log({ level: 'error', event: 'scan', reason: (error as Error).message }))
      .finally(() => scans.delete(running));
    scans.add(running);
  };

  let server: Server | undefined;
  let operatorServer: Server | undefined;
  let webhookUrl: string | undefined;
  let operatorUrl: string | undefined;
  if (options.webhookPort !== undefined && role !== 'worker') {
    const operator = {
      token: operatorToken || undefined,
      attempts: new OperatorAttempts(),
      tenantsDir,
      sitesDir,
      state,
      queue: async () => ({ ...((await queue.depth?.()) ?? { waiting: 0, running: 0 }), debouncing: timers.size }),
      decide: async (slug: string, id: string, decision: 'confirm' | 'discard') => {
        const tenantDir = tenantDirOf(slug);
        if (!tenantDir) return false;
        const result = await decideHeldFeed(tenantDir, slug, id, decision, log, { ...intakeOptions, sitesDir });
        if (result?.accepted) {
          seen.set(slug, stampOf(tenantDir));
          request(slug);
        }
        return result !== null;
      },
    };
    const webhook = createWebhookHandler({
      tenantDirOf,
      secretOf,
      log,
      maxBodyBytes: options.webhookMaxBytes,
      windowSeconds: options.webhookWindowSeconds,
      accept: async (slug, tenantDir, body) => {
        const result = await intakePush(tenantDir, slug, body, log, intakeOptions);
        if (result.held) return { status: 202, body: { accepted: false, held: result.held.id, reason: result.reason, records: result.read, valid: result.valid, problems: result.problems } };
        if (!result.accepted) return { status: 400, body: { error: result.reason, problems: result.problems } };
        seen.set(slug, stampOf(tenantDir));
        request(slug);
        return { status: 202, body: { accepted: true, records: result.read, valid: result.valid, problems: result.problems } };
      },
    });
    const serveOperator = (req: IncomingMessage, res: ServerResponse) =>
      handleOperatorRequest(req, res, operator).catch((error) => {
        // A malformed operator URL (bad percent-encoding) is the sender's error, not ours.
        const malformed = error instanceof URIError || error instanceof TypeError;
        if (!malformed) log({ level: 'error', event: 'operator', reason: String(error) });
        if (!res.headersSent) res.writeHead(malformed ? 400 : 500).end();
      });
    server = createServer((req, res) => {
      // With a port of its own the operator page is not on the internet-facing webhook port (issue 34 N12).
      if (operatorPort === undefined && isOperatorPath(req.url)) return void serveOperator(req, res);
      webhook(req, res);
    });
    if (operatorPort !== undefined) {
      const operatorHost = options.operatorHost ?? settings.operatorHost;
      operatorServer = createServer((req, res) => {
        if (isOperatorPath(req.url)) return void serveOperator(req, res);
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'not found: this port serves only /status' }));
      });
      operatorServer.headersTimeout = 10_000;
      operatorServer.requestTimeout = 60_000;
      await new Promise<void>((done) => operatorServer?.listen(operatorPort, operatorHost, done));
      const address = operatorServer.address();
      if (address && typeof address === 'object') operatorUrl = `http://${operatorHost.includes(':') ? `[${operatorHost}]` : operatorHost}:${address.port}`;
      log({ event: 'operator-listening', url: operatorUrl });
    }
    // Slow-loris bounds: headers within 10 s, a whole request within 60 s.
    server.headersTimeout = 10_000;
    server.requestTimeout = 60_000;
    await new Promise<void>((done) => server?.listen(options.webhookPort, options.webhookHost ?? '127.0.0.1', done));
    const address = server.address();
    if (address && typeof address === 'object') webhookUrl = `http://${options.webhookHost ?? '127.0.0.1'}:${address.port}`;
    log({ event: 'webhook-listening', url: webhookUrl });
  }

  const watchers: FSWatcher[] = [];
  let poll: NodeJS.Timeout | undefined;
  let refresh: NodeJS.Timeout | undefined;
  if (role !== 'worker') {
    if (options.inboxDir) {
      mkdirSync(resolve(options.inboxDir), { recursive: true });
      try {
        watchers.push(watch(resolve(options.inboxDir), { recursive: true }, () => scan()));
      } catch {
        // Polling below still picks files up.
      }
    }
    scan();
    scanTenants(true);
    scanReservations();
    poll = setInterval(() => {
      scan();
      scanTenants(false);
      scanReservations();
    }, options.pollMs ?? 2000);
    refresh = setInterval(() => {
      try {
        for (const dir of listTenantDirs(tenantsDir)) request(basename(dir));
      } catch (error) {
        log({ level: 'error', event: 'scan', reason: (error as Error).message });
      }
    }, options.refreshMs ?? 6 * 3_600_000);
    refresh.unref();
  }

  return {
    webhookUrl,
    operatorUrl,
    queue,
    request,
    scan,
    async settled() {
      for (;;) {
        while (timers.size > 0 || rescan || scans.size > 0) await new Promise((done) => setTimeout(done, 50));
        await queue.idle();
        if (timers.size === 0 && !rescan && scans.size === 0) return;
      }
    },
    async close() {
      if (poll) clearInterval(poll);
      if (refresh) clearInterval(refresh);
      await reservationScan;
      if (rescan) clearTimeout(rescan);
      for (const watcher of watchers) watcher.close();
      await Promise.all(scans);
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
      await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
      await new Promise<void>((done) => (operatorServer ? operatorServer.close(() => done()) : done()));
      await queue.close();
      if (!options.state) await state.close();
    },
  };
}
