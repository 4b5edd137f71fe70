/**
 * The operator's page (issue 18 §4-5), in the browser: a pipeline started here publishes a
 * tenant from its DMS export (numbered photo columns, mapped by feed-mapping.json); a
 * truncated export is then held by the mass-change guard; the operator signs in to
 * /status with the operator token, sees the held feed, confirms it with its button, and the
 * site served by the real static server changes. Runs on free ports of its own.
 */
import { axeBuilder } from './axe.ts';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { listHeldFeeds } from '../../src/pipeline/intake/held.ts';
import { currentRelease } from '../../src/pipeline/state/release-dirs.ts';
import { startPipeline, type RunningPipeline } from '../../src/pipeline/service/service.ts';
import { withState } from '../../src/pipeline/state/store.ts';
import { createStaticSitesHandler } from '../../src/server/static-sites.ts';

const SLUG = 'photo-columns-motors';
const TOKEN = 'e2e-operator-token-of-32-characters-or-more';
const EXPORT = 'tests/fixtures/feeds/photo-columns-motors.csv';

let work = '';
let pipeline: RunningPipeline | undefined;
let http: Server | undefined;
let sitePort = 0;
const sites = () => join(work, 'sites');
const inbox = () => join(work, 'inbox', SLUG);

/** Resolves once `check` holds (polling the pipeline's files). */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

test.describe.configure({ mode: 'serial', timeout: 420_000 });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  work = mkdtempSync(join(tmpdir(), 'e2e-operator-'));
  const tenantDir = join(work, 'tenants', SLUG);
  mkdirSync(tenantDir, { recursive: true });
  for (const name of ['site.json', 'feed-mapping.json']) copyFileSync(join('tests/fixtures/tenants', SLUG, name), join(tenantDir, name));
  http = createServer(createStaticSitesHandler({ sitesDir: sites() }));
  await new Promise<void>((done) => http?.listen(0, '127.0.0.1', done));
  sitePort = (http.address() as { port: number }).port;
  pipeline = await startPipeline({
    tenantsDir: join(work, 'tenants'),
    sitesDir: sites(),
    inboxDir: join(work, 'inbox'),
    webhookPort: 0,
    debounceMs: 300,
    pollMs: 300,
    concurrency: 1,
    guard: { maxRemovedShare: 0.5, minRemoved: 2 },
    operatorToken: TOKEN,
    log: () => {},
  });
  // The first release (no stock yet), then the dealer's export through the mapping.
  await until('the first release', () => currentRelease(sites(), SLUG) !== null);
  const first = currentRelease(sites(), SLUG);
  mkdirSync(inbox(), { recursive: true });
  copyFileSync(EXPORT, join(inbox(), 'dms-export.csv'));
  await until('the export to be published', () => currentRelease(sites(), SLUG) !== first);
  await pipeline.settled();
  // A DMS upload cut off after the first vehicle: the guard holds it.
  writeFileSync(join(inbox(), 'dms-export.csv'), readFileSync(EXPORT, 'utf8').split('\n').slice(0, 2).join('\n'));
  await until('the truncated export to be held', async () => (await withState(undefined, sites(), (state) => listHeldFeeds(state, SLUG))).length === 1);
});

test.afterAll(async () => {
  await pipeline?.close();
  await new Promise((done) => (http ? http.close(done) : done(undefined)));
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the operator page asks for the operator token', async ({ request }) => {
  // A browser without credentials gets the Basic auth challenge (headless Chromium cannot answer it).
  const anonymous = await request.get(`${pipeline?.webhookUrl}/status`);
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()['www-authenticate']).toContain('Basic realm="pipeline operator"');
  const wrong = await request.get(`${pipeline?.webhookUrl}/status`, { headers: { authorization: `Basic ${Buffer.from('operator:guess').toString('base64')}` } });
  expect(wrong.status()).toBe(401);
});

test('an operator confirms a held feed from the status page and the site changes', async ({ browser }) => {
  const context = await browser.newContext({ httpCredentials: { username: 'operator', password: TOKEN } });
  const page = await context.newPage();
  const carUrl = `http://${SLUG}.localhost:${sitePort}/cars/2021-mazda-cx-5-maxx-sport-pc2/`;
  expect((await page.goto(carUrl))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Mazda CX-5');

  await page.goto(`${pipeline?.webhookUrl}/status`);
  await expect(page.getByRole('heading', { name: 'Pipeline status' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(SLUG) });
  await expect(row).toContainText('5 visible cars now, 1 after (4 taken off the site)');
  await expect(row).toContainText('held');
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);

  const confirm = page.getByRole('button', { name: `Confirm held feed dms-export.csv for ${SLUG}` });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(`Confirmed the held feed of ${SLUG}: it is taken in and the site is being published.`);
  await expect(page.getByRole('button', { name: /Confirm held feed/ })).toHaveCount(0);

  // The site follows: the Mazda is gone, the Corolla of the confirmed feed is still there.
  await expect.poll(async () => (await page.goto(carUrl))?.status(), { timeout: 240_000, intervals: [1000] }).toBe(404);
  const corolla = await page.goto(`http://${SLUG}.localhost:${sitePort}/cars/2019-toyota-corolla-ascent-sport-pc1/`);
  expect(corolla?.status()).toBe(200);
  await page.goto(`${pipeline?.webhookUrl}/status`);
  await expect(page.getByRole('row', { name: new RegExp(SLUG) })).toContainText('confirmed dms-export.csv (confirmed by operator)');
  await context.close();
});
