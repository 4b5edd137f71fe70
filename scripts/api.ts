/**
 * The lead API on its own (production): `npm run api`. Configuration from environment
 * variables (docs/lead-api.md), validated before anything starts.
 * SIGHUP (or any change under TENANTS_DIR, when TENANTS_WATCH is on) reloads the tenants;
 * with STOCK_FROM_STATE, the accepted stock and the reserved overlay come from the pipeline
 * state, polled every 2 s, and payments write the overlay there;
 * SIGTERM / SIGINT stop accepting requests, finish the ones in flight, then exit.
 */
import { appOptionsFromConfig, createApp } from '../src/server/app.ts';
import { settingsOrExit } from '../src/config/env.ts';
import { loadConfig } from '../src/config/server.ts';
import { watchTenantsFolder } from '../src/server/kernel/tenants.ts';
import { configuredStockSource } from '../src/pipeline/state/stock-source.ts';

const config = settingsOrExit(() => loadConfig());

const stockSource = await configuredStockSource(config).catch((error: Error) => {
  console.error(`lead API could not read the pipeline state: ${error.message}`);
  process.exit(1);
});

const app = await createApp({ ...appOptionsFromConfig(config), stockSource, reservations: stockSource }).catch((error: Error) => {
  console.error(`lead API could not start: ${error.message}`);
  process.exit(1);
});

await app.listen({ host: config.host, port: config.port });
app.log.info({ tenants: app.tenants.slugs().length, database: config.database.kind }, 'lead API ready');
// Issue 13 M14: deliveries left in the dead-letter state are said at every start (each new one is logged as it happens).
const deadLetters = Object.entries(await app.stores.outbox.deliveryHealth()).filter(([, entry]) => entry.dead > 0);
if (deadLetters.length > 0) {
  app.log.error({ dead: Object.fromEntries(deadLetters.map(([tenant, entry]) => [tenant, entry.dead])) }, 'lead deliveries in the dead-letter state: see npm run outbox -- dead, retry with npm run outbox -- retry');
}

process.on('SIGHUP', () => app.reloadTenants());
const stopStockWatch = stockSource?.watch(
  2000,
  (changed) => void app.reloadChangedTenants(changed).catch((error: Error) => app.log.warn({ error: error.message }, 'tenant reload failed')),
  (error) => app.log.warn({ error: error.message }, 'reading the pipeline state failed'),
);
if (config.tenantsWatch) {
  try {
    watchTenantsFolder(config.tenantsDir, (changed) => {
      // Issue 34 L11: only the folders that changed, off the request path; everything when the platform did not say.
      if (changed) void app.reloadChangedTenants(changed).catch((error: Error) => app.log.warn({ error: error.message }, 'tenant reload failed'));
      else app.reloadTenants();
    });
  } catch (error) {
    app.log.warn({ error: (error as Error).message }, 'cannot watch the tenants folder; reload with SIGHUP');
  }
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopStockWatch?.();
    Promise.all([app.close(), stockSource?.state.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
