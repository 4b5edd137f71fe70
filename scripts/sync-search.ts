#!/usr/bin/env node
/**
 * Push tenants' stock to Meilisearch (DESIGN §5) through the pipeline's sync
 * (syncTenantSearch, src/pipeline/release/search-sync.ts): settings first, then only what changed,
 * into site.json's search.index. Tenants without `search` in site.json are skipped.
 *
 *   MEILI_ADMIN_KEY=... MEILI_ADMIN_HOST=... npx node scripts/sync-search.ts [--tenants <dir>] [--tenant <slug>] [--host <url>] [--now <ISO date>]
 *
 * The admin key goes only to the operator's Meilisearch (--host or MEILI_ADMIN_HOST), never
 * to the host a tenant's site.json names (issue 13 M9); it is read from the environment only.
 */
import { parseArgs } from 'node:util';
import { environment, settingsOrExit } from '../src/config/env.ts';
import { checkProduction } from '../src/config/production.ts';
import { searchSettings } from '../src/config/search.ts';
import { listTenantDirs, loadTenant } from '../src/lib/site/tenant.ts';
import { syncTenantSearch } from '../src/pipeline/release/search-sync.ts';

const { values } = parseArgs({
  options: {
    tenants: { type: 'string', default: 'tenants' },
    tenant: { type: 'string', multiple: true },
    host: { type: 'string' },
    now: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    'usage: MEILI_ADMIN_KEY=... MEILI_ADMIN_HOST=... npx node scripts/sync-search.ts [--tenants <dir>] [--tenant <slug> ...] [--host <url>] [--now <ISO date>]',
  );
  process.exit(0);
}
// --host stands in for MEILI_ADMIN_HOST: the sync reads both settings from this environment.
const env = { ...environment(), ...(values.host ? { MEILI_ADMIN_HOST: values.host } : {}) };
// The production check every process shares (src/config/production.ts): the admin key goes nowhere over plain http.
settingsOrExit(() => checkProduction('command', env));
const { adminKey, adminHost } = searchSettings(env);
if (!adminKey) {
  console.error('MEILI_ADMIN_KEY is not set: the sync needs the Meilisearch admin (or master) key.');
  process.exit(2);
}
if (!adminHost) {
  console.error("MEILI_ADMIN_HOST (or --host) is not set: the admin key is only sent to the operator's Meilisearch, never to a host named in site.json.");
  process.exit(2);
}
const now = values.now ? Date.parse(values.now) : Date.now();
let failed = 0;
for (const dir of listTenantDirs(values.tenants)) {
  const slug = dir.split('/').pop() ?? '';
  if (values.tenant?.length && !values.tenant.includes(slug)) continue;
  try {
    const tenant = loadTenant(dir, now);
    const report = await syncTenantSearch(tenant.site, tenant.visible, env);
    if (!report) {
      console.log(`- ${slug}: embedded search (no search host in site.json), skipped`);
      continue;
    }
    console.log(
      `✓ ${slug} -> ${report.index}: ${report.added} added, ${report.updated} updated, ${report.deleted} deleted, ${report.unchanged} unchanged in ${report.ms} ms`,
    );
  } catch (error) {
    failed += 1;
    console.error(`✗ ${slug}: ${(error as Error).message}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
