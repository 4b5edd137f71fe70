/**
 * The config module (issue 12 item 6): defaults, a bad value's message naming the variable,
 * and which settings may reach a build child (issue 13: no server secret does).
 */
import { describe, expect, it } from 'vitest';
import { allowedInBuildChild, buildChildEnv } from '../builder/render/child-env.ts';
import { BUILD_VARIABLES, buildSettings, bundleFile } from './build.ts';
import { ConfigError, childEnvironment, environment, nowFlag, setEnvironment, settingsOrExit } from './env.ts';
import { PHOTO_DEFAULTS, photoCacheDir, photoOptionsFromEnv } from './images.ts';
import { PIPELINE_VARIABLES, pipelineSettings } from './pipeline.ts';
import { searchSettings } from './search.ts';
import { SERVER_VARIABLES } from './server.ts';

const messageOf = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('config defaults', () => {
  it('build: the repository image cache, 2 warm renderers, Astro at warn, production rendering, no payment stand-in', () => {
    const settings = buildSettings({});
    expect(settings.imageCacheDir).toMatch(/\/\.cache\/images$/);
    expect(settings).toMatchObject({ warmRenderers: 2, astroLogLevel: 'warn', nodeEnv: 'production', paymentStandIn: false, bundleFile: undefined, cpuProfileDir: undefined });
    expect(buildSettings({ DEALER_IMAGE_CACHE: '/tmp/x', PUBLIC_PAYMENT_CLIENT: 'stand-in', NODE_ENV: 'development', DEALER_WARM_RENDERERS: '3', DEALER_ASTRO_LOG: 'info' })).toMatchObject({
      imageCacheDir: '/tmp/x',
      paymentStandIn: true,
      nodeEnv: 'development',
      warmRenderers: 3,
      astroLogLevel: 'info',
    });
    expect(bundleFile({})).toBeUndefined();
    expect(bundleFile({ DEALER_BUNDLE: '' })).toBeUndefined();
    expect(bundleFile({ DEALER_BUNDLE: '/tmp/b.json' })).toBe('/tmp/b.json');
  });

  it('photos: the repository photo cache, the photo step defaults, private addresses only with 1', () => {
    expect(photoCacheDir({})).toMatch(/\/\.cache\/photos$/);
    // Each default written once (PHOTO_DEFAULTS): the unset variables give it, and the photo step falls back to it (src/images/resolve.test.ts). docs/images.md lists these.
    // The bounds of the process's memory of trouble are no run's setting.
    const { trouble, ...runDefaults } = PHOTO_DEFAULTS;
    expect(photoOptionsFromEnv({})).toEqual(runDefaults);
    expect(trouble).toEqual({ maxAgeMs: 24 * 3_600_000, maxEntries: 10_000 });
    expect(runDefaults).toEqual({
      fetch: { timeoutMs: 20_000, maxBytes: 25 * 1024 * 1024, retries: 2, retryDelayMs: 500, minBytesPerSecond: 10_000, rateGraceMs: 5_000, allowPrivate: false },
      downloads: 6,
      transforms: 2,
      faultMemoMs: 120_000,
      deadlineMs: 120_000,
    });
    expect(photoOptionsFromEnv({ DEALER_PHOTO_TIMEOUT_MS: '5000', DEALER_PHOTO_RETRIES: '0', DEALER_PHOTO_MAX_BYTES: '', DEALER_PHOTO_ALLOW_PRIVATE: 'yes', DEALER_PHOTO_DOWNLOADS: '4' })).toEqual({
      ...runDefaults,
      fetch: { ...PHOTO_DEFAULTS.fetch, timeoutMs: 5000, retries: 0 },
      downloads: 4,
    });
    expect(photoOptionsFromEnv({ DEALER_PHOTO_ALLOW_PRIVATE: '1' }).fetch?.allowPrivate).toBe(true);
    // The minimum download rate (0 turns it off) and a tenant's photo time per release.
    expect(photoOptionsFromEnv({ DEALER_PHOTO_MIN_RATE: '0', DEALER_PHOTO_DEADLINE_MS: '60000' })).toMatchObject({ fetch: { minBytesPerSecond: 0 }, deadlineMs: 60_000 });
    expect(messageOf(() => photoOptionsFromEnv({ DEALER_PHOTO_DEADLINE_MS: '0', DEALER_PHOTO_MIN_RATE: '-1' }))).toMatch(
      /^Invalid photo configuration:\n {2}DEALER_PHOTO_MIN_RATE: expected a whole number of bytes per second from 0 to 1073741824 \(0: no minimum\)\n {2}DEALER_PHOTO_DEADLINE_MS: expected a whole number of milliseconds from 1000 to 86400000$/,
    );
  });

  it('pipeline and search: webhook on 127.0.0.1:4322, no token, no queue; empty variables count as unset', () => {
    expect(pipelineSettings({})).toEqual({ port: 4322, host: '127.0.0.1', operatorToken: undefined, operatorPort: undefined, operatorHost: '127.0.0.1', trustProxy: [], secretsFile: undefined, codeVersion: undefined, redisUrl: undefined, inboxMaxBytes: 20 * 1024 * 1024, feedParseSeconds: 60, rollbackWaitSeconds: 300, databaseUrl: undefined, stateFiles: undefined, cores: undefined, jobMemoryMb: 1024, sitesMinFreeMb: undefined });
    expect(pipelineSettings({ PIPELINE_OPERATOR_TOKEN: '', PIPELINE_PORT: '5000', REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({ operatorToken: undefined, port: 5000, redisUrl: 'redis://127.0.0.1:6379' });
    expect(searchSettings({ MEILI_SEARCH_KEY: '', MEILI_ADMIN_HOST: 'http://127.0.0.1:7700' })).toEqual({ searchKey: undefined, searchKeyUid: undefined, tokenTtlDays: undefined, adminKey: undefined, adminHost: 'http://127.0.0.1:7700' });
  });
});

describe('a bad value stops with a message naming the variable', () => {
  it('build, photo and pipeline variables', () => {
    expect(messageOf(() => buildSettings({ DEALER_WARM_RENDERERS: 'two' }))).toBe('Invalid build configuration:\n  DEALER_WARM_RENDERERS: expected a whole number');
    expect(messageOf(() => buildSettings({ DEALER_ASTRO_LOG: 'debug' }))).toMatch(/DEALER_ASTRO_LOG: expected info or warn/);
    const photo = messageOf(() => photoOptionsFromEnv({ DEALER_PHOTO_TIMEOUT_MS: '5s', DEALER_PHOTO_RETRIES: 'two' }));
    expect(photo).toMatch(/^Invalid photo configuration:/);
    expect(photo).toMatch(/DEALER_PHOTO_TIMEOUT_MS: expected a whole number of milliseconds/);
    expect(photo).toMatch(/DEALER_PHOTO_RETRIES: expected a whole number/);
    // Downloads and transforms are counts of workers: 0 would start none (the photos kept their remote URLs), a fraction breaks the bound.
    for (const value of ['0', '1.5', '-1', 'six']) {
      const counts = messageOf(() => photoOptionsFromEnv({ DEALER_PHOTO_DOWNLOADS: value, DEALER_PHOTO_TRANSFORMS: value }));
      expect(counts, value).toMatch(/^Invalid photo configuration:\n  DEALER_PHOTO_DOWNLOADS: \S.*\n  DEALER_PHOTO_TRANSFORMS: \S/);
    }
    expect(messageOf(() => photoOptionsFromEnv({ DEALER_PHOTO_DOWNLOADS: '0.5' }))).toBe('Invalid photo configuration:\n  DEALER_PHOTO_DOWNLOADS: expected a whole number');
    expect(messageOf(() => photoOptionsFromEnv({ DEALER_PHOTO_DOWNLOADS: '0' }))).toBe('Invalid photo configuration:\n  DEALER_PHOTO_DOWNLOADS: must be at least 1');
    expect(photoOptionsFromEnv({ DEALER_PHOTO_DOWNLOADS: '1', DEALER_PHOTO_TRANSFORMS: '3' })).toMatchObject({ downloads: 1, transforms: 3 });
    expect(messageOf(() => pipelineSettings({ PIPELINE_PORT: '99999' }))).toMatch(/PIPELINE_PORT: /);
    expect(messageOf(() => pipelineSettings({ REDIS_URL: 'localhost:6379' }))).toMatch(/REDIS_URL: expected a redis:\/\/ or rediss:\/\/ URL/);
    expect(messageOf(() => pipelineSettings({ PIPELINE_TRUST_PROXY: '10.0.0.0/8, proxy.internal' }))).toMatch(/PIPELINE_TRUST_PROXY: expected none, or a comma-separated list of proxy addresses/);
    expect(pipelineSettings({ PIPELINE_TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7']);
  });

  it("the photo deadline and size cap: at least 1 (0 fails every photo); retries: 0 or more (0 is one attempt)", () => {
    // A 0 (or negative) deadline or size cap fails every photo: refused, naming the variable; a fraction of a millisecond or byte means nothing.
    for (const value of ['0', '-1', '1.5']) {
      const caps = messageOf(() => photoOptionsFromEnv({ DEALER_PHOTO_TIMEOUT_MS: value, DEALER_PHOTO_MAX_BYTES: value }));
      expect(caps, value).toBe(
        'Invalid photo configuration:\n' +
          '  DEALER_PHOTO_TIMEOUT_MS: expected a whole number of milliseconds from 1 to 3600000 (0 would time every photo out)\n' +
          '  DEALER_PHOTO_MAX_BYTES: expected a whole number of bytes from 1 to 1073741824 (0 would refuse every photo as too large)',
      );
    }
    // Past setTimeout's range a deadline would fire at once.
    expect(messageOf(() => photoOptionsFromEnv({ DEALER_PHOTO_TIMEOUT_MS: '3000000000' }))).toMatch(/^Invalid photo configuration:\n  DEALER_PHOTO_TIMEOUT_MS: /);
    // No retry is a choice (one attempt per photo); a negative or fractional count is not.
    expect(photoOptionsFromEnv({ DEALER_PHOTO_RETRIES: '0', DEALER_PHOTO_TIMEOUT_MS: '1', DEALER_PHOTO_MAX_BYTES: '1' }).fetch).toMatchObject({ retries: 0, timeoutMs: 1, maxBytes: 1 });
    for (const value of ['-1', '1.5', '21'])
      expect(messageOf(() => photoOptionsFromEnv({ DEALER_PHOTO_RETRIES: value })), value).toBe(
        'Invalid photo configuration:\n  DEALER_PHOTO_RETRIES: expected a whole number from 0 to 20 (0: one attempt, no retry)',
      );
  });

  it('settingsOrExit prints the message and exits 2 (entry points)', () => {
    const exit = process.exit;
    const error = console.error;
    const seen: unknown[] = [];
    process.exit = ((code: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit;
    console.error = (line: unknown) => seen.push(line);
    try {
      expect(() => settingsOrExit(() => pipelineSettings({ PIPELINE_PORT: 'x' }))).toThrow('exit 2');
      expect(String(seen[0])).toMatch(/PIPELINE_PORT: expected a whole number/);
      expect(settingsOrExit(() => pipelineSettings({})).port).toBe(4322);
    } finally {
      process.exit = exit;
      console.error = error;
    }
  });
});

describe('build children get the build settings and no server secret (issue 13)', () => {
  it('every variable the build reads passes to a build child', () => {
    expect(BUILD_VARIABLES.filter((name) => !allowedInBuildChild(name))).toEqual([]);
  });

  it('no variable of the lead API (but NODE_ENV) nor of the pipeline does', () => {
    expect(SERVER_VARIABLES.filter((name) => name !== 'NODE_ENV' && allowedInBuildChild(name))).toEqual([]);
    expect(PIPELINE_VARIABLES.filter((name) => allowedInBuildChild(name))).toEqual([]);
    expect(SERVER_VARIABLES).toContain('SIGN_IN_SECRET');
    expect(PIPELINE_VARIABLES).toContain('PIPELINE_OPERATOR_TOKEN');
  });

  it('the secrets of a full environment stay behind; the search-only key and the build variables arrive', () => {
    const secrets = { DATABASE_URL: 'postgres://x', SIGN_IN_SECRET: 's'.repeat(20), MEILI_ADMIN_KEY: 'admin', MEILI_ADMIN_HOST: 'http://meili', FEED_SECRET_ACME: 'f', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh', SMS_API_KEY: 'k', PIPELINE_OPERATOR_TOKEN: 't', REDIS_URL: 'redis://r' };
    const child = buildChildEnv({ DEALER_BUNDLE: '/tmp/b.json' }, { ...secrets, PATH: '/usr/bin', MEILI_SEARCH_KEY: 'search', DEALER_IMAGE_CACHE: '/tmp/c', PUBLIC_PAYMENT_CLIENT: 'stand-in' });
    for (const name of Object.keys(secrets)) expect(child[name], name).toBeUndefined();
    expect(child).toEqual({ PATH: '/usr/bin', MEILI_SEARCH_KEY: 'search', DEALER_IMAGE_CACHE: '/tmp/c', PUBLIC_PAYMENT_CLIENT: 'stand-in', DEALER_BUNDLE: '/tmp/b.json' });
    expect(buildSettings(child)).toMatchObject({ bundleFile: '/tmp/b.json', imageCacheDir: '/tmp/c', paymentStandIn: true });
  });
});

describe('the process environment', () => {
  it('is read when asked for (a variable set later is seen), set and removed in place, and copied for children', () => {
    const name = 'DEALER_CONFIG_TEST_VARIABLE';
    expect(environment()[name]).toBeUndefined();
    setEnvironment(name, 'one');
    try {
      expect(environment()[name]).toBe('one');
      expect(childEnvironment({ EXTRA: 'x' })).toMatchObject({ [name]: 'one', EXTRA: 'x' });
      expect(childEnvironment()).not.toBe(environment());
    } finally {
      setEnvironment(name, undefined);
    }
    expect(name in environment()).toBe(false);
  });
});

describe("nowFlag (a command's --now)", () => {
  it('reads an ISO 8601 instant, or gives the fallback when the flag is absent', () => {
    expect(nowFlag('2026-11-21T09:00:00+10:00')).toBe(Date.parse('2026-11-21T09:00:00+10:00'));
    expect(nowFlag(undefined, 42)).toBe(42);
  });

  it('refuses a value that is not a date, naming the flag and the value', () => {
    expect(() => nowFlag('yesterday')).toThrow(ConfigError);
    expect(() => nowFlag('yesterday')).toThrow('--now: "yesterday" is not a date (expected ISO 8601, e.g. 2026-11-21T09:00:00+10:00)');
  });
});
