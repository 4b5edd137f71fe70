/**
 * Valid HTML (issue 35 item 2; STYLE.md 18): the W3C Nu HTML Checker (npm `vnu-jar`, run on
 * Java: Debian's default-jre-headless, installed by .ci/run) finds no error on one page of each
 * page family of every demo tenant, as built into E2E_DIST by scripts/test.ts. A family is a
 * route of src/pages: each built page is matched to the route that made it (static segments
 * before [param] before [...rest], as Astro ranks them), and the largest page of each route is
 * checked (the richest variant: a vehicle page with finance, a full search page). The top-level
 * routes named by tenant data ([brands], [products], [garageRoute], [...content]) cannot be told
 * apart by path, so each of their pages is checked. Every error is printed with its file and line.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from './fixtures.ts';

const dist = resolve(process.env.E2E_DIST ?? 'dist-test');
const VNU = resolve('node_modules/vnu-jar/build/dist/vnu.jar');
const demoTenants = readdirSync('tenants').filter((name) => existsSync(join('tenants', name, 'site.json')));

/** Pages that must be among those checked, whatever the page families (audit 2.78-2.82: the wheel and the programme content pages). */
const REQUIRED_PAGES = [
  'sunstate-motor-group/spin-to-win/index.html',
  'sunstate-motor-group/pages/spin-to-win-terms/index.html',
  ...['buying', 'mazda-assured', 'diamond-advantage', 'twg-cars', 'twg-rental', 'twg-tyres', 'pages/value-my-car-terms-and-conditions'].map((path) => `sunstate-motor-group/${path}/index.html`),
  ...['guaranteed-future-value', 'neotek', '4x4-outdoor'].map((path) => `ridgeline-toyota/${path}/index.html`),
];

/** One route of src/pages as segments: a text segment, ':' for [param], '*' for [...rest]. */
function routeFiles(dir = 'src/pages', prefix: string[] = []): string[][] {
  const routes: string[][] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      routes.push(...routeFiles(path, [...prefix, name]));
      continue;
    }
    if (!name.endsWith('.astro')) continue;
    const base = name.replace(/\.astro$/, '');
    routes.push(base === 'index' ? prefix : [...prefix, base]);
  }
  return routes.map((segments) => segments.map((segment) => (segment.startsWith('[...') ? '*' : segment.startsWith('[') ? ':' : segment)));
}

/** How Astro ranks a segment: static first, then [param], then [...rest]. */
const rank = (segment: string) => (segment === '*' ? 2 : segment === ':' ? 1 : 0);

/** The route that built a page at these path segments (the most specific that matches), or null. */
function routeOf(segments: string[], routes: string[][]): string | null {
  const matches = routes.filter((route) => {
    if (route.at(-1) === '*') return segments.length >= route.length && route.slice(0, -1).every((part, index) => part === ':' || part === segments[index]);
    return route.length === segments.length && route.every((part, index) => part === ':' || part === segments[index]);
  });
  matches.sort((a, b) => {
    for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
      const difference = rank(a[index] ?? '*') - rank(b[index] ?? '*');
      if (difference !== 0) return difference;
    }
    return 0;
  });
  const route = matches[0];
  if (!route) return null;
  // A top-level route named by tenant data: every page is a family of its own.
  return route.length === 1 && rank(route[0]!) > 0 ? `page:${segments.join('/')}` : `route:${route.join('/')}`;
}

/** Every .html file under a directory. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

/** The largest built page of each route of a tenant (404.html is its own family). */
function pagesToCheck(tenantDir: string, routes: string[][]): string[] {
  const largest = new Map<string, { file: string; size: number }>();
  for (const file of htmlFiles(tenantDir).sort()) {
    const path = relative(tenantDir, file).split('\\').join('/');
    const family = path === '404.html' ? '404' : routeOf(path.replace(/(^|\/)index\.html$/, '').split('/').filter(Boolean), routes);
    if (!family) continue;
    const size = statSync(file).size;
    if ((largest.get(family)?.size ?? -1) < size) largest.set(family, { file, size });
  }
  return [...largest.values()].map((entry) => entry.file);
}

test('every page family of every demo tenant is valid HTML (W3C Nu HTML Checker)', () => {
  test.setTimeout(240_000);
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) throw new Error('java not found: the Nu HTML Checker needs Java (Debian: apt-get install default-jre-headless)');
  expect(existsSync(VNU), `${VNU} is missing: npm ci installs vnu-jar`).toBe(true);

  const routes = routeFiles();
  const files = demoTenants.flatMap((slug) => {
    const dir = join(dist, slug);
    expect(existsSync(dir), `${dir} is missing: scripts/test.ts builds the demo tenants first`).toBe(true);
    return pagesToCheck(dir, routes);
  });
  // Every demo tenant has a home page, a vehicle page and a search page at least.
  expect(files.length).toBeGreaterThanOrEqual(demoTenants.length * 3);
  const checked = files.map((file) => relative(dist, file).split('\\').join('/'));
  for (const page of REQUIRED_PAGES) expect(checked, `${page} is not among the pages checked`).toContain(page);

  let report = '';
  try {
    execFileSync('java', ['-jar', VNU, '--errors-only', '--format', 'gnu', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; status?: number };
    report = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    if (!report.trim()) throw error;
  }
  // gnu format: "file:/abs/path.html":LINE.COL-LINE.COL: error: message
  const errors = report
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^"?file:(.*?)"?:(\d+)\.\d+(?:-\d+\.\d+)?: (.*)$/.exec(line);
      return match ? `${relative(process.cwd(), match[1]!)}:${match[2]}: ${match[3]}` : line;
    });
  expect(errors, `${errors.length} HTML errors in ${files.length} pages:\n${errors.join('\n')}`).toEqual([]);
});
