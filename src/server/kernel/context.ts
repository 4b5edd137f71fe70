/** What the kernel hands every feature plugin (docs/lead-api.md "Kernel and features"). */
import type { Quotas } from '../../config/server-settings.ts';
import type { KernelAdapters } from './adapters.ts';
import type { DerivedKeys } from './keys.ts';
import type { Outbox } from '../leads/outbox.ts';
import type { Allowances } from './rate-limits.ts';
import type { SmsLimits } from './message-caps.ts';
import type { KernelStores } from './stores.ts';
import type { TenantRegistry } from './tenants.ts';

export type { Quotas } from '../../config/server-settings.ts';

/** The shared services and settings of one API instance; `A`: a feature's own adapters, beside the kernel's (the root hands them all). */
export interface ApiContext<A extends object = object> {
  tenants: TenantRegistry;
  /** The shared data access; a feature opens its own store over `stores.db` for its own tables. */
  stores: KernelStores;
  adapters: KernelAdapters & A;
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
  /** Bearer token that shows operators the full /api/health; undefined: loopback only. */
  operatorToken: string | undefined;
  /** Production rules are on (Secure cookies always). */
  production: boolean;
  /** Folder of trade-in photo files; undefined: photos stay in the database (tests). */
  imagesDir: string | undefined;
  /** Bytes of trade-in photos one tenant may keep. */
  imageQuotaBytes: number;
  /** Sign-in requests per client per minute. */
  signInRateMax: number;
  /** GET /api/dev/messages is served. */
  devMessages: boolean;
}

/** The options every feature plugin is registered with. */
export interface FeatureOptions<A extends object = object> {
  ctx: ApiContext<A>;
}
