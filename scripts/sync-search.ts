#!/usr/bin/env node
/**
 * Push tenants' accepted stock to Meilisearch (DESIGN §5) through the pipeline's sync
 * (syncAcceptedTenant, src/pipeline/release/search-sync.ts): settings first, then only what
 * changed, into site.json's search.index. Tenants without `search` in site.json are skipped.
 *
 *   MEILI_ADMIN_KEY=... MEILI_ADMIN_HOST=... npx node scripts/sync-search.ts [--tenants <dir>] [--tenant <slug>] [--sites dist] [--data <sites>/.pipeline] [--host <url>] [--now <ISO date>]
 *
 * The stock is the pipeline state's snapshot (statePlace), else the folder's stock.json; a tenant
 * held by a rollback gets its live release's cars. Each line says which (docs/search.md). The
 * admin key goes only to the operator's Meilisearch (--host or MEILI_ADMIN_HOST), never to the
 * host a tenant's site.json names (issue 13 M9); it is read from the environment only.
 */
import { parseArgs } from 'node:util';
import { environment, nowFlag, settingsOrExit, settingsOrExitAsync } from '../src/config/env.ts';
import { syncSearchConfig } from '../src/config/pipeline.ts';
import { checkProduction } from '../src/config/production.ts';
import { searchSettings } from '../src/config/search.ts';
import { listTenantDirs } from '../src/lib/site/tenant.ts';
import { syncAcceptedTenant } from '../src/pipeline/release/search-sync.ts';
import { existingState } from '../src/pipeline/service/platform.ts';

const { values } = parseArgs({
  options: {
    tenants: { type: 'string', default: 'tenants' },
    tenant: { type: 'string', multiple: true },
    sites: { type: 'string' },
    data: { type: 'string' },
    host: { type: 'string' },
    now: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    [
      'usage: MEILI_ADMIN_KEY=... MEILI_ADMIN_HOST=... npx node scripts/sync-search.ts [--tenants <dir>] [--tenant <slug> ...] [--sites dist] [--data <sites>/.pipeline] [--host <url>] [--now <ISO date>]',
      "Syncs each tenant's accepted stock: the pipeline state's snapshot (--data, else <--sites>/.pipeline; DATABASE_URL and S3_BUCKET as the pipeline reads them),",
      "else its folder's stock.json (a tenant never fed, or no pipeline state); a tenant held by a rollback gets its live release's cars. Each line says which.",
    ].join('\n'),
  );
  process.exit(0);
}
// --host stands in for MEILI_ADMIN_HOST: the sync reads both settings from this environment.
const env = { ...environment(), ...(values.host ? { MEILI_ADMIN_HOST: values.host } : {}) };
// The production check every process shares (src/config/production.ts): the admin key goes nowhere over plain http.
settingsOrExit(() => checkProduction('command', env));
const config = settingsOrExit(() => syncSearchConfig(env, values));
const { adminKey, adminHost } = searchSettings(env);
if (!adminKey) {
  console.error('MEILI_ADMIN_KEY is not set: the sync needs the Meilisearch admin (or master) key.');
  process.exit(2);
}
if (!adminHost) {
  console.error("MEILI_ADMIN_HOST (or --host) is not set: the admin key is only sent to the operator's Meilisearch, never to a host named in site.json.");
  process.exit(2);
}
const now = settingsOrExit(() => nowFlag(values.now));
// A state that is there but cannot be opened stops the command: the folders' seeds would undo what feeds brought.
const state = await settingsOrExitAsync(() => existingState(env, { dataDir: config.place.data, ...config.place.state }));
let failed = 0;
for (const dir of listTenantDirs(config.tenants)) {
  const slug = dir.split('/').pop() ?? '';
  if (config.only.length && !config.only.includes(slug)) continue;
  try {
    const { stock, report } = await syncAcceptedTenant(dir, { now, state, env });
    if (!report) {
      console.log(`- ${slug}: embedded search (no search host in site.json), skipped`);
      continue;
    }
    console.log(
      `✓ ${slug} -> ${report.index}: ${report.added} added, ${report.updated} updated, ${report.deleted} deleted, ${report.unchanged} unchanged in ${report.ms} ms (stock: ${stock})`,
    );
  } catch (error) {
    failed += 1;
    console.error(`✗ ${slug}: ${(error as Error).message}`);
  }
}
await state?.close();
process.exit(failed > 0 ? 1 : 0);
