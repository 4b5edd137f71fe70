#!/usr/bin/env node
/**
 * Serve built tenant sites and the lead API on one port, as in production behind a CDN:
 *
 *   npm run serve -- [--dir dist] [--tenants tenants] [--port 4321] [--host 127.0.0.1]
 *
 * Each tenant answers at http://<slug>.localhost:<port>/ (its `current` release when the
 * pipeline publishes releases); /api/* on every tenant host is the lead API; the bare host
 * lists the tenants. PORT / HOST are used when the flags are absent; the lead API reads the
 * rest of its configuration from the environment (docs/lead-api.md). The accepted stock and
 * the reserved overlay are the pipeline state's beside the releases (`<dir>/.pipeline`).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { appOptionsFromConfig, createApp } from '../src/server/app.ts';
import { environment, settingsOrExit } from '../src/config/env.ts';
import { loadConfig } from '../src/config/server.ts';
import { createStaticSitesHandler } from '../src/server/static-sites.ts';
import { watchTenantsFolder } from '../src/server/kernel/tenants.ts';
import { defaultDataDir } from '../src/pipeline/state/store.ts';
import { configuredStockSource } from '../src/pipeline/state/stock-source.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    tenants: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
  },
});

const env = environment();
const config = settingsOrExit(() =>
  loadConfig({
    ...env,
    PORT: values.port ?? env.PORT ?? '4321',
    HOST: values.host ?? env.HOST ?? '127.0.0.1',
    TENANTS_DIR: values.tenants ?? env.TENANTS_DIR ?? 'tenants',
    // npm start and npm run serve log warnings and errors unless LOG_LEVEL says otherwise.
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  }),
);

const sitesDir = resolve(values.dir);
const sites = createStaticSitesHandler({ sitesDir });
// The stock the pipeline accepted (its default data directory beside the releases; docs/pipeline.md "State").
const stockDir = join(defaultDataDir(sitesDir), 'stock');
try {
  mkdirSync(stockDir, { recursive: true });
} catch {
  // A read-only sites directory: no pipeline writes there; the tenant folders' stock is read.
}
// The pipeline's state in that data directory (as STOCK_FROM_STATE with PIPELINE_DATA_DIR): the
// accepted stock, and the reserved overlay payments write there, not into tenant folders.
const stockSource = await configuredStockSource({ ...config, stockFromState: config.stockFromState ?? { dataDir: defaultDataDir(sitesDir) } }).catch((error: Error) => {
  console.warn(`the pipeline state in ${defaultDataDir(sitesDir)} cannot be opened (${error.message}): stock and reservations stay in the tenant folders`);
  return undefined;
});
const app = await createApp({
  ...appOptionsFromConfig(config),
  stockDir,
  stockSource,
  reservations: stockSource,
  fallback: sites,
}).catch((error: Error) => {
  console.error(`could not start: ${error.message}`);
  process.exit(1);
});

await app.listen({ host: config.host, port: config.port });
console.log(`serving ${sitesDir} with the lead API at http://localhost:${config.port}/ (tenants at http://<slug>.localhost:${config.port}/)`);

// A stock change (pipeline publish) reloads the API's view of the tenants.
try {
  watchTenantsFolder(config.tenantsDir, (changed) => {
    // Issue 34 L11: only the folders that changed, off the request path; everything when the platform did not say.
    if (changed) void app.reloadChangedTenants(changed).catch((error: Error) => app.log.warn({ error: error.message }, 'tenant reload failed'));
    else app.reloadTenants();
  });
  // The pipeline state's accepted stock: <slug>.json files, so a change reloads that tenant.
  watchTenantsFolder(stockDir, (changed) => {
    const slugs = changed?.map((name) => name.replace(/\.json.*$/, ''));
    if (slugs) void app.reloadChangedTenants(slugs).catch((error: Error) => app.log.warn({ error: error.message }, 'tenant reload failed'));
    else app.reloadTenants();
  });
} catch {
  // Folder watching is a convenience for local runs; SIGHUP reloads too.
}
stockSource?.watch(
  2000,
  (changed) => void app.reloadChangedTenants(changed).catch((error: Error) => app.log.warn({ error: error.message }, 'tenant reload failed')),
  (error) => app.log.warn({ error: error.message }, 'reading the pipeline state failed'),
);
process.on('SIGHUP', () => app.reloadTenants());
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
