/**
 * Retention purge (issue 13 M15, APP 11.2): deletes each tenant's personal data older
 * than its retention (lead-delivery.json `retention`; default 2 years for leads and
 * evaluations, 90 days for trade-in photos), plus spent sign-in codes, ended sessions
 * and old SMS cap records.
 *   npm run purge [-- --tenant <slug>] [--dry-run]
 * Reads the same settings as the API (DATABASE_URL / SQLITE_FILE, TENANTS_DIR, IMAGES_DIR).
 * Run it daily (cron / a scheduled task); it prints what it deleted per tenant.
 */
import { parseArgs } from 'node:util';
import { environment, settingsOrExit } from '../src/config/env.ts';
import { loadConfig } from '../src/config/server.ts';
import { openDatabase } from '../src/server/database.ts';
import { openStores } from '../src/server/stores.ts';
import { TenantRegistry } from '../src/server/kernel/tenants.ts';
import { DEFAULT_RETENTION } from '../src/schemas/lead-delivery.ts';
import { retentionCutoffs } from '../src/server/ops/retention.ts';

const { values } = parseArgs({ options: { tenant: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } } });
if (values.tenant !== undefined && !/^[a-z0-9-]+$/.test(values.tenant)) {
  console.error('usage: npm run purge [-- --tenant <slug>] [--dry-run]');
  process.exit(2);
}
const config = settingsOrExit(() => loadConfig(environment(), process.cwd(), { tool: true }));
const tenants = new TenantRegistry({ tenantsDir: config.tenantsDir });
const report = tenants.reload();
for (const failed of report.failed) console.error(`warning: ${failed.error.slice(0, 300)} (default retention used for ${failed.dir})`);
const db = await openDatabase(config.database);
const stores = openStores(db, { imagesDir: config.images.dir });
const now = Date.now();
try {
  const slugs = values.tenant ? [values.tenant] : [...new Set([...tenants.slugs(), ...(await stores.retention.tenantsWithData())])].sort();
  for (const slug of slugs) {
    const tenant = tenants.get(slug);
    const retention = tenant?.retention ?? DEFAULT_RETENTION;
    const counts = await stores.retention.purgeTenant(slug, retentionCutoffs(retention, tenant?.site.timezone, now), values['dry-run']);
    console.log(JSON.stringify({ tenant: slug, retention, dryRun: values['dry-run'], deleted: counts }));
  }
} finally {
  await db.close();
}
