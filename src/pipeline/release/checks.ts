/**
 * Checks before publish: a release goes live only when every visible car has
 * its page, the home page and the search page exist, and no internal link or asset
 * reference of any page points at a file the release does not have.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allStockPath } from '../../lib/site/search-urls.ts';
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { walkFiles } from '../../platform/fs/walk.ts';
import { PAGE_FAMILIES } from './plan.ts';

/** All files of a release, as site paths (`/cars/x/index.html`). */
export function listFiles(root: string): string[] {
  return [...walkFiles(root)].map((file) => `/${file.relative}`);
}

/** The path part of an internal URL as written in HTML (entities decoded, query and fragment dropped). */
export function linkPath(url: string): string {
  return url.replace(/&amp;/g, '&').replace(/&#0?38;/g, '&').split(/[?#]/)[0];
}

/**
 * One scan of a page for `href=` / `src=` values that start with `/` and `srcset=` values (a
 * whitespace before, as a lookbehind: the engine then looks for the names first).
 */
const REFERENCE = /(?<=\s)(?:(?:href=|src=)["']?(\/(?!\/)[^"'\s>]*)|srcset=["']([^"']*)["'])/g;
/** `href=` / `src=` values inside a `srcset` value (text a srcset match takes, where a scan for them alone finds them too). */
const HREF_OR_SRC = /(?<=\s)(?:href=|src=)["']?(\/(?!\/)[^"'\s>]*)/g;

/**
 * Internal URLs of a page as written (before `linkPath`): href/src/srcset values that start with
 * one `/`; every href and src value in the page's order, then the srcset candidates in theirs.
 */
function* writtenReferences(html: string): Generator<string> {
  const srcsets: string[] = [];
  for (const match of html.matchAll(REFERENCE)) {
    const srcset = match[2];
    if (srcset === undefined) {
      yield match[1]!;
      continue;
    }
    if (srcset.includes('href=') || srcset.includes('src=')) for (const inner of srcset.matchAll(HREF_OR_SRC)) yield inner[1]!;
    srcsets.push(srcset);
  }
  for (const srcset of srcsets) {
    for (const candidate of srcset.split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url?.startsWith('/') && !url.startsWith('//')) yield url;
    }
  }
}

/** Internal URL paths of a page: href/src/srcset values that start with one `/`. */
export function internalReferences(html: string): string[] {
  return [...writtenReferences(html)].map(linkPath);
}

/** Whether a site path resolves to a file of the release the way the static server resolves it. */
export function resolves(files: ReadonlySet<string>, url: string): boolean {
  let path = url.split(/[?#]/)[0];
  try {
    path = decodeURI(path);
  } catch {
    return false;
  }
  if (path === '' || path === '/') return files.has('/index.html');
  if (files.has(path)) return true;
  const trimmed = path.replace(/\/$/, '');
  return files.has(`${trimmed}/index.html`) || files.has(`${trimmed}.html`);
}

/**
 * A broken link's shape: path segments naming a visible car become `*`. A link to a car
 * that is not visible keeps its slug, so a page still pointing at a removed car is never
 * mistaken for a known template problem.
 */
export function linkShape(url: string, visibleSlugs: ReadonlySet<string>): string {
  return url
    .split('/')
    .map((segment) => (visibleSlugs.has(segment) ? '*' : segment))
    .join('/');
}

/** Result of the checks: blocking problems stop the release; warnings are logged and recorded. */
export interface CheckReport {
  blocking: string[];
  warnings: string[];
  /** Shapes of the broken internal links (capped), remembered in the manifest. */
  brokenLinks: string[];
}

/**
 * Check a release directory. `scanOnly` limits the link scan to some pages (an incremental
 * release from which no file disappeared: the reused pages were checked before and every
 * file they can link to is still there). Missing home, search or car pages always block. A broken
 * internal link blocks when the live release did not have it already (`knownBroken`): the
 * pipeline must never make a live site worse, while a link that is broken in production
 * too (a template linking to a page not built yet) must not hold back stock updates such
 * as a sold car coming off the site; those are reported as warnings instead.
 */
export function checkRelease(
  root: string,
  options: { site: Site; cars: readonly Car[]; knownBroken?: readonly string[] | null; maxProblems?: number; scanOnly?: ReadonlySet<string> },
): CheckReport {
  const blocking: string[] = [];
  const max = options.maxProblems ?? 20;
  let files: string[];
  try {
    files = listFiles(root);
  } catch (error) {
    return { blocking: [`release directory unreadable: ${(error as Error).message}`], warnings: [], brokenLinks: [] };
  }
  const fileSet = new Set(files);
  if (!fileSet.has('/index.html')) blocking.push('the home page /index.html is missing');
  // The search page every site has (spec: "All Stock").
  const search = allStockPath(options.site);
  if (!resolves(fileSet, search)) blocking.push(`the search page ${search} is missing`);
  // A car's own page: the first output file of the page plan's car family.
  const missingCars = options.cars.filter((car) => !fileSet.has(`/${PAGE_FAMILIES.car.files(car.slug)[0]}`));
  for (const car of missingCars.slice(0, max)) blocking.push(`the page of visible car ${String(car.id)} (/cars/${car.slug}) is missing`);
  if (missingCars.length > max) blocking.push(`... and ${missingCars.length - max} more car pages missing`);
  const broken = new Map<string, string>();
  const checked = new Set<string>();
  // Pages repeat most links as written (the header, the footer): each written form is decoded once.
  const seen = new Set<string>();
  for (const file of files) {
    if (!file.endsWith('.html') || (options.scanOnly && !options.scanOnly.has(file))) continue;
    const html = readFileSync(join(root, file), 'utf8');
    for (const written of writtenReferences(html)) {
      if (seen.has(written)) continue;
      seen.add(written);
      const url = linkPath(written);
      if (checked.has(url)) continue;
      checked.add(url);
      if (url.startsWith('/api/') || url === '/api') continue; // served by the lead API, not the release
      if (!resolves(fileSet, url)) broken.set(url, file);
    }
  }
  // Compare link shapes: `/cars/<any visible car>/checkout` broken on every car page is one
  // template problem, whichever cars the live release had.
  const visibleSlugs = new Set(options.cars.map((car) => car.slug));
  const shape = (url: string) => linkShape(url, visibleSlugs);
  const known = options.knownBroken ? new Set(options.knownBroken) : null;
  const warnings: string[] = [];
  const newlyBroken = [...broken].filter(([url]) => known !== null && !known.has(shape(url)));
  for (const [url, file] of newlyBroken.slice(0, max)) blocking.push(`broken internal link ${url} in ${file}`);
  if (newlyBroken.length > max) blocking.push(`... and ${newlyBroken.length - max} more broken internal links`);
  const tolerated = [...broken].filter(([url]) => known === null || known.has(shape(url)));
  if (tolerated.length > 0) {
    warnings.push(
      `${tolerated.length} internal link(s) broken ${known === null ? 'in this first release' : 'here and in the live release'}: ${tolerated
        .slice(0, max)
        .map(([url, file]) => `${url} (in ${file})`)
        .join(', ')}`,
    );
  }
  return { blocking, warnings, brokenLinks: [...new Set([...broken.keys()].map(shape))].sort().slice(0, 2000) };
}
