#!/usr/bin/env node
/**
 * Roll a tenant back to an earlier release (docs/pipeline.md "Rollback").
 *
 *   npm run rollback -- --tenant <slug> [--sites dist] [--data <sites>/.pipeline] [--tenants tenants] [--to <release id>] [--list] [--publisher s3|<module>]
 *   npm run rollback -- --tenant <slug> --release-hold
 *
 * Without --to, goes to the release before the current one. The tenant is then held on it
 * (new feeds are taken in but not published) until --release-hold, so a bad release is
 * not republished by the next feed; the search index is synced to the rolled-back stock.
 * --release-hold publishes what was taken in during the hold: with REDIS_URL it queues the
 * tenant's job itself, and the running pipeline's reconciler finds it behind in any case.
 * Release history, the live pointer and the hold are the pipeline state's (`--data`, default
 * `<sites>/.pipeline`, or DATABASE_URL). With --publisher (as the pipeline runs with), the
 * publisher's live pointer moves first (the bucket's, for `s3`: what the edge serves).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { settingsOrExit } from '../src/config/env.ts';
import { logFormatFor } from '../src/config/log.ts';
import { pipelineSettings } from '../src/config/pipeline.ts';
import { createLogger } from '../src/pipeline/log.ts';
import { createRedisProducer } from '../src/pipeline/service/queue.ts';
import { loadPublisher } from '../src/pipeline/publish/publisher.ts';
import { liveRelease } from '../src/pipeline/release/inputs.ts';
import { chooseRollback, rollbackTenant } from '../src/pipeline/release/rollback.ts';
import { defaultDataDir, openPipelineState } from '../src/pipeline/state/store.ts';
import { sharedStateFiles } from '../src/pipeline/state/files.ts';
import { recordStatusIn } from '../src/pipeline/state/status.ts';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    sites: { type: 'string', default: 'dist' },
    data: { type: 'string' },
    tenants: { type: 'string', default: 'tenants' },
    to: { type: 'string' },
    list: { type: 'boolean', default: false },
    'release-hold': { type: 'boolean', default: false },
    'no-hold': { type: 'boolean', default: false },
    publisher: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || !values.tenant) {
  console.log('usage: npm run rollback -- --tenant <slug> [--sites dist] [--data <sites>/.pipeline] [--tenants tenants] [--publisher s3|<module>] [--to <release>] [--list] [--release-hold] [--no-hold]');
  process.exit(values.help ? 0 : 2);
}
const slug = values.tenant;
const log = createLogger({ format: settingsOrExit(() => logFormatFor()) });
const settings = settingsOrExit(() => pipelineSettings());
const state = await openPipelineState({ dataDir: values.data ?? defaultDataDir(values.sites), databaseUrl: settings.databaseUrl, files: sharedStateFiles(settings.databaseUrl) });
try {
  if (values.list) {
    const current = await liveRelease(state, values.sites, slug);
    for (const id of await state.releases.list(slug)) {
      const manifest = await state.releases.get(slug, id);
      console.log(`${id === current ? '*' : ' '} ${id}  ${manifest?.mode ?? '?'}  cars ${manifest?.cars.length ?? '?'}  +${manifest?.added ?? 0} ~${manifest?.changed ?? 0} -${manifest?.removed ?? 0}`);
    }
  } else if (values['release-hold']) {
    await state.tenants.setHold(slug, null);
    await recordStatusIn(state, values.sites, slug, { outcome: 'hold-released', current: await liveRelease(state, values.sites, slug), held: false });
    // What was taken in during the hold goes live now: a job at once on the shared queue; the
    // running pipeline's reconciler would also find the tenant behind its accepted stock.
    const behind = (await state.tenants.behind()).find((row) => row.tenant === slug && row.built !== null && row.built < row.seq);
    let queued = false;
    if (behind && settings.redisUrl) {
      const queue = createRedisProducer(settings.redisUrl);
      // A Redis that does not answer within 10 s leaves it to the reconciler.
      queued = await Promise.race([queue.enqueue(slug).then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 10_000).unref())]);
      await Promise.race([queue.close(), new Promise((done) => setTimeout(done, 1000).unref())]);
    }
    log({
      event: 'hold-released',
      tenant: slug,
      ...(behind ? { heldBack: `accepted stock ${behind.seq}, live site built from ${behind.built}`, publishing: queued ? 'job queued' : "at the running pipeline's next reconcile (within about 15 s)" } : {}),
    });
  } else {
    const to = await chooseRollback(state, values.sites, slug, values.to);
    const tenantDir = join(values.tenants, slug);
    const publisher = values.publisher ? await loadPublisher(values.publisher, { tenantsDir: values.tenants, log }) : undefined;
    await rollbackTenant({ sitesDir: values.sites, slug, to, tenantDir: existsSync(join(tenantDir, 'site.json')) ? tenantDir : undefined, log, hold: !values['no-hold'], state, publisher });
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await state.close();
}
