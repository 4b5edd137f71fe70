/**
 * The shapes of the lead API's settings that src/config/server.ts reads from the
 * environment and src/server consumes: the database, the third-party providers and the
 * daily allowances. They live here so the configuration imports nothing from the server;
 * the server imports them from here.
 */

export type { DatabaseConfig } from '../platform/sql/db.ts';

/** The adapters a real provider may replace (src/server/adapters.ts `Adapters`). */
export type AdapterName = 'sms' | 'mail' | 'valuation' | 'financeQuote' | 'priceComparison' | 'delivery' | 'appointments';

/** URL and key of a real provider. */
export interface ProviderEndpoint {
  url: string;
  key?: string;
}

/** Provider endpoints by adapter; absent ones use the local default. */
export type ProviderConfig = Partial<Record<AdapterName, ProviderEndpoint>>;

/** Daily allowances that keep one client (or one tenant) from using up what everyone shares. */
export interface Quotas {
  /** enter-vin valuations (each may be a paid lookup) per client per tenant. */
  evaluationsPerClientPerDay: number;
  /** enter-vin valuations per tenant. */
  evaluationsPerTenantPerDay: number;
  /** Trade-in photos per client per tenant. */
  photosPerClientPerDay: number;
  /** Trade-in photo bytes (as uploaded) per client per tenant. */
  photoBytesPerClientPerDay: number;
  /** /miscellaneous rows per client per tenant. */
  miscellaneousPerClientPerDay: number;
  /** Opt-outs by a typed e-mail or phone per client per tenant. */
  optOutsPerClientPerDay: number;
}

/** How long one command to Redis may go unanswered before the lead API counts its limits in memory (REDIS_COMMAND_TIMEOUT_MS). */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1000;
