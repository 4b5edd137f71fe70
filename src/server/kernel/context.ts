/** What the kernel hands every feature plugin (docs/lead-api.md "Kernel and features"). */
import type { Adapters } from './adapters.ts';
import type { DerivedKeys } from './keys.ts';
import type { Outbox } from './outbox.ts';
import type { Allowances } from './rate-limits.ts';
import type { SmsLimits } from './sms-policy.ts';
import type { KernelStore } from './store.ts';
import type { TenantRegistry } from './tenants.ts';

/** Daily allowances that keep one client (or one tenant) from using up what everyone shares (issue 34). */
export interface Quotas {
  /** enter-vin valuations (each may be a paid lookup) per client per tenant (M8). */
  evaluationsPerClientPerDay: number;
  /** enter-vin valuations per tenant (M8). */
  evaluationsPerTenantPerDay: number;
  /** Trade-in photos per client per tenant (N11). */
  photosPerClientPerDay: number;
  /** Trade-in photo bytes (as uploaded) per client per tenant (N11). */
  photoBytesPerClientPerDay: number;
  /** /miscellaneous rows per client per tenant (N11). */
  miscellaneousPerClientPerDay: number;
  /** Opt-outs by a typed e-mail or phone per client per tenant (N13). */
  optOutsPerClientPerDay: number;
}

export const DEFAULT_QUOTAS: Quotas = {
  evaluationsPerClientPerDay: 30,
  evaluationsPerTenantPerDay: 3000,
  photosPerClientPerDay: 60,
  photoBytesPerClientPerDay: 300 * 1024 * 1024,
  miscellaneousPerClientPerDay: 300,
  optOutsPerClientPerDay: 10,
};

/** The shared services and settings of one API instance. */
export interface ApiContext {
  tenants: TenantRegistry;
  /** The kernel's data access; a feature opens its own store over `store.db` for its own tables. */
  store: KernelStore;
  adapters: Adapters;
  outbox: Outbox;
  now: () => number;
  signIn: { secret: string; codeTtlMs: number; maxAttempts: number; sessionTtlMs: number; codesPerPhone: number };
  /** Keys derived from the sign-in secret, one per use. */
  keys: DerivedKeys;
  /** Daily SMS caps. */
  smsLimits: SmsLimits;
  /** Per-client and per-tenant daily allowances, and the counters behind them (Redis with REDIS_URL). */
  quotas: Quotas;
  allowances: Allowances;
  /** Bearer token that shows operators the full /api/health (issue 34 N7); undefined: loopback only. */
  operatorToken: string | undefined;
  /** Production rules are on (Secure cookies always). */
  production: boolean;
  /** Bytes of trade-in photos one tenant may keep. */
  imageQuotaBytes: number;
  /** Sign-in requests per client per minute. */
  signInRateMax: number;
  /** GET /api/dev/messages is served. */
  devMessages: boolean;
}

/** The options every feature plugin is registered with. */
export interface FeatureOptions {
  ctx: ApiContext;
}
