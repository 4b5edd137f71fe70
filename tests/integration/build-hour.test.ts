/**
 * A build's pages do not depend on the hour it ran: two builds of the same tenants on the same
 * day, at 10:00 and at 21:00 in the dealer's time zone, write the same files byte for byte. A
 * page that carried the build's hour (a location's 'Open now' status) would tell a shopper
 * something that was true only when the site was built, and every code deploy would upload it
 * again. Fixtures with opening hours: a location page (the status in its header) and a grid of
 * location cards. A build the next day writes the same sitemap (no build date in it).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkFiles } from '../../src/platform/fs/walk.ts';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'dealer-build-hour-'));
const tenants = join(work, 'tenants');
const FIXTURES = ['site-one-location', 'site-locations'];
/** Saturday 21 November 2026 in Brisbane: open at 10:00 (special hours 9:00am - 1:00pm), closed at 21:00. */
const HOURS = { morning: '2026-11-21T10:00:00+10:00', evening: '2026-11-21T21:00:00+10:00', nextDay: '2026-11-22T10:00:00+10:00' };

function build(out: string, now: string) {
  const result = spawnSync(process.execPath, [join(repo, 'scripts/build.ts'), '--tenants', tenants, '--out', out, '--now', now, '--jobs', '2'], {
    cwd: work,
    encoding: 'utf8',
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Every file under `root`, by its path there. */
function files(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const file of walkFiles(root)) if (file.dirent.isFile()) found.set(relative(root, file.path), readFileSync(file.path));
  return found;
}

const built = Object.fromEntries(Object.keys(HOURS).map((hour) => [hour, { code: null, out: '' }])) as Record<
  keyof typeof HOURS,
  { code: number | null; out: string }
>;
beforeAll(() => {
  for (const fixture of FIXTURES) cpSync(join(repo, 'tests/fixtures/tenants', fixture), join(tenants, fixture), { recursive: true });
  for (const hour of Object.keys(HOURS) as (keyof typeof HOURS)[]) built[hour] = build(join(work, hour), HOURS[hour]);
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a build at 10:00 and one at 21:00 on the same day', () => {
  it('write the same files, byte for byte', () => {
    expect(built.morning.code, built.morning.out).toBe(0);
    expect(built.evening.code, built.evening.out).toBe(0);
    for (const tenant of FIXTURES) {
      const morning = files(join(work, 'morning', tenant));
      const evening = files(join(work, 'evening', tenant));
      expect([...evening.keys()].sort(), tenant).toEqual([...morning.keys()].sort());
      expect(morning.size, tenant).toBeGreaterThan(5);
      const differ = [...morning].filter(([path, bytes]) => !bytes.equals(evening.get(path)!)).map(([path]) => path);
      expect(differ, `${tenant}: files that differ by the build's hour`).toEqual([]);
    }
  });

  it('carry no opening status in their pages', () => {
    const page = readFileSync(join(work, 'evening', 'site-one-location', 'locations', 'springwood', 'index.html'), 'utf8');
    const statuses = [...page.matchAll(/data-testid="opening-status">(.*?)<\/p>/g)].map((match) => match[1]);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses).toEqual(statuses.map(() => ''));
  });

  it('and one the next day write the same sitemap: a lastmod only on car pages, from the stock record', () => {
    expect(built.nextDay.code, built.nextDay.out).toBe(0);
    for (const tenant of FIXTURES) {
      const sitemap = readFileSync(join(work, 'morning', tenant, 'sitemap.xml'), 'utf8');
      expect(readFileSync(join(work, 'nextDay', tenant, 'sitemap.xml'), 'utf8'), tenant).toBe(sitemap);
      expect(sitemap, tenant).not.toContain('<lastmod>2026-11-21</lastmod>');
      const dated = [...sitemap.matchAll(/<loc>([^<]+)<\/loc><lastmod>/g)].map((match) => new URL(match[1]!).pathname);
      expect(dated.length, tenant).toBeGreaterThan(0);
      expect(
        dated.every((path) => path.startsWith('/cars/')),
        tenant,
      ).toBe(true);
    }
  });
});
