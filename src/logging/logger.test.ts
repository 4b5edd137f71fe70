/**
 * The one logger (issue 12 item 6): readable lines on a terminal, JSON lines when piped or in
 * production; the pipeline's JSON lines keep their fields; the API's logger takes the format.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../config/env.ts';
import { logFormat, logFormatFor } from '../config/log.ts';
import { createLogger } from '../pipeline/log.ts';
import { createServer } from '../server/kernel/server.ts';
import { prettyLine } from './pretty.ts';

const CLOCK = /^\d\d:\d\d:\d\d /;

describe('the log format: terminal, pipe, production', () => {
  it('pretty on a terminal, JSON when piped, JSON in production even on a terminal; LOG_FORMAT wins', () => {
    expect(logFormat({ isTTY: true, production: false })).toBe('pretty');
    expect(logFormat({ isTTY: false, production: false })).toBe('json');
    expect(logFormat({ isTTY: true, production: true })).toBe('json');
    expect(logFormat({ isTTY: false, production: true, override: 'pretty' })).toBe('pretty');
    expect(logFormat({ isTTY: true, production: false, override: 'json' })).toBe('json');
  });

  it('reads NODE_ENV and LOG_FORMAT from the environment it is given and the stdout it is given', () => {
    expect(logFormatFor({}, { isTTY: true })).toBe('pretty');
    expect(logFormatFor({}, { isTTY: undefined })).toBe('json');
    expect(logFormatFor({ NODE_ENV: 'production' }, { isTTY: true })).toBe('json');
    expect(logFormatFor({ LOG_FORMAT: 'json' }, { isTTY: true })).toBe('json');
    expect(() => logFormatFor({ LOG_FORMAT: 'yaml' }, { isTTY: true })).toThrow(ConfigError);
    expect(() => logFormatFor({ LOG_FORMAT: 'yaml' }, { isTTY: true })).toThrow(/LOG_FORMAT: expected json or pretty/);
  });
});

describe('the pipeline logger (pino)', () => {
  it('JSON: one object a line with level as a word, ISO time, the event and its fields in order', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', base: { pid: 42 }, write: (text) => lines.push(text) });
    log({ event: 'release', tenant: 'alpha-cars', release: null, added: 2, outcome: 'published' });
    log({ level: 'error', event: 'release', tenant: 'beta', outcome: 'failed', reason: 'no tenant folder /x/beta' });
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first).toEqual({ level: 'info', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), pid: 42, event: 'release', tenant: 'alpha-cars', release: null, added: 2, outcome: 'published' });
    expect(lines[0]).toMatch(/"event":"release".*"tenant":"alpha-cars".*"outcome":"published"/);
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 'error', event: 'release', reason: 'no tenant folder /x/beta' });
    expect(lines[1]).not.toContain('"hostname"');
  });

  it('a field the base already gives (the pid) is written once; durations in seconds are rounded to milliseconds', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', base: { pid: 42 }, write: (text) => lines.push(text) });
    log({ event: 'build-start', tenant: 'alpha-cars', render: 3, pid: 42 });
    log({ event: 'release', tenant: 'alpha-cars', seconds: 0.1 + 0.2, share: 0.123456, timings: { manifest: 0.1 + 0.05, build: 92.77 }, compileSeconds: 1 / 3 });
    expect(lines[0]!.match(/"pid"/g)).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ pid: 42, event: 'build-start', render: 3 });
    expect(lines[1]).not.toContain('0000000');
    expect(JSON.parse(lines[1]!)).toMatchObject({ seconds: 0.3, share: 0.123456, timings: { manifest: 0.15, build: 92.77 }, compileSeconds: 0.333 });
  });

  it('pretty: one readable line an event, the same fields as key=value', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'pretty', write: (text) => lines.push(text) });
    log({ event: 'release', tenant: 'alpha-cars', added: 2, outcome: 'published' });
    log({ level: 'warn', event: 'photo-fault', tenant: 'beta', reason: 'HTTP 404 from the feed host' });
    expect(lines[0]).toMatch(CLOCK);
    expect(lines[0]!.replace(CLOCK, '')).toBe('INFO  release tenant=alpha-cars added=2 outcome=published\n');
    expect(lines[1]!.replace(CLOCK, '')).toBe('WARN  photo-fault tenant=beta reason="HTTP 404 from the feed host"\n');
  });
});

describe('pretty lines', () => {
  it('an API (Fastify) line: numeric level, message, objects as JSON, no pid or hostname', () => {
    const line = JSON.stringify({ level: 50, time: Date.UTC(2026, 10, 21, 0, 0, 5), pid: 7, hostname: 'h', dead: { alpha: 1 }, msg: 'dead-letter deliveries: npm run outbox -- retry' });
    const pretty = prettyLine(line);
    expect(pretty).toMatch(CLOCK);
    expect(pretty.replace(CLOCK, '')).toBe('ERROR dead-letter deliveries: npm run outbox -- retry dead={"alpha":1}\n');
  });

  it('a line that is not JSON passes unchanged', () => {
    expect(prettyLine('DEALER_RENDER_STATS {"pages":3')).toBe('DEALER_RENDER_STATS {"pages":3\n');
    expect(prettyLine('[1,2]\n')).toBe('[1,2]\n');
  });
});

describe('the lead API logger takes the format', () => {
  afterEach(() => vi.restoreAllMocks());

  it('pretty: Fastify writes readable lines to stdout', async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((text: string) => {
      written.push(String(text));
      return true;
    }) as typeof process.stdout.write);
    const app = createServer({ logger: { level: 'info', format: 'pretty' } });
    app.log.warn({ dead: { alpha: 1 } }, 'redis not reachable at start');
    await app.close();
    const line = written.find((text) => text.includes('redis not reachable'));
    expect(line).toBeDefined();
    expect(line!.replace(CLOCK, '')).toBe('WARN  redis not reachable at start dead={"alpha":1}\n');
  });
});
