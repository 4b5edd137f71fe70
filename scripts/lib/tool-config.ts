/**
 * The settings of an operator command (export-leads, outbox, purge): the API's settings read
 * as a tool (docs/lead-api.md). A bad setting prints the ConfigError's message and exits 2.
 */
import { environment } from '../../src/config/env.ts';
import { type ApiConfig, ConfigError, loadConfig } from '../../src/config/server.ts';

export function toolConfigOrExit(): ApiConfig {
  try {
    return loadConfig(environment(), process.cwd(), { tool: true });
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error));
    process.exit(2);
  }
}
