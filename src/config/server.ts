/**
 * Lead API configuration from environment variables (the server area of src/config/, which
 * alone reads the environment: env.ts): validated in this one place (STYLE §4), with a message naming each bad variable. Secrets (database URL,
 * provider keys, the sign-in secret) are read here and only used on the server.
 * docs/lead-api.md lists every variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as v from 'valibot';
import { ConfigError, configError, environment, flag, integer, isProxyAddress, variableProblems, type Environment } from './env.ts';
import { logFormatFor, type LogFormat } from './log.ts';
import { checkProduction } from './production.ts';
import { DEFAULT_CLIENT_IPV6_PREFIX } from '../platform/net/client-address.ts';
import {
  API_DEFAULTS,
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  DELIVERY_DEFAULTS,
  paymentsSettings,
  type DatabaseConfig,
  type PaymentsSettings,
  type ProviderConfig,
  type Quotas,
  type SmsLimits,
} from './server-settings.ts';

export { ConfigError };

const MB = 1024 * 1024;
const MINUTE = 60_000;
const DAY = 86_400_000;

const url = v.optional(v.pipe(v.string(), v.trim(), v.url('expected a URL such as https://provider.example.com/api')));

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.string(), 'development'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  PORT: integer(8787, 1, 65535),
  TENANTS_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), 'tenants'),
  TENANTS_WATCH: flag(true),
  // The accepted stock (and the reserved overlay) in the pipeline state (docs/deploy.md): its database is DATABASE_URL (else SQLite in the data directory), its files the bucket (S3_*) or the data directory.
  STOCK_FROM_STATE: flag(false),
  PIPELINE_DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL'))),
  DATABASE_POOL_SIZE: integer(10, 1, 200),
  SQLITE_FILE: v.optional(v.pipe(v.string(), v.minLength(1)), 'data/leads.sqlite'),
  SQLITE_SYNCHRONOUS: v.optional(v.picklist(['FULL', 'NORMAL'], 'expected FULL or NORMAL'), 'FULL'),
  SITE_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^([a-z0-9.-]+=[a-z0-9-]+)?(\s*,\s*[a-z0-9.-]+=[a-z0-9-]+)*$/i, 'expected host=slug pairs separated by commas, e.g. www.acme.com.au=acme'),
    ),
    '',
  ),
  // Addresses (or CIDR ranges) of the proxies / load balancers whose X-Forwarded-For is believed; 'none' when clients connect directly.
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (text) => /^(none|false|off|0|true|on|1)$/i.test(text) || text.split(',').every((entry) => isProxyAddress(entry.trim())),
        'expected none, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8, 192.168.1.7',
      ),
    ),
  ),
  // IPv6 clients are counted by this prefix of their address (one host is routed a /64); IPv4 per address.
  CLIENT_IPV6_PREFIX: integer(DEFAULT_CLIENT_IPV6_PREFIX, 32, 128),
  REDIS_URL: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL'))),
  // A Redis that holds its connection open but stops answering (hung, paused) fails a command after this long; the limits are then counted in memory.
  REDIS_COMMAND_TIMEOUT_MS: integer(DEFAULT_REDIS_COMMAND_TIMEOUT_MS, 10, 60_000),
  SMS_DAILY_PER_PHONE: integer(API_DEFAULTS.sms.perPhonePerDay, 1, 1_000_000),
  SMS_DAILY_PER_TENANT: integer(API_DEFAULTS.sms.perTenantPerDay, 1, 100_000_000),
  SMS_DAILY_PER_PHONE_ALL_TENANTS: integer(API_DEFAULTS.sms.perPhoneAllTenantsPerDay, 1, 1_000_000),
  SMS_DAILY_PER_CLIENT: integer(API_DEFAULTS.sms.perClientPerDay, 1, 1_000_000),
  VALUATIONS_DAILY_PER_CLIENT: integer(API_DEFAULTS.quotas.evaluationsPerClientPerDay, 1, 1_000_000),
  VALUATIONS_DAILY_PER_TENANT: integer(API_DEFAULTS.quotas.evaluationsPerTenantPerDay, 1, 100_000_000),
  PHOTOS_DAILY_PER_CLIENT: integer(API_DEFAULTS.quotas.photosPerClientPerDay, 1, 1_000_000),
  PHOTO_MB_DAILY_PER_CLIENT: integer(API_DEFAULTS.quotas.photoBytesPerClientPerDay / MB, 1, 10_000_000),
  MISCELLANEOUS_DAILY_PER_CLIENT: integer(API_DEFAULTS.quotas.miscellaneousPerClientPerDay, 1, 1_000_000),
  OPT_OUTS_DAILY_PER_CLIENT: integer(API_DEFAULTS.quotas.optOutsPerClientPerDay, 1, 1_000_000),
  API_OPERATOR_TOKEN: v.optional(v.pipe(v.string(), v.trim(), v.minLength(32, 'expected at least 32 random characters (openssl rand -hex 32)'))),
  DELIVERY_MAX_ATTEMPTS: integer(DELIVERY_DEFAULTS.maxAttempts, 1, 1000),
  IMAGES_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), 'data/images'),
  IMAGE_QUOTA_MB_PER_TENANT: integer(API_DEFAULTS.imageQuotaBytes / MB, 1, 10_000_000),
  RATE_LIMIT_MAX: integer(API_DEFAULTS.rateLimit.max, 1, 10_000_000),
  RATE_LIMIT_TENANT_MAX: integer(API_DEFAULTS.rateLimit.tenantMax, 1, 100_000_000),
  RATE_LIMIT_WINDOW_MS: integer(API_DEFAULTS.rateLimit.windowMs, 1000, 86_400_000),
  RATE_LIMIT_SIGN_IN_MAX: integer(API_DEFAULTS.rateLimit.signInMax, 1, 10_000_000),
  SIGN_IN_CODES_PER_PHONE: integer(API_DEFAULTS.signIn.codesPerPhone, 1, 1000),
  DELIVERY_WORKER: flag(DELIVERY_DEFAULTS.enabled),
  DELIVERY_BASE_DELAY_MS: integer(DELIVERY_DEFAULTS.baseDelayMs, 1, 86_400_000),
  DELIVERY_MAX_DELAY_MS: integer(DELIVERY_DEFAULTS.maxDelayMs, 1, 604_800_000),
  DELIVERY_POLL_MS: integer(DELIVERY_DEFAULTS.pollMs, 10, 3_600_000),
  // Lead webhooks may reach loopback and private addresses: local receivers only (refused in production, src/config/production.ts).
  LEAD_DELIVERY_ALLOW_PRIVATE: flag(false),
  SIGN_IN_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'expected at least 16 characters'))),
  SIGN_IN_CODE_TTL_MINUTES: integer(API_DEFAULTS.signIn.codeTtlMs / MINUTE, 1, 60),
  SIGN_IN_MAX_ATTEMPTS: integer(API_DEFAULTS.signIn.maxAttempts, 1, 20),
  SESSION_TTL_DAYS: integer(API_DEFAULTS.signIn.sessionTtlMs / DAY, 1, 365),
  DEV_MESSAGES: flag(false),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  SMS_API_URL: url,
  SMS_API_KEY: v.optional(v.string()),
  MAIL_API_URL: url,
  MAIL_API_KEY: v.optional(v.string()),
  VALUATION_API_URL: url,
  VALUATION_API_KEY: v.optional(v.string()),
  FINANCE_QUOTE_API_URL: url,
  FINANCE_QUOTE_API_KEY: v.optional(v.string()),
  PRICE_COMPARISON_API_URL: url,
  PRICE_COMPARISON_API_KEY: v.optional(v.string()),
  DELIVERY_API_URL: url,
  DELIVERY_API_KEY: v.optional(v.string()),
  APPOINTMENTS_API_URL: url,
  APPOINTMENTS_API_KEY: v.optional(v.string()),
});

/** The variables the lead API reads (besides STRIPE_* and the webhook secrets site.json names). */
export const SERVER_VARIABLES: readonly string[] = Object.keys(EnvSchema.entries);

/** The validated configuration. */
export interface ApiConfig {
  host: string;
  port: number;
  tenantsDir: string;
  /** Reload tenants when files under tenantsDir change (npm run api). */
  tenantsWatch: boolean;
  /** Read the accepted stock (and keep the reserved overlay) in the pipeline state (STOCK_FROM_STATE), with its data directory (PIPELINE_DATA_DIR); null: the tenant folders. */
  stockFromState: { dataDir: string | undefined } | null;
  database: DatabaseConfig;
  hostMap: Record<string, string>;
  /** false, or the proxy addresses / CIDR ranges whose X-Forwarded-For is trusted (true only outside production). */
  trustProxy: boolean | string[];
  /** IPv6 clients count by this many leading bits of their address in every per-client limit (CLIENT_IPV6_PREFIX, default 64). */
  clientIpv6PrefixBits: number;
  /** Rate-limit counters shared by every API process through Redis when set. */
  redisUrl: string | undefined;
  /** How long one Redis command may go unanswered before the counters are kept in memory (REDIS_COMMAND_TIMEOUT_MS, default DEFAULT_REDIS_COMMAND_TIMEOUT_MS). */
  redisCommandTimeoutMs: number;
  /** NODE_ENV=production: the fail-fast checks ran; *.localhost is refused; cookies are Secure. */
  production: boolean;
  rateLimit: { max: number; tenantMax: number; windowMs: number; signInMax: number };
  /** The outbox worker; webhooks within the outbound-address policy (allowPrivate: local receivers), https only in production. */
  delivery: { enabled: boolean; baseDelayMs: number; maxDelayMs: number; pollMs: number; maxAttempts: number; allowPrivate: boolean; requireHttps: boolean };
  /** Daily SMS caps (rolling 24 hours): per phone and tenant, per tenant, per phone on all tenants, per client address. */
  sms: SmsLimits;
  /** Daily allowances per client (and valuations per tenant): Quotas (server-settings.ts). */
  quotas: Quotas;
  /** Bearer token that shows operators the full /api/health (else only loopback requests see it). */
  operatorToken: string | undefined;
  /** Where trade-in photos are kept (outside the database), and each tenant's quota in bytes. */
  images: { dir: string; quotaBytesPerTenant: number };
  signIn: { secret: string; codeTtlMs: number; maxAttempts: number; sessionTtlMs: number; codesPerPhone: number };
  logLevel: string;
  /** JSON lines, or readable lines when stdout is a terminal outside production (LOG_FORMAT overrides): src/config/log.ts. */
  logFormat: LogFormat;
  providers: ProviderConfig;
  /** Online payments' bounds of holds and intents, and when a verdict is asked of the provider and an invoice payment abandoned: no variable sets them (paymentsSettings: DEFAULT_PAYMENT_LIMITS, DEFAULT_PAYMENT_TIMINGS). */
  payments: PaymentsSettings;
  /** Serve GET /api/dev/messages (local runs and browser tests; refused in production). */
  devMessages: boolean;
}

/**
 * Read and validate the configuration; throws ConfigError naming each bad variable.
 * `tool`: an operator command that only opens the database (export, purge, outbox): it gets
 * the production checks every process shares, not the API's transports and proxies.
 */
export function loadConfig(env: Environment = environment(), cwd: string = process.cwd(), options: { tool?: boolean } = {}): ApiConfig {
  const result = parseServerEnvironment(env);
  if (!result.success) {
    throw configError('lead API', variableProblems(result.issues));
  }
  const e = result.output;
  const production = e.NODE_ENV === 'production';
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  // Fail fast: each unsafe or missing production setting, named (src/config/production.ts, shared by every process).
  checkProduction(options.tool ? 'command' : 'api', env);
  const hostMap: Record<string, string> = {};
  for (const pair of e.SITE_HOSTS.split(',')
    .map((text) => text.trim())
    .filter(Boolean)) {
    const [host, slug] = pair.split('=') as [string, string];
    hostMap[host.toLowerCase()] = slug;
  }
  const provider = (urlValue: string | undefined, key: string | undefined) => (urlValue ? { url: urlValue, key } : undefined);
  const providers: ProviderConfig = {};
  const entries: [keyof ProviderConfig, string | undefined, string | undefined][] = [
    ['sms', e.SMS_API_URL, e.SMS_API_KEY],
    ['mail', e.MAIL_API_URL, e.MAIL_API_KEY],
    ['valuation', e.VALUATION_API_URL, e.VALUATION_API_KEY],
    ['financeQuote', e.FINANCE_QUOTE_API_URL, e.FINANCE_QUOTE_API_KEY],
    ['priceComparison', e.PRICE_COMPARISON_API_URL, e.PRICE_COMPARISON_API_KEY],
    ['delivery', e.DELIVERY_API_URL, e.DELIVERY_API_KEY],
    ['appointments', e.APPOINTMENTS_API_URL, e.APPOINTMENTS_API_KEY],
  ];
  for (const [name, urlValue, key] of entries) {
    const endpoint = provider(urlValue, key);
    if (endpoint) providers[name] = endpoint;
  }
  return {
    host: e.HOST,
    port: e.PORT,
    tenantsDir: resolve(cwd, e.TENANTS_DIR),
    tenantsWatch: e.TENANTS_WATCH,
    stockFromState: e.STOCK_FROM_STATE ? { dataDir: e.PIPELINE_DATA_DIR === undefined ? undefined : resolve(cwd, e.PIPELINE_DATA_DIR) } : null,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'sqlite', file: e.SQLITE_FILE === ':memory:' ? ':memory:' : resolve(cwd, e.SQLITE_FILE), synchronous: e.SQLITE_SYNCHRONOUS },
    hostMap,
    trustProxy,
    clientIpv6PrefixBits: e.CLIENT_IPV6_PREFIX,
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    production,
    rateLimit: { max: e.RATE_LIMIT_MAX, tenantMax: e.RATE_LIMIT_TENANT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS, signInMax: e.RATE_LIMIT_SIGN_IN_MAX },
    delivery: {
      enabled: e.DELIVERY_WORKER,
      baseDelayMs: e.DELIVERY_BASE_DELAY_MS,
      maxDelayMs: e.DELIVERY_MAX_DELAY_MS,
      pollMs: e.DELIVERY_POLL_MS,
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      allowPrivate: e.LEAD_DELIVERY_ALLOW_PRIVATE,
      requireHttps: production,
    },
    sms: {
      perPhonePerDay: e.SMS_DAILY_PER_PHONE,
      perTenantPerDay: e.SMS_DAILY_PER_TENANT,
      perPhoneAllTenantsPerDay: e.SMS_DAILY_PER_PHONE_ALL_TENANTS,
      perClientPerDay: e.SMS_DAILY_PER_CLIENT,
    },
    quotas: {
      evaluationsPerClientPerDay: e.VALUATIONS_DAILY_PER_CLIENT,
      evaluationsPerTenantPerDay: e.VALUATIONS_DAILY_PER_TENANT,
      photosPerClientPerDay: e.PHOTOS_DAILY_PER_CLIENT,
      photoBytesPerClientPerDay: e.PHOTO_MB_DAILY_PER_CLIENT * MB,
      miscellaneousPerClientPerDay: e.MISCELLANEOUS_DAILY_PER_CLIENT,
      optOutsPerClientPerDay: e.OPT_OUTS_DAILY_PER_CLIENT,
    },
    operatorToken: e.API_OPERATOR_TOKEN || undefined,
    images: { dir: resolve(cwd, e.IMAGES_DIR), quotaBytesPerTenant: e.IMAGE_QUOTA_MB_PER_TENANT * MB },
    signIn: {
      // Outside production without SIGN_IN_SECRET: a random secret kept under data/ (never a public default),
      // stable across restarts so codes survive a restart in local runs.
      secret: e.SIGN_IN_SECRET ?? localSecret(resolve(cwd, 'data', '.sign-in-secret')),
      codeTtlMs: e.SIGN_IN_CODE_TTL_MINUTES * MINUTE,
      maxAttempts: e.SIGN_IN_MAX_ATTEMPTS,
      sessionTtlMs: e.SESSION_TTL_DAYS * DAY,
      codesPerPhone: e.SIGN_IN_CODES_PER_PHONE,
    },
    logLevel: e.LOG_LEVEL,
    logFormat: logFormatFor(env),
    providers,
    payments: paymentsSettings(),
    devMessages: e.DEV_MESSAGES,
  };
}

/** The lead API's variables of `env` checked by EnvSchema, unset ones and empty strings left out. */
function parseServerEnvironment(env: Environment) {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  return v.safeParse(EnvSchema, present);
}

/** Where npm start and npm run serve listen (the sites and the lead API) when PORT / HOST are unset; npm run api alone keeps EnvSchema's 8787. */
export const LOCAL_SERVER_DEFAULTS = { HOST: '127.0.0.1', PORT: '4321' } as const;

/**
 * The HOST and PORT npm start and npm run serve listen on (the one owner of that choice): the
 * flags given, else the variables, else LOCAL_SERVER_DEFAULTS; an empty one is unset, as
 * loadConfig reads it. Not validated here: loadConfig names a PORT that is no port.
 */
export function localServerAddress(env: Environment, flags: { host?: string; port?: string } = {}): { HOST: string; PORT: string } {
  const given = (...values: (string | undefined)[]) => values.find((value) => value !== undefined && value !== '');
  return { HOST: given(flags.host, env.HOST) ?? LOCAL_SERVER_DEFAULTS.HOST, PORT: given(flags.port, env.PORT) ?? LOCAL_SERVER_DEFAULTS.PORT };
}

/** Hosts only this machine reaches. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** A live Stripe key, secret or restricted, the site's or a tenant's own (STRIPE_SECRET_KEY, STRIPE_SECRET_KEY_<SLUG>). */
function hasLiveStripeKey(env: Environment): boolean {
  return Object.entries(env).some(([name, value]) => name.startsWith('STRIPE_SECRET_KEY') && /^[sr]k_live_/.test(value ?? ''));
}

/**
 * Whether npm start turns the dev message log on (devMessages, DEV_MESSAGES) for the server it
 * starts: with the local message adapters only (no SMS_API_URL or MAIL_API_URL; never in
 * production), so a sign-in code can be read, and not when DEV_MESSAGES is set off or other
 * machines reach the server (HOST not loopback, a trusted proxy, a live Stripe key): the log
 * would hand them every shopper's sign-in code. False where a variable is invalid (the server
 * refuses to start and names it).
 */
export function startsWithDevMessages(env: Environment): boolean {
  const result = parseServerEnvironment(env);
  if (!result.success) return false;
  const e = result.output;
  if (e.NODE_ENV === 'production' || e.SMS_API_URL || e.MAIL_API_URL) return false;
  if (!LOOPBACK_HOSTS.has(e.HOST.trim()) || parseTrustProxy(e.TRUST_PROXY) !== false || hasLiveStripeKey(env)) return false;
  // Unset, or set on: only DEV_MESSAGES set off keeps it off.
  return env.DEV_MESSAGES === undefined || env.DEV_MESSAGES === '' || e.DEV_MESSAGES;
}

/** TRUST_PROXY read: false for none (unset, 'none', 'false', ...), true for any, else the addresses and ranges. */
export function parseTrustProxy(text: string | undefined): boolean | string[] {
  if (text === undefined || /^(none|false|off|0)$/i.test(text)) return false;
  if (/^(true|on|1)$/i.test(text)) return true;
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A random secret for local runs, created once (mode 0600) and reused. */
function localSecret(file: string): string {
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
