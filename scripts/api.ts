/**
 * The lead API on its own (production): `npm run api`. Configuration from environment
 * variables (docs/lead-api.md), validated before anything starts. With STOCK_FROM_STATE the
 * accepted stock and the reserved overlay come from the pipeline state, and payments write
 * the overlay there. The process (reloads, shutdown) is src/server/process.ts.
 */
import { settingsOrExit } from '../src/config/env.ts';
import { loadConfig } from '../src/config/server.ts';
import { installSignals, startApiProcess } from '../src/server/process.ts';
import { configuredStockSource } from '../src/pipeline/state/stock-source.ts';

const config = settingsOrExit(() => loadConfig());

const stockSource = await configuredStockSource(config).catch((error: Error) => {
  console.error(`lead API could not read the pipeline state: ${error.message}`);
  process.exit(1);
});

const running = await startApiProcess(config, { stockSource }).catch((error: Error) => {
  console.error(`lead API could not start: ${error.message}`);
  process.exit(1);
});
installSignals(running);
