#!/usr/bin/env node
/**
 * Roll a tenant back to an earlier release (docs/pipeline.md "Rollback").
 *
 *   npm run rollback -- --tenant <slug> [--sites dist] [--tenants tenants] [--to <release id>] [--list] [--publisher s3|<module>]
 *   npm run rollback -- --tenant <slug> --release-hold
 *
 * Without --to, goes to the release before the current one. The tenant is then held on it
 * (new feeds are taken in but not published) until --release-hold, so a bad release is
 * not republished by the next feed; the search index is synced to the rolled-back stock.
 * With --publisher (as the pipeline runs with), the publisher's live pointer moves first
 * (the bucket's, for `s3`: what the edge serves).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { settingsOrExit } from '../src/config/env.ts';
import { logFormatFor } from '../src/config/log.ts';
import { createLogger } from '../src/pipeline/log.ts';
import { loadPublisher } from '../src/pipeline/publisher.ts';
import { holdFile, rollbackTenant } from '../src/pipeline/rebuild.ts';
import { currentRelease, listReleases, readManifest, rollbackTarget } from '../src/pipeline/releases.ts';
import { recordStatus } from '../src/pipeline/status.ts';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    sites: { type: 'string', default: 'dist' },
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
  console.log('usage: npm run rollback -- --tenant <slug> [--sites dist] [--tenants tenants] [--to <release>] [--list] [--release-hold] [--no-hold] [--publisher s3|<module>]');
  process.exit(values.help ? 0 : 2);
}
const slug = values.tenant;
const log = createLogger({ format: settingsOrExit(() => logFormatFor()) });
if (values.list) {
  const current = currentRelease(values.sites, slug);
  for (const id of listReleases(values.sites, slug)) {
    const manifest = readManifest(values.sites, slug, id);
    console.log(`${id === current ? '*' : ' '} ${id}  ${manifest?.mode ?? '?'}  cars ${manifest?.cars.length ?? '?'}  +${manifest?.added ?? 0} ~${manifest?.changed ?? 0} -${manifest?.removed ?? 0}`);
  }
  process.exit(0);
}
if (values['release-hold']) {
  const file = holdFile(values.sites, slug);
  if (existsSync(file)) rmSync(file);
  recordStatus(values.sites, slug, { outcome: 'hold-released', current: currentRelease(values.sites, slug), held: false });
  log({ event: 'hold-released', tenant: slug });
  process.exit(0);
}
try {
  const to = rollbackTarget(values.sites, slug, values.to);
  const tenantDir = join(values.tenants, slug);
  const publisher = values.publisher ? await loadPublisher(values.publisher, { tenantsDir: values.tenants, log }) : undefined;
  await rollbackTenant({ sitesDir: values.sites, slug, to, tenantDir: existsSync(join(tenantDir, 'site.json')) ? tenantDir : undefined, log, hold: !values['no-hold'], publisher });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
