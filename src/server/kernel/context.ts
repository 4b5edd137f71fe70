/** What the kernel hands every feature plugin (docs/lead-api.md "Kernel and features"). */
import type { Adapters } from './adapters.ts';
import type { DerivedKeys } from './keys.ts';
import type { Outbox } from './outbox.ts';
import type { SmsLimits } from './sms-policy.ts';
import type { KernelStore } from './store.ts';
import type { TenantRegistry } from './tenants.ts';

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
