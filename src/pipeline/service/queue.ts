/**
 * Rebuild job queues. A job is just a tenant slug: it brings that tenant's live release in
 * step with its folder, so running it twice is harmless and a burst of requests needs only one
 * run after the last. In-process (default): up to `concurrency` tenants build in parallel, one
 * tenant never twice at once. Redis (REDIS_URL): a BullMQ queue shared by workers on several
 * machines, with a per-tenant lock (createRedisQueue says how a dead or starved worker's job
 * moves on without two releases of one tenant going live). The rollback command takes the same
 * lock for its move (withTenantLock), so it does not land while a job of the tenant runs (unless
 * the lock lapsed: withTenantLock says when).
 */
import { randomBytes } from 'node:crypto';
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import IORedis from 'ioredis';
import { PIPELINE_DEFAULTS } from '../../config/pipeline.ts';

/**
 * Runs one tenant's job. `stillOwner` (Redis only) renews the job's locks and answers null
 * while they are still this run's, else why not (the job or the tenant went to another run).
 * A job that vanished from Redis (restarted without its data) is still this run's while it
 * holds the tenant's lock: nobody else can have it, and dropping the release would leave the
 * feed behind it unpublished.
 */
export type TenantHandler = (slug: string, job?: { stillOwner: () => Promise<string | null> }) => Promise<void>;

/**
 * What a handler throws for a job it did not begin because its worker is stopping (the core
 * gate refused it: service.ts). Redis: the job goes back to the queue at once, for another
 * worker. In-process: it is dropped, as the waiting jobs are when the queue closes.
 */
export class JobReturned extends Error {
  constructor() {
    super('this worker is stopping; the job had not begun and goes back to the queue');
  }
}

/** Told about the queue: job events, and Redis connection trouble (`level` warn) and recovery. */
export type QueueEvents = (event: string, fields: Record<string, unknown>) => void;

/** Something that accepts rebuild requests. */
export interface RebuildQueue {
  enqueue(slug: string): Promise<void>;
  /** Resolves when nothing is queued or running (in-process only; Redis resolves at once). */
  idle(): Promise<void>;
  /** Jobs waiting and running (the operator page's queue depth). */
  depth?(): Promise<{ waiting: number; running: number }>;
  /** The tenants with a job waiting, delayed or running (the reconciler leaves them alone). */
  pending?(): Promise<Set<string>>;
  /**
   * Tell the workers a job for `slug` is coming (a change waits out its debounce), so a
   * worker that keeps the tenant's renderer can start it meanwhile. A hint only: never a job.
   */
  prepare?(slug: string): Promise<void>;
  /**
   * Stop taking jobs and wait for those running. Once `cut` aborts (the stopping process gave up
   * on a dependency: service.ts), it waits no longer: the jobs still running are left unfinished
   * (Redis: its connections are dropped, so none of them is moved on; they go to another worker
   * once their locks lapse).
   */
  close(cut?: AbortSignal): Promise<void>;
}

/** In-process queue with per-tenant serialisation and re-run coalescing. */
export function createInProcessQueue(
  handler: TenantHandler,
  options: { concurrency: number; onError?: (slug: string, error: unknown) => void; onPrepare?: (slug: string) => void },
): RebuildQueue {
  const waiting: string[] = [];
  const running = new Set<string>();
  const rerun = new Set<string>();
  let idleWaiters: (() => void)[] = [];
  let closed = false;

  const settle = () => {
    if (waiting.length === 0 && running.size === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const done of waiters) done();
    }
  };
  const pump = () => {
    while (!closed && running.size < options.concurrency) {
      const index = waiting.findIndex((slug) => !running.has(slug));
      if (index < 0) break;
      const [slug] = waiting.splice(index, 1);
      running.add(slug);
      handler(slug)
        .catch((error) => {
          if (!(error instanceof JobReturned)) options.onError?.(slug, error);
        })
        .finally(() => {
          running.delete(slug);
          if (rerun.delete(slug) && !waiting.includes(slug)) waiting.push(slug);
          pump();
          settle();
        });
    }
  };
  return {
    async enqueue(slug) {
      if (closed) return;
      if (running.has(slug)) rerun.add(slug);
      else if (!waiting.includes(slug)) waiting.push(slug);
      pump();
    },
    async depth() {
      return { waiting: waiting.length + rerun.size, running: running.size };
    },
    async pending() {
      return new Set([...waiting, ...running, ...rerun]);
    },
    async prepare(slug) {
      options.onPrepare?.(slug);
    },
    idle() {
      return new Promise((done) => {
        idleWaiters.push(done);
        settle();
      });
    },
    async close(cut) {
      closed = true;
      waiting.length = 0;
      while (running.size > 0 && !cut?.aborted) await new Promise((done) => setTimeout(done, 50));
      settle();
    },
  };
}

/** Queue name in Redis. */
export const QUEUE_NAME = 'dealer-pipeline';
/** BullMQ's key prefix when none is given (the deployment's: tests give their own). */
const DEFAULT_PREFIX = 'bull';
/** The Redis channel of `prepare` hints. */
const prepareChannel = (prefix: string) => `${prefix}:${QUEUE_NAME}:prepare`;

/**
 * Redis trouble as one warn line per outage and one line when it is over, per connection (a
 * reconnecting client errs on every attempt); a connection without a listener would print raw
 * `[ioredis] Unhandled error event` stacks instead.
 */
function outageReporter(name: string, onEvent: QueueEvents) {
  let down = false;
  return {
    error(error: Error) {
      if (down) return;
      down = true;
      onEvent('queue-error', { level: 'warn', connection: name, reason: error.message });
    },
    ready() {
      if (!down) return;
      down = false;
      onEvent('queue-reconnected', { connection: name });
    },
  };
}

function connection(redisUrl: string, name: string, onEvent: QueueEvents): IORedis {
  // BullMQ workers need maxRetriesPerRequest null (blocking commands). While Redis is down,
  // commands wait in the client's offline queue and go once it is back.
  const redis = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  const report = outageReporter(name, onEvent);
  redis.on('error', (error: Error) => report.error(error));
  redis.on('ready', () => report.ready());
  return redis;
}

/** Producer side only: enqueue rebuilds for workers elsewhere. */
export function createRedisProducer(redisUrl: string, options: { prefix?: string; onEvent?: QueueEvents } = {}): RebuildQueue {
  return openProducer(redisUrl, options).producer;
}

/** The producer, with its connection and BullMQ queue (a stopping worker that gives up on Redis drops them: createRedisQueue). */
function openProducer(redisUrl: string, options: { prefix?: string; onEvent?: QueueEvents }): { producer: RebuildQueue; drop(): void } {
  const onEvent = options.onEvent ?? (() => {});
  const redis = connection(redisUrl, 'producer', onEvent);
  const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: options.prefix });
  const queueErrors = outageReporter('queue', onEvent);
  queue.on('error', (error: Error) => queueErrors.error(error));
  redis.on('ready', () => queueErrors.ready());
  const channel = prepareChannel(options.prefix ?? DEFAULT_PREFIX);
  const drop = () => {
    queue.disconnect().catch(() => {});
    redis.disconnect();
  };
  const producer: RebuildQueue = {
    async enqueue(slug) {
      await queue.add('rebuild', { slug }, { removeOnComplete: 500, removeOnFail: 500, attempts: 3, backoff: { type: 'exponential', delay: 2000 } });
    },
    async idle() {},
    async depth() {
      const counts = await queue.getJobCounts('waiting', 'delayed', 'prioritized', 'active');
      return { waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0), running: counts.active ?? 0 };
    },
    async pending() {
      const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized', 'active'], 0, 99_999);
      return new Set(jobs.filter((job) => job?.data?.slug).map((job) => job.data.slug));
    },
    async prepare(slug) {
      await redis.publish(channel, slug);
    },
    async close() {
      await queue.close();
      redis.disconnect();
    },
  };
  return { producer, drop };
}

const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Renew the tenant lock, or take it again when it expired and nobody else took it; 0 when another run holds it. */
const CLAIM_LOCK = `local held = redis.call('get', KEYS[1]) if held == ARGV[1] or not held then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 else return 0 end`;

/**
 * A tenant's lock: one holder at a time, a release job for its run (value `<worker>:<job id>`) or
 * a rollback for its move (`<process>:rollback`). It lapses `lockMs` after its last renewal.
 */
const tenantLockKey = (prefix: string, slug: string) => `${prefix}:${QUEUE_NAME}:tenant-lock:${slug}`;
const ROLLBACK_HOLDER = 'rollback';

/** Who a tenant lock's value names: `job <id> (worker <worker>)` or `a rollback (process <process>)`. */
function lockHolder(value: string | null): string {
  if (value === null) return 'a holder whose lock just ended';
  const cut = value.lastIndexOf(':');
  const [owner, what] = cut < 0 ? [value, ''] : [value.slice(0, cut), value.slice(cut + 1)];
  return what === ROLLBACK_HOLDER ? `a rollback (process ${owner})` : `job ${what} (worker ${owner})`;
}

/** A tenant lock this process holds, renewed every third of its time until released. */
interface HeldTenantLock {
  /** Renew it now (or take it again when it lapsed and nobody took it): false when another holder has it. */
  claim(): Promise<boolean>;
  /** Stop renewing and give it up (a lock another holder took meanwhile stays theirs). */
  release(): Promise<void>;
}

/** Take `slug`'s lock as `value` (SET NX PX): the lock, renewed from now on, or who holds it. */
async function takeTenantLock(
  redis: IORedis,
  lock: { prefix: string; slug: string; value: string; lockMs: number },
): Promise<HeldTenantLock | { heldBy: string }> {
  const key = tenantLockKey(lock.prefix, lock.slug);
  if ((await redis.set(key, lock.value, 'PX', lock.lockMs, 'NX')) !== 'OK') return { heldBy: lockHolder(await redis.get(key)) };
  const claim = async () => Number(await redis.eval(CLAIM_LOCK, 1, key, lock.value, String(lock.lockMs))) === 1;
  // Renewed, or taken again when it vanished (Redis restarted without its data) and nobody took it meanwhile.
  const renew = setInterval(() => claim().catch(() => {}), Math.max(250, Math.floor(lock.lockMs / 3)));
  return {
    claim,
    async release() {
      clearInterval(renew);
      await redis.eval(RELEASE_LOCK, 1, key, lock.value).catch(() => {});
    },
  };
}

/** What withTenantLock throws when the tenant's lock stayed another's for the whole wait. */
export class TenantLockBusy extends Error {
  readonly slug: string;
  readonly heldBy: string;

  constructor(slug: string, heldBy: string, waitMs: number) {
    super(`tenant ${slug} is busy: ${heldBy} holds its lock and did not give it up within ${Math.round(waitMs / 1000)} s; nothing was changed`);
    this.slug = slug;
    this.heldBy = heldBy;
  }
}

/**
 * Run `work` holding `slug`'s tenant lock (the one release jobs hold: createRedisQueue), renewed
 * while it runs, so no job of the tenant runs meanwhile and none starts until it is done (a job
 * that meets it goes back to the queue for a second). A lock held by a job is waited for up to
 * `waitMs` (`onWait` is told who holds it once), then TenantLockBusy. A Redis that does not answer
 * fails it at once: `work` never starts unlocked. The lock is renewed while `work` runs, not checked
 * between its steps: a Redis that stops answering for `lockMs` lets it lapse, and a job of the
 * tenant may then start while `work` goes on.
 */
export async function withTenantLock<T>(
  redisUrl: string,
  slug: string,
  options: { waitMs: number; lockMs: number; prefix?: string; onWait?: (heldBy: string) => void },
  work: () => Promise<T>,
): Promise<T> {
  const redis = new IORedis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 10_000 });
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => (lastError = error));
  const value = `${process.pid}-${randomBytes(4).toString('hex')}:${ROLLBACK_HOLDER}`;
  const deadline = Date.now() + options.waitMs;
  try {
    let held: HeldTenantLock | undefined;
    let told = false;
    while (!held) {
      const taken = await takeTenantLock(redis, { prefix: options.prefix ?? DEFAULT_PREFIX, slug, value, lockMs: options.lockMs }).catch((error: Error) => {
        throw new Error(`Redis did not answer (${lastError?.message ?? error.message}): ${slug}'s tenant lock was not taken; nothing was changed`);
      });
      if ('claim' in taken) held = taken;
      else {
        if (!told) options.onWait?.(taken.heldBy);
        told = true;
        if (Date.now() >= deadline) throw new TenantLockBusy(slug, taken.heldBy, options.waitMs);
        await new Promise((done) => setTimeout(done, Math.min(250, Math.max(0, deadline - Date.now()))));
      }
    }
    try {
      return await work();
    } finally {
      await held.release();
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * Whether a run still owns its job: the job lock must still carry this run's token (BullMQ
 * gives it a new one when it hands the job over) and the tenant lock must be this run's. A job
 * gone from Redis (restarted without its data) is still the run's while it holds the tenant
 * lock: no other run can hold the job.
 */
function ownerCheck(run: {
  job: Job<{ slug: string }>;
  token?: string;
  locks: IORedis;
  tenantLock: HeldTenantLock;
  lockMs: number;
  prefix: string;
  onEvent: QueueEvents;
}) {
  const { job, token, locks, tenantLock, lockMs, onEvent } = run;
  const slug = job.data.slug;
  return async (): Promise<string | null> => {
    const [jobLock, tenantOurs] = await Promise.all([token ? job.extendLock(token, lockMs) : Promise.resolve(1), tenantLock.claim()]);
    const jobOurs = Number(jobLock) === 1;
    if (jobOurs && tenantOurs) return null;
    const vanished = !jobOurs && (await locks.exists(`${run.prefix}:${QUEUE_NAME}:${job.id}`)) === 0;
    if (vanished && tenantOurs) {
      onEvent('job-lost', {
        level: 'warn',
        tenant: slug,
        job: job.id,
        reason: 'Redis lost this job (its data were lost); the run goes on under the tenant lock',
      });
      return null;
    }
    onEvent('lock-lost', { level: 'warn', tenant: slug, job: job.id, jobLock: jobOurs, tenantLock: tenantOurs });
    return !tenantOurs
      ? "another run holds this tenant's lock (this run's lapsed); not published"
      : 'this job went to another worker while it ran (its lock expired); not published';
  };
}

/** A job back to the queue, due in `delayMs`, with an event that says why: it ends its run here (BullMQ's DelayedError). */
async function putBack(job: Job<{ slug: string }>, token: string | undefined, why: { event: string; delayMs: number; onEvent: QueueEvents }): Promise<never> {
  why.onEvent(why.event, { tenant: job.data.slug, job: job.id });
  await job.moveToDelayed(Date.now() + why.delayMs, token);
  throw new DelayedError();
}

/** How often a stopping worker asks Redis whether it still answers (createRedisQueue's close). */
const STOP_PROBE_MS = 500;

/**
 * Resolves null once `closing` settles, or how long Redis has been silent (ms) once it has not
 * answered a PING for `graceMs()` (plus two probes' time): it is gone or stalled, and the close
 * would wait on it for ever (BullMQ's close, a job's last commands and ioredis's QUIT wait in
 * the client's offline queue until Redis is back); or 'cut' once `cut` aborts (within a probe).
 */
async function closedUnlessSilent(closing: Promise<unknown>, redis: IORedis, graceMs: () => number, cut?: AbortSignal): Promise<number | 'cut' | null> {
  const closed = closing.then(
    () => true,
    () => true,
  );
  let answeredAt = Date.now();
  let asking = false;
  for (;;) {
    if (cut?.aborted) return 'cut';
    let tick: ReturnType<typeof setTimeout> | undefined;
    const probe = new Promise<false>((done) => (tick = setTimeout(() => done(false), STOP_PROBE_MS)));
    const done = await Promise.race([closed, probe]);
    clearTimeout(tick);
    if (done) return null;
    if (redis.status === 'ready' && !asking) {
      asking = true;
      redis
        .ping()
        .then(() => (answeredAt = Date.now()))
        .catch(() => {})
        .finally(() => (asking = false));
    }
    const silent = Date.now() - answeredAt;
    if (silent > 2 * STOP_PROBE_MS + graceMs()) return silent;
  }
}

/**
 * A BullMQ worker that counts a job among `running` from the moment it begins until BullMQ is
 * done with it: the tenant lock's wait, the handler, the lock's release and the job's move to
 * completed, failed or delayed (processJob, which runs all of them, has settled). A stop that
 * meets a stalled Redis in any of these waits out its lock time and names the job.
 */
class HoldingWorker extends Worker<{ slug: string }> {
  readonly #running: Map<symbol, string>;

  constructor(running: Map<symbol, string>, ...args: ConstructorParameters<typeof Worker<{ slug: string }>>) {
    super(...args);
    this.#running = running;
  }

  override async processJob(job: Job<{ slug: string }>, token: string, fetchNext?: () => boolean): ReturnType<Worker<{ slug: string }>['processJob']> {
    const run = Symbol(String(job.id));
    this.#running.set(run, job.data.slug);
    try {
      return await super.processJob(job, token, fetchNext);
    } finally {
      this.#running.delete(run);
    }
  }
}

/**
 * Worker + producer on Redis (BullMQ) with one-tenant-at-a-time locking. A per-tenant Redis
 * lock (SET NX PX, renewed while the job runs) keeps two workers off one tenant; a worker that
 * meets a locked tenant puts its job back as delayed. When a worker dies, its BullMQ job lock
 * and tenant lock expire and BullMQ's stalled-job check hands the job to another worker (the
 * dead worker's half-built release directory is never served and is pruned). Locks are renewed
 * on the worker's event loop, so a starved worker can lose them while alive: its handler asks
 * `stillOwner` before going live, and a run whose job lock another worker took never publishes.
 * A worker that stops gives back at once the jobs it took but had not begun (JobReturned), and
 * waits for those it began; when Redis stops answering meanwhile, it waits `lockMs` (by then its
 * jobs' locks have lapsed: they go to another worker once Redis is back), at once with no job
 * running, then drops its connections and logs `queue-close-cut` with the jobs it left.
 */
export function createRedisQueue(
  redisUrl: string,
  handler: TenantHandler,
  options: { concurrency: number; lockMs?: number; prefix?: string; onEvent?: QueueEvents; onPrepare?: (slug: string) => void },
): RebuildQueue {
  const lockMs = options.lockMs ?? PIPELINE_DEFAULTS.lockMs;
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const onEvent = options.onEvent ?? (() => {});
  const produced = openProducer(redisUrl, { prefix, onEvent });
  const producer = produced.producer;
  const locks = connection(redisUrl, 'locks', onEvent);
  /** Jobs this worker holds (a run each, to its tenant): from their start, the tenant lock's wait included, until BullMQ has moved them on. */
  const running = new Map<symbol, string>();
  const owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const workerConnection = connection(redisUrl, 'worker', onEvent);
  const worker = new HoldingWorker(
    running,
    QUEUE_NAME,
    async (job: Job<{ slug: string }>, token?: string) => {
      const slug = job.data.slug;
      const tenantLock = await takeTenantLock(locks, { prefix, slug, value: `${owner}:${job.id}`, lockMs });
      // Another worker is building this tenant, or a rollback moves it: come back shortly (a run under way may not include our change).
      if (!('claim' in tenantLock)) return putBack(job, token, { event: 'tenant-busy', delayMs: 1000, onEvent });
      const stillOwner = ownerCheck({ job, token, locks, tenantLock, lockMs, prefix, onEvent });
      try {
        onEvent('job-start', { tenant: slug, job: job.id });
        await handler(slug, { stillOwner });
        onEvent('job-end', { tenant: slug, job: job.id });
      } catch (error) {
        // Not begun, and this worker is stopping: another worker takes it now, not after this one's lock expires.
        if (error instanceof JobReturned) await putBack(job, token, { event: 'job-returned', delayMs: 0, onEvent });
        throw error;
      } finally {
        await tenantLock.release();
      }
    },
    {
      connection: workerConnection,
      prefix,
      concurrency: options.concurrency,
      // A dead worker's job is handed over after this long without lock renewal.
      lockDuration: lockMs,
      stalledInterval: Math.max(500, Math.floor(lockMs / 2)),
      maxStalledCount: 3,
    },
  );
  worker.on('failed', (job, error) => onEvent('job-failed', { level: 'warn', tenant: job?.data.slug, job: job?.id, reason: error.message }));
  // A run that lost its lock cannot complete its job (BullMQ refuses): reported, never thrown.
  const workerErrors = outageReporter('worker', onEvent);
  worker.on('error', (error) => workerErrors.error(error));
  workerConnection.on('ready', () => workerErrors.ready());
  // Hints from the intake (a subscribed connection does nothing else).
  const hints = options.onPrepare ? connection(redisUrl, 'hints', onEvent) : undefined;
  if (hints) {
    hints.on('message', (_channel: string, slug: string) => options.onPrepare!(slug));
    hints.subscribe(prepareChannel(prefix)).catch((error: Error) => onEvent('queue-error', { level: 'warn', reason: `prepare hints: ${error.message}` }));
  }
  return {
    enqueue: (slug) => producer.enqueue(slug),
    prepare: (slug) => producer.prepare!(slug),
    async idle() {},
    depth: () => producer.depth?.() ?? Promise.resolve({ waiting: 0, running: 0 }),
    pending: () => producer.pending?.() ?? Promise.resolve(new Set<string>()),
    close: (cut) => closeWorker({ worker, produced, locks, others: [workerConnection, hints], running, lockMs, onEvent, cut }),
  };
}

/**
 * Close a worker's queue: the jobs it began end first, unless Redis stops answering meanwhile;
 * then after `lockMs` (at once with no job running) its connections are dropped and
 * `queue-close-cut` names the tenants whose jobs it left. When `cut` aborts (the process gave
 * up on another dependency, which logs it), the connections are dropped at once.
 */
async function closeWorker(parts: {
  worker: Worker;
  produced: ReturnType<typeof openProducer>;
  locks: IORedis;
  others: (IORedis | undefined)[];
  running: Map<symbol, string>;
  lockMs: number;
  onEvent: QueueEvents;
  cut?: AbortSignal;
}): Promise<void> {
  const { worker, produced, locks, running } = parts;
  const closing = worker.close().then(() => produced.producer.close());
  const silent = await closedUnlessSilent(closing, locks, () => (running.size > 0 ? parts.lockMs : 0), parts.cut);
  if (silent === null) await closing;
  else {
    if (silent !== 'cut')
      parts.onEvent('queue-close-cut', {
        level: 'warn',
        reason: `Redis did not answer for ${Math.round(silent / 100) / 10} s while this worker stopped: its connections are dropped`,
        running: [...running.values()],
      });
    worker.disconnect().catch(() => {});
    produced.drop();
  }
  for (const redis of [locks, ...parts.others]) redis?.disconnect();
}
