/**
 * Operations pipeline, feed intake end to end (issue 8): a dropped JSON snapshot, a DMS CSV
 * file and a signed webhook push each update the served site (through the real static
 * server) and the real Meilisearch index; a bad feed and unsigned or badly signed pushes
 * change nothing; a burst of pushes makes one release.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPush, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../src/pipeline/intake/read/feeds.ts';
import type { LogFields } from '../../src/pipeline/log.ts';
import { startPipeline, type RunningPipeline } from '../../src/pipeline/service/service.ts';
import { readStatus } from '../../src/pipeline/state/status.ts';
import { startMeilisearch, type MeilisearchServer } from '../support/meilisearch-server.ts';
import { serveSites, waitFor, workspace } from '../support/pipeline-env.ts';

const SLUG = 'feed-motors';
const INDEX = 'Car_pipeline_test';
const SECRET = 'feed-motors-webhook-secret';
const ws = workspace('feeds');
const events: LogFields[] = [];
let meili: MeilisearchServer;
let admin: Meilisearch;
let pipeline: RunningPipeline;
let served: Awaited<ReturnType<typeof serveSites>>;
const saved = { ...process.env };

/** Wait for a release newer than `after` to be published and its job (search sync included) to finish. */
async function nextRelease(after: string | null): Promise<string> {
  return waitFor(`a release after ${after}`, () => {
    const event = events.findLast((entry) => entry.event === 'release' && entry.outcome === 'published');
    const release = event?.release as string | undefined;
    return release && release !== after && ws.current(SLUG) === release ? release : null;
  });
}

async function searchDoc(id: string | number) {
  try {
    return await admin.index(INDEX).getDocument(`${SLUG}__${id}`);
  } catch {
    return null;
  }
}

/** Signature headers of a push signed now (issue 13 M13: the timestamp is part of the MAC). */
function signBody(body: string, secret: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return { [SIGNATURE_HEADER]: signPush(body, secret, timestamp), [TIMESTAMP_HEADER]: String(timestamp) };
}

function push(body: string, signature?: Record<string, string>) {
  return fetch(`${pipeline.webhookUrl}/feeds/${SLUG}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...signature } });
}

beforeAll(async () => {
  meili = await startMeilisearch();
  admin = new Meilisearch({ host: meili.host, apiKey: meili.masterKey });
  const key = await admin.createKey({ actions: ['search'], indexes: [INDEX], expiresAt: null, description: 'pipeline test search key' });
  // Server-side secrets reach the pipeline through the environment only (never site.json).
  process.env.MEILI_ADMIN_KEY = meili.masterKey;
  // Issue 13 M9: the admin key only goes to the operator-configured host.
  process.env.MEILI_ADMIN_HOST = meili.host;
  process.env.MEILI_SEARCH_KEY = key.key;
  process.env.MEILI_SEARCH_KEY_UID = key.uid;
  process.env.FEED_SECRET_FEED_MOTORS = SECRET;
  ws.addTenant(SLUG, { search: { host: meili.host, index: INDEX } });
  served = await serveSites(ws.sites);
  pipeline = await startPipeline({
    tenantsDir: ws.tenants,
    sitesDir: ws.sites,
    inboxDir: ws.inbox,
    webhookPort: 0,
    debounceMs: 400,
    pollMs: 300,
    concurrency: 1,
    log: (fields) => events.push(fields),
  });
  await nextRelease(null);
}, 300_000);

afterAll(async () => {
  // Failed jobs and search errors explain a failing assertion above.
  for (const event of events) if (event.outcome === 'failed' || (event.search && 'error' in (event.search as object))) console.log(JSON.stringify(event).slice(0, 2000));
  await pipeline?.close();
  await served?.close();
  await meili?.stop();
  process.env = saved;
  ws.remove();
});

describe('the first release', () => {
  it('publishes the tenant, serves it and indexes every car', async () => {
    const home = await served.get(SLUG, '/');
    expect(home.status).toBe(200);
    const car = await served.get(SLUG, '/cars/2018-toyota-corolla-ascent-sport-pm1/');
    expect(car.status).toBe(200);
    expect(car.text).toContain('26,990');
    await waitFor('12 documents', async () => (await admin.index(INDEX).getDocuments({ filter: `site = "${SLUG}"`, limit: 100 })).results.length === 12);
    const status = readStatus(ws.sites, SLUG);
    expect(status).toMatchObject({ tenant: SLUG, current: ws.current(SLUG), lastOutcome: 'published', lastFailure: null });
    const release = events.find((event) => event.event === 'release' && event.outcome === 'published');
    expect(release).toMatchObject({ tenant: SLUG, added: 12, changed: 0, removed: 0, mode: 'full' });
    expect(typeof release?.seconds).toBe('number');
  }, 240_000);
});

describe('a dropped JSON snapshot', () => {
  it('changes a price and removes a sold-off car on the served site and in the index', async () => {
    const before = ws.current(SLUG);
    const stock = ws.stock(SLUG)
      .filter((car) => car.id !== 112)
      .map((car) => (car.id === 101 ? { ...car, price: 19990 } : car));
    mkdirSync(join(ws.inbox, SLUG), { recursive: true });
    writeFileSync(join(ws.inbox, SLUG, 'stock-export.json'), JSON.stringify(stock));
    await nextRelease(before);
    const page = await served.get(SLUG, '/cars/2018-toyota-corolla-ascent-sport-pm1/');
    expect(page.text).toContain('19,990');
    expect(page.text).not.toContain('26,990');
    expect((await served.get(SLUG, '/cars/2022-subaru-outback-awd-pm12/')).status).toBe(404);
    expect(await searchDoc(101)).toMatchObject({ price: 19990 });
    expect(await searchDoc(112)).toBeNull();
    const release = events.findLast((event) => event.event === 'release' && event.outcome === 'published');
    expect(release).toMatchObject({ changed: 1, removed: 1, added: 0 });
    expect(readdirSync(join(ws.inbox, SLUG, 'processed')).some((name) => name.endsWith('stock-export.json'))).toBe(true);
  }, 240_000);
});

describe('a DMS CSV export', () => {
  it('maps the columns to cars and publishes them', async () => {
    const before = ws.current(SLUG);
    const header = 'Stock Number,Rego,VIN,Make,Model,Badge,Year,Odometer,Price,Status,Photos,Condition,Body Type,Colour';
    const rows = ws.stock(SLUG).map((car) =>
      [car.stocknum, 'ABC123', '', car.make, car.model, car.badge, car.year, car.km, car.id === 103 ? '"$28,500"' : car.price, 'Available', '', 'Used', car.simple_body, car.colour].join(','),
    );
    rows.push('NEW1,XYZ789,JTNB11HK103456789,Toyota,Corolla,ZR,2024,"1,200","$39,990",In Stock,https://img.example.com/a.jpg|https://img.example.com/b.jpg,Demo,Hatch,Blue');
    writeFileSync(join(ws.inbox, SLUG, 'dms.csv'), `${header}\n${rows.join('\n')}\n`);
    await nextRelease(before);
    const added = await served.get(SLUG, '/cars/2024-toyota-corolla-zr-new1/');
    expect(added.status).toBe(200);
    expect(added.text).toContain('39,990');
    expect(await searchDoc('NEW1')).toMatchObject({ price: 39990, car_type: 'demo' });
    // CSV ids are the stock numbers: the same cars under new ids replace the old records.
    expect(await searchDoc('PM3')).toMatchObject({ price: 28500 });
    expect(ws.stock(SLUG).find((car) => car.id === 'NEW1')).toMatchObject({ regplate: 'XYZ789', vin: 'JTNB11HK103456789', km: '1200' });
  }, 240_000);
});

describe('a bad feed', () => {
  it('is rejected with a report and changes nothing', async () => {
    const before = ws.current(SLUG);
    const stockBefore = JSON.stringify(ws.stock(SLUG));
    writeFileSync(join(ws.inbox, SLUG, 'broken.json'), '[{"id": 1, "slug": "Not A Slug"}, {"make": "Toyota"}]');
    writeFileSync(join(ws.inbox, SLUG, 'garbage.csv'), 'hello;world\nthis is not;a dms export\n');
    const rejected = join(ws.inbox, SLUG, 'rejected');
    await waitFor('both reports', () => existsSync(rejected) && readdirSync(rejected).filter((name) => name.endsWith('.report.txt')).length === 2);
    const reports = readdirSync(rejected).filter((name) => name.endsWith('.report.txt')).map((name) => readFileSync(join(rejected, name), 'utf8'));
    expect(reports.join('\n')).toMatch(/no valid vehicle record in the feed/);
    expect(reports.join('\n')).toMatch(/lacks required column/);
    expect(reports.join('\n')).toMatch(/field slug/);
    await new Promise((done) => setTimeout(done, 1500));
    expect(ws.current(SLUG)).toBe(before);
    expect(JSON.stringify(ws.stock(SLUG))).toBe(stockBefore);
    expect((await served.get(SLUG, '/cars/2024-toyota-corolla-zr-new1/')).status).toBe(200);
  }, 240_000);
});

describe('a signed webhook push', () => {
  it('rejects unsigned and badly signed pushes without changing the site', { timeout: 240_000 }, async () => {
    const before = ws.current(SLUG);
    const body = JSON.stringify({ vehicles: [{ ...ws.stock(SLUG)[0], price: 1 }] });
    const unsigned = await push(body);
    expect(unsigned.status).toBe(401);
    const wrong = await push(body, signBody(body, 'not-the-secret'));
    expect(wrong.status).toBe(401);
    const tampered = await push(body.replace('"price":1', '"price":2'), signBody(body, SECRET));
    expect(tampered.status).toBe(401);
    // Issue 13 M13: an unknown tenant is not revealed before authentication (same 401 as a bad signature).
    expect((await fetch(`${pipeline.webhookUrl}/feeds/nobody`, { method: 'POST', body, headers: signBody(body, SECRET) })).status).toBe(401);
    await new Promise((done) => setTimeout(done, 1500));
    expect(ws.current(SLUG)).toBe(before);
    expect(ws.stock(SLUG).some((car) => car.price === 1 || car.price === 2)).toBe(false);
  });

  it('publishes a burst of signed pushes as one release', async () => {
    const before = ws.current(SLUG);
    const releasesBefore = ws.releases(SLUG).length;
    const published = events.filter((event) => event.event === 'release' && event.outcome === 'published').length;
    const stock = ws.stock(SLUG);
    const first = JSON.stringify({ ...stock.find((car) => car.id === 'NEW1'), price: 37990 });
    const second = JSON.stringify({ vehicles: [{ ...stock.find((car) => car.id === 'PM5'), price: 51990 }], removed: ['PM4'] });
    const bad = JSON.stringify([{ id: 'PM6', slug: 'bad slug!' }]);
    for (const body of [first, second]) {
      const response = await push(body, signBody(body, SECRET));
      expect(response.status).toBe(202);
    }
    const invalid = await push(bad, signBody(bad, SECRET));
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { problems: string[] }).problems.join()).toMatch(/field slug/);
    await nextRelease(before);
    await pipeline.settled();
    expect(events.filter((event) => event.event === 'release' && event.outcome === 'published').length).toBe(published + 1);
    expect(ws.releases(SLUG).length).toBeGreaterThanOrEqual(Math.min(releasesBefore + 1, 5));
    expect((await served.get(SLUG, '/cars/2024-toyota-corolla-zr-new1/')).text).toContain('37,990');
    expect((await served.get(SLUG, '/cars/2021-mazda-cx-5-touring-pm4/')).status).toBe(404);
    expect(await searchDoc('PM5')).toMatchObject({ price: 51990 });
    expect(await searchDoc('PM4')).toBeNull();
    expect(events.findLast((event) => event.event === 'release' && event.outcome === 'published')).toMatchObject({ changed: 2, removed: 1 });
  }, 240_000);
});
