/**
 * Issue 34 N1 / N6: whoever writes a tenant's inbox folder cannot make the pipeline read
 * other files (symbolic links, pipes, hard links, a linked tenant folder), cannot get raw
 * file content echoed at length into the report, and cannot stall the shared pipeline
 * (file size cap, XML nesting, mapping regexes, a parse time limit, tenants side by side).
 * Real folders, real worker threads; no builds.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { intakeFile, scanInbox } from './inbox.ts';
import type { LogFields } from '../log.ts';
import { withState } from '../state/store.ts';

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
const SLUG = 'pipeline-motors';
let root = '';
let tenants = '';
let inbox = '';
// Sites directory of the pipeline state; the scans run with the mass-change guard off (these tests are about reading files).
let sites = '';
const events: LogFields[] = [];
const log = (fields: LogFields) => events.push(fields);
const tenantDirOf = (slug: string) => (existsSync(join(tenants, slug)) ? join(tenants, slug) : null);
// The accepted stock is in the pipeline state of the sites directory (the tenant folder's stock.json is its seed).
const stockText = async (slug = SLUG) => JSON.stringify((await withState(undefined, sites, (state) => state.stock.get(slug, join(tenants, slug))))?.data);
const fixtureStock = () => JSON.parse(readFileSync(join(FIXTURE, 'stock.json'), 'utf8')) as Record<string, unknown>[];
const reports = (slug = SLUG) => {
  const folder = join(inbox, slug, 'rejected');
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => name.endsWith('.report.txt'))
        .map((name) => readFileSync(join(folder, name), 'utf8'))
    : [];
};
const CSV_HEADER = 'Stock No,Make,Model,Price,Status,Year,Odometer';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'inbox-hardening-'));
  tenants = join(root, 'tenants');
  inbox = join(root, 'inbox');
  sites = join(root, 'sites');
  cpSync(FIXTURE, join(tenants, SLUG), { recursive: true });
  mkdirSync(join(inbox, SLUG), { recursive: true });
  events.length = 0;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('N1 the inbox reads only regular files inside the tenant folder', () => {
  it('N1: a symbolic link to /proc/self/environ is refused and no environment reaches the report', async () => {
    process.env.N1_CANARY_SECRET = 'canary-4f1d2e';
    try {
      const before = (await stockText());
      symlinkSync('/proc/self/environ', join(inbox, SLUG, 'env.csv'));
      const outside = join(root, 'secret.csv');
      writeFileSync(outside, `${CSV_HEADER}\nS1,Toyota,Corolla,1000,available,2020,1\nroot:x:0:0:secret-line\n`);
      symlinkSync(outside, join(inbox, SLUG, 'leak.csv'));
      const { changed } = await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
      expect(changed).toEqual([]);
      expect((await stockText())).toBe(before);
      const texts = reports();
      expect(texts).toHaveLength(2);
      for (const text of texts) {
        expect(text).toMatch(/REJECTED - refused: a symbolic link, not a regular file/);
        expect(text).not.toMatch(/canary-4f1d2e|N1_CANARY|secret-line|Corolla/);
      }
      // The links themselves were moved out of the inbox; their targets are untouched.
      expect(readdirSync(join(inbox, SLUG)).filter((name) => name !== 'rejected')).toEqual([]);
      expect(readFileSync(outside, 'utf8')).toMatch(/secret-line/);
      expect(events.filter((event) => event.event === 'feed' && event.outcome === 'rejected')).toHaveLength(2);
    } finally {
      delete process.env.N1_CANARY_SECRET;
    }
  });

  it('N1: a named pipe and a hard link are refused without being read', async () => {
    execFileSync('mkfifo', [join(inbox, SLUG, 'pipe.csv')]);
    const outside = join(root, 'other.csv');
    writeFileSync(outside, `${CSV_HEADER}\nS1,Toyota,Corolla,1000,available,2020,1\n`);
    linkSync(outside, join(inbox, SLUG, 'hard.csv'));
    const before = (await stockText());
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    expect((await stockText())).toBe(before);
    const texts = reports().join('\n');
    expect(texts).toMatch(/refused: a named pipe, not a regular file/);
    expect(texts).toMatch(/refused: a hard link to another file/);
    expect(texts).not.toMatch(/Corolla/);
  });

  it('N1: a tenant inbox folder that is a symbolic link is not read', async () => {
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'stock.json'), JSON.stringify(fixtureStock().slice(0, 8)));
    rmSync(join(inbox, SLUG), { recursive: true });
    symlinkSync(elsewhere, join(inbox, SLUG));
    const before = (await stockText());
    const { changed } = await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    expect(changed).toEqual([]);
    expect((await stockText())).toBe(before);
    expect(readdirSync(elsewhere)).toEqual(['stock.json']);
    expect(events.some((event) => event.outcome === 'rejected' && /is a symbolic link: refused/.test(String(event.reason)))).toBe(true);
  });

  it('N1: the report quotes a hostile header only as short, escaped excerpts', async () => {
    const secret = `KEY=${'s'.repeat(300)}`;
    const header = Array.from({ length: 400 }, (_, index) => `col${index}\u001b[31m${index === 7 ? secret : ''}`).join(',');
    writeFileSync(join(inbox, SLUG, 'odd.csv'), `${header}\n${'x,'.repeat(399)}x\n`);
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    const [text] = reports();
    expect(text).toMatch(/REJECTED - the CSV header lacks required column/);
    expect(text).not.toContain('\u001b');
    expect(text).toContain('\\u001b');
    expect(text).not.toContain('s'.repeat(100));
    expect(text.length).toBeLessThan(12_000);
  });
});

describe('N6 one tenant\'s file cannot stall the pipeline', () => {
  it('N6: a file over the inbox size cap is rejected unread with a clear message', async () => {
    writeFileSync(join(inbox, SLUG, 'huge.csv'), `${CSV_HEADER}\n${'S1,Toyota,Corolla,1000,available,2020,1\n'.repeat(3000)}`);
    const before = (await stockText());
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false, inboxMaxBytes: 64 * 1024 });
    expect((await stockText())).toBe(before);
    expect(reports().join('\n')).toMatch(/REJECTED - the file is 0\.11 MB, larger than the inbox limit of 0\.06 MB \(PIPELINE_INBOX_MAX_BYTES\)/);
  });

  it('N6: deeply nested XML is refused quickly', async () => {
    const depth = 40_000;
    writeFileSync(join(inbox, SLUG, 'deep.xml'), `<r><vehicle>${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}</vehicle></r>`);
    const started = performance.now();
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    // A backtracking engine would need about 2^40 steps per row (hours); the bound leaves room for a loaded machine starting the parse worker.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(reports().join('\n')).toMatch(/REJECTED - a vehicle element nests fields more than 32 deep \(line 1\)/);
  });

  it('N6: a catastrophic skip regex cannot hang the read; look-around is refused when the mapping is read', async () => {
    writeFileSync(join(tenants, SLUG, 'feed-mapping.json'), JSON.stringify({ skip: [{ column: 'Make', matches: '^(a+)+$' }] }));
    const evil = `${'a'.repeat(40)}!`;
    writeFileSync(join(inbox, SLUG, 'redos.csv'), `${CSV_HEADER}\n${Array.from({ length: 20 }, (_, index) => `S${index},${evil},Corolla,1000,available,2020,1`).join('\n')}\naaaa,aaaa,Corolla,1000,available,2020,1\n`);
    const started = performance.now();
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    // A backtracking engine would need about 2^40 steps per row (hours); the bound leaves room for a loaded machine starting the parse worker.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(events.find((event) => event.event === 'feed')).toMatchObject({ outcome: 'accepted', records: 20 });

    writeFileSync(join(tenants, SLUG, 'feed-mapping.json'), JSON.stringify({ skip: [{ column: 'Make', matches: '^(?=a)a' }] }));
    writeFileSync(join(inbox, SLUG, 'look.csv'), `${CSV_HEADER}\nS1,Toyota,Corolla,1000,available,2020,1\n`);
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    expect(reports().join('\n')).toMatch(/feed-mapping.json is invalid: .*expected a regular expression RE2 reads \(no look-around or back-references\)/);
  });

  it('N6: a parse over the time limit is stopped and the file rejected', async () => {
    // 24,000 records: far more than 50 ms of validation, even for a warm reader.
    const many = Array.from({ length: 2000 }, (_, copy) => fixtureStock().map((car) => ({ ...car, id: `${String(car.id)}-${copy}`, slug: `${String(car.slug)}-${copy}` }))).flat();
    writeFileSync(join(inbox, SLUG, 'slow.json'), JSON.stringify(many));
    const before = (await stockText());
    const result = await intakeFile(join(tenants, SLUG), SLUG, join(inbox, SLUG, 'slow.json'), log, { sitesDir: sites, guard: false, parseTimeoutMs: 50 });
    expect(result).toMatchObject({ accepted: false });
    expect(result?.reason).toMatch(/reading the file took longer than 0 s and was stopped \(PIPELINE_FEED_PARSE_SECONDS\)/);
    expect((await stockText())).toBe(before);
  });

  it('N6: another tenant\'s feed is accepted while a hostile one is being parsed, and the main loop keeps running', async () => {
    // "aaa-hostile" sorts first: read one after the other, it would hold "pipeline-motors" up.
    cpSync(FIXTURE, join(tenants, 'aaa-hostile'), { recursive: true });
    mkdirSync(join(inbox, 'aaa-hostile'));
    const row = (index: number) => `S${index},Toyota,Corolla,not-a-price,available,2020,1`;
    writeFileSync(join(inbox, 'aaa-hostile', 'big.csv'), `${CSV_HEADER}\n${Array.from({ length: 100_000 }, (_, index) => row(index)).join('\n')}\n`);
    writeFileSync(join(inbox, SLUG, 'good.json'), JSON.stringify(fixtureStock().slice(0, 10)));
    const order: string[] = [];
    let lag = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      lag = Math.max(lag, performance.now() - last);
      last = performance.now();
    }, 20);
    try {
      await scanInbox(inbox, tenantDirOf, (fields) => {
        log(fields);
        if (fields.event === 'feed') order.push(`${String(fields.tenant)} ${String(fields.outcome)}`);
      }, 0, { sitesDir: sites, guard: false });
    } finally {
      clearInterval(ticker);
    }
    expect(order).toEqual(['pipeline-motors accepted', 'aaa-hostile rejected']);
    expect(JSON.parse((await stockText()))).toHaveLength(10);
    expect(lag).toBeLessThan(2_000);
  }, 180_000);
});

describe('NEW-2 the inbox\'s own folders are never followed as links', () => {
  const OTHER = 'other-motors';
  const dropFeed = (slug: string, name: string, records: unknown[]) => writeFileSync(join(inbox, slug, name), JSON.stringify(records));
  const refusals = () => events.filter((event) => event.event === 'feed' && event.outcome === 'refused').map((event) => String(event.reason));

  it('NEW-2: a processed/ folder linked to another tenant\'s inbox is refused: the feed stays, nothing reaches the other inbox or its stock', async () => {
    cpSync(FIXTURE, join(tenants, OTHER), { recursive: true });
    mkdirSync(join(inbox, OTHER));
    symlinkSync(`../${OTHER}`, join(inbox, SLUG, 'processed'));
    const injected = fixtureStock().map((car) => (car.id === fixtureStock()[0]!.id ? { ...car, price: 11111, dealercomments: 'PWNED-BY-ALPHA' } : car));
    dropFeed(SLUG, 'pwn.json', injected);
    const otherBefore = await stockText(OTHER);
    const ownBefore = await stockText();
    // Two scans: before the fix the first moved the file into the other inbox, the second took it in there.
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    expect(readdirSync(join(inbox, OTHER))).toEqual([]);
    expect(await stockText(OTHER)).toBe(otherBefore);
    expect(await stockText(OTHER)).not.toContain('PWNED-BY-ALPHA');
    // The dealer's own feed is not taken in either while its folder is wrong, and it is not lost.
    expect(await stockText()).toBe(ownBefore);
    expect(readdirSync(join(inbox, SLUG)).sort()).toEqual(['processed', 'pwn.json']);
    expect(refusals()).toHaveLength(1);
    expect(refusals()[0]).toMatch(/the inbox folder processed\/ of pipeline-motors is a symbolic link, not a folder: refused/);
    // Once the dealer puts a real folder back, the waiting feed goes through.
    rmSync(join(inbox, SLUG, 'processed'));
    mkdirSync(join(inbox, SLUG, 'processed'));
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    expect(await stockText()).toContain('PWNED-BY-ALPHA');
    expect(readdirSync(join(inbox, SLUG, 'processed')).some((name) => name.endsWith('-pwn.json'))).toBe(true);
  });

  it('NEW-2: a rejected/ folder linked outside the inbox gets nothing written through it (file or report)', async () => {
    const outside = join(root, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(inbox, SLUG, 'rejected'));
    writeFileSync(join(inbox, SLUG, 'bad.csv'), 'not,a,feed\n1,2,3\n');
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(join(inbox, SLUG)).sort()).toEqual(['bad.csv', 'rejected']);
    expect(refusals()[0]).toMatch(/the inbox folder rejected\/ of pipeline-motors is a symbolic link, not a folder: refused/);
  });

  it('NEW-2: a folder of a tenant that does not exist, with rejected/ linked outside, writes nothing outside', async () => {
    const outside = join(root, 'outside');
    mkdirSync(outside);
    mkdirSync(join(inbox, 'no-such-motors'));
    symlinkSync(outside, join(inbox, 'no-such-motors', 'rejected'));
    writeFileSync(join(inbox, 'no-such-motors', 'stock.json'), '[]');
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(join(inbox, 'no-such-motors')).sort()).toEqual(['rejected', 'stock.json']);
  });

  it('NEW-2: processed/ as a plain file or a dangling link is refused; a missing one is made as a real folder', async () => {
    writeFileSync(join(inbox, SLUG, 'processed'), 'not a folder');
    dropFeed(SLUG, 'a.json', fixtureStock().slice(0, 10));
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    expect(refusals()[0]).toMatch(/the inbox folder processed\/ of pipeline-motors is not a folder: refused/);
    rmSync(join(inbox, SLUG, 'processed'));
    symlinkSync(join(root, 'nowhere'), join(inbox, SLUG, 'processed'));
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    expect(existsSync(join(root, 'nowhere'))).toBe(false);
    expect(refusals().at(-1)).toMatch(/is a symbolic link, not a folder/);
    rmSync(join(inbox, SLUG, 'processed'));
    await scanInbox(inbox, tenantDirOf, log, 0, { sitesDir: sites, guard: false });
    expect(JSON.parse(await stockText())).toHaveLength(10);
  });

});
