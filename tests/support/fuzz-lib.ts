/**
 * The fuzz environment of `npm run fuzz` (scripts/fuzz.ts) and tests/integration/fuzz.test.ts:
 * malformed requests generated from a seed and sent over raw sockets to the lead API, the static
 * sites and the feed webhook, hostile files for the feed inbox, and links in place of the inbox's
 * own folders. Every request gets a verdict:
 * a 1xx-4xx status passes; a 5xx, or a complete request left unanswered, fails; no answer to a
 * request cut short on purpose passes. Bounded by a count per target and a time limit.
 * What the run checks around it: docs/benchmarks.md "npm run fuzz".
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cpSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { environment } from '../../src/config/env.ts';
import { defaultDataDir } from '../../src/pipeline/state/store.ts';

export const REPO = resolve(import.meta.dirname, '../..');

/** Deterministic PRNG (mulberry32), so a failing case can be replayed from its seed. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (random: Random, max: number) => Math.floor(random() * max);

/** One request to send: raw bytes, and whether it is deliberately incomplete (no answer expected). */
export interface FuzzCase {
  bytes: Buffer;
  truncated: boolean;
  label: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'CONNECT', 'PROPFIND', 'G\u00e9T', 'get', ''];
const WEIRD_TARGETS = [
  'http://[/x', 'http://[::1', '//', '///etc/passwd', '/%', '/%%', '/%E0%A4%A', '/%C0%AF', '/%00', '/..%2f..%2fetc/passwd', '/../../../etc/passwd',
  '/%2e%2e/%2e%2e/', '/?' + '&'.repeat(50), '/\u00ff\u00fe', '*', 'http://evil.example/', 'https://a:b@[::1]:99999/', '/a?b=%', '/a#frag', '/\\..\\..\\windows',
  '/_headers', '/.git/config', '/index.html%00.png', '/cars/%252e%252e/', `/${'a'.repeat(9000)}`, '/api', '/api/', '/api/%', '/api/..%2f..%2f', '/api/leads?x=%ZZ',
];
const JUNK_STRINGS = ['', ' ', 'null', '\u0000', '\ud800', '<script>alert(1)</script>', "' OR 1=1 --", '${jndi:ldap://x}', '../../etc/passwd', '%s%s%s%n', 'A'.repeat(5000), '{{7*7}}', 'javascript:alert(1)', '\u202e', '🚗'.repeat(50)];

/** A random JSON-ish value, sometimes deeply nested, sometimes of the wrong type. */
function junkValue(random: Random, depth = 0): unknown {
  const roll = random();
  if (depth > 3 || roll < 0.3) return pick(random, JUNK_STRINGS);
  if (roll < 0.45) return pick(random, [0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.1, Number.MAX_SAFE_INTEGER, 1e-308]);
  if (roll < 0.55) return pick(random, [true, false, null]);
  if (roll < 0.75) return Array.from({ length: int(random, 5) }, () => junkValue(random, depth + 1));
  const object: Record<string, unknown> = {};
  for (let i = int(random, 6); i > 0; i--) {
    const key = pick(random, ['name', 'email', 'phone', 'postcode', 'opt_in', 'car_id', 'evalid', 'category', 'message', '__proto__', 'constructor', 'vehicles', 'removed', 'id', 'slug', 'price', pick(random, JUNK_STRINGS).slice(0, 20)]);
    // An own property even for "__proto__", as JSON.parse makes it on the server.
    Object.defineProperty(object, key, { value: junkValue(random, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return object;
}

function junkBody(random: Random): string {
  const roll = random();
  if (roll < 0.15) return '{"a":' + '['.repeat(5000);
  if (roll < 0.25) return pick(random, ['{', '[', '"', 'nul', '{"a":1,}', '\u0000\u0001', '--boundary\r\nContent-Disposition: form-data; name="file"\r\n\r\nxx', '']);
  if (roll < 0.3) return JSON.stringify({ a: 'x'.repeat(int(random, 200_000)) });
  return JSON.stringify(junkValue(random));
}

/** Assemble a request; `bodyLength` may lie. */
function request(method: string, target: string, headers: [string, string][], body: string, options: { declaredLength?: number | 'none'; cut?: Random } = {}): Buffer {
  const bodyBuffer = Buffer.from(body, 'utf8');
  const lines = [`${method} ${target} HTTP/1.1`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  if (options.declaredLength !== 'none') lines.push(`Content-Length: ${options.declaredLength ?? bodyBuffer.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  const full = Buffer.concat([head, bodyBuffer]);
  return options.cut ? full.subarray(0, Math.max(1, int(options.cut, full.length))) : full;
}

function randomHeaders(random: Random, host: string): [string, string][] {
  const headers: [string, string][] = [];
  const roll = random();
  if (roll < 0.05) return headers; // no Host at all
  headers.push(['Host', roll < 0.15 ? pick(random, ['', 'evil.example', '[::1', 'a'.repeat(300), 'x.localhost:99999', '..localhost', host.toUpperCase()]) : host]);
  if (random() < 0.5) headers.push(['Content-Type', pick(random, ['application/json', 'text/plain', 'multipart/form-data; boundary=boundary', 'multipart/form-data', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', '*/*;;'])]);
  if (random() < 0.2) headers.push(['Origin', pick(random, ['null', 'http://evil.example', 'http://basic-motors.localhost:1', 'javascript:alert(1)'])]);
  if (random() < 0.2) headers.push(['X-Site', pick(random, JUNK_STRINGS).slice(0, 100).replace(/[\r\n\u0000-\u001f\u007f-\uffff]/g, '?')]);
  if (random() < 0.1) headers.push(['Cookie', `session=${'x'.repeat(int(random, 5000))}`]);
  if (random() < 0.1) headers.push(['Authorization', pick(random, ['Bearer ', 'Bearer x.y.z', 'Basic %%%', 'Bearer ' + 'a'.repeat(3000)])]);
  if (random() < 0.1) headers.push(['Accept-Encoding', pick(random, ['gzip', 'gzip;q=abc', '*', 'br, deflate, gzip', 'x'.repeat(500)])]);
  if (random() < 0.1) headers.push(['If-None-Match', pick(random, ['*', 'W/"x"', '"' + 'a'.repeat(1000)])]);
  if (random() < 0.1) headers.push(['Range', pick(random, ['bytes=0-', 'bytes=-1', 'bytes=9999999999-', 'bytes=x'])]);
  if (random() < 0.05) headers.push(['Transfer-Encoding', pick(random, ['chunked', 'gzip', 'identity, chunked'])]);
  if (random() < 0.05) headers.push(['X-Forwarded-For', pick(random, ['1.2.3.4', 'x', '::1, 999.999.1.1', ''])]);
  if (random() < 0.03) for (let i = 0; i < 120; i++) headers.push([`X-Junk-${i}`, 'y']);
  return headers;
}

/** Paths of the lead API (with random parameters): every route it registers (tests/integration/fuzz.test.ts checks). */
export const API_PATHS = [
  '/api/health', '/api/leads', '/api/miscellaneous', '/api/phone-reveal', '/api/auth/request-code', '/api/auth/verify', '/api/auth/sign-out', '/api/auth/session',
  '/api/watchlist', '/api/watchlist/save-car', '/api/watchlist/remove-car', '/api/eval-expert/enter-vin', '/api/eval-expert/manual-entry', '/api/eval-expert/update-eval',
  '/api/eval-expert/image-upload', '/api/eval-expert/photos/1', '/api/eval-expert/photos/%00', '/api/youx/quote', '/api/geocode', '/api/locations/nearest',
  '/api/delivery-estimate', '/api/test-drive/availability', '/api/cars/x/view.json', '/api/cars/%E0/pdf', '/api/cars/../autogauge', '/api/dev/messages', '/api/nope',
  '/api/spin-to-win', '/api/spin-to-win/availability', '/api/cars/x/similar', '/api/cars/%E0/similar', '/api/cars/x/pdf', '/api/trade-in/adjustments', '/api/unsubscribe',
  '/api/payments/reservations', '/api/payments/online-payment', '/api/payments/webhook/x', '/api/payments/x', '/api/payments/00000000-0000-0000-0000-000000000000/intent',
];
const SITE_PATHS = ['/', '/cars/', '/index.html', '/404.html', '/sitemap.xml', '/_astro/app.js', '/search/used-cars/', '/privacy-policy/', '/public-docs/leak.txt', '/no-such-page/'];

const text = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));

function query(random: Random): string {
  if (random() < 0.5) return '';
  const keys = ['q', 'lat', 'lng', 'postcode', 'date', 'car_id', 'photos_count', 'site', 'type', 'redirect', '__proto__[x]'];
  return '?' + Array.from({ length: 1 + int(random, 4) }, () => `${pick(random, keys)}=${encodeURIComponent(text(junkValue(random)).replace(/[\ud800-\udfff]/g, '?')).slice(0, 300)}`).join('&');
}

/** A malformed or hostile request for the lead API / static sites process. */
export function siteCase(random: Random, slugs: readonly string[], port: number, api: boolean): FuzzCase {
  const slug = pick(random, slugs);
  const host = `${slug}.localhost:${port}`;
  const roll = random();
  const cut = random() < 0.08;
  if (roll < 0.2) {
    const target = pick(random, WEIRD_TARGETS);
    const method = pick(random, METHODS) || 'GET';
    // Node's HTTP server closes CONNECT requests without an answer unless a tunnel is offered: expected.
    return { bytes: request(method, target, randomHeaders(random, host), random() < 0.5 ? '' : junkBody(random), { cut: cut ? random : undefined }), truncated: cut || method === 'CONNECT', label: `${method} weird target ${target.slice(0, 40)}` };
  }
  if (roll < 0.25) {
    // Lying Content-Length: more declared than sent (the server waits; the client gives up).
    return { bytes: request('POST', api ? pick(random, API_PATHS) : pick(random, SITE_PATHS), randomHeaders(random, host), '{"a":', { declaredLength: 10_000 }), truncated: true, label: 'short body' };
  }
  if (roll < 0.28) {
    const garbage = Buffer.from(Array.from({ length: 1 + int(random, 400) }, () => int(random, 256)));
    // Without a blank line the server cannot tell the head is complete: it may wait (no answer expected).
    return { bytes: garbage, truncated: !garbage.includes('\r\n\r\n'), label: 'binary garbage' };
  }
  if (roll < 0.31) {
    return { bytes: request('POST', pick(random, API_PATHS), [['Host', host], ['Transfer-Encoding', 'chunked'], ['Content-Type', 'application/json']], 'zz\r\n{}\r\n0\r\n\r\n', { declaredLength: 'none' }), truncated: false, label: 'bad chunk' };
  }
  const path = api ? pick(random, API_PATHS) : pick(random, SITE_PATHS);
  const method = api ? pick(random, ['GET', 'POST', 'POST', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'HEAD']) : pick(random, ['GET', 'GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE']);
  const body = method === 'GET' || method === 'HEAD' ? '' : junkBody(random);
  return { bytes: request(method, path + query(random), randomHeaders(random, host), body, { cut: cut ? random : undefined }), truncated: cut, label: `${method} ${path}` };
}

/** A malformed, forged or stale push for the feed webhook. */
export function webhookCase(random: Random, slugs: readonly string[], secret: string): FuzzCase {
  const slug = random() < 0.7 ? pick(random, slugs) : pick(random, ['nobody', '%E0%A4%A', '..', 'a'.repeat(300), '%00', 'Hook-Motors']);
  const now = Math.floor(Date.now() / 1000);
  const body = junkBody(random);
  const timestamp = pick(random, [String(now), String(now - 3600), String(now + 3600), '', 'abc', '-1', '9'.repeat(30), String(now)]);
  const headers: [string, string][] = [['Host', '127.0.0.1']];
  const signing = random();
  if (signing < 0.3) headers.push(['X-Signature-256', `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`]);
  else if (signing < 0.6) headers.push(['X-Signature-256', pick(random, ['sha256=', 'sha256=00', 'md5=abc', 'x'.repeat(2000), `sha256=${'0'.repeat(64)}`])]);
  if (random() < 0.8) headers.push(['X-Signature-Timestamp', timestamp]);
  if (random() < 0.1) {
    const target = pick(random, WEIRD_TARGETS);
    const method = pick(random, METHODS) || 'GET';
    return { bytes: request(method, target, headers, body), truncated: method === 'CONNECT', label: `webhook ${method} weird target ${target.slice(0, 40)}` };
  }
  const cut = random() < 0.08;
  const lie = random() < 0.05;
  return {
    bytes: request(pick(random, ['POST', 'POST', 'POST', 'GET', 'PUT']), `/feeds/${slug}${random() < 0.1 ? '/extra' : ''}`, headers, body, { cut: cut ? random : undefined, declaredLength: lie ? 30 * 1024 * 1024 : undefined }),
    truncated: cut || lie,
    label: `push ${slug.slice(0, 20)}`,
  };
}

/** Send one case; status 0 when the connection closed (or timed out) without a response. */
export function send(port: number, fuzz: FuzzCase, timeoutMs: number): Promise<number> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let finished = false;
    const finish = (status: number) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      done(status);
    };
    const timer = setTimeout(() => finish(0), fuzz.truncated ? Math.min(timeoutMs, 300) : timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (status) finish(Number(status[1]));
      else if (received.length > 64) finish(-1);
    });
    socket.on('error', () => finish(0));
    socket.on('close', () => finish(0));
    socket.write(fuzz.bytes);
  });
}

/** A server child process and how to ask whether it is alive. */
export interface FuzzTarget {
  name: string;
  port: number;
  child: ChildProcess;
  health(): Promise<boolean>;
  exit: string | null;
  output: string;
}

async function httpGet(port: number, path: string, host: string): Promise<number> {
  return send(port, { bytes: Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`), truncated: false, label: 'health' }, 5000);
}

function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, portPattern: RegExp, fixedPort?: number): Promise<FuzzTarget> {
  const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const target: FuzzTarget = { name, port: fixedPort ?? 0, child, exit: null, output: '', health: async () => false };
  child.on('exit', (code, signal) => (target.exit = signal ?? `exit ${code}`));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not start:\n${target.output.slice(-3000)}`)), 60_000);
    const read = (chunk: Buffer) => {
      target.output = (target.output + chunk.toString()).slice(-20_000);
      const match = portPattern.exec(target.output);
      if (match) {
        clearTimeout(timer);
        if (!fixedPort) target.port = Number(match[1]);
        done(target);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', () => {
      clearTimeout(timer);
      fail(new Error(`${name} exited at start:\n${target.output.slice(-3000)}`));
    });
  });
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => done(port));
    });
  });
}

/** The workspace and the two server processes under test. */
export interface FuzzEnvironment {
  site: FuzzTarget;
  webhook: FuzzTarget;
  /** The pipeline's workspace: tenants, inbox and sites folders. */
  pipelineDirs: { tenants: string; inbox: string; sites: string; root: string };
  /** A pipeline tenant with a real site: its feeds build and publish releases. */
  steadySlug: string;
  siteSlugs: string[];
  webhookSlugs: string[];
  secret: string;
  close(): Promise<void>;
}

const SECRET = 'fuzz-webhook-secret';
/** The pipeline's inbox size cap in the fuzz run (bytes). */
const INBOX_CAP = 2 * 1024 * 1024;

/** Start `serve.ts` (lead API + static sites) and `pipeline.ts` (webhook) on loopback over a temporary workspace. */
export async function startFuzzEnvironment(): Promise<FuzzEnvironment> {
  const root = mkdtempSync(join(tmpdir(), 'fuzz-'));
  const tenants = join(root, 'tenants');
  const sites = join(root, 'sites');
  const siteSlugs = ['basic-motors', 'forms-demo'];
  for (const slug of siteSlugs) {
    cpSync(join(REPO, 'tests/fixtures/tenants', slug), join(tenants, slug), { recursive: true });
    // A small served site per tenant (the server's behaviour, not the pages, is under test).
    const dir = join(sites, slug);
    mkdirSync(join(dir, '_astro'), { recursive: true });
    mkdirSync(join(dir, 'cars'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${slug}</title><script>boot()</script>${'<p>stock</p>'.repeat(200)}`);
    writeFileSync(join(dir, '404.html'), '<!doctype html><title>Not found</title>');
    writeFileSync(join(dir, 'cars', 'index.html'), '<!doctype html><title>Cars</title>');
    writeFileSync(join(dir, '_astro', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, '_headers'), "/*\n  Content-Security-Policy: default-src 'self'\n  Strict-Transport-Security: max-age=31536000\n");
  }
  // The webhook's tenants: a site.json that does not validate, so an accepted push never starts a build.
  const hookTenants = join(root, 'hook-tenants');
  const webhookSlugs = ['hook-motors', 'other-motors'];
  for (const slug of webhookSlugs) {
    mkdirSync(join(hookTenants, slug), { recursive: true });
    writeFileSync(join(hookTenants, slug, 'site.json'), JSON.stringify({ slug }));
    writeFileSync(join(hookTenants, slug, 'stock.json'), '[]');
  }
  // One real tenant beside them: its releases must keep flowing while the others are attacked.
  const steadySlug = 'pipeline-motors';
  cpSync(join(REPO, 'tests/fixtures/tenants/pipeline-motors'), join(hookTenants, steadySlug), { recursive: true });
  const base = { PATH: environment().PATH, HOME: environment().HOME, ASTRO_TELEMETRY_DISABLED: '1' };
  const sitePort = await freePort();
  const site = await startChild(
    'lead API + static sites (scripts/serve.ts)',
    [join(REPO, 'scripts/serve.ts'), '--dir', sites, '--tenants', tenants, '--port', String(sitePort), '--host', '127.0.0.1'],
    // Limits raised so the run exercises the handlers rather than the rate limiter (429s are fine too).
    { ...base, SQLITE_FILE: join(root, 'leads.sqlite'), RATE_LIMIT_MAX: '10000000', RATE_LIMIT_TENANT_MAX: '100000000', RATE_LIMIT_SIGN_IN_MAX: '10000000', LOG_LEVEL: 'fatal' },
    /serving .* at http:\/\/localhost:(\d+)\//,
    sitePort,
  );
  site.health = async () => (await httpGet(site.port, '/api/health', `basic-motors.localhost:${site.port}`)) === 200 && (await httpGet(site.port, '/', `basic-motors.localhost:${site.port}`)) === 200;
  const webhook = await startChild(
    'feed webhook (scripts/pipeline.ts)',
    [join(REPO, 'scripts/pipeline.ts'), '--tenants', hookTenants, '--sites', join(root, 'hook-sites'), '--inbox', join(root, 'inbox'), '--port', '0', '--debounce', '500', '--max-wait', '2000', '--jobs', '1', '--no-guard'],
    { ...base, FEED_SECRET_HOOK_MOTORS: SECRET, FEED_SECRET_OTHER_MOTORS: SECRET, PIPELINE_INBOX_MAX_BYTES: String(INBOX_CAP), PIPELINE_FEED_PARSE_SECONDS: '20' },
    /"event":"webhook-listening"[^\n]*"url":"http:\/\/127\.0\.0\.1:(\d+)"/,
  );
  webhook.health = async () => (await httpGet(webhook.port, '/healthz', '127.0.0.1')) === 200;
  return {
    site,
    webhook,
    siteSlugs,
    webhookSlugs,
    pipelineDirs: { tenants: hookTenants, inbox: join(root, 'inbox'), sites: join(root, 'hook-sites'), root },
    steadySlug,
    secret: SECRET,
    async close() {
      for (const target of [site, webhook]) {
        if (target.exit === null) {
          const exited = new Promise((done) => target.child.once('exit', done));
          target.child.kill('SIGTERM');
          await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
          if (target.exit === null) target.child.kill('SIGKILL');
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Figures of one target's run. */
export interface FuzzReport {
  target: string;
  sent: number;
  /** Cases planned when not `count` (the inbox target drops fewer files than requests are sent). */
  planned?: number;
  byStatus: Record<string, number>;
  serverErrors: { status: number; label: string }[];
  /** Complete requests the server closed without answering. */
  unanswered: { label: string }[];
  crashed: string | null;
  answersAfterwards: boolean;
  seconds: number;
}

/** Send `count` cases from `make` with some concurrency, bounded by `deadline` (ms epoch). */
export async function runCases(target: FuzzTarget, count: number, make: (random: Random) => FuzzCase, options: { seed: number; concurrency: number; deadline: number; timeoutMs?: number }): Promise<FuzzReport> {
  const random = prng(options.seed);
  const started = Date.now();
  const report: FuzzReport = { target: target.name, sent: 0, byStatus: {}, serverErrors: [], unanswered: [], crashed: null, answersAfterwards: false, seconds: 0 };
  let next = 0;
  const worker = async () => {
    while (next < count && Date.now() < options.deadline && target.exit === null) {
      next += 1;
      const fuzz = make(random);
      const status = await send(target.port, fuzz, options.timeoutMs ?? 10_000);
      report.sent += 1;
      const key = status > 0 ? `${Math.floor(status / 100)}xx` : status === 0 ? 'no answer' : 'not HTTP';
      report.byStatus[key] = (report.byStatus[key] ?? 0) + 1;
      if (status >= 500) report.serverErrors.push({ status, label: fuzz.label });
      if (status <= 0 && !fuzz.truncated && report.unanswered.length < 50) report.unanswered.push({ label: fuzz.label });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await new Promise((done) => setTimeout(done, 300));
  report.crashed = target.exit;
  report.answersAfterwards = target.exit === null && (await target.health());
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  return report;
}

/** One hostile inbox drop: files (and perhaps a mapping) written into a tenant's inbox folder. */
interface InboxCase {
  label: string;
  /** Put the case's file(s) into `folder` (the tenant's inbox), named from `name`. */
  drop(folder: string, name: string, tenantDir: string): void;
}

const CSV_HEADER = 'Stock No,Make,Model,Price,Status,Year,Odometer';

/** The hostile inbox cases; `outside` is a file outside the inbox holding a canary. */
function inboxCases(random: Random, outside: string): InboxCase[] {
  const junk = (size: number) => Buffer.from(Array.from({ length: size }, () => int(random, 256)));
  return [
    { label: 'symlink to /proc/self/environ', drop: (folder, name) => symlinkSync('/proc/self/environ', join(folder, `${name}.csv`)) },
    { label: 'symlink to a file outside the inbox', drop: (folder, name) => symlinkSync(outside, join(folder, `${name}.csv`)) },
    { label: 'dangling symlink', drop: (folder, name) => symlinkSync(join(folder, 'nowhere', 'x'), join(folder, `${name}.json`)) },
    { label: 'named pipe', drop: (folder, name) => execFileSync('mkfifo', [join(folder, `${name}.xml`)]) },
    { label: 'hard link to a file outside the inbox', drop: (folder, name) => linkSync(outside, join(folder, `${name}.tsv`)) },
    { label: 'a folder with a feed name', drop: (folder, name) => mkdirSync(join(folder, `${name}.csv`)) },
    { label: 'file over the size cap', drop: (folder, name) => writeFileSync(join(folder, `${name}.csv`), `${CSV_HEADER}\n${'S1,Toyota,Corolla,1000,available,2020,1\n'.repeat(Math.ceil((INBOX_CAP + 10) / 40))}`) },
    { label: 'deeply nested XML', drop: (folder, name) => writeFileSync(join(folder, `${name}.xml`), `<r><vehicle>${'<a x="1">'.repeat(40_000)}x${'</a>'.repeat(40_000)}</vehicle></r>`) },
    { label: 'deeply nested XML outside the vehicle', drop: (folder, name) => writeFileSync(join(folder, `${name}.xml`), `${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}`) },
    { label: 'XML entity expansion', drop: (folder, name) => writeFileSync(join(folder, `${name}.xml`), `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "${'x'.repeat(1000)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><r><vehicle><Make>&b;</Make></vehicle></r>`) },
    { label: 'XML external entity', drop: (folder, name) => writeFileSync(join(folder, `${name}.xml`), '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e SYSTEM "file:///proc/self/environ">]><r><vehicle><Make>&e;</Make></vehicle></r>') },
    { label: 'wide CSV header with control characters', drop: (folder, name) => writeFileSync(join(folder, `${name}.csv`), `${Array.from({ length: 5000 }, (_, index) => `c${index}\u001b[2J${'w'.repeat(int(random, 200))}`).join(',')}\n1,2,3\n`) },
    { label: 'long CSV of invalid rows', drop: (folder, name) => writeFileSync(join(folder, `${name}.csv`), `${CSV_HEADER}\n${Array.from({ length: 20_000 }, (_, index) => `S${index},Toyota,Corolla,not-a-price,available,2020,1`).join('\n')}\n`) },
    { label: 'CSV with one huge quoted cell', drop: (folder, name) => writeFileSync(join(folder, `${name}.csv`), `${CSV_HEADER}\nS1,"${'"'.repeat(2).repeat(200_000)}",Corolla,1000,available,2020,1\n`) },
    { label: 'junk bytes', drop: (folder, name) => writeFileSync(join(folder, `${name}.${pick(random, ['csv', 'xml', 'json', 'tsv'])}`), junk(int(random, 20_000))) },
    { label: 'UTF-16 junk with a byte order mark', drop: (folder, name) => writeFileSync(join(folder, `${name}.csv`), Buffer.concat([Buffer.from([0xff, 0xfe]), junk(5000)])) },
    { label: 'JSON nested deeply', drop: (folder, name) => writeFileSync(join(folder, `${name}.json`), `${'['.repeat(100_000)}${']'.repeat(100_000)}`) },
    {
      label: 'mapping with a catastrophic regex',
      drop: (folder, name, tenantDir) => {
        writeFileSync(join(tenantDir, 'feed-mapping.json'), JSON.stringify({ skip: [{ column: 'Make', matches: '^(a+)+$' }, { column: 'Model', matches: '(x+x+)+y' }] }));
        writeFileSync(join(folder, `${name}.csv`), `${CSV_HEADER}\n${Array.from({ length: 500 }, (_, index) => `S${index},${'a'.repeat(60)}!,${'x'.repeat(60)},1000,available,2020,1`).join('\n')}\n`);
      },
    },
    {
      label: 'mapping with look-around and a bad pattern',
      drop: (folder, name, tenantDir) => {
        writeFileSync(join(tenantDir, 'feed-mapping.json'), JSON.stringify({ skip: [{ column: 'Make', matches: '(?=a)(a)\\1' }] }));
        writeFileSync(join(folder, `${name}.csv`), `${CSV_HEADER}\nS1,Toyota,Corolla,1000,available,2020,1\n`);
      },
    },
    {
      label: 'mapping that is not JSON',
      drop: (folder, name, tenantDir) => {
        writeFileSync(join(tenantDir, 'feed-mapping.json'), '{"columns": ');
        writeFileSync(join(folder, `${name}.csv`), `${CSV_HEADER}\nS1,Toyota,Corolla,1000,available,2020,1\n`);
      },
    },
  ];
}

/** The steady tenant's next feed: its stock with every price changed, as a dropped snapshot. */
function steadyFeed(price: number): string {
  const stock = JSON.parse(readFileSync(join(REPO, 'tests/fixtures/tenants/pipeline-motors/stock.json'), 'utf8')) as Record<string, unknown>[];
  return JSON.stringify(stock.map((car) => ({ ...car, price })));
}

const currentOf = (sites: string, slug: string) => {
  try {
    return readlinkSync(join(sites, slug, 'current'));
  } catch {
    return null;
  }
};

/**
 * The feed inbox target: `count` hostile drops spread over the hostile tenants, and meanwhile
 * a good feed for the steady tenant that must be accepted and published. A drop left in the
 * inbox, a report holding a secret, a slow /healthz or a missing release is a failure.
 */
export async function runInboxCases(env: FuzzEnvironment, count: number, options: { seed: number; deadline: number; log?: (line: string) => void }): Promise<FuzzReport> {
  const random = prng(options.seed);
  const started = Date.now();
  const { inbox, tenants, sites, root } = env.pipelineDirs;
  const report: FuzzReport = { target: 'feed inbox', sent: 0, planned: count, byStatus: {}, serverErrors: [], unanswered: [], crashed: null, answersAfterwards: false, seconds: 0 };
  const canary = `INBOX-CANARY-${Math.floor(random() * 1e9)}`;
  const outside = join(root, 'outside-secret.csv');
  writeFileSync(outside, `${CSV_HEADER}\nS1,${canary},Corolla,1000,available,2020,1\n`);
  const cases = inboxCases(random, outside);
  // Health latency while the hostile files are read.
  let slowest = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const at = Date.now();
      const status = await send(env.webhook.port, { bytes: Buffer.from('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'), truncated: false, label: 'healthz' }, 10_000);
      if (status === 200) slowest = Math.max(slowest, Date.now() - at);
      else report.serverErrors.push({ status, label: '/healthz during the inbox run' });
      await new Promise((done) => setTimeout(done, 200));
    }
  })();
  const hostile = env.webhookSlugs;
  const labels = new Map<string, string>();
  const dropHostile = (index: number) => {
    const which = index < cases.length ? cases[index]! : pick(random, cases);
    const slug = hostile[index % hostile.length]!;
    const folder = join(inbox, slug);
    mkdirSync(folder, { recursive: true });
    const name = `drop-${String(index).padStart(5, '0')}`;
    try {
      which.drop(folder, name, join(tenants, slug));
      labels.set(`${slug}/${name}`, which.label);
      report.sent += 1;
    } catch (error) {
      report.serverErrors.push({ status: 0, label: `could not drop "${which.label}": ${(error as Error).message}` });
    }
  };
  // Half the hostile files go in while the steady tenant's first release is still being built.
  const half = Math.ceil(count / 2);
  for (let index = 0; index < half; index += 1) dropHostile(index);
  // That first release is what the good feed must move on from.
  while (!currentOf(sites, env.steadySlug) && Date.now() < options.deadline && env.webhook.exit === null) await new Promise((done) => setTimeout(done, 250));
  const firstRelease = currentOf(sites, env.steadySlug);
  if (!firstRelease) report.serverErrors.push({ status: 0, label: 'the steady tenant never published its first release' });
  // The good feed goes in with the other half of the hostile files.
  mkdirSync(join(inbox, env.steadySlug), { recursive: true });
  writeFileSync(join(inbox, env.steadySlug, 'stock.json'), steadyFeed(12_345));
  for (let index = half; index < count; index += 1) dropHostile(index);
  // Every drop leaves the inbox folder (to rejected/ or processed/); folders with feed names stay.
  const left = () =>
    [...hostile, env.steadySlug].flatMap((slug) => {
      const folder = join(inbox, slug);
      return existsSync(folder) ? readdirSync(folder, { withFileTypes: true }).filter((entry) => !entry.isDirectory()).map((entry) => `${slug}/${entry.name}`) : [];
    });
  while (left().length > 0 && Date.now() < options.deadline && env.webhook.exit === null) await new Promise((done) => setTimeout(done, 250));
  for (const file of left()) report.unanswered.push({ label: `still in the inbox: ${file} (${labels.get(file.replace(/\.[a-z]+$/, '')) ?? 'good feed'})` });
  // The good feed: accepted (the pipeline state's stock, docs/pipeline.md "State") and published (a new current release).
  const acceptedFile = join(defaultDataDir(sites), 'stock', `${env.steadySlug}.json`);
  const accepted = () => existsSync(acceptedFile) && readFileSync(acceptedFile, 'utf8').includes('12345');
  while ((!accepted() || currentOf(sites, env.steadySlug) === firstRelease) && Date.now() < options.deadline && env.webhook.exit === null) await new Promise((done) => setTimeout(done, 250));
  if (!accepted()) report.serverErrors.push({ status: 0, label: 'the steady tenant\'s feed was not accepted' });
  else if (currentOf(sites, env.steadySlug) === firstRelease) report.serverErrors.push({ status: 0, label: 'the steady tenant\'s feed was accepted but no new release was published' });
  probing = false;
  await probe;
  // Reading a hostile file must not hold the main loop; the margin is for a shared machine under
  // load (src/pipeline/intake/inbox-hardening.test.ts bounds the main loop's lag closely).
  if (slowest > 15_000) report.serverErrors.push({ status: 0, label: `/healthz took ${slowest} ms while hostile files were read` });
  // No report may hold a secret: the feed secret (from the environment) or the canary.
  for (const slug of hostile) {
    for (const outcome of ['rejected', 'processed']) {
      const folder = join(inbox, slug, outcome);
      if (!existsSync(folder)) continue;
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (!entry.name.endsWith('.report.txt')) {
          report.byStatus[outcome] = (report.byStatus[outcome] ?? 0) + 1;
          continue;
        }
        const text = readFileSync(join(folder, entry.name), 'utf8');
        if (text.includes(SECRET) || text.includes(canary) || text.includes('FEED_SECRET')) report.serverErrors.push({ status: 0, label: `secret in the report ${slug}/${outcome}/${entry.name}` });
      }
    }
  }
  report.byStatus['healthz slowest ms'] = slowest;
  report.crashed = env.webhook.exit;
  report.answersAfterwards = env.webhook.exit === null && (await env.webhook.health());
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  options.log?.(`feed inbox: ${report.sent} drops, steady tenant release ${firstRelease} -> ${currentOf(sites, env.steadySlug)}`);
  return report;
}

/** One attack on the inbox's own folders: how the attacker's `processed/`, `rejected/` or the folder of a slug without a tenant is set up, and the feed it drops. */
interface FolderCase {
  label: string;
  /** Whether the slug has a tenant folder (else the drop goes to rejected/ as "no tenant folder"). */
  tenant: boolean;
  /** A valid feed (it would go to processed/) or an invalid one (rejected/). */
  valid: boolean;
  /** Make the attacker's folder entry, given the victim's inbox and tenant folders and an outside folder. */
  rig(folder: string, targets: { victimInbox: string; victimTenant: string; outside: string }): void;
}

const FOLDER_CASES: FolderCase[] = [
  { label: 'processed/ linked to another tenant\'s inbox', tenant: true, valid: true, rig: (folder, t) => symlinkSync(t.victimInbox, join(folder, 'processed')) },
  { label: 'rejected/ linked to another tenant\'s inbox', tenant: true, valid: false, rig: (folder, t) => symlinkSync(t.victimInbox, join(folder, 'rejected')) },
  { label: 'processed/ linked to a folder outside the inbox', tenant: true, valid: true, rig: (folder, t) => symlinkSync(t.outside, join(folder, 'processed')) },
  { label: 'rejected/ linked to a folder outside the inbox', tenant: true, valid: false, rig: (folder, t) => symlinkSync(t.outside, join(folder, 'rejected')) },
  { label: 'rejected/ linked to another tenant\'s tenant folder', tenant: true, valid: false, rig: (folder, t) => symlinkSync(t.victimTenant, join(folder, 'rejected')) },
  { label: 'processed/ as a dangling link', tenant: true, valid: true, rig: (folder, t) => symlinkSync(join(t.outside, 'made-by-the-pipeline'), join(folder, 'processed')) },
  { label: 'processed/ as a relative link out of the inbox', tenant: true, valid: true, rig: (folder) => symlinkSync('../../outside-folder', join(folder, 'processed')) },
  { label: 'processed/ as a plain file', tenant: true, valid: true, rig: (folder) => writeFileSync(join(folder, 'processed'), 'not a folder') },
  { label: 'no tenant folder, rejected/ linked outside', tenant: false, valid: true, rig: (folder, t) => symlinkSync(t.outside, join(folder, 'rejected')) },
];

/** Every file (not folder) under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/** A feed for the attack cases: one car marked with `marker` (valid), or a CSV without the required columns. */
const folderFeed = (valid: boolean, marker: string) =>
  valid ? { name: `${marker}.json`, text: JSON.stringify([{ id: marker, make: 'Toyota', model: 'Corolla', price: 1000, status: 'in_stock', dealercomments: marker }]) } : { name: `${marker}.csv`, text: `x,y\n${marker},1\n` };

/**
 * Swap a tenant's real processed/ folder with a link to `target` and back, `times` times, while
 * its feeds are taken in (the pipeline may make a real processed/ in between: then this round
 * only waits); it ends with a real processed/ folder.
 */
async function toggleFolder(folder: string, target: string, times: number): Promise<void> {
  const processed = join(folder, 'processed');
  const real = join(folder, 'processed.real');
  for (let index = 0; index < times; index += 1) {
    try {
      renameSync(processed, real);
      symlinkSync(target, processed);
    } catch {
      // The pipeline made a processed/ folder in the gap: that round's swap is off.
    }
    await new Promise((done) => setTimeout(done, 7));
    try {
      if (lstatSync(processed).isSymbolicLink()) unlinkSync(processed);
      renameSync(real, processed);
    } catch {
      // processed/ is a real folder again already.
    }
    await new Promise((done) => setTimeout(done, 13));
  }
}

/**
 * The inbox-folder target: a dealer that writes its own inbox folder turns the pipeline's
 * folders in it into links (to another tenant's inbox or tenant folder, outside the inbox,
 * dangling) or files, and one swaps its processed/ for a link and back while feeds are taken in.
 * Nothing may be written through a link: the victim's inbox, its tenant folder and the outside
 * folder stay as they were and the victim's stock never holds an attacker's feed; a refused
 * folder's feed stays where it was dropped; the pipeline keeps answering.
 */
export async function runInboxFolderCases(env: FuzzEnvironment, rounds: number, options: { deadline: number; log?: (line: string) => void }): Promise<FuzzReport> {
  const started = Date.now();
  const { inbox, tenants, sites, root } = env.pipelineDirs;
  const planned = FOLDER_CASES.length * rounds + rounds * 4;
  const report: FuzzReport = { target: 'inbox folders', sent: 0, planned, byStatus: {}, serverErrors: [], unanswered: [], crashed: null, answersAfterwards: false, seconds: 0 };
  const fail = (label: string) => report.serverErrors.push({ status: 0, label });
  const tenant = (slug: string) => {
    mkdirSync(join(tenants, slug), { recursive: true });
    writeFileSync(join(tenants, slug, 'site.json'), JSON.stringify({ slug }));
    writeFileSync(join(tenants, slug, 'stock.json'), '[]');
    mkdirSync(join(inbox, slug), { recursive: true });
  };
  const targets = { victimInbox: join(inbox, 'victim-motors'), victimTenant: join(tenants, 'victim-motors'), outside: join(root, 'outside-folder') };
  tenant('victim-motors');
  mkdirSync(targets.outside, { recursive: true });
  const before = { victimTenant: filesUnder(targets.victimTenant) };
  const dropped: { slug: string; name: string; label: string; refused: boolean }[] = [];
  const drop = (slug: string, valid: boolean, label: string, refused: boolean) => {
    const feed = folderFeed(valid, `FOLDER-ATTACK-${String(report.sent).padStart(4, '0')}`);
    writeFileSync(join(inbox, slug, `.${feed.name}`), feed.text);
    renameSync(join(inbox, slug, `.${feed.name}`), join(inbox, slug, feed.name));
    dropped.push({ slug, name: feed.name, label, refused });
    report.sent += 1;
  };
  FOLDER_CASES.forEach((attack, index) => {
    const slug = `folders-${index}`;
    if (attack.tenant) tenant(slug);
    else mkdirSync(join(inbox, slug), { recursive: true });
    attack.rig(join(inbox, slug), targets);
    for (let round = 0; round < rounds; round += 1) drop(slug, attack.valid, attack.label, true);
  });
  // The swap: feeds dropped while processed/ keeps turning into a link to the victim's inbox and back.
  tenant('folders-race');
  mkdirSync(join(inbox, 'folders-race', 'processed'));
  const race = toggleFolder(join(inbox, 'folders-race'), targets.victimInbox, rounds * 40);
  for (let index = 0; index < rounds * 4; index += 1) {
    drop('folders-race', true, 'processed/ swapped for a link while feeds are taken in', false);
    await new Promise((done) => setTimeout(done, 150));
  }
  await race;
  // The raced tenant's feeds all leave its inbox once its folder stays real.
  const raceLeft = () => readdirSync(join(inbox, 'folders-race'), { withFileTypes: true }).filter((entry) => entry.isFile()).length;
  while (raceLeft() > 0 && Date.now() < options.deadline && env.webhook.exit === null) await new Promise((done) => setTimeout(done, 250));
  // Let the pipeline see the refused folders for a few scans.
  await new Promise((done) => setTimeout(done, 3000));
  checkFolderCases({ env, report, dropped, targets, before, inbox, sites, fail, raceLeft: raceLeft() });
  report.crashed = env.webhook.exit;
  report.answersAfterwards = env.webhook.exit === null && (await env.webhook.health());
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  options.log?.(`inbox folders: ${report.sent} feeds against ${FOLDER_CASES.length} rigged folders and one swapped ${rounds * 40} times`);
  return report;
}

/** The verdict of the inbox-folder target. */
function checkFolderCases(run: {
  env: FuzzEnvironment;
  report: FuzzReport;
  dropped: { slug: string; name: string; label: string; refused: boolean }[];
  targets: { victimInbox: string; victimTenant: string; outside: string };
  before: { victimTenant: string[] };
  inbox: string;
  sites: string;
  fail: (label: string) => void;
  raceLeft: number;
}): void {
  const { report, dropped, targets, before, inbox, sites, fail } = run;
  for (const file of filesUnder(targets.outside)) fail(`written outside the inbox: ${file}`);
  for (const file of filesUnder(targets.victimInbox)) fail(`written into the victim's inbox: ${file}`);
  const victimTenant = filesUnder(targets.victimTenant);
  if (JSON.stringify(victimTenant) !== JSON.stringify(before.victimTenant)) fail(`the victim's tenant folder changed: ${victimTenant.join(', ')}`);
  const victimStock = join(defaultDataDir(sites), 'stock', 'victim-motors.json');
  if (existsSync(victimStock) && readFileSync(victimStock, 'utf8').includes('FOLDER-ATTACK')) fail('an attacker\'s feed became the victim\'s stock');
  if (run.raceLeft > 0) fail(`${run.raceLeft} feed(s) of the raced tenant were never taken in`);
  let kept = 0;
  for (const entry of dropped.filter((drop) => drop.refused)) {
    if (existsSync(join(inbox, entry.slug, entry.name))) kept += 1;
    else fail(`a feed behind a refused folder left its inbox: ${entry.slug}/${entry.name} (${entry.label})`);
  }
  const refusals = (run.env.webhook.output.match(/"outcome":"refused"/g) ?? []).length;
  report.byStatus['kept behind a refused folder'] = kept;
  report.byStatus['taken in past a swapped folder'] = dropped.length - dropped.filter((drop) => drop.refused).length;
  report.byStatus['refusals logged'] = refusals;
  if (refusals === 0) fail('no refusal was logged');
}

/** Run every target; `count` requests each. */
export async function runFuzz(options: { count: number; seed: number; concurrency: number; timeLimitMs: number; log?: (line: string) => void }): Promise<FuzzReport[]> {
  const log = options.log ?? (() => {});
  const env = await startFuzzEnvironment();
  const deadline = Date.now() + options.timeLimitMs;
  try {
    const reports: FuzzReport[] = [];
    const common = { concurrency: options.concurrency, deadline };
    log(`lead API: ${options.count} requests`);
    reports.push({ ...(await runCases(env.site, options.count, (random) => siteCase(random, env.siteSlugs, env.site.port, true), { ...common, seed: options.seed })), target: 'lead API (/api/*)' });
    log(`static sites: ${options.count} requests`);
    reports.push({ ...(await runCases(env.site, options.count, (random) => siteCase(random, env.siteSlugs, env.site.port, false), { ...common, seed: options.seed + 1 })), target: 'static sites' });
    log(`feed webhook: ${options.count} requests`);
    reports.push({ ...(await runCases(env.webhook, options.count, (random) => webhookCase(random, env.webhookSlugs, env.secret), { ...common, seed: options.seed + 2 })), target: 'feed webhook' });
    const drops = inboxDrops(options.count);
    log(`feed inbox: ${drops} hostile files, and a good feed for another tenant`);
    reports.push(await runInboxCases(env, drops, { seed: options.seed + 3, deadline, log }));
    const rounds = inboxFolderRounds(options.count);
    log(`inbox folders: ${FOLDER_CASES.length} rigged folders x ${rounds} feeds, and a folder swapped for a link while feeds are taken in`);
    reports.push(await runInboxFolderCases(env, rounds, { deadline, log }));
    // Every process still answers after all three runs.
    const siteAlive = env.site.exit === null && (await env.site.health());
    const hookAlive = env.webhook.exit === null && (await env.webhook.health());
    reports[0]!.answersAfterwards &&= siteAlive;
    reports[1]!.answersAfterwards &&= siteAlive;
    reports[2]!.answersAfterwards &&= hookAlive;
    reports[3]!.answersAfterwards &&= hookAlive;
    reports[4]!.answersAfterwards &&= hookAlive;
    for (const report of reports) if (report.crashed === null) report.crashed = report.target === 'feed webhook' || report.target === 'feed inbox' || report.target === 'inbox folders' ? env.webhook.exit : env.site.exit;
    if (env.site.exit || env.webhook.exit) log(`process output:\n${env.site.output.slice(-3000)}\n${env.webhook.output.slice(-3000)}`);
    return reports;
  } finally {
    await env.close();
  }
}

/** Hostile inbox files for a run of `count` requests per target: every case at least twice, at most 200. */
export function inboxDrops(count: number): number {
  return Math.min(200, Math.max(40, Math.ceil(count / 20)));
}

/** Feeds per rigged inbox folder for a run of `count` requests per target: 2 to 10. */
export function inboxFolderRounds(count: number): number {
  return Math.min(10, Math.max(2, Math.ceil(count / 1000)));
}

/** True when a run met the bar: every request sent, 0 crashes, 0 5xx, 0 unanswered, all alive. */
export function passed(report: FuzzReport, count: number): boolean {
  return report.sent === (report.planned ?? count) && report.crashed === null && report.serverErrors.length === 0 && report.unanswered.length === 0 && report.answersAfterwards;
}
