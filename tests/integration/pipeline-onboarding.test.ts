/**
 * Feed onboarding without code and the mass-change guard, end to end (issue 18): a dealer
 * whose DMS exports the numbered-photo shape is rejected with the dry-run report beside the
 * file; adding only tests/fixtures/tenants/photo-columns-motors/feed-mapping.json makes the
 * same file publish through the pipeline (served by the real static server). A truncated
 * export is then held by the mass-change guard - the site keeps its stock - shown on the
 * operator's /status.json, and published only when an operator confirms it; a discarded
 * one changes nothing.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogFields } from '../../src/pipeline/log.ts';
import { formToken, type OperatorStatus } from '../../src/pipeline/service/operator.ts';
import { startPipeline, type RunningPipeline } from '../../src/pipeline/service/service.ts';
import { defaultDataDir, openPipelineState } from '../../src/pipeline/state/store.ts';
import { withState } from '../../src/pipeline/state/store.ts';
import { REPO, serveSites, waitFor, workspace } from '../support/pipeline-env.ts';

const SLUG = 'photo-columns-motors';
const FIXTURE = join(REPO, 'tests/fixtures/tenants', SLUG);
const EXPORT = join(REPO, 'tests/fixtures/feeds/photo-columns-motors.csv');
const TOKEN = 'operator-token-for-tests-32-characters-long';
const ws = workspace('onboarding');
const events: LogFields[] = [];
const tenantDir = join(ws.tenants, SLUG);
const inbox = join(ws.inbox, SLUG);
let pipeline: RunningPipeline;
let served: Awaited<ReturnType<typeof serveSites>>;

const published = () => events.filter((event) => event.event === 'release' && event.outcome === 'published');
async function nextRelease(after: string | null): Promise<string> {
  return waitFor(`a release after ${after}`, () => {
    const release = published().at(-1)?.release as string | undefined;
    return release && release !== after && ws.current(SLUG) === release ? release : null;
  });
}
const operator = (path: string, init: RequestInit = {}, token = TOKEN) =>
  fetch(`${pipeline.webhookUrl}${path}`, { ...init, headers: { authorization: `Basic ${Buffer.from(`ops:${token}`).toString('base64')}`, ...(init.headers ?? {}) } });
const status = async () => (await (await operator('/status.json')).json()) as OperatorStatus;
/** The tenant's last feed once it has `outcome`: the intake files a feed (its report, a held copy) before it notes the outcome. */
const lastFeedWith = (outcome: string) =>
  waitFor(`the last feed ${outcome}`, async () => {
    const feed = (await status()).tenants[0].lastFeed;
    return feed?.outcome === outcome ? feed : undefined;
  });
/** The export with only the first vehicle row left: what a DMS cut off mid-upload sends. */
const truncatedExport = () => readFileSync(EXPORT, 'utf8').split('\n').slice(0, 2).join('\n');

beforeAll(async () => {
  // The new dealer: its site.json only (no stock yet, no mapping yet).
  mkdirSync(tenantDir, { recursive: true });
  copyFileSync(join(FIXTURE, 'site.json'), join(tenantDir, 'site.json'));
  served = await serveSites(ws.sites);
  pipeline = await startPipeline({
    tenantsDir: ws.tenants,
    sitesDir: ws.sites,
    inboxDir: ws.inbox,
    webhookPort: 0,
    debounceMs: 300,
    pollMs: 300,
    concurrency: 1,
    guard: { maxRemovedShare: 0.5, minRemoved: 2 },
    operatorToken: TOKEN,
    log: (fields) => events.push(fields),
  });
  await nextRelease(null);
}, 300_000);

afterAll(async () => {
  for (const event of events) if (event.outcome === 'failed') console.log(JSON.stringify(event).slice(0, 2000));
  await pipeline?.close();
  await served?.close();
  ws.remove();
});

describe('onboarding a numbered-photo CSV export by adding only a mapping file', () => {
  it('rejects the export without a mapping, with the dry-run report beside it, and changes nothing', async () => {
    const before = ws.current(SLUG);
    mkdirSync(inbox, { recursive: true });
    copyFileSync(EXPORT, join(inbox, 'dms-export.csv'));
    const rejected = join(inbox, 'rejected');
    const reportName = await waitFor('the report', () => (existsSync(rejected) ? readdirSync(rejected) : []).find((name) => name.endsWith('dms-export.csv.report.txt')));
    const report = readFileSync(join(rejected, reportName), 'utf8');
    expect(report).toMatch(/result: REJECTED - the CSV header lacks required column\(s\): status/);
    expect(report).toMatch(/format: CSV\nencoding: utf-8 \(default\)\nseparator: ',' \(detected from the header\)/);
    expect(report).toMatch(/"Vehicle Status"\s+-> ignored/);
    expect(report).toContain('outcome: rejected (the site was not changed)');
    expect(readdirSync(rejected).some((name) => name.endsWith('-dms-export.csv'))).toBe(true);
    expect(existsSync(join(tenantDir, 'stock.json'))).toBe(false);
    expect(ws.current(SLUG)).toBe(before);
    expect(await lastFeedWith('rejected')).toMatchObject({ outcome: 'rejected', source: 'dms-export.csv' });
    // The report is in the pipeline state too: another process (another machine's intake or an operator's) reads it there.
    const state = await openPipelineState({ dataDir: defaultDataDir(ws.sites), stockMirror: false });
    try {
      expect((await state.tenants.feedStatus(SLUG))?.report).toBe(report);
    } finally {
      await state.close();
    }
  }, 60_000);

  it('publishes the same export once the tenant has its feed-mapping.json', async () => {
    const before = ws.current(SLUG);
    copyFileSync(join(FIXTURE, 'feed-mapping.json'), join(tenantDir, 'feed-mapping.json'));
    copyFileSync(EXPORT, join(inbox, 'dms-export.csv'));
    await nextRelease(before);
    expect(published().at(-1)).toMatchObject({ added: 5, removed: 0 });
    const page = await served.get(SLUG, '/cars/2024-ford-ranger-xlt-pc3/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('62,990');
    // Photo1 then Photo10, in number order; the generated local images exist in the release.
    const angle = page.text.indexOf('/media/vehicles/ute-blue-angle');
    const side = page.text.indexOf('/media/vehicles/ute-blue-side');
    expect(angle).toBeGreaterThan(-1);
    expect(side).toBeGreaterThan(angle);
    expect((await served.get(SLUG, '/cars/2019-toyota-corolla-ascent-sport-pc1/')).status).toBe(200);
    // The Web Visible = No row is skipped by the mapping.
    expect((await served.get(SLUG, '/cars/2018-nissan-navara-st-pc6/')).status).toBe(404);
    const stock = ws.stock(SLUG);
    expect(stock.map((car) => car.id)).toEqual(['PC1', 'PC2', 'PC3', 'PC4', 'PC5']);
    expect(stock.find((car) => car.id === 'PC3')).toMatchObject({ status: 'coming_soon', car_type: 'new', state: 'QLD', price_type: 'Drive Away' });
    expect(readdirSync(join(inbox, 'processed')).some((name) => name.endsWith('-dms-export.csv'))).toBe(true);
  }, 240_000);
});

describe('the mass-change guard and the operator page', () => {
  it('answers only with the operator token', async () => {
    expect((await fetch(`${pipeline.webhookUrl}/status.json`)).status).toBe(401);
    expect((await operator('/status.json', {}, 'wrong')).status).toBe(401);
    const ok = await fetch(`${pipeline.webhookUrl}/status.json`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as OperatorStatus;
    expect(body.tenants.map((tenant) => tenant.tenant)).toEqual([SLUG]);
    expect(body.tenants[0]).toMatchObject({ lastOutcome: 'published', lastFeed: { outcome: 'accepted', source: 'dms-export.csv', valid: 5 }, heldFeeds: [] });
    expect(body.tenants[0].live?.release).toBe(ws.current(SLUG));
    expect(typeof body.tenants[0].live?.ageSeconds).toBe('number');
    expect(body.queue).toMatchObject({ running: expect.any(Number), waiting: expect.any(Number) });
  });

  it('holds a truncated export, keeps the site, and drops it on discard', async () => {
    const before = ws.current(SLUG);
    const stockBefore = JSON.stringify(ws.stock(SLUG));
    writeFileSync(join(inbox, 'dms-export.csv'), truncatedExport());
    const held = await waitFor('a held feed', async () => (await status()).tenants[0].heldFeeds[0]);
    expect(held).toMatchObject({ source: 'dms-export.csv', visibleBefore: 5, visibleAfter: 1, removed: 4 });
    expect(held.reason).toMatch(/would take 4 of 5 visible cars \(80 %\) off the site/);
    expect(await lastFeedWith('held')).toMatchObject({ outcome: 'held' });
    expect(JSON.stringify(ws.stock(SLUG))).toBe(stockBefore);
    // The page lists it with its buttons.
    const page = await (await operator('/status')).text();
    expect(page).toContain('Confirm held feed dms-export.csv for photo-columns-motors');
    // A post without the form token (another site making the browser press it) is refused.
    const forged = await operator(`/status/held/${SLUG}/${held.id}/discard`, { method: 'POST', body: 'csrf=guess', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(forged.status).toBe(403);
    const discard = await operator(`/status/held/${SLUG}/${held.id}/discard`, { method: 'POST', body: `csrf=${formToken(TOKEN)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(discard.status).toBe(303);
    expect(discard.headers.get('location')).toBe(`/status?done=discarded&tenant=${SLUG}`);
    expect((await status()).tenants[0].heldFeeds).toEqual([]);
    // Deciding twice is harmless.
    const again = await operator(`/status/held/${SLUG}/${held.id}/confirm`, { method: 'POST', body: `csrf=${formToken(TOKEN)}`, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' } });
    expect(again.status).toBe(409);
    await new Promise((done) => setTimeout(done, 1200));
    await pipeline.settled();
    expect(ws.current(SLUG)).toBe(before);
    expect(JSON.stringify(ws.stock(SLUG))).toBe(stockBefore);
    expect((await withState(undefined, ws.sites, (state) => state.heldFeeds.get(SLUG, held.id)))?.feed).toMatchObject({ outcome: 'discarded' });
  }, 60_000);

  it('publishes a held export once an operator confirms it', async () => {
    const before = ws.current(SLUG);
    writeFileSync(join(inbox, 'dms-export.csv'), truncatedExport());
    const held = await waitFor('a held feed', async () => (await status()).tenants[0].heldFeeds[0]);
    const confirm = await operator(`/status/held/${SLUG}/${held.id}/confirm`, { method: 'POST', body: `csrf=${formToken(TOKEN)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(confirm.status).toBe(303);
    await nextRelease(before);
    expect(published().at(-1)).toMatchObject({ removed: 4 });
    expect((await served.get(SLUG, '/cars/2021-mazda-cx-5-maxx-sport-pc2/')).status).toBe(404);
    expect((await served.get(SLUG, '/cars/2019-toyota-corolla-ascent-sport-pc1/')).status).toBe(200);
    const after = await status();
    expect(after.tenants[0]).toMatchObject({ heldFeeds: [], lastFeed: { outcome: 'confirmed', source: 'dms-export.csv (confirmed by operator)' } });
  }, 240_000);
});
