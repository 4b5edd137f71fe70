import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_IPV6_PREFIX } from '../platform/net/client-address.ts';
import { ConfigError, loadConfig, localServerAddress, startsWithDevMessages } from './server.ts';
import { API_DEFAULTS, DEFAULT_PAYMENT_LIMITS, DEFAULT_PAYMENT_TIMINGS, paymentsSettings } from './server-settings.ts';

/** Every setting production needs (issue 13 "fail fast on configuration"). */
const PRODUCTION = {
  NODE_ENV: 'production',
  SIGN_IN_SECRET: 'a-long-enough-secret',
  MAIL_API_URL: 'https://mail.example/api',
  SMS_API_URL: 'https://sms.example/api',
  TRUST_PROXY: '10.0.0.0/8',
};

describe('loadConfig', () => {
  it('has working defaults: SQLite under data/, port 8787, local adapters', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8787, tenantsDir: '/srv/app/tenants', database: { kind: 'sqlite', file: '/srv/app/data/leads.sqlite', synchronous: 'FULL' }, providers: {} });
  });
  it('reads PostgreSQL, host mapping and providers', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/leads', SITE_HOSTS: 'www.acme.com.au=acme, acme.com.au=acme', SMS_API_URL: 'https://sms.example/api', SMS_API_KEY: 'k' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db/leads', poolSize: 10 });
    expect(config.hostMap).toEqual({ 'www.acme.com.au': 'acme', 'acme.com.au': 'acme' });
    expect(config.providers.sms).toEqual({ url: 'https://sms.example/api', key: 'k' });
  });
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DELIVERY_WORKER: 'maybe' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DELIVERY_WORKER: 'maybe' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT: expected a whole number/);
      expect((error as Error).message).toMatch(/DATABASE_URL: expected a postgres/);
      expect((error as Error).message).toMatch(/DELIVERY_WORKER: expected true or false/);
    }
  });
  it('words a value outside its choices or bounds as the tenant files do (issueMessage), not in valibot\'s words', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose', CLIENT_IPV6_PREFIX: '200' })).toThrow(
      'Invalid lead API configuration:\n  CLIENT_IPV6_PREFIX: must be at most 128\n  LOG_LEVEL: must be one of "fatal", "error", "warn", "info", "debug", "trace", "silent"',
    );
  });
  it('never repeats a value it refuses (a secret, a database password)', () => {
    const message = (() => {
      try {
        loadConfig({ SIGN_IN_SECRET: 'hunter2', DATABASE_URL: 'mysql://u:pw-9z@db/leads' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/^  SIGN_IN_SECRET: expected at least 16 characters$/m);
    expect(message).not.toMatch(/hunter2|pw-9z/);
  });
  it('refuses the dev messages endpoint in production', () => {
    expect(loadConfig({ DEV_MESSAGES: 'true' }).devMessages).toBe(true);
    expect(() => loadConfig({ ...PRODUCTION, DEV_MESSAGES: 'true' })).toThrow(/DEV_MESSAGES/);
  });
  it('requires a sign-in secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SIGN_IN_SECRET/);
    expect(loadConfig(PRODUCTION).signIn.secret).toBe('a-long-enough-secret');
  });
  it('H4 silent lead loss / fail fast: production without a mail transport, SMS transport or trusted-proxy setting is refused, naming each', () => {
    for (const missing of ['MAIL_API_URL', 'SMS_API_URL', 'TRUST_PROXY', 'SIGN_IN_SECRET'] as const) {
      const env: Record<string, string> = { ...PRODUCTION };
      delete env[missing];
      expect(() => loadConfig(env), missing).toThrow(new RegExp(`${missing}: required in production`));
    }
    expect(loadConfig(PRODUCTION).production).toBe(true);
    // TRUST_PROXY=true (trust any sender's X-Forwarded-For) is not a proxy list.
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*list/);
  });
  it('H2 TRUST_PROXY is a list of proxy addresses; REDIS_URL moves the rate-limit counters to Redis', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7']);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'not an address' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
  });
  it('REDIS_COMMAND_TIMEOUT_MS: how long one Redis command may go unanswered before the counters go to memory (default 1000)', () => {
    expect(loadConfig({}).redisCommandTimeoutMs).toBe(1000);
    expect(loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '250' }).redisCommandTimeoutMs).toBe(250);
    expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '0' })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
  });
  it('writes each lead API default once: the unset variables give what createApp uses when a caller hands no setting', () => {
    const config = loadConfig({});
    expect(config.rateLimit).toEqual(API_DEFAULTS.rateLimit);
    expect(API_DEFAULTS.rateLimit).toEqual({ max: 120, tenantMax: 6000, windowMs: 60_000, signInMax: 5 });
    const { secret, ...signIn } = config.signIn;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(signIn).toEqual(API_DEFAULTS.signIn);
    expect(API_DEFAULTS.signIn).toEqual({ codeTtlMs: 10 * 60_000, maxAttempts: 5, sessionTtlMs: 30 * 86_400_000, codesPerPhone: 3 });
    expect(config.sms).toEqual(API_DEFAULTS.sms);
    expect(API_DEFAULTS.sms).toEqual({ perPhonePerDay: 10, perTenantPerDay: 2000, perPhoneAllTenantsPerDay: 10, perClientPerDay: 20 });
    expect(config.quotas).toEqual(API_DEFAULTS.quotas);
    expect(API_DEFAULTS.quotas).toMatchObject({ evaluationsPerClientPerDay: 30, photoBytesPerClientPerDay: 300 * 1024 * 1024, optOutsPerClientPerDay: 10 });
    expect(config.images.quotaBytesPerTenant).toBe(API_DEFAULTS.imageQuotaBytes);
    expect(API_DEFAULTS.imageQuotaBytes).toBe(2048 * 1024 * 1024);
    expect(config.clientIpv6PrefixBits).toBe(DEFAULT_CLIENT_IPV6_PREFIX);
    expect(config.payments).toEqual({ limits: DEFAULT_PAYMENT_LIMITS, timings: DEFAULT_PAYMENT_TIMINGS });
    // What a test or script changes replaces that default alone.
    expect(paymentsSettings({ limits: { holdsPerClient: 5 }, timings: { askEveryMs: 7_000 } })).toEqual({
      limits: { ...DEFAULT_PAYMENT_LIMITS, holdsPerClient: 5 },
      timings: { ...DEFAULT_PAYMENT_TIMINGS, askEveryMs: 7_000 },
    });
    expect(DEFAULT_PAYMENT_LIMITS).toEqual({ holdsPerClient: 2, abandonedPerClientCar: 2, abandonedWindowMs: 24 * 3_600_000, intentsPerClientHour: 6, intentsPerTenantHour: 60 });
    expect(DEFAULT_PAYMENT_TIMINGS).toEqual({ askAfterMs: 5_000, askEveryMs: 5_000, abandonedAfterMs: 24 * 3_600_000 });
  });
  it('M11 no public default SIGN_IN_SECRET outside tests: a random one is kept under data/', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-secret-'));
    try {
      const first = loadConfig({}, dir).signIn.secret;
      expect(first).not.toBe('development-only-sign-in-secret');
      expect(first.length).toBeGreaterThanOrEqual(32);
      // Stable across restarts (codes survive a restart in local runs), different per checkout.
      expect(loadConfig({}, dir).signIn.secret).toBe(first);
      const other = mkdtempSync(join(tmpdir(), 'config-secret-'));
      expect(loadConfig({}, other).signIn.secret).not.toBe(first);
      rmSync(other, { recursive: true, force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('localServerAddress: where npm start and npm run serve listen (the one owner of that default)', () => {
  // Fault: with PORT='' npm run serve listened on 8787 (the flag fallback kept the empty text, which loadConfig reads as unset).
  it('127.0.0.1:4321 when unset or empty; the flags, then the variables, choose another', () => {
    for (const env of [{}, { PORT: '', HOST: '' }]) {
      expect(localServerAddress(env)).toEqual({ HOST: '127.0.0.1', PORT: '4321' });
      const config = loadConfig({ ...env, ...localServerAddress(env) });
      expect([config.host, config.port]).toEqual(['127.0.0.1', 4321]);
    }
    expect(localServerAddress({ PORT: '8080', HOST: 'localhost' })).toEqual({ HOST: 'localhost', PORT: '8080' });
    expect(localServerAddress({ PORT: '8080', HOST: 'localhost' }, { port: '9000', host: '::1' })).toEqual({ HOST: '::1', PORT: '9000' });
    expect(localServerAddress({ PORT: '8080' }, { port: '' })).toEqual({ HOST: '127.0.0.1', PORT: '8080' });
  });
});

describe('startsWithDevMessages: npm start turns the dev message log on (the one owner of that choice)', () => {
  it('with the local message adapters on this machine, and when DEV_MESSAGES is set on', () => {
    expect(startsWithDevMessages({})).toBe(true);
    expect(startsWithDevMessages({ DEV_MESSAGES: 'true' })).toBe(true);
    // An empty variable is unset, as loadConfig reads it (HOST then the loopback default).
    expect(startsWithDevMessages({ DEV_MESSAGES: '', HOST: '' })).toBe(true);
  });

  it('never in production, never with a real provider, and not against DEV_MESSAGES set off', () => {
    expect(startsWithDevMessages({ NODE_ENV: 'production' })).toBe(false);
    expect(startsWithDevMessages({ SMS_API_URL: 'https://sms.example' })).toBe(false);
    expect(startsWithDevMessages({ MAIL_API_URL: 'https://mail.example' })).toBe(false);
    for (const off of ['false', 'no', 'off', '0']) expect(startsWithDevMessages({ DEV_MESSAGES: off }), off).toBe(false);
  });

  it('never where other machines reach the server: a HOST other than loopback, a trusted proxy, a live Stripe key', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(startsWithDevMessages({ HOST: host }), host).toBe(true);
    expect(startsWithDevMessages({ HOST: '0.0.0.0' })).toBe(false);
    expect(startsWithDevMessages({ HOST: '192.168.1.20' })).toBe(false);
    expect(startsWithDevMessages({ TRUST_PROXY: '10.0.0.0/8' })).toBe(false);
    expect(startsWithDevMessages({ TRUST_PROXY: 'true' })).toBe(false);
    expect(startsWithDevMessages({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toBe(false);
    expect(startsWithDevMessages({ STRIPE_SECRET_KEY_ACME: 'sk_live_abc' })).toBe(false);
    expect(startsWithDevMessages({ STRIPE_SECRET_KEY: 'rk_live_abc' })).toBe(false);
    // 'none' is TRUST_PROXY's own word for clients connecting directly: no proxy in front, as loadConfig reads it.
    for (const none of ['none', 'false']) {
      expect(loadConfig({ TRUST_PROXY: none, SIGN_IN_SECRET: 'a-long-enough-secret' }, '/srv/app').trustProxy).toBe(false);
      expect(startsWithDevMessages({ TRUST_PROXY: none }), none).toBe(true);
    }
    expect(startsWithDevMessages({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toBe(true);
  });

  it('not where the configuration is invalid: the server refuses to start and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '/srv/app')).toThrow(ConfigError);
    expect(startsWithDevMessages({ PORT: 'eighty' })).toBe(false);
  });
});
