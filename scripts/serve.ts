#!/usr/bin/env node
/**
 * Serve built tenant sites and the lead API on one port, as in production behind a CDN:
 *
 *   npm run serve -- [--dir dist] [--tenants tenants] [--port 4321] [--host 127.0.0.1]
 *
 * Each tenant answers at http://<slug>.localhost:<port>/ (its `current` release when the
 * pipeline publishes releases); /api/* on every tenant host is the lead API; the bare host
 * lists the tenants. PORT / HOST are used when the flags are absent (localServerAddress); the lead API reads the
 * rest of its configuration from the environment (docs/lead-api.md). The accepted stock and
 * the reserved overlay are the pipeline state's beside the releases (`<dir>/.pipeline`). The
 * process (reloads, shutdown) is src/server/process.ts.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { environment, settingsOrExit } from '../src/config/env.ts';
import { loadConfig, localServerAddress } from '../src/config/server.ts';
import { createStaticSitesHandler } from '../src/server/static-sites.ts';
import { installSignals, LOCAL_LOG, startApiProcess } from '../src/server/process.ts';
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
    ...localServerAddress(env, values),
    TENANTS_DIR: values.tenants ?? env.TENANTS_DIR ?? 'tenants',
  }),
);

const sitesDir = resolve(values.dir);
// The stock the pipeline accepted (its default data directory beside the releases; docs/pipeline.md "State").
const stockDir = join(defaultDataDir(sitesDir), 'stock');
try {
  mkdirSync(stockDir, { recursive: true });
} catch {
  // A read-only sites directory: no pipeline writes there; the tenant folders' stock is read.
}
// The pipeline's state in that data directory (as STOCK_FROM_STATE with PIPELINE_DATA_DIR): the
// accepted stock, and the reserved overlay payments write there, not into tenant folders.
const stockSource = await configuredStockSource({ ...config, stockFromState: config.stockFromState ?? { dataDir: defaultDataDir(sitesDir) } }).catch(
  (error: Error) => {
    console.warn(`the pipeline state in ${defaultDataDir(sitesDir)} cannot be opened (${error.message}): stock and reservations stay in the tenant folders`);
    return undefined;
  },
);
// Local runs always follow the tenants folder and the accepted stock (a pipeline publish reloads the API's view).
const running = await startApiProcess(config, {
  stockSource,
  stockDir,
  fallback: createStaticSitesHandler({ sitesDir }),
  watchTenants: true,
  logRequests: LOCAL_LOG.requests,
}).catch((error: Error) => {
  console.error(`could not start: ${error.message}`);
  process.exit(1);
});
installSignals(running);
console.log(`serving ${sitesDir} with the lead API at http://localhost:${config.port}/ (tenants at http://<slug>.localhost:${config.port}/)`);
