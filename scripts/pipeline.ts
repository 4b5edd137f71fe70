#!/usr/bin/env node
/**
 * The operations pipeline (docs/pipeline.md): keeps every tenant's live release and search
 * index in step with its stock feed.
 *
 *   npm run pipeline -- [--tenants tenants] [--sites dist] [--data <sites>/.pipeline] [--inbox feeds] [--port 4322]
 *                       [--debounce 2000] [--keep 5] [--jobs <cores>] [--once]
 *                       [--role all|intake|worker] [--publisher s3|<module>]
 *                       [--max-removed-share 0.5] [--min-removed 5] [--no-guard]
 *
 * REDIS_URL: rebuilds go through a shared BullMQ queue. The state is in PostgreSQL with
 * DATABASE_URL, else SQLite in --data. --once: bring every tenant up to date and exit.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { settingsOrExit } from '../src/config/env.ts';
import { checkProduction } from '../src/config/production.ts';
import { logFormatFor } from '../src/config/log.ts';
import { pipelineSettings } from '../src/config/pipeline.ts';
import { publishSettings } from '../src/config/publish.ts';
import { createLogger } from '../src/pipeline/log.ts';
import { loadPublisher } from '../src/pipeline/publish/publisher.ts';
import { GUARD_DEFAULTS } from '../src/pipeline/intake/guard.ts';
import { startPipeline } from '../src/pipeline/service/service.ts';

// The production check shared by every process (src/config/production.ts): before anything else is read or started.
settingsOrExit(() => checkProduction('pipeline'));
const settings = settingsOrExit(() => pipelineSettings());
const { values } = parseArgs({
  options: {
    tenants: { type: 'string', default: 'tenants' },
    sites: { type: 'string', default: 'dist' },
    data: { type: 'string' },
    inbox: { type: 'string', default: 'feeds' },
    port: { type: 'string', default: String(settings.port) },
    host: { type: 'string', default: settings.host },
    'no-webhook': { type: 'boolean', default: false },
    debounce: { type: 'string', default: '2000' },
    'max-wait': { type: 'string', default: '15000' },
    keep: { type: 'string', default: String(settingsOrExit(() => publishSettings()).retention) },
    jobs: { type: 'string' },
    once: { type: 'boolean', default: false },
    role: { type: 'string', default: 'all' },
    'lock-ms': { type: 'string' },
    publisher: { type: 'string' },
    'max-removed-share': { type: 'string', default: String(GUARD_DEFAULTS.maxRemovedShare) },
    'min-removed': { type: 'string', default: String(GUARD_DEFAULTS.minRemoved) },
    'no-guard': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('usage: npm run pipeline -- [--tenants tenants] [--sites dist] [--data <sites>/.pipeline] [--inbox feeds] [--port 4322|--no-webhook] [--debounce ms] [--keep 5] [--jobs n] [--once] [--role all|intake|worker] [--publisher s3|<module>] [--max-removed-share 0.5] [--min-removed 5] [--no-guard]');
  process.exit(0);
}
const role = values.role as 'all' | 'intake' | 'worker';
if (!['all', 'intake', 'worker'].includes(role)) {
  console.error(`--role: expected all, intake or worker (got ${values.role})`);
  process.exit(2);
}
const redisUrl = settings.redisUrl;
if (role !== 'all' && !redisUrl) {
  console.error(`--role ${role} needs REDIS_URL (the queue shared between intake and workers)`);
  process.exit(2);
}
const maxRemovedShare = Number(values['max-removed-share']);
const minRemoved = Number(values['min-removed']);
if (!(maxRemovedShare >= 0 && maxRemovedShare <= 1) || !(Number.isInteger(minRemoved) && minRemoved >= 1)) {
  console.error('--max-removed-share: a share between 0 and 1; --min-removed: a whole number >= 1');
  process.exit(2);
}
const log = createLogger({ format: settingsOrExit(() => logFormatFor()), base: { pid: process.pid } });
// A bad publisher setting (S3_BUCKET unset, a module that does not load) stops here, naming it.
const publisher = await loadPublisher(values.publisher, { tenantsDir: values.tenants, log }).catch((error: Error) => {
  console.error(`--publisher ${values.publisher}: ${error.message}`);
  process.exit(2);
});
let failed = 0;
const pipeline = await startPipeline({
  tenantsDir: values.tenants,
  sitesDir: values.sites,
  dataDir: values.data,
  inboxDir: values.inbox,
  webhookPort: values['no-webhook'] || values.once ? undefined : Number(values.port),
  webhookHost: values.host,
  inboxMaxBytes: settings.inboxMaxBytes,
  parseTimeoutMs: settings.feedParseSeconds * 1000,
  debounceMs: values.once ? 0 : Number(values.debounce),
  warmRenderers: !values.once,
  maxWaitMs: Number(values['max-wait']),
  keep: Number(values.keep),
  concurrency: Number(values.jobs ?? availableParallelism()),
  redisUrl: values.once ? undefined : redisUrl,
  role,
  lockMs: values['lock-ms'] ? Number(values['lock-ms']) : undefined,
  publisher,
  guard: values['no-guard'] ? false : { maxRemovedShare, minRemoved },
  log,
  onResult: (result) => {
    if (result.outcome === 'failed') failed += 1;
  },
});

if (values.once) {
  await pipeline.settled();
  await pipeline.close();
  process.exit(failed ? 1 : 0);
}

log({ event: 'pipeline-started', role, queue: redisUrl ? 'redis' : 'in-process', webhook: pipeline.webhookUrl ?? null, sites: values.sites, inbox: values.inbox });
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    log({ event: 'pipeline-stopping', signal });
    pipeline.close().then(() => process.exit(0));
  });
}
