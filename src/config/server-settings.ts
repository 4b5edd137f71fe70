/**
 * The shapes of the lead API's settings that src/config/server.ts reads from the
 * environment and src/server consumes (the database, the third-party providers, the daily
 * caps and allowances, the payments' limits and timings), and their defaults, written once:
 * the variables' and createApp's when a caller hands no setting (tests, scripts). They live here so the configuration
 * imports nothing from the server; the server imports them from here.
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

/** Daily SMS caps (rolling 24 hours; the per-client one a fixed day window). */
export interface SmsLimits {
  /** Texts to one phone from one tenant. */
  perPhonePerDay: number;
  /** Texts from one tenant (its budget). */
  perTenantPerDay: number;
  /** Texts to one phone from all tenants together. */
  perPhoneAllTenantsPerDay: number;
  /** Texts one client address may cause, all tenants together. */
  perClientPerDay: number;
}

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

/**
 * The outbox worker's defaults: the DELIVERY_* variables' (server.ts) and the Outbox's own when
 * a caller leaves a setting out (src/server/leads/outbox.ts), so a worker built without the
 * configuration (tests, scripts) retries as production does.
 */
export const DELIVERY_DEFAULTS = {
  /** Run the worker in this process (DELIVERY_WORKER). */
  enabled: true,
  /** First retry delay, doubling per attempt (DELIVERY_BASE_DELAY_MS). */
  baseDelayMs: 5000,
  /** Longest retry delay (DELIVERY_MAX_DELAY_MS). */
  maxDelayMs: 3_600_000,
  /** Idle poll for due jobs (DELIVERY_POLL_MS). */
  pollMs: 1000,
  /** Attempts before a dead letter (DELIVERY_MAX_ATTEMPTS): at least 6 hours with the delays above, about 8 with the jitter. */
  maxAttempts: 18,
  /** Jobs claimed per round. */
  batchSize: 50,
  /** How long a claimed job is reserved for one worker (ms). */
  leaseMs: 60_000,
} as const;

/** How long one command to Redis may go unanswered before the lead API counts its limits in memory (REDIS_COMMAND_TIMEOUT_MS). */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1000;

const MB = 1024 * 1024;

/**
 * The lead API's defaults besides the outbox's: the variables' (server.ts) and createApp's for
 * a setting its caller leaves out.
 */
export const API_DEFAULTS = {
  /** Requests per client per tenant a window, per tenant a window, the window (ms), and sign-in code requests per client a minute (RATE_LIMIT_*). */
  rateLimit: { max: 120, tenantMax: 6000, windowMs: 60_000, signInMax: 5 },
  /** A sign-in code's lifetime, wrong codes allowed per code, a session's lifetime, codes one phone may request per 15 minutes (SIGN_IN_*, SESSION_TTL_DAYS). */
  signIn: { codeTtlMs: 10 * 60_000, maxAttempts: 5, sessionTtlMs: 30 * 86_400_000, codesPerPhone: 3 },
  /** Daily SMS caps (SMS_DAILY_*). */
  sms: { perPhonePerDay: 10, perTenantPerDay: 2000, perPhoneAllTenantsPerDay: 10, perClientPerDay: 20 } satisfies SmsLimits,
  /** Daily allowances (VALUATIONS_DAILY_*, PHOTOS_DAILY_PER_CLIENT, PHOTO_MB_DAILY_PER_CLIENT, MISCELLANEOUS_DAILY_PER_CLIENT, OPT_OUTS_DAILY_PER_CLIENT). */
  quotas: {
    evaluationsPerClientPerDay: 30,
    evaluationsPerTenantPerDay: 3000,
    photosPerClientPerDay: 60,
    photoBytesPerClientPerDay: 300 * MB,
    miscellaneousPerClientPerDay: 300,
    optOutsPerClientPerDay: 10,
  } satisfies Quotas,
  /** Trade-in photo bytes one tenant may keep (IMAGE_QUOTA_MB_PER_TENANT). */
  imageQuotaBytes: 2048 * MB,
} as const;

/** Bounds of car holds and provider intents against hold-everything and card-testing abuse (docs/payments.md). */
export interface PaymentLimits {
  /** Cars one client (network address) may hold at once on a site. */
  holdsPerClient: number;
  /** Holds of one car that one client let run out unpaid within abandonedWindowMs, after which that client is refused the car. */
  abandonedPerClientCar: number;
  abandonedWindowMs: number;
  /** Provider intents (a card about to be charged) per client and per site in the last hour. */
  intentsPerClientHour: number;
  intentsPerTenantHour: number;
}

/** The payments' limits where none is set (paymentsSettings). */
export const DEFAULT_PAYMENT_LIMITS: PaymentLimits = {
  holdsPerClient: 2,
  abandonedPerClientCar: 2,
  abandonedWindowMs: 24 * 3_600_000,
  intentsPerClientHour: 6,
  intentsPerTenantHour: 60,
};

/** When a verdict is asked of the provider rather than awaited from its webhook (lost or late), and when an /online-payment payment is abandoned (docs/payments.md "Verdicts asked of Stripe"). */
export interface PaymentTimings {
  /** The status the browser polls asks the provider once the card was submitted this long ago with no verdict recorded. */
  askAfterMs: number;
  /** One payment's status asks the provider at most once in this time, however often it is polled. */
  askEveryMs: number;
  /** An /online-payment payment still pending this long after it started (or its card was submitted) is abandoned: the sweep cancels it, or records the verdict the provider has. */
  abandonedAfterMs: number;
}

/** The payments' timings where none is set (paymentsSettings). */
export const DEFAULT_PAYMENT_TIMINGS: PaymentTimings = { askAfterMs: 5_000, askEveryMs: 5_000, abandonedAfterMs: 24 * 3_600_000 };

/** Online payments' settings, resolved: the bounds of holds and intents, and when verdicts are asked and payments abandoned. */
export interface PaymentsSettings {
  limits: PaymentLimits;
  timings: PaymentTimings;
}

/**
 * The payments' settings: the defaults above, each replaced where `given` sets it. The one place
 * they are resolved: loadConfig (ApiConfig `payments`: the lead API, the payment commands),
 * createApp for a caller that hands none, a test that changes a limit or a timing. The payments
 * service takes them resolved.
 */
export function paymentsSettings(given: { limits?: Partial<PaymentLimits>; timings?: Partial<PaymentTimings> } = {}): PaymentsSettings {
  return { limits: { ...DEFAULT_PAYMENT_LIMITS, ...given.limits }, timings: { ...DEFAULT_PAYMENT_TIMINGS, ...given.timings } };
}
