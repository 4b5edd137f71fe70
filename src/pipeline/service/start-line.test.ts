/** npm start's first line: what it does before anything listens (the first run was silent for minutes). */
import { describe, expect, it } from 'vitest';
import { localMessages, startLine } from './start-line.ts';

describe('npm start: the start line', () => {
  it('a first run says it builds every tenant before serving and can take minutes', () => {
    expect(startLine({ tenants: 4, published: 0, sites: 'dist' })).toBe(
      'npm start: publishing 4 tenants into dist/ before serving; a first run builds every tenant and can take minutes (a release line says each tenant as it is published)',
    );
  });

  it('a later run says it brings the published tenants up to date, and names the ones still to build', () => {
    expect(startLine({ tenants: 4, published: 4, sites: 'dist' })).toBe(
      'npm start: bringing 4 published tenants in dist/ up to date before serving (seconds when nothing changed)',
    );
    expect(startLine({ tenants: 5, published: 4, sites: 'dist' })).toBe(
      'npm start: publishing 5 tenants into dist/ before serving; 1 not yet published is built first, which can take minutes (a release line says each tenant as it is published)',
    );
  });
});

describe('npm start: where a sign-in code can be read', () => {
  it('with the local message adapters, turns the dev message log on and says where to read it', () => {
    expect(localMessages({}, 4321)).toEqual({
      env: { DEV_MESSAGES: 'true' },
      line: 'sign-in codes and e-mails are not sent (no SMS_API_URL / MAIL_API_URL): read them at http://<slug>.localhost:4321/api/dev/messages?to=<phone or e-mail>',
    });
  });

  it('never in production, never with a real provider, and not against DEV_MESSAGES set off', () => {
    expect(localMessages({ NODE_ENV: 'production' }, 4321)).toBeUndefined();
    expect(localMessages({ SMS_API_URL: 'https://sms.example' }, 4321)).toBeUndefined();
    expect(localMessages({ MAIL_API_URL: 'https://mail.example' }, 4321)).toBeUndefined();
    expect(localMessages({ DEV_MESSAGES: 'false' }, 4321)).toBeUndefined();
  });

  it('never where other machines reach the server: a HOST other than loopback, a trusted proxy, a live Stripe key', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(localMessages({ HOST: host }, 4321)?.env).toEqual({ DEV_MESSAGES: 'true' });
    expect(localMessages({ HOST: '0.0.0.0' }, 4321)).toBeUndefined();
    expect(localMessages({ HOST: '192.168.1.20' }, 4321)).toBeUndefined();
    expect(localMessages({ TRUST_PROXY: '10.0.0.0/8' }, 4321)).toBeUndefined();
    expect(localMessages({ STRIPE_SECRET_KEY: 'sk_live_abc' }, 4321)).toBeUndefined();
    expect(localMessages({ STRIPE_SECRET_KEY_ACME: 'sk_live_abc' }, 4321)).toBeUndefined();
    expect(localMessages({ STRIPE_SECRET_KEY: 'rk_live_abc' }, 4321)).toBeUndefined();
    // 'none' is TRUST_PROXY's own word for clients connecting directly: no proxy in front.
    for (const none of ['none', 'false']) expect(localMessages({ TRUST_PROXY: none }, 4321)?.env).toEqual({ DEV_MESSAGES: 'true' });
    expect(localMessages({ STRIPE_SECRET_KEY: 'sk_test_abc' }, 4321)?.env).toEqual({ DEV_MESSAGES: 'true' });
  });
});
