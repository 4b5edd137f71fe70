/**
 * The start the dealer's payment commands share (`npm run invoice`, `npm run refund`): the lead
 * API's settings and database, its tenants and the payments service over them, for one tenant;
 * a bad argument or setting ends the command with a message and exit code 2, a failure of its
 * work with `<command> failed: <message>` and exit code 1, the database closed either way.
 */
import { ConfigError, loadConfig, type ApiConfig } from '../config/server.ts';
import { openDatabase } from './database.ts';
import type { ReservationWriter } from './features/payments/context.ts';
import { Payments } from './features/payments/payments.ts';
import { TenantRegistry, type ApiTenant } from './kernel/tenants.ts';
import { openStores } from './stores.ts';

/** Print `message` on stderr and exit with `code` (2: the command was called wrongly). */
export function stop(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** A tenant slug as the commands take it: lower-case letters, digits and hyphens. */
export const isSlug = (text: string | undefined): text is string => text !== undefined && /^[a-z0-9-]+$/.test(text);

/** `--amount` in cents from dollars and cents ('350', '350.25'); stops with a message naming the option otherwise. */
export function amountCents(text: string, example: string): number {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) stop(`--amount expects dollars and cents such as ${example}, got "${text}"`);
  return Math.round(Number(text) * 100);
}

export interface PaymentsCommand {
  config: ApiConfig;
  tenant: ApiTenant;
  payments: Payments;
}

/**
 * Run a payment command for the tenant `slug`: `reservations` opens where the reserved overlay
 * is written (the pipeline state), given the settings; `work` does the command's part.
 */
export async function runPaymentsCommand(
  name: string,
  slug: string,
  work: (command: PaymentsCommand) => Promise<void>,
  reservations?: (config: ApiConfig) => Promise<(ReservationWriter & { state: { close(): Promise<unknown> } }) | undefined>,
): Promise<void> {
  let config: ApiConfig;
  try {
    config = loadConfig();
  } catch (error) {
    stop(error instanceof ConfigError ? error.message : String(error));
  }
  const db = await openDatabase(config.database);
  const tenants = new TenantRegistry({ tenantsDir: config.tenantsDir });
  tenants.reload();
  const log = {
    info: () => undefined,
    warn: (object: object) => console.error(JSON.stringify(object)),
    error: (object: object) => console.error(JSON.stringify(object)),
  };
  const overlay = await reservations?.(config);
  const payments = new Payments(
    { db, leads: openStores(db).leads, tenants, tenantsDir: config.tenantsDir, now: Date.now, kick: () => undefined, log },
    config.payments,
    overlay ? { reservations: overlay } : {},
  );
  try {
    const tenant = tenants.get(slug) ?? stop(`unknown tenant "${slug}" in ${config.tenantsDir}`);
    await work({ config, tenant, payments });
  } catch (error) {
    console.error(`${name} failed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await overlay?.state.close();
    await db.close();
  }
}
