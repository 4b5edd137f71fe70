#!/usr/bin/env node
/**
 * Push tenants' stock to Meilisearch (DESIGN §5): index settings first, then only what
 * changed (new and changed cars added or replaced, removed cars deleted, unchanged cars
 * not sent). Tenants without `search` in site.json use the embedded engine and are skipped.
 *
 *   MEILI_ADMIN_KEY=... MEILI_ADMIN_HOST=... npx node scripts/sync-search.ts [--tenants <dir>] [--tenant <slug>] [--host <url>] [--now <ISO date>]
 *
 * The admin key goes only to the operator's Meilisearch: --host or MEILI_ADMIN_HOST, never
 * to the host a tenant's site.json names (issue 13 M9). The admin key is read from the
 * environment only and never written anywhere.
 */
import { parseArgs } from 'node:util';
import { Meilisearch } from 'meilisearch';
import { searchSettings } from '../src/config/search.ts';
import { listTenantDirs, loadTenant } from '../src/lib/site/tenant.ts';
import { DEFAULT_INDEX } from '../src/search/core/config.ts';
import { toSearchDocuments } from '../src/search/core/documents.ts';
import { syncTenant } from '../src/search/admin/meilisearch.ts';

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
  console.log('usage: MEILI_ADMIN_KEY=... MEILI_ADMIN_HOST=... npx node scripts/sync-search.ts [--tenants <dir>] [--tenant <slug> ...] [--host <url>] [--now <ISO date>]');
  process.exit(0);
}
const { adminKey, adminHost: envHost } = searchSettings();
if (!adminKey) {
  console.error('MEILI_ADMIN_KEY is not set: the sync needs the Meilisearch admin (or master) key.');
  process.exit(2);
}
const adminHost = values.host ?? envHost;
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
    const search = tenant.site.search;
    if (!search) {
      console.log(`- ${slug}: embedded search (no search host in site.json), skipped`);
      continue;
    }
    const client = new Meilisearch({ host: adminHost, apiKey: adminKey });
    const report = await syncTenant(client, {
      index: search.index ?? DEFAULT_INDEX,
      site: slug,
      documents: toSearchDocuments(tenant.visible, tenant.site),
    });
    console.log(`✓ ${slug} -> ${report.index}: ${report.added} added, ${report.updated} updated, ${report.deleted} deleted, ${report.unchanged} unchanged in ${report.ms} ms`);
  } catch (error) {
    failed += 1;
    console.error(`✗ ${slug}: ${(error as Error).message}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
