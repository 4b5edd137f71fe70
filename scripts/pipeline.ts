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
import { enableCompileCache } from 'node:module';
import { parseArgs } from 'node:util';
import { nodeCompileCacheIn } from '../src/config/compile-cache.ts';
import { environment, settingsOrExit, settingsOrExitAsync } from '../src/config/env.ts';
import { checkProduction } from '../src/config/production.ts';

// The production check shared by every process (src/config/production.ts): before anything else is read or started.
settingsOrExit(() => checkProduction('pipeline'));
// Node's compile cache before the pipeline's modules load (they are imported below, not above):
// a worker started again on the same code (a restart, a code deploy) compiles only what changed.
enableCompileCache(nodeCompileCacheIn(environment()));
const { logFormatFor } = await import('../src/config/log.ts');
const { pipelineConfig } = await import('../src/config/pipeline.ts');
const { createLogger } = await import('../src/pipeline/log.ts');
const { pipelineOptions, platformFromSettings } = await import('../src/pipeline/service/platform.ts');
const { startPipeline } = await import('../src/pipeline/service/service.ts');
const { stopOnSignals } = await import('../src/pipeline/service/stop-signals.ts');
const { ListenError } = await import('../src/pipeline/service/http.ts');
const { values } = parseArgs({
  options: {
    tenants: { type: 'string' },
    sites: { type: 'string' },
    data: { type: 'string' },
    inbox: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'no-webhook': { type: 'boolean', default: false },
    debounce: { type: 'string' },
    'max-wait': { type: 'string' },
    keep: { type: 'string' },
    jobs: { type: 'string' },
    once: { type: 'boolean', default: false },
    role: { type: 'string' },
    'lock-ms': { type: 'string' },
    publisher: { type: 'string' },
    'max-removed-share': { type: 'string' },
    'min-removed': { type: 'string' },
    'no-guard': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    'usage: npm run pipeline -- [--tenants tenants] [--sites dist] [--data <sites>/.pipeline] [--inbox feeds] [--port 4322|--no-webhook] [--debounce ms] [--keep 5] [--jobs n] [--once] [--role all|intake|worker] [--publisher s3|<module>] [--max-removed-share 0.5] [--min-removed 5] [--no-guard]',
  );
  process.exit(0);
}
const env = environment();
const config = settingsOrExit(() => pipelineConfig(env, values));
const log = createLogger({ format: settingsOrExit(() => logFormatFor()), base: { pid: process.pid } });
// A bad publisher setting (S3_BUCKET unset, a module that does not load) stops here, naming it.
const { publisher, shared } = await platformFromSettings({ env, log, tenantsDir: config.paths.tenants, publisher: config.publisher }).catch((error: Error) => {
  console.error(`--publisher ${config.publisher}: ${error.message}`);
  process.exit(2);
});
const { state } = await settingsOrExitAsync(() => platformFromSettings({ env, state: { dataDir: config.paths.data, ...config.state } }));
let failed = 0;
const pipeline = await startPipeline({
  ...pipelineOptions(config, { publisher, state, shared }, env),
  log,
  onResult: (result) => {
    if (result.outcome === 'failed') failed += 1;
  },
}).catch((error: Error) => {
  // A port in use: one line naming it and the setting (exit 2, which npm start does not restart).
  if (!(error instanceof ListenError)) throw error;
  console.error(error.message);
  process.exit(2);
});
// A signal stops either mode the same way (src/pipeline/service/stop-signals.ts): no other release
// begins, those in hand end, the render children end; `--once` then exits 130 or 143.
let stopped: Promise<void> | undefined;
const stop = () => (stopped ??= pipeline.close().then(() => state?.close()));
const signals = stopOnSignals({ stop, log, once: config.once });

if (config.once) {
  await pipeline.settled();
  // Told to stop meanwhile: the signal's stop exits.
  if (!signals.stopping()) {
    await stop();
    process.exit(failed ? 1 : 0);
  }
} else {
  log({
    event: 'pipeline-started',
    role: config.role,
    queue: config.queue.redisUrl ? 'redis' : 'in-process',
    // Jobs taken at once, and of them those rendering at once (docs/deploy.md "Sizing workers").
    jobs: config.queue.concurrency,
    cores: config.queue.cores,
    webhook: pipeline.webhookUrl ?? null,
    sites: config.paths.sites,
    inbox: config.paths.inbox,
  });
}
