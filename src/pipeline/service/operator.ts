/**
 * The operator's page: the pipeline's HTTP port serves `/status` - every tenant on one screen:
 * live release and its age, the last release's problems, last feed and its outcome, last failure
 * and its reason, held feeds with buttons to confirm or discard them, and the queue depth - and
 * `/status.json`, the same data for monitoring. Both sit behind the operator token (PIPELINE_OPERATOR_TOKEN, at least 32 random
 * characters, checked at start by src/config/secret-strength.ts), sent as `Authorization: Bearer`
 * or as the password of HTTP Basic auth. The buttons post a form carrying a token derived from the
 * operator token, so another site cannot make the browser press them. Wrong tokens are limited per
 * client (OperatorAttempts) but the right token is checked first and always let in, so a stranger
 * behind the operator's proxy cannot lock the operator out; every answer carries a CSP.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename } from 'node:path';
import { weakSecretProblem } from '../../config/secret-strength.ts';
import { listTenantDirs } from '../../lib/site/tenant.ts';
import { clientAddress } from '../../platform/net/client-address.ts';
import { listHeldFeeds, type HeldFeed } from '../intake/held.ts';
import { currentRelease } from '../state/release-dirs.ts';
import { readFeedStatus, readStatus, type FeedStatus, type TenantStatus } from '../state/status.ts';
import { withState, type PipelineState } from '../state/store.ts';

/** One tenant as the operator sees it. */
export interface OperatorTenant {
  tenant: string;
  live: { release: string; publishedAt: string | null; ageSeconds: number | null } | null;
  lastOutcome: string | null;
  /** A rollback holds the tenant on an older release. */
  rollbackHold: boolean;
  lastSuccess: TenantStatus['lastSuccess'];
  lastFailure: TenantStatus['lastFailure'];
  lastFeed: FeedStatus | null;
  heldFeeds: HeldFeed[];
}

/** Everything on the page (and in /status.json). */
export interface OperatorStatus {
  generatedAt: string;
  queue: { waiting: number; running: number; debouncing: number };
  tenants: OperatorTenant[];
}

/** When a release was made, from its id (`20261121T101502123Z-1a2b`). */
export function releaseTime(id: string): number | null {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(id);
  if (!parts) return null;
  const [, y, mo, d, h, mi, s, ms] = parts.map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s, ms);
}

/** Collect the status of every tenant folder. */
export async function collectOperatorStatus(
  tenantsDir: string,
  sitesDir: string,
  queue: OperatorStatus['queue'],
  now = Date.now(),
  state?: PipelineState,
): Promise<OperatorStatus> {
  let dirs: string[] = [];
  try {
    dirs = listTenantDirs(tenantsDir);
  } catch {
    dirs = [];
  }
  // Held feeds are only in the state: without one, the sites directory's own is read.
  const tenants = await withState(state, sitesDir, (shared) =>
    Promise.all(
      dirs.map(async (dir): Promise<OperatorTenant> => {
        const slug = basename(dir);
        // Every worker's jobs are in the state; this machine's files are the fallback.
        const status = (await state?.tenants.status(slug)) ?? readStatus(sitesDir, slug);
        const pointer = (await state?.tenants.livePointer(slug)) ?? null;
        const live = pointer?.release ?? currentRelease(sitesDir, slug);
        // When the pointer switched to it: recorded with the pointer, else by the job's status (one machine's
        // files); else, for a release published before either was recorded, when it was made.
        const switched = pointer?.at ?? (status?.current === live ? status?.publishedAt : undefined);
        const recorded = switched ? Date.parse(switched) : NaN;
        const time = live ? (Number.isFinite(recorded) ? recorded : releaseTime(live)) : null;
        return {
          tenant: slug,
          live: live
            ? {
                release: live,
                publishedAt: time === null ? null : new Date(time).toISOString(),
                ageSeconds: time === null ? null : Math.max(0, Math.round((now - time) / 1000)),
              }
            : null,
          lastOutcome: status?.lastOutcome ?? null,
          rollbackHold: status?.held ?? false,
          lastSuccess: status?.lastSuccess ?? null,
          lastFailure: status?.lastFailure ?? null,
          lastFeed: (await state?.tenants.feedStatus(slug)) ?? readFeedStatus(sitesDir, slug),
          heldFeeds: await listHeldFeeds(shared, slug),
        };
      }),
    ),
  );
  return { generatedAt: new Date(now).toISOString(), queue, tenants };
}

const escapeHtml = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

/** "3 min", "2 h 5 min", "4 d 1 h". */
export function ageText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

function heldFeedItem(tenant: string, feed: HeldFeed, csrf: string): string {
  const action = (decision: string) => `/status/held/${encodeURIComponent(tenant)}/${encodeURIComponent(feed.id)}/${decision}`;
  const label = `${feed.source} for ${tenant}`;
  return `<li class="held">
      <p><strong>${escapeHtml(feed.source)}</strong>, held ${escapeHtml(feed.at.replace('T', ' ').slice(0, 19))} UTC: ${escapeHtml(feed.visibleBefore)} visible cars now, ${escapeHtml(feed.visibleAfter)} after (${escapeHtml(feed.removed)} taken off the site).</p>
      <p class="reason">${escapeHtml(feed.reason)}</p>
      <div class="actions">
        <form method="post" action="${escapeHtml(action('confirm'))}"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" aria-label="Confirm held feed ${escapeHtml(label)}">Confirm</button></form>
        <form method="post" action="${escapeHtml(action('discard'))}"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="secondary" aria-label="Discard held feed ${escapeHtml(label)}">Discard</button></form>
      </div>
    </li>`;
}

/** The problems of the last published release (its status entry: a lost search page, a photo fault, a skipped record), with their report. */
function releaseProblemsNote(success: OperatorTenant['lastSuccess']): string {
  if (!success?.problems) return '';
  const count = `${success.problems} problem${success.problems === 1 ? '' : 's'}`;
  const report = success.report ? `<details><summary>Problems</summary><pre>${escapeHtml(success.report)}</pre></details>` : '';
  return `<br><span class="reason">${count} in release <code>${escapeHtml(success.release)}</code></span>${report}`;
}

function tenantRow(tenant: OperatorTenant, csrf: string): string {
  const live = tenant.live
    ? `<code>${escapeHtml(tenant.live.release)}</code><br>${tenant.live.ageSeconds === null ? '' : `${escapeHtml(ageText(tenant.live.ageSeconds))} old`}${tenant.rollbackHold ? '<br><strong>held on a rollback</strong>' : ''}`
    : 'not published yet';
  const problems = releaseProblemsNote(tenant.lastSuccess);
  const feed = tenant.lastFeed
    ? `<span class="outcome outcome-${escapeHtml(tenant.lastFeed.outcome)}">${escapeHtml(tenant.lastFeed.outcome)}</span> ${escapeHtml(tenant.lastFeed.source)}<br>${escapeHtml(tenant.lastFeed.at.replace('T', ' ').slice(0, 19))} UTC, ${escapeHtml(tenant.lastFeed.valid)} of ${escapeHtml(tenant.lastFeed.read)} valid${tenant.lastFeed.reason ? `<br>${escapeHtml(tenant.lastFeed.reason)}` : ''}${tenant.lastFeed.report ? `<details><summary>Report</summary><pre>${escapeHtml(tenant.lastFeed.report)}</pre></details>` : ''}`
    : 'none yet';
  const failure = tenant.lastFailure
    ? `${escapeHtml(tenant.lastFailure.at.replace('T', ' ').slice(0, 19))} UTC<br>${escapeHtml(tenant.lastFailure.reason ?? '')}`
    : 'none';
  const held = tenant.heldFeeds.length ? `<ul>${tenant.heldFeeds.map((feed) => heldFeedItem(tenant.tenant, feed, csrf)).join('')}</ul>` : 'none';
  return `<tr>
    <th scope="row">${escapeHtml(tenant.tenant)}${tenant.lastOutcome ? `<br><span class="outcome">${escapeHtml(tenant.lastOutcome)}</span>` : ''}</th>
    <td>${live}${problems}</td>
    <td>${feed}</td>
    <td>${failure}</td>
    <td>${held}</td>
  </tr>`;
}

/** The page's one style sheet, inline (allowed by its hash in OPERATOR_CSP). */
const PAGE_STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem; color: #1b1f24; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #c6ccd2; padding: .5rem; vertical-align: top; text-align: left; }
  thead th { background: #eef1f4; }
  details pre { white-space: pre-wrap; max-height: 24rem; overflow: auto; font-size: 13px; }
  ul { margin: 0; padding-left: 1rem; }
  .held p { margin: 0 0 .25rem; }
  .reason { color: #6b2a00; }
  .actions { display: flex; gap: .5rem; margin-bottom: .5rem; }
  button { font: inherit; padding: .3rem .9rem; border-radius: 4px; border: 1px solid #0b5394; background: #0b5394; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #0b5394; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f0a30a; outline-offset: 2px; }
  .outcome { font-weight: 600; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  [role=status] { padding: .5rem .75rem; background: #e7f4e8; border: 1px solid #2e7d32; margin-bottom: 1rem; }
`;

/**
 * Every operator answer's policy: nothing may load or run (no script at all), the page's own
 * style by its hash, forms post only to this origin, no framing; and no Referer leaves it.
 */
export const OPERATOR_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/** The operator's page. `message` (already plain text) is announced at the top. */
export function renderOperatorPage(status: OperatorStatus, csrf: string, message?: string): string {
  const heldCount = status.tenants.reduce((sum, tenant) => sum + tenant.heldFeeds.length, 0);
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pipeline status</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Pipeline status</h1>
${message ? `<p role="status">${escapeHtml(message)}</p>` : ''}
<p>Queue: ${status.queue.running} running, ${status.queue.waiting} waiting, ${status.queue.debouncing} waiting for their feeds to settle. Held feeds: ${heldCount}. Generated ${escapeHtml(status.generatedAt.replace('T', ' ').slice(0, 19))} UTC. <a href="/status">Refresh</a> · <a href="/status.json">JSON</a></p>
<table>
  <caption class="visually-hidden">Tenants</caption>
  <thead><tr><th scope="col">Tenant</th><th scope="col">Live release</th><th scope="col">Last feed</th><th scope="col">Last failure</th><th scope="col">Held feeds</th></tr></thead>
  <tbody>
  ${status.tenants.map((tenant) => tenantRow(tenant, csrf)).join('\n')}
  </tbody>
</table>
</main>
</body>
</html>
`;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the operator token (Bearer, or Basic with the token as password). */
export function isOperator(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  let given: string | undefined;
  if (/^Bearer /i.test(header)) given = header.slice(7).trim();
  else if (/^Basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    given = decoded.slice(decoded.indexOf(':') + 1);
  }
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** Shortest operator token accepted: long enough that guessing it is hopeless. */
export const MIN_OPERATOR_TOKEN_LENGTH = 32;

/** Throws a message naming the variable when a set operator token is too short or not random (NEW-8). */
export function checkOperatorToken(token: string | undefined): void {
  if (token && token.length < MIN_OPERATOR_TOKEN_LENGTH) {
    throw new Error(
      `PIPELINE_OPERATOR_TOKEN: expected at least ${MIN_OPERATOR_TOKEN_LENGTH} random characters (got ${token.length}); make one with: openssl rand -hex 32`,
    );
  }
  const weak = token ? weakSecretProblem(token, MIN_OPERATOR_TOKEN_LENGTH) : undefined;
  if (weak) throw new Error(`PIPELINE_OPERATOR_TOKEN: ${weak}`);
}

/**
 * Wrong operator tokens per client (an IPv6 /64 is one client): the first 5 are free; after that
 * the client's wrong tokens are answered 429 with Retry-After for 1 s, doubling with every further
 * failure up to 15 minutes. The right token is checked before the wait, so a stranger sharing the
 * operator's address (a proxy) cannot lock the operator out. A right token clears the record.
 */
export class OperatorAttempts {
  private readonly clients = new Map<string, { failures: number; until: number }>();
  private readonly now: () => number;
  constructor(now: () => number = Date.now) {
    this.now = now;
  }
  /** Milliseconds the client must still wait (0: it may try). */
  waitMs(client: string): number {
    const entry = this.clients.get(client);
    return entry ? Math.max(0, entry.until - this.now()) : 0;
  }
  failed(client: string): void {
    const entry = this.clients.get(client) ?? { failures: 0, until: 0 };
    this.clients.delete(client);
    entry.failures += 1;
    if (entry.failures >= 5) entry.until = this.now() + Math.min(15 * 60_000, 1000 * 2 ** (entry.failures - 5));
    // Bounded: the oldest records go first (Map keeps insertion order; a failure moves a client to the end).
    while (this.clients.size >= 10_000) this.clients.delete(this.clients.keys().next().value as string);
    this.clients.set(client, entry);
  }
  succeeded(client: string): void {
    this.clients.delete(client);
  }
}

/** The form token of the buttons: derived from the operator token, unknown to other sites. */
export function formToken(token: string): string {
  return createHmac('sha256', token).update('pipeline-operator-form').digest('hex');
}

/** What the routes need from the running pipeline. */
export interface OperatorContext {
  /** The operator token; undefined disables the page. */
  token: string | undefined;
  tenantsDir: string;
  sitesDir: string;
  /** The pipeline state (status, live pointer and last feed of every worker's jobs). */
  state?: PipelineState;
  queue(): Promise<OperatorStatus['queue']>;
  /** Confirm or discard a held feed; false when it is unknown or already decided. */
  decide(slug: string, id: string, decision: 'confirm' | 'discard'): boolean | Promise<boolean>;
  /** Wrong-token limits per client address. */
  attempts: OperatorAttempts;
  /** The client a request counts against; default its peer address (an IPv6 /64 as one). */
  clientOf?: (req: IncomingMessage) => string;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((done, fail) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 4096) req.destroy(new Error('form too large'));
    });
    req.on('end', () => done(new URLSearchParams(body)));
    req.on('error', fail);
  });
}

const MESSAGES: Record<string, string> = {
  confirmed: 'Confirmed the held feed of {tenant}: it is taken in and the site is being published.',
  discarded: 'Discarded the held feed of {tenant}: the site keeps its current stock.',
  gone: 'That held feed of {tenant} was already decided (or is unknown); nothing was changed.',
};

/** Whether a request path belongs to the operator routes. */
export function isOperatorPath(path: string | undefined): boolean {
  const pathname = (path ?? '/').split('?')[0];
  return pathname === '/status' || pathname === '/status.json' || pathname.startsWith('/status/');
}

type Send = (status: number, type: string, body: string, headers?: Record<string, string>) => void;

const JSON_TYPE = 'application/json; charset=utf-8';

/** A response writer with the operator page's headers (no cache, no sniffing, no framing, the CSP). */
function sender(res: ServerResponse): Send {
  return (status, type, body, headers = {}) => {
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'content-security-policy': OPERATOR_CSP,
      'referrer-policy': 'no-referrer',
      ...headers,
    });
    res.end(body);
  };
}

/** Whether the request carries the operator token; otherwise answered (401, or 429 while the client waits). */
function authorised(req: IncomingMessage, send: Send, context: OperatorContext & { token: string }): boolean {
  const client = context.clientOf?.(req) ?? clientAddress(req.socket.remoteAddress ?? '');
  // The right token first: the wait below holds back wrong tokens only.
  if (isOperator(req, context.token)) {
    context.attempts.succeeded(client);
    return true;
  }
  const wait = context.attempts.waitMs(client);
  if (wait > 0) {
    send(429, JSON_TYPE, JSON.stringify({ error: 'too many wrong operator tokens from this address: wait and try again' }), {
      'retry-after': String(Math.ceil(wait / 1000)),
    });
    return false;
  }
  context.attempts.failed(client);
  send(401, JSON_TYPE, JSON.stringify({ error: 'operator token required: Authorization: Bearer <token> (or Basic auth with the token as password)' }), {
    'www-authenticate': 'Basic realm="pipeline operator", charset="UTF-8"',
  });
  return false;
}

/** GET /status (the page) or /status.json. */
async function showStatus(url: URL, send: Send, context: OperatorContext, csrf: string): Promise<void> {
  const status = await collectOperatorStatus(context.tenantsDir, context.sitesDir, await context.queue(), Date.now(), context.state);
  if (url.pathname === '/status.json') return send(200, JSON_TYPE, `${JSON.stringify(status, null, 2)}\n`);
  const done = url.searchParams.get('done') ?? '';
  const tenant = (url.searchParams.get('tenant') ?? '').replace(/[^a-z0-9-]/g, '');
  send(200, 'text/html; charset=utf-8', renderOperatorPage(status, csrf, MESSAGES[done]?.replace('{tenant}', tenant)));
}

/** POST /status/held/<tenant>/<id>/confirm|discard: the form token checked, then the decision. */
async function decideHeld(req: IncomingMessage, send: Send, context: OperatorContext, csrf: string, [slug, id, decision]: string[]): Promise<void> {
  // Browsers say where a request comes from; a form posted from another site is refused.
  if (req.headers['sec-fetch-site'] && !['same-origin', 'none'].includes(String(req.headers['sec-fetch-site']))) {
    return send(403, JSON_TYPE, JSON.stringify({ error: 'cross-site request refused' }));
  }
  const form = await readForm(req).catch(() => new URLSearchParams());
  const given = form.get('csrf') ?? req.headers['x-operator-form'];
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(csrf))) {
    return send(403, JSON_TYPE, JSON.stringify({ error: 'missing or wrong form token: use the buttons of /status' }));
  }
  const ok = await context.decide(slug!, id!, decision as 'confirm' | 'discard');
  if (String(req.headers.accept ?? '').includes('application/json')) {
    return send(
      ok ? 200 : 409,
      JSON_TYPE,
      JSON.stringify(ok ? { ok: true, tenant: slug, held: id, decision } : { error: 'unknown or already decided held feed' }),
    );
  }
  send(303, 'text/plain; charset=utf-8', '', {
    location: `/status?done=${ok ? (decision === 'confirm' ? 'confirmed' : 'discarded') : 'gone'}&tenant=${encodeURIComponent(slug!)}`,
  });
}

/** Handle `/status`, `/status.json` and the held-feed buttons; returns false for other paths. */
export async function handleOperatorRequest(req: IncomingMessage, res: ServerResponse, context: OperatorContext): Promise<boolean> {
  if (!isOperatorPath(req.url)) return false;
  const url = new URL(req.url ?? '/', 'http://pipeline');
  const send = sender(res);
  if (!context.token) {
    send(503, JSON_TYPE, JSON.stringify({ error: 'the operator page is disabled: start the pipeline with PIPELINE_OPERATOR_TOKEN set' }));
    return true;
  }
  if (!authorised(req, send, { ...context, token: context.token })) return true;
  const csrf = formToken(context.token);
  const held = /^\/status\/held\/([a-z0-9]+(?:-[a-z0-9]+)*)\/([0-9TZa-f-]+)\/(confirm|discard)$/.exec(url.pathname);
  if (req.method === 'GET' && (url.pathname === '/status' || url.pathname === '/status.json')) await showStatus(url, send, context, csrf);
  else if (req.method === 'POST' && held) await decideHeld(req, send, context, csrf, held.slice(1));
  else send(404, JSON_TYPE, JSON.stringify({ error: 'not found: GET /status, GET /status.json, POST /status/held/<tenant>/<id>/confirm|discard' }));
  return true;
}
