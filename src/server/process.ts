/**
 * The lead API process, composed once for `npm run api` and `npm run serve` (so `npm start` too):
 * the app over the configuration and, when given, the pipeline state's stock and reserved
 * overlay; the tenant reloads (SIGHUP, the tenants folder, the accepted stock's files, the
 * state's poll); the dead-letter report at start; and on SIGTERM / SIGINT a stop that finishes
 * the requests in flight. The command opens the state and decides what a failure there means.
 */
import type { ApiConfig } from '../config/server.ts';
import { appOptionsFromConfig, createApp, type AppOptions, type LeadApi } from './app.ts';
import type { ReservationWriter } from './features/payments/context.ts';
import { watchTenantsFolder, type StockSource } from './kernel/tenants.ts';

/** How often the pipeline state is polled for stock and overlays that moved (ms). */
export const STATE_POLL_MS = 2000;

/** The pipeline state as the lead API reads it (src/pipeline/state/stock-source.ts StateStockSource). */
export interface StateStock extends StockSource, ReservationWriter {
  /** Poll every `ms`; `changed` gets the tenants whose stock or overlay moved. Returns the stop function. */
  watch(ms: number, changed: (slugs: string[]) => void, failed: (error: Error) => void): () => void;
  readonly state: { close(): Promise<unknown> };
}

export interface ApiProcessOptions {
  /** The pipeline state's stock and overlay; absent: the tenant folders'. */
  stockSource?: StateStock;
  /** Files `<slug>.json` of accepted stock read over the tenant folders, watched for changes. */
  stockDir?: string;
  /** Every request outside /api (the static sites of `npm run serve`). */
  fallback?: AppOptions['fallback'];
  /** Reload on changes under the tenants folder; default the configuration's TENANTS_WATCH. */
  watchTenants?: boolean;
  /** false: no log line for each request (LOCAL_LOG); default true. */
  logRequests?: boolean;
}

/**
 * How `npm run serve` (so `npm start`) logs: the API's events at the configured level
 * (LOG_LEVEL, info by default: an accepted lead, by its tenant, category and id; a reload), and
 * never a line for each request, which every file of the sites served beside the API would be.
 */
export const LOCAL_LOG = { requests: false } as const;

/** A running lead API process: its app, a reload (the tenants named, or all; a failure is logged), and a stop that ends the watches and closes the app and the state. */
export interface ApiProcess {
  app: LeadApi;
  reload(slugs?: readonly string[]): void;
  stop(): Promise<void>;
}

/** Start the lead API and its reloads; throws when the app cannot start or listen. Installs no signal handler (installSignals does). */
export async function startApiProcess(config: ApiConfig, options: ApiProcessOptions = {}): Promise<ApiProcess> {
  const { stockSource } = options;
  const app = await createApp({
    ...appOptionsFromConfig(config),
    logger: { level: config.logLevel, format: config.logFormat, requests: options.logRequests },
    stockDir: options.stockDir,
    stockSource,
    reservations: stockSource,
    fallback: options.fallback,
  });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    throw error;
  }
  app.log.info({ tenants: app.tenants.slugs().length, database: config.database.kind }, 'lead API ready');
  // Deliveries left in the dead-letter state are said at every start (each new one is logged as it happens).
  const deadLetters = Object.entries(await app.stores.outbox.deliveryHealth()).filter(([, entry]) => entry.dead > 0);
  if (deadLetters.length > 0) {
    app.log.error(
      { dead: Object.fromEntries(deadLetters.map(([tenant, entry]) => [tenant, entry.dead])) },
      'lead deliveries in the dead-letter state: see npm run outbox -- dead, retry with npm run outbox -- retry',
    );
  }

  // Only the tenants that changed, off the request path; every tenant when the platform did not say which.
  const failed = (error: Error) => app.log.warn({ error: error.message }, 'tenant reload failed');
  const reload = (slugs?: readonly string[]) => {
    if (slugs) void app.reloadChangedTenants(slugs).catch(failed);
    else {
      try {
        app.reloadTenants();
      } catch (error) {
        failed(error as Error);
      }
    }
  };
  const watches: (() => void)[] = [];
  if (stockSource)
    watches.push(stockSource.watch(STATE_POLL_MS, reload, (error) => app.log.warn({ error: error.message }, 'reading the pipeline state failed')));
  try {
    if (options.watchTenants ?? config.tenantsWatch) watches.push(watchTenantsFolder(config.tenantsDir, reload));
    // The accepted stock's <slug>.json files: a change reloads that tenant.
    if (options.stockDir) watches.push(watchTenantsFolder(options.stockDir, (changed) => reload(changed?.map((name) => name.replace(/\.json.*$/, '')))));
  } catch (error) {
    app.log.warn({ error: (error as Error).message }, 'cannot watch the tenants folder; reload with SIGHUP');
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const unwatch of watches) unwatch();
      await Promise.all([app.close(), stockSource?.state.close()]);
    })());
  return { app, reload, stop };
}

/** SIGHUP reloads every tenant; SIGTERM and SIGINT stop the process (requests in flight finish; a second signal meanwhile is ignored), then exit 0, or 1 when the stop failed. */
export function installSignals(running: ApiProcess): void {
  process.on('SIGHUP', () => running.reload());
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      running.app.log.info({ signal }, 'shutting down');
      running.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
