import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
  it('refuses the dev messages endpoint in production', () => {
    expect(loadConfig({ DEV_MESSAGES: 'true' }).devMessages).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', SIGN_IN_SECRET: 'a-long-enough-secret', DEV_MESSAGES: 'true' })).toThrow(/DEV_MESSAGES/);
  });
  it('requires a sign-in secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SIGN_IN_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SIGN_IN_SECRET: 'a-long-enough-secret' }).signIn.secret).toBe('a-long-enough-secret');
  });
});
