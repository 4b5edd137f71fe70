/**
 * Intake with the mass-change guard, on real folders (no builds): dropped files and webhook
 * pushes that would empty the site are held, not written; an operator's confirm takes them
 * in, a discard drops them, a newer file supersedes them, and a decision counts once. Held
 * feeds live in the pipeline state: another process with its own disk lists and decides them.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listHeldFeeds, readHeldFeed } from './held.ts';
import { decideHeldFeed, intakeFile, intakePush } from './inbox.ts';
import type { LogFields } from '../log.ts';
import { openPipelineState, withState } from '../state/store.ts';
import { readFeedStatus } from '../state/status.ts';

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
const SLUG = 'pipeline-motors';
let root = '';
let tenantDir = '';
let sites = '';
let inbox = '';
const events: LogFields[] = [];
const log = (fields: LogFields) => events.push(fields);
const options = () => ({ sitesDir: sites, guard: { maxRemovedShare: 0.5, minRemoved: 5 }, inboxDir: join(root, 'inbox') });
/** The inbox folder's files, with the first line of each report (`name: line`). */
const listing = (folder: string) =>
  existsSync(join(inbox, folder))
    ? readdirSync(join(inbox, folder))
        .sort()
        .map((name) => (name.endsWith('.report.txt') ? `${name.replace(/^.*?-(?=[a-z]+\.json)/, '')}: ${readFileSync(join(inbox, folder, name), 'utf8').trim().split('\n').at(-1)}` : name.replace(/^.*?-(?=[a-z]+\.json)/, '')))
    : [];
// The accepted stock lives in the pipeline state of the sites directory (the tenant folder's stock.json is only its seed).
const acceptedRecords = () => withState(undefined, sites, async (state) => (await state.stock.get(SLUG, tenantDir))?.data as Record<string, unknown>[]);
const heldFeeds = () => withState(undefined, sites, (state) => listHeldFeeds(state, SLUG));
const stockText = async () => JSON.stringify(await acceptedRecords());
const fixtureStock = () => JSON.parse(readFileSync(join(FIXTURE, 'stock.json'), 'utf8')) as Record<string, unknown>[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'held-feeds-'));
  tenantDir = join(root, 'tenants', SLUG);
  sites = join(root, 'sites');
  inbox = join(root, 'inbox', SLUG);
  cpSync(FIXTURE, tenantDir, { recursive: true });
  mkdirSync(inbox, { recursive: true });
  events.length = 0;
});
afterEach(() => {
  // Whatever was taken in, held or decided, the tenant folder's stock.json is never written.
  expect(readFileSync(join(tenantDir, 'stock.json'), 'utf8')).toBe(readFileSync(join(FIXTURE, 'stock.json'), 'utf8'));
  rmSync(root, { recursive: true, force: true });
});

function drop(name: string, records: unknown[]): string {
  const file = join(inbox, name);
  writeFileSync(file, JSON.stringify(records));
  return file;
}

describe('a dropped feed that would empty the site', () => {
  it('is held with its report; the stock stays; confirm takes it in', async () => {
    const before = await stockText();
    const result = await intakeFile(tenantDir, SLUG, drop('truncated.json', fixtureStock().slice(0, 2)), log, options());
    expect(result).toMatchObject({ accepted: false, held: { source: 'truncated.json', visibleBefore: 12, visibleAfter: 2, removed: 10 } });
    expect(await stockText()).toBe(before);
    // The file waits in the inbox's held/ folder with its report, where the dealer dropped it.
    expect(readdirSync(inbox)).toEqual(['held']);
    const [held] = await heldFeeds();
    expect(readdirSync(join(inbox, 'held')).sort()).toEqual([`${held.id}-truncated.json`, `${held.id}-truncated.json.report.txt`]);
    expect(readFileSync(join(inbox, 'held', `${held.id}-truncated.json.report.txt`), 'utf8')).toMatch(/mass-change guard: HOLD/);
    expect((await withState(undefined, sites, (state) => readHeldFeed(state, SLUG, held.id)))?.report).toMatch(/mass-change guard: HOLD - the feed would take 10 of 12 visible cars \(83 %\)/);
    expect(events.at(-1)).toMatchObject({ event: 'feed', outcome: 'held', removed: 10 });
    expect(readFeedStatus(sites, SLUG)).toMatchObject({ outcome: 'held', source: 'truncated.json' });

    const confirmed = await decideHeldFeed(tenantDir, SLUG, held.id, 'confirm', log, options());
    expect(confirmed?.reason).toBeUndefined();
    expect(confirmed).toMatchObject({ accepted: true, read: 2 });
    expect((await acceptedRecords())).toHaveLength(2);
    expect(await heldFeeds()).toEqual([]);
    expect(readFeedStatus(sites, SLUG)).toMatchObject({ outcome: 'confirmed', source: 'truncated.json (confirmed by operator)' });
    // Decided: out of held/, into processed/ with the decision at the end of its report.
    expect(listing('held')).toEqual([]);
    expect(listing('processed')).toEqual(['truncated.json', expect.stringMatching(/^truncated\.json\.report\.txt: decision: confirmed by an operator: taken in \(/)]);
    // A second decision on the same feed does nothing.
    expect(await decideHeldFeed(tenantDir, SLUG, held.id, 'discard', log, options())).toBeNull();
    expect((await acceptedRecords())).toHaveLength(2);
  });

  it('is dropped on discard, and a newer complete feed supersedes an older held one', async () => {
    const before = await stockText();
    await intakeFile(tenantDir, SLUG, drop('a.json', []), log, options());
    await intakeFile(tenantDir, SLUG, drop('b.json', fixtureStock().slice(0, 1)), log, options());
    const held = await heldFeeds();
    expect(held.map((feed) => feed.source)).toEqual(['b.json']);
    expect(events.some((event) => event.event === 'feed-held-closed' && event.outcome === 'superseded' && event.by === 'b.json')).toBe(true);
    expect(await decideHeldFeed(tenantDir, SLUG, held[0].id, 'discard', log, options())).toMatchObject({ accepted: false, reason: 'discarded by an operator' });
    expect(await stockText()).toBe(before);
    expect((await withState(undefined, sites, (state) => readHeldFeed(state, SLUG, held[0].id)))?.feed).toMatchObject({ outcome: 'discarded' });
    // Both files end in rejected/, each report saying why.
    expect(listing('held')).toEqual([]);
    expect(listing('rejected')).toEqual([
      'a.json',
      expect.stringMatching(/^a\.json\.report\.txt: decision: superseded by the newer feed b\.json: not taken in/),
      'b.json',
      expect.stringMatching(/^b\.json\.report\.txt: decision: discarded by an operator: not taken in/),
    ]);
  });

  it('does not hold an ordinary feed, or any feed with the guard off', async () => {
    expect(await intakeFile(tenantDir, SLUG, drop('ok.json', fixtureStock().slice(0, 8)), log, options())).toMatchObject({ accepted: true });
    expect(await intakeFile(tenantDir, SLUG, drop('empty.json', []), log, { sitesDir: sites, guard: false })).toMatchObject({ accepted: true });
    expect((await acceptedRecords())).toEqual([]);
  });

  it('uses the tenant guard of feed-mapping.json over the pipeline setting', async () => {
    writeFileSync(join(tenantDir, 'feed-mapping.json'), JSON.stringify({ guard: { max_removed_share: 0.9 } }));
    expect(await intakeFile(tenantDir, SLUG, drop('most.json', fixtureStock().slice(0, 2)), log, options())).toMatchObject({ accepted: true });
  });
});

describe('a rejected webhook push', () => {
  it('leaves its report in the state\'s last feed status; a clean push leaves none', async () => {
    const push = (body: string) => withState(undefined, sites, (state) => intakePush(tenantDir, SLUG, body, log, { ...options(), state }));
    expect(await push('{"not": "a car"')).toMatchObject({ accepted: false });
    const rejected = await withState(undefined, sites, (state) => state.tenants.feedStatus(SLUG));
    expect(rejected).toMatchObject({ outcome: 'rejected', source: 'webhook' });
    expect(rejected?.report).toMatch(/^feed: webhook push\ntenant: [\w-]+\nrecords pushed: 0, valid: 0\nresult: REJECTED - \S/);
    expect(await push(JSON.stringify({ ...fixtureStock()[3], price: 4321 }))).toMatchObject({ accepted: true });
    expect((await withState(undefined, sites, (state) => state.tenants.feedStatus(SLUG)))?.report).toBeUndefined();
  });
});

describe('a webhook push removing most of the stock', () => {
  it('is held and applied to the then-current stock on confirm', async () => {
    const ids = fixtureStock().map((car) => String(car.id));
    const body = JSON.stringify({ removed: ids.slice(0, 10) });
    const before = await stockText();
    const result = await intakePush(tenantDir, SLUG, body, log, options());
    expect(result).toMatchObject({ accepted: false, held: { source: 'webhook', kind: 'webhook', removed: 10 } });
    expect(await stockText()).toBe(before);
    // A push that arrives meanwhile is taken in; the confirmed removal applies on top of it.
    expect(await intakePush(tenantDir, SLUG, JSON.stringify({ ...fixtureStock()[11], price: 1234 }), log, options())).toMatchObject({ accepted: true });
    expect(await decideHeldFeed(tenantDir, SLUG, result.held?.id ?? '', 'confirm', log, options())).toMatchObject({ accepted: true });
    const after = await acceptedRecords();
    expect(after.map((car) => String(car.id))).toEqual(ids.slice(10));
    expect(after.find((car) => String(car.id) === ids[11])).toMatchObject({ price: 1234 });
  });

  it('refuses ids that are not a held feed id (no path tricks)', async () => {
    expect(await decideHeldFeed(tenantDir, SLUG, '../../tenants/pipeline-motors/site', 'confirm', log, options())).toBeNull();
  });
});

describe('held feeds in the shared state (issue 33 item 1)', () => {
  it('a feed held by one intake process is listed and confirmed by another with its own sites directory and tenant copy', async () => {
    // Two processes' worth: separate connections to one state, separate sites directories and tenant folders (two machines' disks).
    const data = join(root, 'state');
    const other = { tenantDir: join(root, 'other', 'tenants', SLUG), sites: join(root, 'other', 'sites') };
    cpSync(FIXTURE, other.tenantDir, { recursive: true });
    const [stateA, stateB] = [await openPipelineState({ dataDir: data, stockMirror: false }), await openPipelineState({ dataDir: data, stockMirror: false })];
    try {
      const held = await intakeFile(tenantDir, SLUG, drop('truncated.json', fixtureStock().slice(0, 2)), log, { ...options(), state: stateA });
      expect(held?.held).toMatchObject({ source: 'truncated.json', removed: 10 });
      // Nothing of it on either machine's disk: the state has it.
      expect(existsSync(join(sites, SLUG, 'held'))).toBe(false);
      expect((await listHeldFeeds(stateB, SLUG)).map((feed) => feed.id)).toEqual([held!.held!.id]);
      expect((await readHeldFeed(stateB, SLUG, held!.held!.id))?.report).toMatch(/mass-change guard: HOLD/);
      const confirmed = await decideHeldFeed(other.tenantDir, SLUG, held!.held!.id, 'confirm', log, { sitesDir: other.sites, state: stateB });
      expect(confirmed).toMatchObject({ accepted: true, read: 2 });
      // The first process sees the decision and the stock it made; deciding again there does nothing.
      expect(await listHeldFeeds(stateA, SLUG)).toEqual([]);
      expect(((await stateA.stock.get(SLUG))?.data as unknown[]).length).toBe(2);
      expect(await decideHeldFeed(tenantDir, SLUG, held!.held!.id, 'discard', log, { ...options(), state: stateA })).toBeNull();
      expect((await readHeldFeed(stateA, SLUG, held!.held!.id))?.feed).toMatchObject({ outcome: 'confirmed', note: 'by an operator' });
    } finally {
      await stateA.close();
      await stateB.close();
    }
  });

  it('two processes deciding one held feed at once decide it once', async () => {
    const data = join(root, 'state');
    const states = [await openPipelineState({ dataDir: data, stockMirror: false }), await openPipelineState({ dataDir: data, stockMirror: false })];
    try {
      const held = await intakePush(tenantDir, SLUG, JSON.stringify({ removed: fixtureStock().map((car) => String(car.id)) }), log, { ...options(), state: states[0] });
      const decisions = await Promise.all(states.map((state, index) => decideHeldFeed(tenantDir, SLUG, held.held!.id, index ? 'discard' : 'confirm', log, { ...options(), state })));
      expect(decisions.filter((decision) => decision !== null)).toHaveLength(1);
    } finally {
      for (const state of states) await state.close();
    }
  });
});
