/**
 * The build command (DESIGN §3) on tenant folders outside the repository: summary lines,
 * bad records reported and skipped, feed text escaped, a bad site.json failing only its tenant.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cascadeConflicts, pageSheets, RELIED_ON_ORDER } from '../../src/builder/render/astro/css-order.ts';
import { walkFiles } from '../../src/platform/fs/walk.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { checkRelease } from '../../src/pipeline/release/checks.ts';
import { routeTableOfText } from '../../src/islands/roots/SearchPage.tsx';

const repo = resolve(import.meta.dirname, '../..');
const fixture = join(repo, 'tests/fixtures/tenants/basic-motors');
const work = mkdtempSync(join(tmpdir(), 'dealer-build-test-'));
const NOW = '2026-11-21T10:00:00Z';

function build(args: string[]) {
  const result = spawnSync(process.execPath, [join(repo, 'scripts/build.ts'), ...args, '--now', NOW, '--jobs', '1'], { cwd: work, encoding: 'utf8' });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a tenant folder outside the repository', () => {
  const tenants = join(work, 'outside');
  const out = join(work, 'site-out');
  let run: ReturnType<typeof build>;
  beforeAll(() => {
    cpSync(fixture, join(tenants, 'basic-motors'), { recursive: true });
    run = build(['--tenants', tenants, '--tenant', 'basic-motors', '--out', out]);
  });

  it('builds into the chosen output directory with a summary line', () => {
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/✓ basic-motors: records read 4, skipped 0, visible 3; pages written \d+; [\d.]+ s/);
    expect(existsSync(join(out, 'basic-motors/index.html'))).toBe(true);
  });

  it('H4 silent lead loss: reports a tenant with no lead destination (no site e-mail, no lead-delivery.json)', () => {
    expect(run.out).toMatch(/! basic-motors: no lead destination: leads would be stored but sent nowhere\. Add "email" to site\.json or destinations to lead-delivery\.json/);
  });

  it('publishes visible cars only (stock rule excluded HIDE1)', () => {
    expect(existsSync(join(out, 'basic-motors/cars/2021-toyota-corolla-ascent-sport-t1/index.html'))).toBe(true);
    expect(existsSync(join(out, 'basic-motors/cars/2018-ford-ranger-xlt-t3/index.html'))).toBe(true);
    expect(existsSync(join(out, 'basic-motors/cars/2017-holden-astra-r-hide1/index.html'))).toBe(false);
  });

  it('renders each island with its own useId prefix, as the browser will hydrate it (src/builder/render/astro/react-string-render.ts)', () => {
    const html = readFileSync(join(out, 'basic-motors/cars/2021-toyota-corolla-ascent-sport-t1/index.html'), 'utf8');
    // Each island's markup up to the next island: React's useId values there start with its prefix.
    const islands = [...html.matchAll(/<astro-island [^>]*prefix="(r\d+)"[^>]*>([\s\S]*?)(?=<astro-island |$)/g)];
    const checked = islands.flatMap(([, prefix, markup]) => [...markup!.matchAll(/\b(?:id|for|aria-labelledby|aria-describedby)="_([a-z0-9]*)R_/g)].map(([, used]) => [prefix, used]));
    expect(checked.length).toBeGreaterThan(3);
    for (const [prefix, used] of checked) expect(used).toBe(prefix);
    expect(new Set(islands.map(([, prefix]) => prefix)).size).toBe(islands.length);
  });

  it("keeps the stylesheet order the pages' cascade relies on (Astro orders a page's sheets by import path: css-order.ts)", () => {
    const site = join(out, 'basic-motors');
    const read = (href: string) => (href.startsWith('/') && existsSync(join(site, href)) ? readFileSync(join(site, href), 'utf8') : undefined);
    const found = new Map<string, unknown>();
    for (const file of walkFiles(site, { sorted: true })) {
      if (!file.name.endsWith('.html')) continue;
      for (const conflict of cascadeConflicts(pageSheets(readFileSync(file.path, 'utf8'), read))) found.set(JSON.stringify(conflict), conflict);
    }
    // A swapped pair, or a new one, fails here: check which sheet must win, then update RELIED_ON_ORDER.
    expect([...found.values()]).toEqual(RELIED_ON_ORDER);
  });

  it("marks each page's own place in the header (the header is rendered once per set of marks and reused)", () => {
    const header = (page: string) => /<header class="site-header"[\s\S]*?<\/header>/.exec(readFileSync(join(out, 'basic-motors', page), 'utf8'))?.[0] ?? '';
    const home = header('index.html');
    const service = header('service/index.html');
    const vehicle = header('cars/2021-toyota-corolla-ascent-sport-t1/index.html');
    expect(home).toMatch(/<a href="\/" aria-current="page"/);
    // The built page's path has a trailing slash (/service/): its menu link is still its own place.
    expect(service).toMatch(/<a href="\/service" aria-current="page"/);
    expect(service.match(/aria-current="page"/g)).toHaveLength(1);
    expect(service).toMatch(/<summary aria-current="true"[^>]*>Service &amp; Parts<\/summary>/);
    expect(home).not.toMatch(/<summary aria-current/);
    expect(vehicle).not.toMatch(/aria-current/);
  });

  it('carries the search route table once per search page, as a data block the island reads, not in the island props', () => {
    const html = readFileSync(join(out, 'basic-motors/search/new-used-and-demo-cars/index.html'), 'utf8');
    const blocks = [...html.matchAll(/<script type="application\/json" id="search-routes">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const table = routeTableOfText(blocks[0]![1]!);
    expect(table.base).toBe('/search/new-used-and-demo-cars');
    expect(table.routes.map((route) => route.path)).toContain('/search/toyota');
    const island = /<astro-island [^>]*props="([^"]*)"/.exec(html.slice(html.indexOf('search-page')))![1]!;
    expect(island).not.toContain('/search/toyota');
    // Before the island: an island hydrating while the document arrives finds the block whole.
    expect(html.indexOf('id="search-routes"')).toBeLessThan(html.indexOf('<astro-island', html.indexOf('search-page')));
  });

  it('issue 35 item 8: no built page links to a route its site does not have (no products.json: no parts link)', () => {
    const tenant = loadTenant(join(tenants, 'basic-motors'), Date.parse(NOW));
    const report = checkRelease(join(out, 'basic-motors'), { site: tenant.site, cars: tenant.visible, knownBroken: null });
    expect(report.blocking).toEqual([]);
    expect(report.brokenLinks).toEqual([]);
    expect(readFileSync(join(out, 'basic-motors/404.html'), 'utf8')).not.toContain('/vehicle-parts-and-accessories');
  });

  it('writes content pages from Markdown and defaults, sitemap and robots', () => {
    expect(readFileSync(join(out, 'basic-motors/about-us/index.html'), 'utf8')).toContain('<strong>quality used cars</strong>');
    expect(readFileSync(join(out, 'basic-motors/pages/faqs/index.html'), 'utf8')).toContain('Frequently asked questions');
    expect(readFileSync(join(out, 'basic-motors/privacy-policy/index.html'), 'utf8')).toContain('Australian Privacy Principles');
    const sitemap = readFileSync(join(out, 'basic-motors/sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://basic-motors.example.com.au/cars/2021-toyota-corolla-ascent-sport-t1</loc>');
    expect(sitemap).not.toContain('404');
    expect(readFileSync(join(out, 'basic-motors/robots.txt'), 'utf8')).toContain('Sitemap: https://basic-motors.example.com.au/sitemap.xml');
  });
});

describe('broken input', () => {
  const tenants = join(work, 'broken');
  const out = join(work, 'broken-out');
  let run: ReturnType<typeof build>;
  beforeAll(() => {
    cpSync(fixture, join(tenants, 'good-yard'), { recursive: true });
    const site = JSON.parse(readFileSync(join(fixture, 'site.json'), 'utf8'));
    writeFileSync(join(tenants, 'good-yard/site.json'), JSON.stringify({ ...site, slug: 'good-yard' }));
    writeFileSync(
      join(tenants, 'good-yard/stock.json'),
      JSON.stringify([
        { id: 1, slug: 'ok-car', name: 'Safe <script>window.__pwned=1</script> Car', make: 'Evil</script><script>window.__pwned=4</script>', status: 'in_stock', car_type: 'used', price: 15000, colour: '<img src=x onerror=window.__pwned=2>', dealercomments: '</p><script>window.__pwned=3</script>' },
        { id: 2, slug: 'wrong-type', status: 'in_stock', car_type: 'used', km: 'lots' },
        { slug: 'no-id', status: 'in_stock', car_type: 'used' },
        { id: 4, status: 'in_stock', car_type: 'used' },
        { id: 5, slug: 'ok-car', status: 'in_stock', car_type: 'used' },
        { id: 6, slug: 'odd-status', status: 'stolen', car_type: 'used' },
      ]),
    );
    cpSync(fixture, join(tenants, 'bad-config'), { recursive: true });
    writeFileSync(join(tenants, 'bad-config/site.json'), JSON.stringify({ ...site, slug: 'bad-config', theme: { primary: 'red;}</style><script>' } }));
    run = build(['--tenants', tenants, '--out', out]);
  });

  it('fails only the tenant with the bad site.json, naming the file and field, and exits non-zero', () => {
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/✗ bad-config: .*bad-config\/site\.json: field theme\.primary: expected a CSS colour/);
    expect(run.out).toMatch(/✓ good-yard: records read 6, skipped 5, visible 1/);
    expect(existsSync(join(out, 'bad-config'))).toBe(false);
  });

  it('reports every bad record with its field path', () => {
    expect(run.out).toContain('good-yard: stock.json record id 2 (#1) field km:');
    expect(run.out).toContain('good-yard: stock.json record #2 field id: required field is missing');
    expect(run.out).toContain('good-yard: stock.json record id 4 (#3) field slug: required field is missing');
    expect(run.out).toContain('good-yard: stock.json record id 5 (#4) field slug: duplicate slug "ok-car"');
    expect(run.out).toContain('good-yard: stock.json record id 6 (#5) field status: status must be one of in_stock, coming_soon, sold');
  });

  it('escapes feed text: no markup from the data reaches the page as HTML', () => {
    const html = readFileSync(join(out, 'good-yard/cars/ok-car/index.html'), 'utf8');
    // Inside a quoted attribute value '<' is inert text; outside attributes no tag may come from the data.
    const markup = html.replace(/="[^"]*"/g, '=""');
    expect(markup).not.toContain('<script>window.__pwned');
    expect(markup).not.toContain('<img src=x onerror');
    expect(html).not.toMatch(/="[^"]*"[^>]*onerror=/);
    expect(html).toContain('Safe &lt;script&gt;window.__pwned=1&lt;/script&gt; Car');
  });

  it('a make from the feed cannot close the search route table block', () => {
    const html = readFileSync(join(out, 'good-yard/search/new-used-and-demo-cars/index.html'), 'utf8');
    expect(html.replace(/="[^"]*"/g, '=""')).not.toContain('<script>window.__pwned');
    const block = /<script type="application\/json" id="search-routes">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const table = routeTableOfText(block);
    expect(table.routes.map((route) => route.title)).toContain('Evil</script><script>window.__pwned=4</script>');
  });
});
