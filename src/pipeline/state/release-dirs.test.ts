import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRelease, internalReferences, resolves } from '../release/checks.ts';
import {
  currentRelease,
  listReleases,
  newReleaseId,
  pruneReleases,
  releaseFolderParts,
  rollbackTarget,
  switchCurrent,
  tenantPaths,
  trimReleaseCache,
  writeManifest,
  type ReleaseManifest,
} from './release-dirs.ts';
import { createInProcessQueue } from '../service/queue.ts';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pipeline-unit-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function release(sites: string, id: string, complete = true, slug = 'acme') {
  const dir = join(tenantPaths(sites, slug).releases, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), id);
  if (complete) writeManifest(sites, { id, slug, cars: [], fingerprints: {}, brokenLinks: [] } as unknown as ReleaseManifest);
}

/** Bytes of the files under `dir` (symlinks not followed: `current` is counted once, in `releases`). */
function sizeOf(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += sizeOf(path);
    else if (entry.isFile()) bytes += statSync(path).size;
  }
  return bytes;
}

describe('release directories', () => {
  it('ids sort by time', () => {
    expect(newReleaseId(new Date('2026-01-02T00:00:00Z')) > newReleaseId(new Date('2026-01-01T23:59:59Z'))).toBe(true);
  });

  it('switches current atomically to a relative symlink and rolls back to the previous complete release', () => {
    const sites = temp();
    release(sites, 'r1');
    release(sites, 'r2');
    release(sites, 'r3', false); // killed build: no manifest
    switchCurrent(sites, 'acme', 'r2');
    expect(readlinkSync(tenantPaths(sites, 'acme').current)).toBe('releases/r2');
    expect(currentRelease(sites, 'acme')).toBe('r2');
    expect(listReleases(sites, 'acme')).toEqual(['r1', 'r2']);
    expect(rollbackTarget(sites, 'acme')).toBe('r1');
    expect(() => rollbackTarget(sites, 'acme', 'r3')).toThrow(/not found/);
    switchCurrent(sites, 'acme', 'r1');
    expect(() => rollbackTarget(sites, 'acme')).toThrow(/no earlier release/);
    expect(() => switchCurrent(sites, 'acme', 'nope')).toThrow();
  });

  it('prunes beyond the newest N and incomplete directories, never the current release', () => {
    const sites = temp();
    for (const id of ['r1', 'r2', 'r3', 'r4']) release(sites, id);
    release(sites, 'r5', false);
    switchCurrent(sites, 'acme', 'r1');
    const removed = pruneReleases(sites, 'acme', 2);
    expect(removed.sort()).toEqual(['r2', 'r5']);
    expect(listReleases(sites, 'acme')).toEqual(['r1', 'r3', 'r4']);
    expect(existsSync(join(tenantPaths(sites, 'acme').manifests, 'r2.json'))).toBe(false);
  });

  it("trims a bucket worker's cache, the tenants used longest ago first, until the disk has the free space asked for", async () => {
    const sites = temp();
    // Four tenants' copies, 1,000 bytes of pages each, last used in the order d, b, a, c.
    for (const [slug, age] of [['a', 2], ['b', 3], ['c', 1], ['d', 4]] as const) {
      release(sites, `${slug}-r1`, true, slug);
      writeFileSync(join(tenantPaths(sites, slug).releases, `${slug}-r1`, 'page.html'), 'x'.repeat(1000));
      switchCurrent(sites, slug, `${slug}-r1`);
      writeFileSync(tenantPaths(sites, slug).status, '{}');
      const time = new Date(Date.now() - age * 60_000);
      utimesSync(tenantPaths(sites, slug).releases, time, time);
    }
    mkdirSync(join(sites, '.pipeline'));
    writeFileSync(join(sites, '.pipeline', 'state.db'), 'x'.repeat(5000));
    // A disk with 1,500 bytes free: each tenant's copy that goes frees a little over 1,000.
    const capacity = sizeOf(sites) + 1500;
    const free = () => capacity - sizeOf(sites);
    expect(await trimReleaseCache(sites, 1000, () => new Set(), free)).toEqual([]);
    // b is in use (a job of this process): d goes, then a, and then the disk has 4,000 free.
    // A trash folder a stopped process left behind goes too.
    mkdirSync(join(sites, '.trash-left'));
    writeFileSync(join(sites, '.trash-left', 'page.html'), 'x'.repeat(100));
    expect(await trimReleaseCache(sites, 3500, () => new Set(['b']), free)).toEqual(['d', 'a']);
    expect(readdirSync(sites).filter((name) => name.startsWith('.trash-'))).toEqual([]);
    for (const slug of ['d', 'a']) {
      expect(existsSync(tenantPaths(sites, slug).releases)).toBe(false);
      expect(existsSync(tenantPaths(sites, slug).manifests)).toBe(false);
      expect(currentRelease(sites, slug)).toBeNull();
      expect(existsSync(tenantPaths(sites, slug).status)).toBe(true);
    }
    expect(listReleases(sites, 'b')).toEqual(['b-r1']);
    expect(currentRelease(sites, 'c')).toBe('c-r1');
    expect(existsSync(join(sites, '.pipeline', 'state.db'))).toBe(true);
    // Whether a tenant is in use is asked when its turn comes: c, taken by a job after the trim began, stays.
    let asked = 0;
    const jobTakesC = () => (asked++ === 0 ? new Set(['b']) : new Set(['b', 'c']));
    expect(await trimReleaseCache(sites, 20_000, jobTakesC, free)).toEqual([]);
    expect(currentRelease(sites, 'c')).toBe('c-r1');
    // Asked for more than trimming can free: every tenant not in use goes, the state stays.
    expect(await trimReleaseCache(sites, 20_000, () => new Set(['b']), free)).toEqual(['c']);
    expect(listReleases(sites, 'b')).toEqual(['b-r1']);
    expect(existsSync(join(sites, '.pipeline', 'state.db'))).toBe(true);
  });
});

describe('releaseFolderParts', () => {
  it('names the pipeline layout: current a symlink, a release folder, a release manifest', () => {
    const sites = temp();
    const id = newReleaseId(new Date('2026-01-01T00:00:00Z'));
    release(sites, id);
    switchCurrent(sites, 'acme', id);
    expect(releaseFolderParts(tenantPaths(sites, 'acme').base)).toEqual(['current', 'releases', 'manifests']);
    // A dangling current (its release gone) still marks the folder as the pipeline's.
    rmSync(tenantPaths(sites, 'acme').releases, { recursive: true });
    expect(releaseFolderParts(tenantPaths(sites, 'acme').base)).toEqual(['current', 'manifests']);
  });

  it("is empty for a plain build's folder whose content pages are named current, releases and manifests", () => {
    const site = temp();
    for (const page of ['current', 'releases', 'manifests']) {
      mkdirSync(join(site, page));
      writeFileSync(join(site, page, 'index.html'), page);
    }
    writeFileSync(join(site, 'index.html'), 'home');
    expect(releaseFolderParts(site)).toEqual([]);
  });
});

describe('checks', () => {
  it('finds internal references in href, src and srcset, without query or entities', () => {
    const html =
      '<a href="/a/?x=1&amp;y=2#f">x</a><a href="https://other/">o</a><a href="//cdn/x">c</a><img src="/i.webp" srcset="/i-480w.webp 480w, /i-800w.webp 800w">';
    expect(internalReferences(html)).toEqual(['/a/', '/i.webp', '/i-480w.webp', '/i-800w.webp']);
  });

  it('finds the references the earlier whole-whitespace scan found, in the same order (unquoted values, tabs, a no-break space, a name ending in href, href and src inside a srcset)', () => {
    const earlier = (html: string) => {
      const urls: string[] = [];
      for (const match of html.matchAll(/\s(?:href|src)=["']?(\/(?!\/)[^"'\s>]*)/g)) urls.push(match[1]!);
      for (const match of html.matchAll(/\ssrcset=["']([^"']*)["']/g))
        for (const candidate of match[1]!.split(',')) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url?.startsWith('/') && !url.startsWith('//')) urls.push(url);
        }
      return urls.map((url) => url.replace(/&amp;/g, '&').replace(/&#0?38;/g, '&').split(/[?#]/)[0]);
    };
    for (const html of [
      '<a href=/a src=/b>x</a><a\thref=/c\nsrc="/d"> <a data-href="/no">',
      '<p>\u00a0href=/nbsp \u2028src=/ls</p><img srcset=\'/s 1x,\u00a0/t 2x\' src=/é?q#f>',
      ' href=/x href=/x  src=// src=/ href="/y/&#38;z"srcset="/u"',
      '<img srcset="/a 1x, x src=/in 2x" href=/h><img srcset=\'/b href=/c\' src=/d> srcset="/open src=/o',
    ])
      expect(internalReferences(html)).toEqual(earlier(html));
  });

  it('resolves paths as the static server does', () => {
    const files = new Set(['/index.html', '/cars/x/index.html', '/about.html', '/a.css']);
    expect(['/', '/cars/x', '/cars/x/', '/about', '/a.css'].every((url) => resolves(files, url))).toBe(true);
    expect(resolves(files, '/cars/y')).toBe(false);
  });

  it('blocks missing pages and new broken links, tolerates links already broken live', () => {
    const root = temp();
    const page = (path: string, html: string) => {
      mkdirSync(join(root, path), { recursive: true });
      writeFileSync(join(root, path, 'index.html'), html);
    };
    page('', '<a href="/search/new-used-and-demo-cars">s</a><a href="/cars/a">a</a><a href="/old-missing">m</a>');
    page('search/new-used-and-demo-cars', '<a href="/cars/gone">g</a>');
    page('cars/a', '');
    const site = { used_car_routes: false } as never;
    const cars = [
      { id: 1, slug: 'a' },
      { id: 2, slug: 'b' },
    ] as never;
    const report = checkRelease(root, { site, cars, knownBroken: ['/old-missing'] });
    expect(report.blocking).toEqual([
      'the page of visible car 2 (/cars/b) is missing',
      'broken internal link /cars/gone in /search/new-used-and-demo-cars/index.html',
    ]);
    expect(report.warnings.join()).toMatch(/\/old-missing/);
    expect(report.brokenLinks).toEqual(['/cars/gone', '/old-missing']);
    // The same template link on another car's page is a known problem, a link to a car that is gone is not.
    page('cars/a', '<a href="/cars/a/checkout">c</a>');
    expect(checkRelease(root, { site, cars: [cars[0]], knownBroken: ['/cars/*/checkout', '/cars/gone', '/old-missing'] }).blocking).toEqual([]);
    expect(checkRelease(root, { site, cars: [cars[0]], knownBroken: ['/cars/*/checkout', '/old-missing'] }).blocking).toEqual([
      'broken internal link /cars/gone in /search/new-used-and-demo-cars/index.html',
    ]);
    expect(checkRelease(root, { site, cars: [cars[0]], knownBroken: null }).blocking).toEqual([]);
  });
});

describe('in-process queue', () => {
  it('never runs one tenant twice at once, coalesces requests during a run into one re-run, runs tenants in parallel', async () => {
    const log: string[] = [];
    let active = 0;
    let maxActive = 0;
    const queue = createInProcessQueue(
      async (slug) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        log.push(`start ${slug}`);
        await new Promise((done) => setTimeout(done, 30));
        log.push(`end ${slug}`);
        active -= 1;
      },
      { concurrency: 2 },
    );
    await queue.enqueue('a');
    await queue.enqueue('b');
    await new Promise((done) => setTimeout(done, 5));
    await queue.enqueue('a');
    await queue.enqueue('a');
    await queue.idle();
    expect(log.filter((line) => line === 'start a')).toHaveLength(2);
    expect(log.indexOf('start a', 1)).toBeGreaterThan(log.indexOf('end a'));
    expect(maxActive).toBe(2);
  });
});
