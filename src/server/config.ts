/**
 * Lead API configuration from environment variables: read and validated in this one
 * place (STYLE §4), with a message naming each bad variable. Secrets (database URL,
 * provider keys, the sign-in secret) are read here and only used on the server.
 * docs/lead-api.md lists every variable.
 */
import { resolve } from 'node:path';
import * as v from 'valibot';
import type { ProviderConfig } from './adapters.ts';
import type { DatabaseConfig } from './db.ts';

const integer = (fallback: number, min: number, max: number) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'expected a whole number'), v.transform(Number), v.minValue(min), v.maxValue(max)),
    String(fallback),
  );
const flag = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], 'expected true or false'),
      v.transform((text) => ['1', 'true', 'yes', 'on'].includes(text)),
    ),
    fallback ? 'true' : 'false',
  );
const url = v.optional(v.pipe(v.string(), v.trim(), v.url('expected a URL such as https://provider.example.com/api')));

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.string(), 'development'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  PORT: integer(8787, 1, 65535),
  TENANTS_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), 'tenants'),
  TENANTS_WATCH: flag(true),
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
  TRUST_PROXY: flag(false),
  RATE_LIMIT_MAX: integer(120, 1, 10_000_000),
  RATE_LIMIT_TENANT_MAX: integer(6000, 1, 100_000_000),
  RATE_LIMIT_WINDOW_MS: integer(60_000, 1000, 86_400_000),
  RATE_LIMIT_SIGN_IN_MAX: integer(5, 1, 10_000_000),
  SIGN_IN_CODES_PER_PHONE: integer(3, 1, 1000),
  DELIVERY_WORKER: flag(true),
  DELIVERY_BASE_DELAY_MS: integer(5000, 1, 86_400_000),
  DELIVERY_MAX_DELAY_MS: integer(3_600_000, 1, 604_800_000),
  DELIVERY_POLL_MS: integer(1000, 10, 3_600_000),
  SIGN_IN_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'expected at least 16 characters'))),
  SIGN_IN_CODE_TTL_MINUTES: integer(10, 1, 60),
  SIGN_IN_MAX_ATTEMPTS: integer(5, 1, 20),
  SESSION_TTL_DAYS: integer(30, 1, 365),
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

/** The validated configuration. */
export interface ApiConfig {
  host: string;
  port: number;
  tenantsDir: string;
  /** Reload tenants when files under tenantsDir change (npm run api). */
  tenantsWatch: boolean;
  database: DatabaseConfig;
  hostMap: Record<string, string>;
  trustProxy: boolean;
  rateLimit: { max: number; tenantMax: number; windowMs: number; signInMax: number };
  delivery: { enabled: boolean; baseDelayMs: number; maxDelayMs: number; pollMs: number };
  signIn: { secret: string; codeTtlMs: number; maxAttempts: number; sessionTtlMs: number; codesPerPhone: number };
  logLevel: string;
  providers: ProviderConfig;
  /** Serve GET /api/dev/messages (local runs and browser tests; refused in production). */
  devMessages: boolean;
}

/** Thrown when the environment is invalid; the message lists every problem. */
export class ConfigError extends Error {}

/** Read and validate the configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd: string = process.cwd()): ApiConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    throw new ConfigError(`Invalid lead API configuration:\n${result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '(env)'}: ${issue.message}`).join('\n')}`);
  }
  const e = result.output;
  if (e.NODE_ENV === 'production' && !e.SIGN_IN_SECRET) {
    throw new ConfigError('Invalid lead API configuration:\n  SIGN_IN_SECRET: required in production (at least 16 characters; it keys sign-in code hashes)');
  }
  if (e.NODE_ENV === 'production' && e.DEV_MESSAGES) {
    throw new ConfigError('Invalid lead API configuration:\n  DEV_MESSAGES: must not be on in production (it shows sign-in codes)');
  }
  const hostMap: Record<string, string> = {};
  for (const pair of e.SITE_HOSTS.split(',').map((text) => text.trim()).filter(Boolean)) {
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
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'sqlite', file: e.SQLITE_FILE === ':memory:' ? ':memory:' : resolve(cwd, e.SQLITE_FILE), synchronous: e.SQLITE_SYNCHRONOUS },
    hostMap,
    trustProxy: e.TRUST_PROXY,
    rateLimit: { max: e.RATE_LIMIT_MAX, tenantMax: e.RATE_LIMIT_TENANT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS, signInMax: e.RATE_LIMIT_SIGN_IN_MAX },
    delivery: { enabled: e.DELIVERY_WORKER, baseDelayMs: e.DELIVERY_BASE_DELAY_MS, maxDelayMs: e.DELIVERY_MAX_DELAY_MS, pollMs: e.DELIVERY_POLL_MS },
    signIn: {
      // Development default: stable across restarts so codes survive a restart in local runs.
      secret: e.SIGN_IN_SECRET ?? 'development-only-sign-in-secret',
      codeTtlMs: e.SIGN_IN_CODE_TTL_MINUTES * 60_000,
      maxAttempts: e.SIGN_IN_MAX_ATTEMPTS,
      sessionTtlMs: e.SESSION_TTL_DAYS * 86_400_000,
      codesPerPhone: e.SIGN_IN_CODES_PER_PHONE,
    },
    logLevel: e.LOG_LEVEL,
    providers,
    devMessages: e.DEV_MESSAGES,
  };
}
