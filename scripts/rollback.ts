#!/usr/bin/env node
/**
 * Roll a tenant back to an earlier release (docs/pipeline.md "Rollback").
 *
 *   npm run rollback -- --tenant <slug> [--sites dist] [--data <sites>/.pipeline] [--tenants tenants] [--to <release id>] [--list] [--publisher s3|<module>]
 *   npm run rollback -- --tenant <slug> --release-hold
 *
 * Without --to, the release before the current one; the tenant is then held on it until
 * --release-hold publishes what was taken in meanwhile (queued with REDIS_URL). The search index
 * follows the release's stock; with --publisher, its live pointer moves first. With REDIS_URL both
 * hold the tenant's lock (the release jobs' one) throughout, waiting for a running job up to
 * PIPELINE_ROLLBACK_WAIT_SECONDS, else failing with nothing changed (docs/deploy.md "Rolling back").
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { environment, settingsOrExit, settingsOrExitAsync } from '../src/config/env.ts';
import { checkProduction } from '../src/config/production.ts';
import { logFormatFor } from '../src/config/log.ts';
import { rollbackConfig, type RollbackConfig } from '../src/config/pipeline.ts';
import { createLogger, type Logger } from '../src/pipeline/log.ts';
import { createRedisProducer, TenantLockBusy, withTenantLock } from '../src/pipeline/service/queue.ts';
import { liveRelease } from '../src/pipeline/release/inputs.ts';
import { chooseRollback, rollbackTenant } from '../src/pipeline/release/rollback.ts';
import { platformFromSettings } from '../src/pipeline/service/platform.ts';
import { recordStatusIn } from '../src/pipeline/state/status.ts';
import type { PipelineState } from '../src/pipeline/state/store.ts';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    sites: { type: 'string' },
    data: { type: 'string' },
    tenants: { type: 'string' },
    to: { type: 'string' },
    list: { type: 'boolean', default: false },
    'release-hold': { type: 'boolean', default: false },
    'no-hold': { type: 'boolean', default: false },
    publisher: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || !values.tenant) {
  console.log(
    'usage: npm run rollback -- --tenant <slug> [--sites dist] [--data <sites>/.pipeline] [--tenants tenants] [--publisher s3|<module>] [--to <release>] [--list] [--release-hold] [--no-hold]',
  );
  process.exit(values.help ? 0 : 2);
}
const env = environment();
// The production check every process shares (src/config/production.ts): before the state or the bucket is opened.
settingsOrExit(() => checkProduction('command', env));
const config = settingsOrExit(() => rollbackConfig(env, values));
const log = createLogger({ format: settingsOrExit(() => logFormatFor()) });
const { state } = (await settingsOrExitAsync(() => platformFromSettings({ env, state: { dataDir: config.paths.data, ...config.state } }))) as {
  state: PipelineState;
};

/** The tenant's releases, the live one starred. */
async function list({ tenant, paths }: RollbackConfig): Promise<void> {
  const current = await liveRelease(state, paths.sites, tenant);
  for (const id of await state.releases.list(tenant)) {
    const manifest = await state.releases.get(tenant, id);
    console.log(
      `${id === current ? '*' : ' '} ${id}  ${manifest?.mode ?? '?'}  cars ${manifest?.cars.length ?? '?'}  +${manifest?.added ?? 0} ~${manifest?.changed ?? 0} -${manifest?.removed ?? 0}`,
    );
  }
}

/** `change` holding the tenant's lock with REDIS_URL (no release job of the tenant runs meanwhile); without it, as it is. */
async function underTenantLock<T>({ tenant, redisUrl, tenantLock }: RollbackConfig, logger: Logger, change: () => Promise<T>): Promise<T> {
  if (!redisUrl) return change();
  const onWait = (heldBy: string) => logger({ event: 'tenant-lock-wait', tenant, heldBy, waitSeconds: tenantLock.waitMs / 1000 });
  return withTenantLock(redisUrl, tenant, { ...tenantLock, onWait }, change);
}

/** Publishing resumes: the hold is lifted, and what was taken in during it goes live. */
async function releaseHold(config: RollbackConfig, logger: Logger): Promise<void> {
  const { tenant, paths, redisUrl } = config;
  await underTenantLock(config, logger, async () => {
    await state.tenants.setHold(tenant, null);
    await recordStatusIn(state, paths.sites, tenant, { outcome: 'hold-released', current: await liveRelease(state, paths.sites, tenant), held: false });
  });
  // A job at once on the shared queue; the running intake's reconciler would also find the tenant behind its accepted stock.
  const behind = (await state.tenants.behind()).find((row) => row.tenant === tenant && row.built !== null && row.built < row.seq);
  let queued = false;
  if (behind && redisUrl) {
    const queue = createRedisProducer(redisUrl);
    // A Redis that does not answer within 10 s leaves it to the reconciler.
    queued = await Promise.race([queue.enqueue(tenant).then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 10_000).unref())]);
    await Promise.race([queue.close(), new Promise((done) => setTimeout(done, 1000).unref())]);
  }
  const publishing = queued ? 'job queued' : "at the running pipeline's next reconcile (within about 15 s)";
  logger({ event: 'hold-released', tenant, ...(behind ? { heldBack: `accepted stock ${behind.seq}, live site built from ${behind.built}`, publishing } : {}) });
}

/** Roll back to --to, or the release before the live one, with the publisher the pipeline runs with. */
async function rollback(config: RollbackConfig, logger: Logger): Promise<void> {
  const { tenant, paths, to, hold, publisher: name } = config;
  const tenantDir = join(paths.tenants, tenant);
  const { publisher } = name ? await platformFromSettings({ env, log: logger, tenantsDir: paths.tenants, publisher: name }) : {};
  await underTenantLock(config, logger, async () =>
    rollbackTenant({
      sitesDir: paths.sites,
      slug: tenant,
      to: await chooseRollback(state, paths.sites, tenant, to),
      tenantDir: existsSync(join(tenantDir, 'site.json')) ? tenantDir : undefined,
      log: logger,
      hold,
      state,
      publisher,
    }),
  );
}

try {
  if (config.action === 'list') await list(config);
  else if (config.action === 'release-hold') await releaseHold(config, log);
  else await rollback(config, log);
} catch (error) {
  console.error((error as Error).message);
  if (error instanceof TenantLockBusy) console.error('Run the command again once that job has ended, or wait longer: PIPELINE_ROLLBACK_WAIT_SECONDS.');
  process.exitCode = 1;
} finally {
  await state.close();
}
