#!/usr/bin/env node
/**
 * Screenshots of the demo sites: the home, search, vehicle, location, models and form pages
 * (finance, sell-my-car, book-a-service, contact) of each demo tenant (a tenants/ folder with
 * demo-clock.json) at 390 px and 1366 px wide, as small WebP files
 * `<out>/<slug>-<page>-<width>.webp`. From a running server (`npm start`; `--base` with {slug},
 * default http://{slug}.localhost:$PORT) or from a built sites folder (`--dir dist-test`: served
 * here on a free port). System Chromium, as the browser tests. `--page` takes some of the pages.
 *
 *   npm run screenshots -- [--base URL] [--dir DIR] [--tenants tenants] [--tenant SLUG]... [--page NAME]... [--out screenshots] [--widths 390,1366] [--full-page]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { allStockPath } from '../src/lib/site/search-urls.ts';
import { listTenantDirs } from '../src/lib/site/tenant.ts';
import { DEMO_CLOCK_FILE } from '../src/lib/site/demo-clock.ts';
import { childEnvironment, environment } from '../src/config/env.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    dir: { type: 'string' },
    tenants: { type: 'string', default: 'tenants' },
    tenant: { type: 'string', multiple: true },
    page: { type: 'string', multiple: true },
    out: { type: 'string', default: 'screenshots' },
    widths: { type: 'string', default: '390,1366' },
    quality: { type: 'string', default: '60' },
    'full-page': { type: 'boolean', default: false },
  },
});

/** Launch arguments of playwright.config.ts (the system Chromium in a container). */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
/** The pages taken, by name (the file name's middle part). */
const PAGE_NAMES = ['home', 'search', 'vehicle', 'location', 'models', 'finance', 'sell-my-car', 'service', 'contact'] as const;
const wantedPages = new Set<string>(values.page?.length ? values.page : PAGE_NAMES);
for (const name of wantedPages) if (!(PAGE_NAMES as readonly string[]).includes(name)) fail(`--page: "${name}" is not one of ${PAGE_NAMES.join(', ')}`);
/** A phone's and a laptop's screen height for each width. */
const HEIGHTS: Record<number, number> = { 390: 844, 1366: 768 };

const widths = values.widths.split(',').map((text) => {
  const width = Number(text.trim());
  if (!Number.isInteger(width) || width < 200 || width > 4000) fail(`--widths: "${text}" is not a width in pixels (200-4000), e.g. --widths 390,1366`);
  return width;
});
const quality = Number(values.quality);
if (!Number.isInteger(quality) || quality < 1 || quality > 100) fail(`--quality: "${values.quality}" is not a WebP quality (1-100)`);

const tenantsDir = resolve(root, values.tenants);
if (!existsSync(tenantsDir)) fail(`--tenants: no folder ${tenantsDir}`);
const demo = listTenantDirs(tenantsDir).filter((dir) => existsSync(join(dir, DEMO_CLOCK_FILE)));
const slugs = values.tenant?.length ? values.tenant : demo.map((dir) => basename(dir));
for (const slug of slugs) if (!existsSync(join(tenantsDir, slug, 'site.json'))) fail(`--tenant: no tenant folder ${join(tenantsDir, slug)} with a site.json`);
if (slugs.length === 0) fail(`no demo tenant (a folder with ${DEMO_CLOCK_FILE}) in ${tenantsDir}; name one with --tenant`);

function fail(message: string): never {
  console.error(`screenshots: ${message}`);
  process.exit(2);
}

async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Serve a built sites folder with scripts/serve.ts; resolves once it answers. */
async function serve(dir: string): Promise<{ base: string; child: ChildProcess }> {
  const sites = resolve(root, dir);
  if (!existsSync(sites)) fail(`--dir: no folder ${sites} (build it first, e.g. npm test -- --skip-unit -- <spec>)`);
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/serve.ts'), '--dir', sites, '--tenants', tenantsDir, '--port', String(port)], { stdio: ['ignore', 'ignore', 'inherit'], env: childEnvironment({ LOG_LEVEL: 'error' }) });
  for (let tries = 0; tries < 120; tries += 1) {
    if (child.exitCode !== null) fail(`the server for ${sites} stopped (exit ${child.exitCode})`);
    try {
      await fetch(`http://localhost:${port}/`);
      return { base: `http://{slug}.localhost:${port}`, child };
    } catch {
      await new Promise((done) => setTimeout(done, 500));
    }
  }
  child.kill();
  return fail(`the server for ${sites} did not answer on port ${port}`);
}

/** The first same-site link of a page matching a path prefix, or null. */
async function firstLink(page: Page, url: string, prefixes: string[]): Promise<string | null> {
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response || response.status() >= 400) return null;
  const hrefs = await page.$$eval('a[href]', (links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.find((href) => prefixes.some((prefix) => href.startsWith(prefix))) ?? null;
}

const served = values.dir ? await serve(values.dir) : null;
const baseTemplate = served?.base ?? values.base ?? `http://{slug}.localhost:${environment().PORT ?? '4321'}`;
if (!baseTemplate.includes('{slug}')) fail(`--base: "${baseTemplate}" has no {slug}, e.g. http://{slug}.localhost:4321`);
try {
  // Chromium resolves <slug>.localhost itself; Node may not, so ask the loopback address.
  const probe = new URL(baseTemplate.replace('{slug}', slugs[0]!));
  if (probe.hostname.endsWith('.localhost')) probe.hostname = '127.0.0.1';
  await fetch(probe);
} catch {
  fail(`no server answers at ${baseTemplate.replace('{slug}', slugs[0]!)}/: start one (npm start; PORT for its port), or name a built sites folder with --dir`);
}
const outDir = resolve(values.out);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: environment().CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
let failures = 0;
try {
  for (const slug of slugs) {
    const base = baseTemplate.replace('{slug}', slug);
    const site = JSON.parse(readFileSync(join(tenantsDir, slug, 'site.json'), 'utf8')) as { used_car_routes?: boolean };
    const search = allStockPath(site);
    const finder = await browser.newPage();
    const vehicle = await firstLink(finder, `${base}${search}`, ['/cars/']);
    const location = await firstLink(finder, `${base}/dealer-locator`, ['/locations/', '/our-location/']);
    await finder.close();
    const all: [(typeof PAGE_NAMES)[number], string | null][] = [
      ['home', '/'],
      ['search', search],
      ['vehicle', vehicle],
      ['location', location],
      ['models', '/models'],
      ['finance', '/finance'],
      ['sell-my-car', '/sell-my-car'],
      ['service', '/book-a-service'],
      ['contact', '/contact'],
    ];
    const pages = all.filter(([name]) => wantedPages.has(name));
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: HEIGHTS[width] ?? Math.round(width * 0.6) }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const [name, path] of pages) {
        if (!path) {
          console.error(`✗ ${slug} ${name}: no link to a ${name} page found`);
          failures += 1;
          continue;
        }
        const response = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
        if (!response || response.status() >= 400) {
          console.error(`✗ ${slug} ${name}: ${base}${path} answered ${response?.status() ?? 'nothing'}`);
          failures += 1;
          continue;
        }
        // Lazy images above the fold and web fonts settle before the picture is taken; the
        // promotion popup (shown once per visitor) is closed as a visitor would.
        await page.evaluate(() => document.fonts.ready);
        const popup = page.locator('.promo-popup[open] button[aria-label="Close"]');
        if (await popup.isVisible().catch(() => false)) await popup.click();
        await page.waitForTimeout(300);
        const png = await page.screenshot({ fullPage: values['full-page'] });
        const file = join(outDir, `${slug}-${name}-${width}.webp`);
        await sharp(png).webp({ quality, effort: 6 }).toFile(file);
        console.log(`✓ ${file} (${path}, ${Math.round(statSync(file).size / 1024)} KB)`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  served?.child.kill('SIGTERM');
}
if (failures > 0) {
  console.error(`${failures} screenshot(s) not taken`);
  process.exit(1);
}
